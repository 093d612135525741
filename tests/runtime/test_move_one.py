"""Game.move_one (a card moved alone, without the tuple: moves.move_cards and moves._move_now)
is Game.move((c,), …) at every call of seeded random-player games of the three rulebooks, on the
pure engine: the same zones, the same card_zone and the same log entry (the games are played
with log_level 0: both sides log at level 1 here, the game's own log left as it was). A direct
test holds the compiled engine to the same definition."""
from seeded_games import identity_game, run_pure, run_python, watch

WATCH = watch(r"""
move_one = E.Game.move_one


def watched_move_one(self, c, kind, owner=-1, bottom=False):
    h = self.clone()
    h.log_level = 1
    h.log = []
    h.move((c,), kind, owner, bottom)
    n, level = len(self.log), self.log_level
    self.log_level = 1
    move_one(self, c, kind, owner, bottom)
    got = self.log[n:]
    del self.log[n:]
    self.log_level = level
    seen["moves"] += 1
    seen["bottom"] += bool(bottom)
    if (self.zones != h.zones or list(self.card_zone) != list(h.card_zone) or got != h.log
            or len(got) != 1):
        if len(bad) < 5:
            bad.append((c, kind, owner, bottom, got, h.log))


E.Game.move_one = watched_move_one
""", 'seen["moves"]')


def test_move_one_is_move_of_one_card():
    """Nine seeded games: every one-card move leaves the zones, the cards' zones and the log as
    move((c,), …) leaves them."""
    lines = run_pure(WATCH)
    games, moves = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    assert moves > 2000, moves


DIRECT = identity_game(3, log_level=1) + r"""
import core.engine as E
print(not E.__file__.endswith('.py'))   # compiled: the extension module
# cards from the draw pile's top to a hand, hand to the discard pile's top and bottom, one card
# back to where it is (its zone's end)
moves = [(c, 3, 0, False) for c in g.top_cards(6)]
moves += [(moves[0][0], 1, -1, False), (moves[1][0], 1, -1, True), (moves[2][0], 3, 0, False),
          (moves[3][0], 3, 1, True)]
for c, k, o, b in moves:
    h = g.clone()
    n, m = len(g.log), len(h.log)
    h.move((c,), k, o, b)
    g.move_one(c, k, o, b)
    same = g.zones == h.zones and list(g.card_zone) == list(h.card_zone)
    print(c, k, o, b, same and g.log[n:] == h.log[m:] and len(g.log) == n + 1)
"""


def test_move_one_direct():
    """A few one-card moves (top and bottom, into a hand and the discard pile), pure and as
    built: each leaves the game as move((c,), …) leaves its clone, with the same log entry."""
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).split("\n")
        assert lines[0] == str(not pure)
        results = [l for l in lines[1:] if l]
        assert len(results) == 10, lines
        assert all(l.endswith(" True") for l in results), lines



TAKEN = identity_game(3) + r"""
import core.engine as E
print(not E.__file__.endswith('.py'))   # compiled: the extension module
g.move(g.top_cards(5), 3, 0)   # seat 0's hand: five cards
hand = list(g.zone_cards(3, 0))
# a card taken from its zone's top (Game._put's pop: the draw pile's, a hand's last), from the
# middle and the bottom of a hand (take_card's search), one moved to where it is
picks = [("draw top", g.zone_cards(0)[-1], 3, 1), ("hand top", hand[-1], 1, -1),
         ("hand middle", hand[2], 1, -1), ("hand bottom", hand[0], 3, 1),
         ("same zone", hand[1], 3, 0)]
for what, c, k, o in picks:
    zs, zd = g.card_zone[c], g.zone_id(k, o)
    src, dest = list(g.zones[zs]), list(g.zones[zd])
    g.move_one(c, k, o)
    left = [x for x in src if x != c]
    want_src, want_dest = (left + [c], left + [c]) if zs == zd else (left, dest + [c])
    print(what, list(g.zones[zs]) == want_src and list(g.zones[zd]) == want_dest
          and g.card_zone[c] == zd)
"""


def test_put_takes_the_card_from_anywhere_in_its_zone():
    """Game._put takes the card moved out of its zone wherever it lies — its top popped, from
    the middle or the bottom searched — the other cards left in their order, the card put on
    its destination's top, pure and as built (step 193c)."""
    for pure in (True, False):
        lines = run_python(TAKEN, pure=pure).split("\n")
        assert lines[0] == str(not pure)
        results = [l for l in lines[1:] if l]
        assert len(results) == 5, lines
        assert all(l.endswith(" True") for l in results), lines
