"""use.choose_physical_cards (选择此牌对应的实体牌) sets a hand's only card of the name at once
(use._sole_hand_card, docs/performance.md "Step 228"), without the list of candidates; none or
several go through that list as before. Held to its definition — the one card _hand_of_name would
list, None when it lists none or several — at every third decision of three seeded games, for
every seat and the names held, the names of which some card is a kind, their name groups and a
name held by nobody, pure and as built. And use._set_physical writes what it wrote: the cards,
the name of one card, and the user when the cards are the whole hand (V_ALLHAND)."""
from core import engine as E
from core import prims as P

from seeded_games import DECISIONS, run_python
from test_games import DECK, identity  # noqa: F401  (the fixture)

SOLE = DECISIONS + r"""
from core.prims import status as Status, use as Use
print(not E.__file__.endswith('.py'))   # compiled: the extension module
seen = {"asks": 0, "one": 0, "several": 0}
bad = []
for seed, n, g in decisions("identity", (1, 2, 3), every=3):
    kinds = Status.kinds(g)
    wanted = sorted({w for ws in kinds.values() for w in ws})
    held = sorted({g.card_name(c) for p in range(g.n) for c in g.zone_cards(E.Z_HAND, p)})
    names = held + wanted + [-2 - w for w in wanted] + [max(held + wanted + [0]) + 1]
    for who in range(g.n):
        for name in names:
            cands = Use._hand_of_name(g, who, name)
            want = cands[0] if len(cands) == 1 else None
            got = Use.sole_hand_card(g, who, name)
            seen["asks"] += 1
            seen["one"] += len(cands) == 1
            seen["several"] += len(cands) > 1
            if got is not want and len(bad) < 5:
                bad.append((seed, n, who, name, got, cands))
print(games, seen["asks"], seen["one"], seen["several"])
for x in bad:
    print("DIFFERS", *x)
"""


def test_the_sole_hand_card_is_its_definition():
    """Pure and as built: every ask answers the definition; some hands hold one such card, some
    several (a walk that stopped at the first match answers a card for those)."""
    for pure in (True, False):
        lines = run_python(SOLE, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert not lines[2:], "\n".join(lines[2:])
        games, asks, one, several = map(int, lines[1].split())
        assert games == 3
        assert asks > 5000 and 0 < one < asks and several > 0, lines[1]


def test_set_physical_writes_the_cards_their_name_and_the_whole_hand(identity):  # noqa: F811
    from core.prims import base as B, cards as Cards, use as Use
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    f = E.Frame(B._T(g).ev_move, 4)
    f.x = [None] * B.NX
    cards = range(len(g.cards))
    a = next(c for c in cards if g.card_name(c) != g.card_name(0))
    hand = [0, a, next(c for c in cards if c not in (0, a))]
    other = next(c for c in cards if c not in hand)
    g.move(hand, E.Z_HAND, 2)
    g.move([other], E.Z_HAND, 3)
    assert list(g.zone_cards(E.Z_HAND, 2)) == hand

    def record(chosen):
        v = Cards._new_vcard(g, g.card_name(hand[1]), ())
        Use._set_physical(g, f, True, chosen, 2, v)
        return B._rec(g, v)

    r = record([hand[0]])   # one card: its name
    assert (r[B.V_CARDS], r[B.V_NAME], r[B.V_ALLHAND]) == ((hand[0],), g.card_name(hand[0]), -1)
    r = record(hand[:2])    # several: the name kept, not the whole hand
    assert (r[B.V_CARDS], r[B.V_NAME], r[B.V_ALLHAND]) == (tuple(hand[:2]), g.card_name(a), -1)
    r = record(list(reversed(hand)))   # the whole hand, in any order
    assert r[B.V_CARDS] == tuple(reversed(hand)) and r[B.V_ALLHAND] == 2
    # as many cards as the hand, one of them not in it: not the whole hand
    assert record(hand[:-1] + [other])[B.V_ALLHAND] == -1
    assert record([other])[B.V_NAME] == g.card_name(other)
