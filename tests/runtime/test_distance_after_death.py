"""Step 238a of docs/performance.md (docs/decisions/0254): at a seat's death or revival
(Game.set_alive) the kept distances (core.held._distance, Game.dist_memo) forget only what the
change may change: the pairs from or to the seat, and those between two other seats whose base
(the fewer living seats round the table, 002:125) counts it — the dead seat on their shorter way
round, or on the way as long as the other. Games of 5 and 8 seats with horses and 〖马术〗 (rules
that took effect kept with the answer), every pair read and so kept, then a seat killed or
revived one after the other: each pair is still kept exactly when its fresh base is the same as
before the change and the seat is at neither end, and every kept answer is the fresh one; pure
and as built. (tests/runtime/test_distance_memo.py checks every pair at every decision of
seeded games, deaths among them.)"""
from seeded_games import FRESH_DISTANCE, run_python

SCRIPT = r"""
from compiler import simulate as S
M, P = S.load_engine("identity")
sid_of = {}
bad = []
stayed = forgot = 0

""" + FRESH_DISTANCE + r"""


def kept(g, a, b):
    return g.dist_memo[g.nskills + a * g.n + b] >= 0


for n, generals in ((5, ["马超", None, None, None, None]),
                    (8, [None, "马超", None, None, None, "马超", None, None])):
    g = P.new_game(M, n, seed=1, generals=generals, start=False,
                   log_level=0)
    g.push_frame(g.new_frame(P._T(g).root, -1, None, 0))   # a root state, no flow run
    sid_of = {s.name: s.id for s in g.rs.skills}
    g.grant_skill(2, sid_of["的卢"])   # a +1 horse: another rule at an end
    pairs = [(a, b) for a in range(n) for b in range(n) if a != b]
    # a seat dies, another, a third; then they come back in another order
    changes = [(1, False), (n - 2, False), (2, False), (1, True), (2, True), (n - 2, True),
               (0, False), (0, True)]
    for p, alive in changes:
        for a, b in pairs + pairs:   # every pair read (the game's first read makes the memo)
            g.distance(a, b)
        assert all(kept(g, a, b) for a, b in pairs)
        base = {(a, b): g.base_distance(a, b) for a, b in pairs}
        g.set_alive(p, alive)
        for a, b in pairs:
            want_kept = p not in (a, b) and g.base_distance(a, b) == base[a, b]
            if kept(g, a, b) != want_kept:
                bad.append(("kept", n, p, alive, a, b, kept(g, a, b)))
            stayed += want_kept
            forgot += not want_kept
            if g.distance(a, b) != fresh(g, a, b):
                bad.append(("answer", n, p, alive, a, b))
print(stayed > 100, forgot > 100, bad[:3])
"""


def test_a_death_forgets_the_distances_it_may_change_only():
    for pure in (True, False):
        assert run_python(SCRIPT, pure=pure).strip() == "True True []", pure
