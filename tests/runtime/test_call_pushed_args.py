"""call1 to call4's pushed frame (docs/performance.md step 195): compiled, flow._push_args_in
takes pushinline.pxd's pushed_args — the frame made, its slot list made from a dead frame's (the
arguments in its first k slots, None in the rest only) and moved into the frame, its event
context stored with None's two references dropped as one, the game's stack passed borrowed — and
its spare list's pop takes the last kept list in place, a list the garbage collector cleared
apart (sgs_args_list_made). Pure, the reference: new_slots, put_slot, Game.new_frame and
push_frame.

Either way:
* the pushed frame's slot list is held by the frame alone (a list whose reference was taken, not
  moved, would be held twice, and never kept again at the frame's death);
* the stack's own count is as before the push;
* after frames of that size died in a collected cycle (lists the collector may clear after their
  frame kept them), each push's slots are its arguments, then None;
* None's count stays where it was over many pushes (tests/runtime/test_pushed_slots.py too)."""
import gc
import sys

from core import prims as P

from test_games import identity  # noqa: F401  (the fixture)
# a game started and an event flow of four slots or more to call (test_call_push_refs')
from test_call_push_refs import _start

ARGS = (7, (1, 2), "x", 9)


def _push(g, cid, k):
    """A clone of g whose top frame called cid with k arguments (call1..call4; the clone's step
    budget spent: nothing runs), the stack's count before the push, the frame pushed."""
    c = g.clone()
    f = c.stack[-1]
    c.step_end = c.steps   # run_pushed runs nothing once the budget is spent
    stack_refs = sys.getrefcount(c.stack)
    (P.call1, P.call2, P.call3, P.call4)[k - 1](c, f, cid, *ARGS[:k])
    return c, stack_refs, c.stack[-1]


def test_the_pushed_frames_slot_list_is_held_by_the_frame_alone(identity):  # noqa: F811
    g, cid = _start(identity)
    n = g.rs.prog_nslots[cid]
    for k in (1, 2, 3, 4):
        for rep in range(3):   # the second and third: spare frames and lists taken
            c, stack_refs, fr = _push(g, cid, k)
            s = fr.slots
            assert fr.prog == cid and s == list(ARGS[:k]) + [None] * (n - k)
            # the frame's field, the local s and getrefcount's argument
            refs, now = sys.getrefcount(s), sys.getrefcount(c.stack)
            assert refs == 3 and now == stack_refs, (k, rep, refs, now, stack_refs)


def test_pushes_after_frames_of_their_size_died_in_a_collected_cycle(identity):  # noqa: F811
    g, cid = _start(identity)
    n = g.rs.prog_nslots[cid]
    for _ in range(4):
        cyc = [g.new_frame(0, -1, None, n) for _ in range(40)]
        for f in cyc:
            f.slots[0] = f
            f.ev = f
        del cyc, f
        gc.collect()
        for k in (1, 2, 3, 4):
            for _ in range(12):
                c, _refs, fr = _push(g, cid, k)
                s = fr.slots
                assert s == list(ARGS[:k]) + [None] * (n - k), k
                refs = sys.getrefcount(s)
                assert refs == 3, (k, refs)


def test_many_pushes_leave_nones_count_where_it_was(identity):  # noqa: F811
    g, cid = _start(identity)

    def run():
        for _ in range(200):
            for k in (1, 2, 3, 4):
                _push(g, cid, k)

    run()   # warm: the spare lists and frames made
    before = sys.getrefcount(None)
    run()
    assert abs(sys.getrefcount(None) - before) < 100
