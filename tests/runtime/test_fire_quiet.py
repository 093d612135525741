"""flow.fire's quiet path (docs/performance.md step 107a): compiled, a timing nobody hears, in a
frame whose turn is not cut, with no asking order, no card flow rule at it and not the idle point,
is done in place by flow's _quiet_frame and _quiet_timing (no call), the rest by flow._fire. Both do what the
reference (pure: _fire always) does — the timing counted (Game.n_timings) and appended, the
subject and the timing written, a phase's turn frame told the timing — and a subject replaced has
its reference dropped (freed when the frame held it alone). Compiled when `sgs build` ran, else
pure (the reference's answers, the same assertions)."""
import sys

from core import engine as E
from core.prims import base as B, flow as Flow

from test_games import game, identity, move_event  # noqa: F401  (the fixtures: game needs identity)


FREED = []


class Subject:
    """A subject that says when it is freed."""

    def __del__(self):
        FREED.append(id(self))


def _quiet_timings(g, n):
    """n timing ids nobody hears, with no card flow rule, not the idle point."""
    t = B._T(g)
    out = [i for i in range(len(g.listen))
           if not g.listen[i] and not B._by_prog(t.flow_rule_at, i, 0) and i != t.idle]
    assert len(out) >= n
    return out[:n]


def test_a_quiet_timing_is_counted_appended_and_written(game):
    g = game
    ts = _quiet_timings(g, 12)
    f = move_event(g)
    subjects = [Subject() for _ in ts]
    for i, (tm, s) in enumerate(zip(ts, subjects)):
        n = g.n_timings
        before = sys.getrefcount(s)
        old = f.subject
        old_refs = sys.getrefcount(old)
        assert Flow.fire(g, f, tm, s) == 0
        assert g.n_timings == n + 1
        assert list(f.timings) == ts[:i + 1]
        assert f.subject is s and f.timing == tm
        assert sys.getrefcount(s) == before + 1   # the frame's reference
        if old is not None:
            assert sys.getrefcount(old) == old_refs - 1   # dropped
    # the same subject again: its count unchanged
    s = subjects[-1]
    before = sys.getrefcount(s)
    st = Flow.fire(g, f, ts[0], s)
    assert st == 0 and sys.getrefcount(s) == before
    assert Flow.timing_count(g, f, ts[0]) == 2


def test_a_subject_the_frame_held_alone_is_freed(game):
    g = game
    tm = _quiet_timings(g, 1)[0]
    f = move_event(g)
    Flow.fire(g, f, tm, Subject())   # the first timing (its list made)
    key = id(f.subject)
    del FREED[:]
    Flow.fire(g, f, tm, None)
    # freed (its __del__ ran): a count dropped to 0 without the dealloc would leave it
    # unfreed, though a weak reference would answer None
    assert FREED == [key] and f.subject is None


def _phase_in_turn(g):
    """A turn frame and a phase frame of it (the phase's event context the turn)."""
    tf = move_event(g)
    tf.flags |= E.F_TURN
    f = move_event(g)
    f.flags |= E.F_PHASE
    f.ev = tf
    return tf, f


def test_a_phase_tells_its_turn_frame_the_timing(game):
    g = game
    ts = _quiet_timings(g, 3)
    tf, f = _phase_in_turn(g)
    for tm in ts:
        n = g.n_timings
        assert Flow.fire(g, f, tm, None) == 0
        assert tf.timing == tm and f.timing == tm and g.n_timings == n + 1
    assert list(f.timings) == ts
    # a turn frame's own timings (not cut)
    for tm in ts:
        assert Flow.fire(g, tf, tm, 3) == 0
        assert tf.timing == tm and tf.subject == 3
    assert list(tf.timings) == ts


def test_a_cut_turns_phase_fires_nothing_more(game):
    g = game
    ts = _quiet_timings(g, 2)
    tf, f = _phase_in_turn(g)
    assert Flow.fire(g, f, ts[0], None) == 0
    tf.flags |= B.F_CUT
    n = g.n_timings
    assert Flow.fire(g, f, ts[1], 5) == 0
    assert list(f.timings) == ts[:1] and g.n_timings == n and f.subject is None
    assert tf.timing == ts[0]


