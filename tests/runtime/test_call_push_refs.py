"""call1 to call4's push and its references (docs/performance.md step 170a–b): compiled,
flow._push_args_in returns the pushed frame borrowed (the stack holds it; _call_args keeps nothing,
_push_args — turns' phase events — takes its own reference), moves the new frame's reference into
its parent's child field (170b), and _call_args passes the event context borrowed (the calling
frame, or its own context, held by the calling frame; the new frame's field takes its one
reference). Pure, the reference: the frame returned and dropped.

Either way a push leaves the references it should: the pushed frame held by the stack and by its
parent's child field only, the event context by one more reference (the new frame's field), None
near where it was — a reference taken and not dropped (or dropped twice) moves one of the first
two. Pure and as built (the test process's engine); turns' phase events (_push_args) are the
seeded games' (the fingerprint)."""
import sys

from core import prims as P

from test_games import DECK, identity  # noqa: F401  (the fixture)


def _start(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=3, deck=DECK, log_level=0)
    g.step()
    t = P._T(g)
    by_slots = sorted((g.rs.prog_nslots[cid], cid) for cid in t.events.values())
    phases = set(t.phase_prog.values())   # a phase's event goes turns' way
    cid = next(cid for n, cid in by_slots
               if n >= 4 and cid not in (t.ev_turn, t.ev_move) and cid not in phases)
    return g, cid


def test_a_calls_push_holds_the_frame_and_its_context_once_each(identity):  # noqa: F811
    g, cid = _start(identity)
    calls = (P.call1, P.call2, P.call3, P.call4)
    for k in (1, 2, 3, 4):
        for rep in range(3):   # the second and third: spare frames and lists taken
            c = g.clone()
            f = c.stack[-1]
            c.step_end = c.steps   # run_pushed runs nothing once the budget is spent
            ev = P._event_ctx(c, f)
            assert ev is not None
            ev_refs = sys.getrefcount(ev)
            none_refs = sys.getrefcount(None)
            calls[k - 1](c, f, cid, *(7, 8, 9, 10)[:k])
            fr = c.stack[-1]
            assert fr.prog == cid and f.child is fr and fr.ev is ev
            # the stack, f.child, the local fr and getrefcount's argument
            assert sys.getrefcount(fr) == 4, (k, rep, sys.getrefcount(fr))
            assert sys.getrefcount(ev) == ev_refs + 1, (k, rep, sys.getrefcount(ev) - ev_refs)
            assert abs(sys.getrefcount(None) - none_refs) < 64   # (its slots' Nones)

