"""Step 219a of docs/performance.md: limits._limit_in reads the count of uses before the play
phase's test and answers "not reached" when the count is under the limit's X and nothing can
answer its +X (Q_USEPLUS's no-answer bit), without asking whether the play phase runs nor the +X;
held to the whole path, pure and as built: at every second decision of seeded random-player games
of the current and the old edition, for every seat, every card name with a use limit and each of
its methods, _use_limited answers the same with the game's no-answer bits as with Q_USEPLUS's
cleared (its +X then asked, and the play phase). The early answer is met (the bit set: most asks),
and so are limits reached (a 【杀】 used in the play phase) with the bit set."""
from seeded_games import DECISIONS, run_both

LIMITS = DECISIONS + r"""
from core.prims import base as B, limits as Limits, status as Status, targets as Targets

PLUS = 1 << B.Q_USEPLUS
asked, early, reached, bad = 0, 0, 0, []
for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1, 2))):
    for seed, n, g in decisions(key, seeds, 2):
        t = B._T(g)
        if t.use_limits is None:
            Status.kinds(g)
        for ni, lim in enumerate(t.use_limits):
            if lim is None:
                continue
            for mi in range(len(Targets._methods(g, ni))):
                for p in range(g.n):
                    got = Limits._use_limited(g, p, ni, mi)
                    saved = g.no_answer
                    g.no_answer = saved & ~PLUS   # the +X asked: the path without the early answer
                    try:
                        want = Limits._use_limited(g, p, ni, mi)
                    finally:
                        g.no_answer = saved
                    asked += 1
                    if saved & PLUS:
                        early += 1
                        reached += bool(want)
                    if got != want:
                        bad.append((key, seed, n, p, ni, mi, got, want))
print(asked > 5000, early > 3000, reached > 100, bad[:3])
"""


def test_a_use_limit_under_its_x_with_no_plus_answers_as_the_whole_path_pure_and_as_built():
    assert run_both(LIMITS) == "True True True []"
