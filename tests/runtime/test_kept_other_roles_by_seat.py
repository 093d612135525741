"""Step 227a of docs/performance.md: roles._others (其他角色's group, OTHER expanded) keeps the
last answer of each seat below 16 with the alive tuple it was made of, where it kept one answer
for all seats (step 143b). Pure and as built, over seeded random-player games of the current
edition (every fifth decision): every seat asked in turn, then every seat again, answers the
tuple it answered at its first ask (the same object: kept by seat, not only the last owner's),
and each answer is the living seats of g.alive_tuple() but the owner, in its order; after a
death (a new alive tuple) the dead seat is in no answer."""
from seeded_games import DECISIONS, run_both

BY_SEAT = DECISIONS + r"""
from core.prims import roles as R
seen = {"asks": 0, "kept": 0, "deaths": 0}
bad = []
for seed, n, g in decisions("identity", (1, 2, 3), 5):
    at = g.alive_tuple()
    seats = list(range(g.n))
    first = [R.others_of(g, w) for w in seats]
    again = [R.others_of(g, w) for w in seats]
    for w in seats:
        want = tuple([p for p in at if p != w])
        seen["asks"] += 2
        seen["kept"] += again[w] is first[w]
        if first[w] != want or again[w] != want or type(again[w]) is not tuple:
            bad.append((seed, n, w, first[w], again[w], want))
    seen["deaths"] += len(at) < g.n
print(games, seen["kept"] == seen["asks"] // 2, seen["asks"] > 1000, seen["deaths"] > 20, bad[:3])
"""


def test_each_seats_other_roles_are_kept_with_its_alive_tuple_pure_and_as_built():
    assert run_both(BY_SEAT) == "3 True True True []"
