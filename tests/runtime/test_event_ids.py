"""The events the rooms test frames for, as ints (base.EVENT_IDS: an event's id is its name's
place there; register_event fills Tables.prog_evis by program id): _is_event and use._flow
compare C ints where they compared names, and answer no for an event the ruleset lacks.
Compiled when `sgs build` ran, else pure."""
from core import engine as E
from core import prims as P
from core.prims import base as B, register as R, use as Use

from test_games import DECK, identity  # noqa: F401  (the fixture)


def _frame(g, name):
    return E.Frame(B._T(g).events[name], 0)


def test_a_frame_is_the_event_its_program_runs(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    everything = (1 << len(B.EVENT_IDS)) - 1
    for evi, name in enumerate(B.EVENT_IDS):
        f = _frame(g, name)
        assert [B._is_event(g, f, e) for e in range(len(B.EVENT_IDS))] == \
            [e == evi for e in range(len(B.EVENT_IDS))], name
        # _flow: the frame itself when its event is among those asked for, else one of the
        # stack's (none of these events runs on it at the game's first decision)
        assert Use._flow(g, f, 1 << evi) is f, name
        assert Use._flow(g, f, everything & ~(1 << evi)) is None, name
    assert not B._is_event(g, None, B.EVI_USE)
    # a frame of another event (移动) and of no event (the root's program) is none of them
    for f in (E.Frame(B._T(g).ev_move, 0), E.Frame(B._T(g).root, 0)):
        assert B._prog_evi(B._T(g), f.prog) == B.EVI_NONE
        assert Use._flow(g, f, everything) is None


def test_the_innermost_frame_of_the_events_asked_for(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    need = g.push_frame(_frame(g, "需要使用牌"))
    pre = g.push_frame(_frame(g, "预使用"))
    top = g.push_frame(_frame(g, "伤害"))
    assert Use._flow(g, top) is pre   # the need and pre flows, by default
    assert Use._flow(g, top, 1 << B.EVI_NEED_USE) is need
    assert Use._flow(g, top, (1 << B.EVI_NEED_PLAY) | (1 << B.EVI_JUDGE)) is None


def test_a_ruleset_without_these_events():
    rs = R.new_ruleset()
    t = R.tables(rs)
    assert [B._prog_evi(t, cid) for cid in (-1, 0, 5)] == [B.EVI_NONE] * 3
    for name in ("某事件", "伤害"):
        rs.program("<%s>" % name, lambda g, f: 3)
        R.register_event(rs, name, "<%s>" % name)
    assert B._prog_evi(t, t.events["某事件"]) == B.EVI_NONE
    assert B._prog_evi(t, t.events["伤害"]) == B.EVI_DAMAGE
