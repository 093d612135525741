"""The cards a move may take (moves._movable): the cards that are somewhere and not equipment in
use, which is the given tuple itself when every card is (the shortcut of most moves, step 36). Held
to that definition at every call of seeded random-player games of the three rulebooks and on cards
made busy, on the pure engine, where the room's functions can be watched; the compiled engine
plays the same games (the fingerprint)."""
from seeded_games import run_pure, run_python, watch

WATCH = watch(r"""
from core.prims import moves as Moves
movable = Moves._movable


def watched(g, cards, busy):
    got = movable(g, cards, busy)
    want = tuple([c for c in cards if g.where_kind(c) >= 0 and c not in busy])
    seen["calls"] += 1
    seen["all"] += want == tuple(cards)
    seen["nowhere"] += any(g.where_kind(c) < 0 for c in cards)
    seen["busy"] += any(c in busy for c in cards)
    if (type(got) is not tuple or got != want) and len(bad) < 5:
        bad.append((cards, busy, got, want))
    return got


Moves._movable = watched
""", 'seen["calls"], seen["all"], seen["nowhere"], seen["busy"]')


def test_movable_cards_are_their_definition():
    """At every choice of a move's cards in nine seeded games (five of the current edition with
    every pack, two of the old edition, two of 战棋) the movable cards are those somewhere and
    not busy, as a tuple. Every call keeps every card (no seeded game moves equipment in use
    or a card that is nowhere): the dropping path is tested directly below."""
    lines = run_pure(WATCH)
    games, calls, every, nowhere, busy = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    # no seeded game moves a busy or lost card (below): the shortcut is taken at every call
    assert calls > 500 and every == calls, (calls, every, nowhere, busy)


DIRECT = r"""
import core.engine as E
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.prims import moves as Moves
assert not E.cython.compiled
M, P = S.load_engine("identity")
rb = by_key("identity")
g = P.new_game(M, rb.players, seed=1, mode=rb.mode, deck=rb.deck, log_level=0)
d = tuple(g.zone_cards(E.Z_DRAW, -1))[:5]
print(*Moves._movable(g, d, ()))
print(*Moves._movable(g, d, (d[0], d[3])))
print(*Moves._movable(g, d, (d[4], 10 ** 6)))
"""


def test_busy_cards_are_not_movable():
    """The path the seeded games never take: a busy card among the given ones is dropped, the
    others kept in their order (a shortcut that kept every card would answer all five)."""
    every, two_busy, last_busy = [list(map(int, ln.split()))
                                  for ln in run_python(DIRECT, pure=True).strip().splitlines()]
    assert len(every) == 5 and len(set(every)) == 5
    assert two_busy == [every[1], every[2], every[4]]
    assert last_busy == every[:4]
