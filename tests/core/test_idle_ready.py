"""Step 108a of docs/performance.md: the idle point's test (a skill used since the idle point
began is not ready) as candidates makes it, compiled read in place (core/dispatch.pxd's
idle_used: the scratch's item borrowed, an int of one digit compared in C, anything else left to
_skill_ready, which reads it as Python does), against the test written out and against
Game.skill_ready, for every shape of the event's scratch and of its item: pure and as built."""
import pytest

from core import engine as E
from core.ruleset import Ruleset

BIG = 2 ** 40   # an int of more than one digit (30-bit digits)


def written(g, s, ev):
    """The idle point's test (ruleset.Skill's idle_slot): ready unless the event's scratch is a
    list whose item is the count of skill uses when the idle point began, below today's."""
    if s.idle_slot >= 0 and ev is not None and type(ev.x) is list:
        used = ev.x[s.idle_slot]
        if used is not None and g.n_skill_uses > used:
            return False
    return True


class Scratch(list):
    """a list's subclass: not the scratch the idle test reads (type(x) is list)"""


def game():
    rs = Ruleset()
    t = rs.timing("a")
    sid = rs.skill("A", t, lambda g, f: E.DONE)
    s = rs.skills[sid]
    s.idle_slot = 2
    g = E.Game(rs, 2)
    g.grant_skill(0, sid)
    return g, s, t


@pytest.mark.parametrize("uses", [0, 1, 7, BIG])
def test_the_idle_test_in_candidates_is_the_written_one_for_every_item(uses):
    g, s, t = game()
    g.n_skill_uses = uses
    items = [None, 0, 1, 6, 7, 8, -1, -7, BIG - 1, BIG, BIG + 1, -BIG, True, False]
    scratches = [None, (0, 0, 0), Scratch([0, 0, 0])]
    scratches += [[0, 0, v] for v in items] + [[0, 0, v, 5] for v in items]
    ready = not_ready = 0
    for x in scratches:
        ev = g.new_frame(0, -1, None, 0)
        ev.x = x
        f = g.new_frame(0, -1, ev, 0)
        f.a = t
        want = written(g, s, ev)
        got = g._candidates(f, 0)
        assert (got is not None) == want, (uses, x)
        if want:
            assert [c.id for c in got] == [s.id]
        assert g.skill_ready(s, 0, ev, t) == want, (uses, x)
        ready += want
        not_ready += not want
    # without an event (ev None), no idle test
    f = g.new_frame(0, -1, None, 0)
    f.a = t
    assert [c.id for c in g._candidates(f, 0)] == [s.id]
    if uses:
        assert ready and not_ready


def test_an_idle_slot_past_the_scratch_is_an_index_error_as_in_python():
    g, s, t = game()
    g.n_skill_uses = 3
    ev = g.new_frame(0, -1, None, 0)
    ev.x = [0, 0]   # item 2 is not there
    f = g.new_frame(0, -1, ev, 0)
    f.a = t
    with pytest.raises(IndexError):
        g._candidates(f, 0)
    with pytest.raises(IndexError):
        g.skill_ready(s, 0, ev, t)