def test_a_cut_turn_fires_nothing_at_its_events_first_timing(game):
    """A cut turn's frame, and a phase of a cut turn, fire nothing at their event's first timing
    either, a spare array waiting (step 202a: compiled, fire makes the frame's tests before it
    jumps to _fire_first, which no longer makes them): no array taken, nothing counted."""
    g = game
    ts = _quiet_timings(g, 2)
    n = len(g.stack)
    try:
        for phase in (False, True):
            old = move_event(g)
            g.push_frame(old)
            Flow.fire(g, old, ts[0], None)
            g._pop(old)   # a spare array for the next event's first timing
            tf, f = _phase_in_turn(g)
            tf.flags |= B.F_CUT
            fr = f if phase else tf
            c = g.n_timings
            assert Flow.fire(g, fr, ts[1], 5) == 0
            assert fr.timings is None and g.n_timings == c and fr.subject is None
            assert tf.timing == -1
    finally:
        del g.stack[n:]


def test_an_events_first_timing_takes_the_spare_array_once(game):
    """An event's first quiet timing (step 142a: compiled, fire's _fire_first, the quiet path's copy
    for a frame with no timing array yet) takes the last array a popped event left (Game._pop keeps
    it, emptied), as _fire's ints_from_spare does: the array leaves the spares (the next event gets
    another), held by its frame alone, holding that timing only; counted, the subject and the
    timing written as at any quiet timing. Pure: a list each time (the reference)."""
    import core
    g = game
    ts = _quiet_timings(g, 3)
    n = len(g.stack)
    try:
        old = move_event(g)
        g.push_frame(old)
        Flow.fire(g, old, ts[0], None)
        Flow.fire(g, old, ts[1], None)
        kept = id(old.timings)   # (an id: a reference held here would keep it from the spares)
        g._pop(old)
        assert old.timings is None
        a, b = move_event(g), move_event(g)
        s = Subject()
        c = g.n_timings
        st = Flow.fire(g, a, ts[2], s)
        refs = sys.getrefcount(a.timings)   # (read before an assertion's temporaries hold it)
        assert st == 0 and list(a.timings) == [ts[2]] and g.n_timings == c + 1
        assert a.subject is s and a.timing == ts[2]
        assert Flow.fire(g, b, ts[0], None) == 0
        assert list(b.timings) == [ts[0]] and list(a.timings) == [ts[2]]
        assert b.timings is not a.timings
        if core.compiled():
            assert id(a.timings) == kept   # the spare, taken once
            assert refs == 2   # the frame's reference (and the argument's)
    finally:
        del g.stack[n:]


def test_a_damages_first_quiet_timing_is_prepared_by_first_timing(game):
    """A damage's first timing is _fire's even when nobody hears it and a spare array waits
    (_first_timing: here, the damage the transfer term announced noted as transferred), as is a
    recovery's; the quiet path's copy for a first timing leaves them (its first_evs)."""
    from core.prims import health as Health
    g = game
    t = B._T(g)
    dmg = [p for p in range(len(t.prog_evis)) if t.prog_evis[p] == B.EVI_DAMAGE][0]
    tm = _quiet_timings(g, 1)[0]
    n = len(g.stack)
    try:
        old = move_event(g)
        g.push_frame(old)
        Flow.fire(g, old, tm, None)
        g._pop(old)   # a spare array for the damage's first timing
        f = g.new_frame(dmg, 0, None)
        f.slots = [None] * g.rs.prog_nslots[dmg]
        Health.mark_next_damage_transferred(g, f, False)
        assert Flow.fire(g, f, tm, None) == 0
        assert list(f.timings) == [tm] and Health.is_transferred(g, f)
    finally:
        del g.stack[n:]


def test_the_idle_point_heard_by_nobody_is_not_quiet(game):
    """The idle point is refused by the quiet path through its mark in Game.listen (flow_rule_at's
    bit 2, step 148a: register.finish marks it there, where the quiet path compared the timing
    with Tables.idle; clone.mark_listen copies it above the count, step 235a):
    _fire writes the skill uses so far in the frame's X_IDLE, even when nobody hears it."""
    g = game
    t = B._T(g)
    g.listen[t.idle] &= ~0x0fffffff   # nobody hears it, its marks kept (engine.pxd's LISTEN_COUNT)
    f = move_event(g)
    Flow.fire(g, f, _quiet_timings(g, 1)[0], None)   # its timing array made
    g.n_skill_uses = 7
    assert Flow.fire(g, f, t.idle, None) == 0
    assert f.timing == t.idle and list(f.timings)[-1] == t.idle
    assert B._get(f, 11) == 7   # base.X_IDLE (a C int of base compiled)
