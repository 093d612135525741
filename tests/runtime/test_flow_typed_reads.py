"""flow's reads typed where an object was tested at each (docs/performance.md "Step 218"):
``invalidate_triggers_except`` reads the dead role's skill counts (``Player.has``, an
array('i')) as a typed array, its type tested once, where each of its ~300 skills' reads
(engine.pxd's ``_ai``) tested the object for None and its type (218a); ``timing_count`` answers
an event with no timings (None) at once and counts an empty array or list as 0, with no truth
test's call (218d)."""
import array
import re

from core import prims as P
from seeded_games import room_c
from test_games import DECK, identity  # noqa: F401  (the fixture)


def test_invalidate_triggers_except_reads_the_counts_as_a_typed_array():
    c = room_c("flow")
    # (its definition: its first argument named, which the prototype does not)
    name = "__pyx_f_4core_5prims_4flow_invalidate_triggers_except"
    body = c.split("*%s(struct __pyx_obj_4core_6engine_Game *__pyx_v_g" % name, 1)[1]
    body = body.split("\n}\n", 1)[0]
    assert re.search(r"\n  arrayobject \*__pyx_v_has = 0;", body), "has is not a typed array"


def test_timing_count_of_no_timings_and_of_empty_ones(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    t = P._T(g)
    f = g.new_frame(t.ev_move, 0, None)   # an event frame: its own event context
    for tc in (None, array.array("i"), []):
        f.timings = tc
        assert P.timing_count(g, f, 5) == 0
    f.timings = array.array("i", [5, 3, 5])
    assert P.timing_count(g, f, 5) == 2
