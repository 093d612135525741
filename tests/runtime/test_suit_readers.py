"""cards._phys_suit_c and _phys_color_c (docs/performance.md, step 239): a physical card's suit and
colour as the rules read them, C ints, the suit rules' test made once by the caller — phys_suit
and phys_color, a new virtual card's suit and colour (_new_vcard, one card or several) and the
colour and suit sources of a card Pick (zones._pick_src) read through them. Held to definitions of
their own (the printed suit; 小乔's spades in her hand count as hearts while she holds 〖红颜〗; a
colour is E.suit_color of the suit) on every card of a game with 小乔 and of one without her,
pure and as built."""
from seeded_games import move_game, run_python

SCRIPT = move_game(2, ["小乔", "曹操"]) + r"""
import core.engine as E
from core.prims import base as B, cards as C, zones as Z
print(not C.__file__.endswith('.py'))
spades = [c for c in range(len(g.cards)) if g.card_suit(c) == E.SPADE]
g.move(spades[:6], E.Z_HAND, 0)   # 小乔's spades: hearts for the rules while she holds 〖红颜〗
g.move(spades[6:9], E.Z_HAND, 1)   # 曹操's: spades
others = [c for c in range(len(g.cards)) if c not in spades]
g.move(others[:8], E.Z_HAND, 0)
h = P.new_game(M, 2, seed=1, generals=["刘备", "曹操"], mode=None, hand=0, start=False)
P.run_event(h, "移动", (0, (), 0, None))
h.move(spades[:6] + others[:8], E.Z_HAND, 0)
print(C._suit_rules_held(g), C._suit_rules_held(h))
hearts = set(spades[:6])   # the cards whose suit the rule changes
def suit(x, c):
    return E.HEART if x is g and c in hearts else x.card_suit(c)
bad, n = [], 0
for x in (g, h):
    for c in range(len(x.cards)):
        s, col = suit(x, c), E.suit_color(suit(x, c))
        got = (C.phys_suit(x, c), C.phys_color(x, c))
        r = B._rec(x, C._new_vcard(x, x.card_name(c), (c,)))
        rec = (r[B.V_SUIT], r[B.V_COLOR], r[B.V_POINT])
        if got != (s, col) or rec != (s, col, x.card_point(c)):
            bad.append((c, got, rec, s, col))
        n += 1
    # two cards: no suit, their common colour (or none)
    for a, b in ((spades[0], spades[1]), (spades[0], spades[8]), (spades[0], others[0])):
        cols = {E.suit_color(suit(x, a)), E.suit_color(suit(x, b))}
        r = B._rec(x, C._new_vcard(x, x.card_name(a), (a, b)))
        want = (E.S_NONE, cols.pop() if len(cols) == 1 else E.C_NONE)
        if (r[B.V_SUIT], r[B.V_COLOR]) != want:
            bad.append(("two", a, b, r[B.V_SUIT], r[B.V_COLOR], want))
    # the Picks of a colour or a suit of seat 0's cards: her hand (and no equipment)
    f = B._frame0(0, None)
    hand = tuple(x.zone_cards(E.Z_HAND, 0))
    RED, BLACK = B.COLOR_BASE + 1, B.COLOR_BASE
    for pick, want in (
            (Z.choose_cards_of(x, f, 1, RED), [c for c in hand if E.suit_color(suit(x, c)) == 1]),
            (Z.choose_hand_cards_of(x, f, 1, BLACK),
             [c for c in hand if E.suit_color(suit(x, c)) == 0]),
            (Z.choose_hand_cards_not_of(x, f, 1, BLACK),
             [c for c in hand if E.suit_color(suit(x, c)) != 0]),
            (Z.choose_hand_cards_of(x, f, 1, E.HEART), [c for c in hand if suit(x, c) == E.HEART]),
            (Z.choose_hand_cards_of(x, f, 1, E.SPADE), [c for c in hand if suit(x, c) == E.SPADE])):
        if pick.group != tuple(want) or Z._pick_src(x, pick.src, 0) != tuple(want):
            bad.append(("pick", pick.src, pick.group, want))
    # her spades among the hearts and the red cards with 〖红颜〗, among the spades without it
    red, spade = (Z.choose_hand_cards_of(x, f, 1, v).group for v in (RED, E.SPADE))
    if (spades[0] in red) != (x is g) or (spades[0] in spade) != (x is h):
        bad.append(("spade", x is g, red, spade))
print(n, bad)
"""


def test_suit_and_colour_readers_read_as_the_rules():
    for pure in (True, False):
        lines = run_python(SCRIPT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "True False", lines
        assert lines[2].endswith(" []"), lines
