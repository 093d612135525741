"""turns._push_phase_event and use._push_need push their frame in place (docs/performance.md
step 255): compiled, flow's _push_args' body (pushinline.pxd's pushed_args, flow.pxd's
_nslots_c) where each called flow._push_args with ten arguments; pure, the reference's call.
Pure and as built, the same output: the pushed frame is the stack's top and its caller's child,
of the phase's (the need's) program, with the caller's owner (the needing role) and the event
context the reference gives it (the caller's event context; the need's ev), its slots the
arguments then None up to the program's size, its slot list held by the frame alone, the stack's
and None's counts as before over many pushes (a reference taken, not moved, would show)."""
from seeded_games import identity_game, run_both

SCRIPT = identity_game(3) + r"""
import gc
import sys
from core.prims import base as B, turns as Turns, use as Use

for _ in range(40):
    g.step()
out = []


def check(c, f, prog, owner, ev, args, stack_refs):
    n = g.rs.prog_nslots[prog]
    s = c.slots
    out.append((c is g.stack[-1], f.child is c, c.prog == prog, c.owner == owner, c.ev is ev,
                s == (list(args) + [None] * n)[:n], sys.getrefcount(s),
                sys.getrefcount(g.stack) == stack_refs))


def phases(g0):
    global g
    for ph in range(len(g0.rs.phase_progs)):
        g = g0.clone()
        f = g.stack[-1]
        ev = B._event_ctx(g, f)
        stack_refs = sys.getrefcount(g.stack)
        Turns._push_phase_event(g, f, ph, 2, False)
        check(g.stack[-1], f, g.rs.phase_progs[ph], f.owner, ev, (2,), stack_refs)


def needs(g0):
    global g
    for use in (True, False):
        for ev in (None, 0):
            g = g0.clone()
            f = g.stack[-1]
            e = f if ev == 0 else None
            stack_refs = sys.getrefcount(g.stack)
            c = Use._push_need(g, f, 1, "杀", use, None, 0, e)
            prog = B._T(g).events["需要使用牌" if use else "需要打出牌"]
            check(c, f, prog, 1, e, (1, "杀"), stack_refs)


g0 = g
phases(g0)
needs(g0)
print(out)


def nones_after(k):
    # (the clones' cycles collected: None's count is then the live objects')
    for _ in range(k):
        phases(g0)
        needs(g0)
    out.clear()
    gc.collect()
    return sys.getrefcount(None)


nones_after(10)   # warm: spare frames and lists made
nones = nones_after(10)
print(nones_after(30) - nones)
"""


def test_phase_and_need_frames_pushed_as_the_reference_pushes_them():
    got = run_both(SCRIPT).splitlines()
    assert len(got) == 2, got
    rows = eval(got[0])
    assert len(rows) > 6
    # each frame held by the frame alone: its field, the local s and getrefcount's argument
    assert all(r == (True, True, True, True, True, True, 3, True) for r in rows), rows
    assert got[1] == "0"
