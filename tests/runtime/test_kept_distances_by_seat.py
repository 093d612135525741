"""Step 227c of docs/performance.md: a change of a rule that answers only a distance from or to
its owner (its owner at the query's a or b: the tables' status_owner_at; the memo's head flags it
2, status._keep_distance) at seat p forgets only p's kept distances (core.held's
_seat_skills_changed), where every pair was forgotten.

Held to the distances computed afresh, pure and as built: at every decision of seeded
random-player games of the three rulebooks with no skill of a card away, every kept distance of
Game.dist_memo is the one the game computes without the memo; and the memo's head flags each
rule that may answer a distance 2 exactly when its owner must be at the query's a or b."""
from seeded_games import DECISIONS, run_both, run_python

KEPT = DECISIONS + r"""
from core.prims import base as B, targets as Targets
TOOK = 1 << 16
seen = {"kept": 0, "ends": 0, "other": 0}
bad = []
for key, seeds in (("identity", (1, 2, 3, 4)), ("identity_old", (1, 2)), ("zhanqi", (1, 2))):
    for seed, k, g in decisions(key, seeds, 1):
        memo = g.dist_memo
        if memo is None or Targets._away_skills(g):
            continue   # a card away gives a skill: the kept answers are not read (002:22)
        n, ns = g.n, g.nskills
        t = B._T(g)
        at_of = t.status_owner_at.get(B.Q_DIST) or {}
        for sid in range(ns):
            if memo[sid]:
                at = at_of.get(sid)
                end = at is not None and set(at) <= {1, 2}
                seen["ends" if end else "other"] += 1
                if memo[sid] != (2 if end else 1):
                    bad.append((key, seed, k, "flag", sid, memo[sid]))
        kept = [(a, b, memo[ns + a * n + b]) for a in range(n) for b in range(n)
                if a != b and memo[ns + a * n + b] >= 0]
        for a, b, v in kept:
            g.dist_memo = None   # computed afresh (a memo of its own made meanwhile)
            fresh = g.distance(a, b)
            g.dist_memo = memo
            seen["kept"] += 1
            if (v - TOOK if v >= TOOK else v) != fresh:
                bad.append((key, seed, k, a, b, v, fresh))
print(games, seen["kept"] > 15000, seen["ends"] > 1000, bad[:3])
"""


def test_kept_distances_are_the_fresh_ones_a_seats_rule_forgetting_its_pairs_pure_and_as_built():
    assert run_both(KEPT) == "8 True True []"


# a seat given such a rule (a horse's) keeps the other pairs' distances: only its row and column
# are forgotten, and read again they are the fresh ones (+1 to it, the -1 horse's rule aside)
GRANT = r"""
from core import prims as P
import generated.identity as M
from core.prims import base as B
g = P.new_game(M, 5, seed=1, log_level=0)
g.step()
n, ns = g.n, g.nskills
before = {(a, b): g.distance(a, b) for a in range(n) for b in range(n) if a != b}
memo = g.dist_memo
sid = g.rs.id_of("skill", "爪黄飞电")   # +1 to the distance to its owner
print(memo[sid], all(memo[ns + a * n + b] >= 0 for (a, b) in before))
g.grant_skill(2, sid)
print(all((memo[ns + a * n + b] >= 0) == (2 not in (a, b)) for (a, b) in before))
after = {k: g.distance(*k) for k in before}
print(all(after[(a, b)] == before[(a, b)] + (b == 2) for (a, b) in before))
"""


def test_a_seats_distance_rule_forgets_its_own_pairs_only_pure_and_as_built():
    for pure in (True, False):
        assert run_python(GRANT, pure=pure).split() == ["2", "True", "True", "True"], pure
