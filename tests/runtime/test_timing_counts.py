"""An event frame counts the timings it fires (flow.fire: the list of the timings generated,
in order, in its field timings), the first one as the others, though its list is made only
after that first timing's set-up (_first_timing); timing_count counts them. The last timing and
its subject are fields too, so firing makes no scratch (decision 0053)."""
import weakref

import core
from core import engine as E
from core import prims as P

from test_games import DECK, identity  # noqa: F401  (the fixture)


def test_an_event_frame_counts_each_timing_it_fires(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    t = P._T(g)
    # timings nobody listens to and no card rule names: fire pushes nothing for them
    quiet = [i for i in range(len(g.rs.timing_names))
             if g.listen[i] == 0 and not t.flow_rule_at[i] and i != t.idle]
    a, b, c = quiet[:3]
    f = g.new_frame(t.ev_move, 0, None)   # a 移动 event frame, not on the stack
    assert P.timing_count(g, f, a) == 0
    stack = list(g.stack)
    for timing in (a, b, a, a):
        assert P.fire(g, f, timing, 0) == 0
    assert g.stack == stack
    assert [P.timing_count(g, f, x) for x in (a, b, c)] == [3, 1, 0]
    assert list(f.timings) == [a, b, a, a] and f.timing == a and f.subject == 0
    assert f.x is None   # the fields hold what fire writes: no scratch made
    assert P.fire(g, f, b, 3) == 0
    assert P.timing_subject(g, f) == 3 and P.frame_timing(f) == b


def _quiet(g):
    t = P._T(g)
    return [i for i in range(len(g.rs.timing_names))
            if g.listen[i] == 0 and not t.flow_rule_at[i] and i != t.idle]


def test_a_phase_tells_its_turn_frame_the_timing(identity):  # noqa: F811
    """fire in a phase flow writes the timing on the turn's frame (its field timing, which
    before_turn_end reads): the turn frame the phase has as event context when the turn
    pushed it, else the nearest one on the stack (an engine-pushed phase has none)."""
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    t = P._T(g)
    a, b = _quiet(g)[:2]
    turn = g.new_frame(t.ev_turn, 0, None)
    turn.flags |= E.F_TURN   # before its push, as push_turn marks it: the game holds it then
    g.push_frame(turn)
    phase = g.push_frame(g.new_frame(t.ev_move, 0, turn))   # pushed by the turn
    phase.flags |= E.F_PHASE
    assert P.fire(g, phase, a, 0) == 0
    assert turn.timing == a
    other = g.push_frame(g.new_frame(t.ev_move, 0, None))   # no event context
    other.flags |= E.F_PHASE
    assert P.fire(g, other, b, 0) == 0
    assert turn.timing == b
    assert [P.timing_count(g, fr, x) for fr in (phase, other) for x in (a, b)] == [1, 0, 0, 1]


def test_timing_count_is_the_lists_count_whatever_it_holds(identity):  # noqa: F811
    """Compiled, timing_count counts without comparing a small int (-5 to 256) that is not the
    timing's object (flow.pxd's count_timing: CPython keeps one object of each): the count
    list.count gives, for small and large ints (equal ones that are other objects among them),
    bools and floats equal to an int, words and None, whatever the timing asked."""
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    t = P._T(g)
    f = g.new_frame(t.ev_move, 0, None)   # an event frame: its own event context
    big = [int(str(n)) for n in (1000, 1000, 257, 2 ** 40)]   # each a distinct object
    assert big[0] is not big[1]
    items = [0, 1, 5, 5, 256, -5, -6, True, 1.0, 5.0, "5", None] + big + [int("1000"), 257]
    for asked in [0, 1, 5, 256, -5, -6, 257, int("1000"), 2 ** 40, True, 1.0, "5", None, 3]:
        for lst in (items, items[::-1], [asked] * 3, [x for x in items if x != asked]):
            f.timings = list(lst)
            assert P.timing_count(g, f, asked) == lst.count(asked), (asked, lst)
    f.timings = []
    assert P.timing_count(g, f, 5) == 0
    f.timings = None
    assert P.timing_count(g, f, 5) == 0


def test_a_popped_frame_lets_its_timings_go_and_keeps_its_array(identity):  # noqa: F811
    """A popped frame's timings are None after its pop, a list as an array; compiled, the array
    its event made, held by the frame alone, is kept (emptied) for the next event's first timing
    (Game._pop: the field tested against None first, its type then; step 189a)."""
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    t = P._T(g)
    a, b = _quiet(g)[:2]
    for made in (False, True):
        f = g.push_frame(g.new_frame(t.ev_move, 0, None))
        if made:
            f.timings = [a, b]   # a list (as a test or the pure engine sets one)
        else:
            assert P.fire(g, f, a, 0) == 0 and P.fire(g, f, b, 0) == 0
        kept = weakref.ref(f.timings) if core.compiled() and not made else None
        g._pop(f)
        assert f.timings is None and g.ret is f
        if kept is not None:
            assert kept() is not None and len(kept()) == 0
    f = g.new_frame(t.ev_move, 0, None)
    g._pop(g.push_frame(f))   # a frame that fired nothing
    assert f.timings is None
