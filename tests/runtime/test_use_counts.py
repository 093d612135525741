"""Step 174b of docs/performance.md: the use limits' count of uses read in place (limits._count_of,
where _limit_in called Game.count), held to the method, pure and as built: at every third decision
of seeded games of the three rulebooks, for every scope, every seat and every counter key, and
for the out-of-range scopes, seats and keys the method answers 0 for, _count_of answers what
g.count answers; some of those counts are not 0 (the read is of live counters)."""
from seeded_games import DECISIONS, run_both

COUNTS = DECISIONS + r"""
from core.prims import limits as Limits

rows, counted, bad = 0, 0, []
for key, seeds in (("identity", (1, 2)), ("identity_old", (1,)), ("zhanqi", (1,))):
    for seed, n, g in decisions(key, seeds, 3):
        keys = range(-1, g.K + 1)
        for sc in range(-1, 5):
            for p in range(-1, g.n + 1):
                # a row of keys at once (the rows are many: their loop is most of the script)
                want = [g.count(sc, p, k) for k in keys]
                got = [Limits.count_of(g, sc, p, k) for k in keys]
                rows += len(want)
                counted += len(want) - want.count(0)
                if got != want:
                    bad += [(key, seed, n, sc, p, k, x, y) for k, x, y in zip(keys, got, want) if x != y]
print(rows > 100000, counted > 1000, bad[:3])
"""


def test_a_use_count_read_in_place_is_the_games_count_pure_and_as_built():
    assert run_both(COUNTS) == "True True []"
