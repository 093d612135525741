"""Step 238b of docs/performance.md: the draw count's two modifiers (roles._mod_draw and
_mod_draw_set, their Modifier classes' answers) read the turn's counters in place
(roles._turn_count) instead of calling Game.count. Held to Game.count, pure and as built: every
seat (and seats out of the table, which have no counters) with its turn's 额定摸牌数 counters set
to seat-dependent values, the same counters of the other scopes and the counters beside them set
to other values; each modifier's answer is the one Game.count's counters give."""
from seeded_games import identity_game, run_python

SCRIPT = identity_game(1, start=False) + r"""
from core.codes import SC_GAME, SC_PHASE, SC_ROUND, SC_TURN
from core.prims import roles as R

t = P._T(g)
kd, ks = t.k_draw, t.k_drawset
bad = []
asked = answered = 0


def want_draw(p):
    if g.count(SC_TURN, p, ks):
        return None
    return g.count(SC_TURN, p, kd) or None


def want_set(p):
    return g.count(SC_TURN, p, kd) if g.count(SC_TURN, p, ks) else None


for sc in (SC_PHASE, SC_ROUND, SC_GAME):   # other scopes' counters: not the turn's
    for p in range(g.n):
        for k in (kd, ks):
            g.add_count(sc, p, k, 7)
for k in range(g.K):   # the counters beside them: not these
    if k not in (kd, ks):
        for p in range(g.n):
            g.add_count(SC_TURN, p, k, 5 + k % 3)
for setv in (0, 1):
    for p in range(g.n):
        g.add_count(SC_TURN, p, kd, p - 2)   # -2 … 2: a seat's extra (or fewer) cards
        if setv:
            g.add_count(SC_TURN, p, ks, 1)
    for p in [-3, -1] + list(range(g.n)) + [g.n, g.n + 2]:
        for got, want in ((R._mod_draw(g, -1, p, -1), want_draw(p)),
                          (R._mod_draw_set(g, -1, p, -1), want_set(p))):
            asked += 1
            answered += want is not None
            if got != want:
                bad.append((setv, p, got, want))
print(asked, answered, bad[:3])
"""


def test_the_draw_modifiers_read_the_turns_counters_as_game_count():
    for pure in (True, False):
        assert run_python(SCRIPT, pure=pure).strip() == "36 9 []", pure
