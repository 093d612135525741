"""flow.call1 to call4's reads of the tables' arrays by program (docs/performance.md "Step 209"):
compiled, _call_args reads them with pushinline.pxd's table_at (one unsigned compare for both
bounds, no exception value), each tested for None where it is read (step 243b: without it, the read
raises as call's, after the same tests), and reads a program's slot count with flow.pxd's _nslots_c (no
exception value). Held to flow.call (the reference, which reads them through base's accessors),
pure and as built, in a fresh process (a read past an array's end could crash it): from the
frames on the stack at a seeded game's decision, for a plain event, the damage event and a
phase's event, the same status and frames pushed, or the same error, with the arrays as built,
None, empty (every program past its end) and cut before the phase's program."""
from seeded_games import DECISIONS, run_python

CALLS = DECISIONS + r"""
from array import array
from core.prims import base as B, flow as Flow
print(not E.__file__.endswith('.py'))   # compiled: the extension module
for seed, n, g in decisions("identity", (1,), every=5):
    if len(g.stack) > 4:
        break
t = B._T(g)
phase = sorted(t.phase_prog.values())[0]
progs = (t.ev_move, t.events["伤害"], phase)
CALLN = {1: Flow.call1, 2: Flow.call2, 3: Flow.call3, 4: Flow.call4}


def run(fi, cid, args, by_arity):
    c = g.clone()   # (the same ruleset and tables)
    base = len(c.stack)
    try:
        if by_arity:
            st = CALLN[len(args)](c, c.stack[fi], cid, *args)
        else:
            st = Flow.call(c, c.stack[fi], cid, tuple(args))
    except Exception as e:
        return ("raised", type(e).__name__, str(e))
    return (st, len(c.stack), [(fr.prog, fr.owner, fr.flags, fr.id, None if fr.ev is None else
                                fr.ev.id, list(fr.slots or ())) for fr in c.stack[base:]])


for name, field, value in (("as built", None, None), ("phases None", "prog_phases", None),
                           ("is_ev None", "prog_is_ev", None),
                           ("phases empty", "prog_phases", array("i")),
                           ("is_ev empty", "prog_is_ev", array("i")),
                           ("phases cut", "prog_phases", getattr(t, "prog_phases")[:phase])):
    kept = getattr(t, field) if field else None
    if field:
        setattr(t, field, value)
    same = raised = 0
    for fi in range(len(g.stack)):
        for cid in progs:
            for args in ((0,), (1, 0), (0, (), 0), (0, (), 0, 1)):
                want = run(fi, cid, args, False)
                got = run(fi, cid, args, True)
                same += got == want
                raised += want[0] == "raised"
                if got != want:
                    print("DIFFERS", name, fi, cid, args, got, want)
    if field:
        setattr(t, field, kept)
    print(name, same, raised)
"""


def test_call_by_arity_reads_the_tables_as_call():
    """Pure and as built: every call answers as flow.call, with the tables as built (mostly
    without an error) and without prog_phases or prog_is_ev (errors, the same)."""
    for pure in (True, False):
        lines = run_python(CALLS, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert not [x for x in lines if x.startswith("DIFFERS")], "\n".join(lines[:8])
        rows = {x.rsplit(" ", 2)[0]: tuple(map(int, x.rsplit(" ", 2)[1:])) for x in lines[1:]}
        n = rows["as built"][0]
        assert n >= 5 * 3 * 4 and rows["as built"][1] < n // 4, rows   # (mostly no error)
        assert all(same == n for same, _ in rows.values()), rows
        assert rows["phases None"][1] > 0 and rows["is_ev None"][1] > 0, rows
