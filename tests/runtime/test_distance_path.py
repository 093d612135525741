"""Step 88a of docs/performance.md: status._distance (the distance query's path of its own, what
_DistanceModifier.value asks) held to the generic query, pure and as built: at every third
decision of seeded games of the three rulebooks, for every two seats (the dead and NONE too, and
True as the first: a bool, not an int by type), _distance answers what _query(g, Q_DIST, a, b)
answers and counts the same rules as having taken effect (_stats' counts by skill); its own path
(_held_owners' flag: the held rules all distance rules of one operation about their owner's end)
is taken in some 16,000 of the ~39,000 queries, and answers some of them (a horse, 〖马术〗)."""
from seeded_games import DECISIONS, run_both

DIST = DECISIONS + r"""
from core.prims import base as B, status as Status

ST_STATUS = 2   # status.ST_STATUS (a C index once built): the counts by skill id
own = answered = asked = 0
bad = []


def counts(g):
    return list(Status._stats(g)[ST_STATUS])


for key, seeds in (("identity", (1, 2)), ("identity_old", (1,)), ("zhanqi", (1,))):
    for seed, n, g in decisions(key, seeds, 3):
        for a in list(range(-1, g.n)) + [True]:   # a bool: not an int by type (_query answers it)
            for b in range(-1, g.n):
                before = counts(g)
                want = Status._query(g, B.Q_DIST, a, b)
                mid = counts(g)
                got = Status._distance(g, a, b)
                after = counts(g)
                asked += 1
                ent = B._T(g).held_owners[B.Q_DIST]
                if ent is not None and ent[6] is True and type(a) is int and type(b) is int:
                    own += 1
                    answered += want != 0
                # the same rules counted by both (by item only when a count moved: the lists
                # are long)
                if got != want or not before == mid == after and \
                        [y - x for x, y in zip(before, mid)] != [y - x for x, y in zip(mid, after)]:
                    bad.append((key, seed, n, a, b, got, want))
print(games, asked > 20000, own > 10000, answered > 1000, bad[:3])
"""


def test_the_distance_path_answers_as_the_query_pure_and_as_built():
    assert run_both(DIST) == "4 True True True []"
