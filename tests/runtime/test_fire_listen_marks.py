"""flow._fire's marks of a timing (docs/performance.md step 243a): compiled, a card's flow rule
(bit 1) and the idle point (bit 2) read from Game.listen's int above the timing's count, which
clone.mark_listen made Tables.flow_rule_at's with the game's rules: one read, where _fire read the
tables' array (tested for None) and compared the timing with Tables.idle. Pure, the reference
reads flow_rule_at (its bit 2 the idle point: register's table). A frame whose timings are a list
(a test's) is _fire's, never fire's quiet path."""
import pytest

from core.prims import base as B, flow as Flow

from test_games import game, identity, move_event  # noqa: F401  (the fixtures: game needs identity)

COMPILED = Flow.__file__.endswith((".so", ".pyd"))
COUNT = 0x0fffffff   # engine.pxd's LISTEN_COUNT (the marks from bit 28 up)
X_IDLE = 11   # base.X_IDLE (a C constant once compiled)


def _event(g):
    f = move_event(g)
    f.timings = []   # (_fire's way)
    return f


def _idle_of(f):
    return None if f.x is None else f.x[X_IDLE]


def test_the_idle_point_is_the_timing_marked_so(game):
    g = game
    t = B._T(g)
    assert t.flow_rule_at[t.idle] & 2 and g.listen[t.idle] >> 28 == t.flow_rule_at[t.idle]
    g.listen[t.idle] &= ~COUNT   # nobody hears it, its marks kept
    g.n_skill_uses = 7
    f = _event(g)
    assert Flow.fire(g, f, t.idle, None) == 0
    assert _idle_of(f) == 7 and f.timings == [t.idle]
    # the idle point's mark taken from the game's listen array: compiled, not the idle point
    # (its use count not written); pure, the tables' array says it is
    g.listen[t.idle] &= COUNT | (1 << 28)
    f = _event(g)
    assert Flow.fire(g, f, t.idle, None) == 0
    assert _idle_of(f) == (None if COMPILED else 7)


def test_tables_without_flow_rules(game):
    """Tables without flow_rule_at: pure, _fire's read raises TypeError (base._by_prog);
    compiled, _fire reads no array (the game's marks: no crash, no error), at a card's flow-rule
    timing and at the idle point."""
    g = game
    t = B._T(g)
    kept = t.flow_rule_at
    g.n_skill_uses = 3
    try:
        t.flow_rule_at = None
        for tm in (sorted(t.flow_rule_timings)[0], t.idle):
            g.listen[tm] &= ~COUNT
            f = _event(g)
            if COMPILED:
                assert Flow.fire(g, f, tm, None) == 0
                assert f.timings == [tm] and _idle_of(f) == (3 if tm == t.idle else None)
            else:
                with pytest.raises(TypeError):
                    Flow.fire(g, f, tm, None)
    finally:
        t.flow_rule_at = kept
