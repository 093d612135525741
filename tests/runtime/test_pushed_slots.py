"""A pushed program's slot list (docs/performance.md step 116c): compiled, flow._push_args takes
spares' kept list inline (flow.pxd's args_slots, through spares' pointer, where new_slots was a
call into core.spares at each push) and stores a, b and c in its first slots once, the rest None
— the k references to None its fill took given back at once; _push_prog's from a tuple likewise
(tuple_slots). Pure, the reference: new_slots and put_slot, slots_of.

* call1..call4 and call push frames whose first slots are the arguments, the rest None (pure and
  as built; tests/runtime/test_call_arities.py compares the two ways frame by frame);
* the pushes leave None's reference count as they found it: 300 calls of each arity on clones,
  each clone dropped, move it by less than 100 (each push that kept the fill's references would
  add one to three)."""
import sys

from core import prims as P

from test_games import DECK, identity  # noqa: F401  (the fixture)


def _start(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=3, deck=DECK, log_level=0)
    g.step()
    t = P._T(g)
    by_slots = sorted((g.rs.prog_nslots[cid], cid) for cid in t.events.values())
    phases = set(t.phase_prog.values())   # a phase's event takes its one argument only
    cid = next(cid for n, cid in by_slots
               if n >= 4 and cid not in (t.ev_turn, t.ev_move) and cid not in phases)
    return g, cid


def _push(g, cid, k, how):
    """A clone of g whose top frame calls cid with k arguments (call1..3, or call with a tuple):
    the frame it pushed (the clone's step budget spent: nothing runs)."""
    c = g.clone()
    f = c.stack[-1]
    c.step_end = c.steps   # run_pushed runs nothing once the budget is spent
    args = (7, (1, 2), "x", 9)[:k]
    if how == "call":
        P.call(c, f, cid, args)
    else:
        (P.call1, P.call2, P.call3, P.call4)[k - 1](c, f, cid, *args)
    return c, c.stack[-1]


def test_the_pushed_frames_slots_are_its_arguments_then_none(identity):  # noqa: F811
    g, cid = _start(identity)
    n = g.rs.prog_nslots[cid]
    for k in (1, 2, 3, 4):
        for how in ("arity", "call"):
            c, fr = _push(g, cid, k, how)
            assert fr.prog == cid and fr is c.stack[-1]
            assert list(fr.slots) == [7, (1, 2), "x", 9][:k] + [None] * (n - k), (k, how)


def test_the_pushes_leave_nones_count_as_they_found_it(identity):  # noqa: F811
    g, cid = _start(identity)

    def run():
        for i in range(300):
            for k in (1, 2, 3, 4):
                _push(g, cid, k, "arity")
                _push(g, cid, k, "call")

    run()   # warm: the spare lists and frames made
    before = sys.getrefcount(None)
    run()
    assert abs(sys.getrefcount(None) - before) < 100
