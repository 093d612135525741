"""Step 103b of docs/performance.md: the modifiers' values with their seats as C ints
(Modifier.value(g, owner, a, b) with int a and b, as held._modval has them; _DistanceModifier's by
status._distance_of, _RangeModifier's, _HandLimitModifier's after the hand limit's no-answer bit,
roles' _DrawModifier and _DrawSetModifier) held to the Python function each stands for (the
modifier's fn: status._mod_distance, the generic distance query, _mod_range, _mod_hand_limit,
roles._mod_draw and _mod_draw_set), pure and as built: at every third decision of seeded games of
the three rulebooks, every modifier of every kind for every two seats (the dead too) and for
each seat with b = -1 (the kinds of one seat). And limits._use_limited (its direct rule sets
answered with the query's ints, limits._direct_hit) against the use limit written out over the
query (seeded_games.USE_LIMIT_WRITTEN)."""
from seeded_games import DECISIONS, USE_LIMIT_WRITTEN, run_both

MODS = DECISIONS + USE_LIMIT_WRITTEN + r"""
from core.prims import base as B, limits as Limits, status as Status

bad = []
asked = hit = limited = 0
for key, seeds in (("identity", (1, 2)), ("identity_old", (1,)), ("zhanqi", (1,))):
    for seed, n, g in decisions(key, seeds, 3):
        for kind, mods in enumerate(g.rs.mods):
            for m in mods:
                for a in range(g.n):
                    for b in list(range(g.n)) + [-1]:
                        got, want = m.value(g, -1, a, b), m.fn(g, -1, a, b)
                        asked += 1
                        hit += want is not None
                        if got != want and len(bad) < 3:
                            bad.append((key, seed, n, kind, type(m).__name__, a, b, got, want))
        if key != "zhanqi":
            t = B._T(g)
            for p in range(g.n):
                for name in range(len(g.rs.card_names)):
                    if t.use_limits is not None and t.use_limits[name] is None:
                        continue
                    for mi in range(2):
                        got = bool(Limits._use_limited(g, p, name, mi))
                        want = bool(use_limited_written(g, p, name, mi))
                        limited += want
                        if got != want and len(bad) < 3:
                            bad.append((key, seed, n, "limit", p, name, mi, got, want))
print(games, asked > 50000, hit > 5000, limited > 100, bad[:3])
"""


def test_the_modifiers_int_values_and_the_use_limits_answer_as_their_references():
    assert run_both(MODS) == "4 True True True []"
