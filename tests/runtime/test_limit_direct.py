"""Step 80a of docs/performance.md: a use limit of one operation answered in C (status._limit_hit
with the rule set's _limit_rules, kept in t.use_limits by kinds()) held to the query it replaced,
pure and as built.

* the rule sets of 【杀】 and of the names that are a kind of it have their direct form (so the
  comparison below runs the new path), and a rule set with a rule of another operation has none;
* at each decision of seeded games of the three rulebooks, for every living role and every method
  of every card name a use limit may speak for, status._use_limited answers the same with the
  direct forms (the games' path) as with them taken out of t.use_limits (every rule set asked as a
  Q_LIMIT query list, run by _run_card_rules → _run_direct → _answer → _limit_reached)."""
from seeded_games import DECISIONS, run_both

SAME = DECISIONS + r"""
from core.prims import base as B, limits as Limits, status as Status

asked = limited = direct = 0
bad = []
for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1,)), ("zhanqi", (1,))):
    for seed, n, g in decisions(key, seeds):
        t = B._T(g)
        Status.kinds(g)
        fused = t.use_limits
        queried = [None if e is None else (e[0], e[1], None, tuple([None] * len(e[1])))
                   for e in fused]
        names = [k for k in range(len(fused)) if fused[k] is not None]
        direct = max(direct, sum(1 for k in names if fused[k][2]))
        for p in range(g.n):
            if not g.players[p].alive:
                continue
            for k in names:
                for mi in range(len(t.cards[k][5])):
                    got = bool(Limits._use_limited(g, p, k, mi))
                    t.use_limits = queried
                    try:
                        want = bool(Limits._use_limited(g, p, k, mi))
                    finally:
                        t.use_limits = fused
                    asked += 1
                    limited += want
                    if got != want:
                        bad.append((key, seed, n, p, g.rs.card_names[k], mi, got, want))
kill = None
for key in ("identity", "identity_old", "zhanqi"):
    M, P = S.load_engine(key)
    rb = by_key(key)
    g = P.new_game(M, rb.players, seed=1, mode=rb.mode, deck=rb.deck, log_level=0)
    t = B._T(g)
    Status.kinds(g)
    k = g.rs.card_names.index("杀")
    e = t.use_limits[k]
    kill = (e[2] is not None and len(e[2]) >= 1 and all(len(r) == 6 for r in e[2]))
    kinds_ok = all(t.use_limits[n][3] == tuple([Status._limit_rules(r) for r in t.use_limits[n][1]])
                   for n in range(len(t.use_limits)) if t.use_limits[n] is not None)
    if not (kill and kinds_ok):
        bad.append((key, "direct forms", kill, kinds_ok))
# a rule set with a rule answering a use limit by another operation (a program) has no direct form
other = ((0, "prog", 1 << B.Q_LIMIT, None),)
print(games, asked > 50000, limited > 1000, direct >= 1, Status._limit_rules(other), bad[:3])
"""


def test_a_use_limit_of_one_operation_answers_its_query_pure_and_as_built():
    assert run_both(SAME) == "5 True True True None []"
