"""A program's states as the emitter writes them (compiler.programflow.program_states, decision 0084):
a jump followed where it goes, a state only its predecessor runs on to run inside that one's.

The programs run as written with every state its own (the emitter's form before) and as emitted
now must do the same: the same primitive calls in the same order with the same answers, the same
suspensions (the slots, and f.pc: the next state with a jump there followed, step 144b), the same
status, and the same pc when a primitive raises (the spec line an error names). Random programs of every instruction kind the states change (sets, a
loop's start and step, tests, jumps, a table of jumps, suspending operations, terminate, return),
each run against the same scripted answers in both forms."""
from __future__ import annotations

import random
import re
import types

import pytest

from compiler import emit, ir, programflow

W = "t.sgs:1:1"


class _Stop(Exception):
    pass


class _Raised(Exception):
    pass


class _Prims:
    """Every primitive the programs name (P.<name> or a room's Room.<name>): answers from a seeded
    stream, each call logged."""

    def __init__(self, seed, log):
        self.rng, self.log, self.calls, self.idle = random.Random(seed), log, 0, 0

    def tick(self):
        """A state entered: a loop of jumps that calls nothing (both forms) stops the run."""
        self.idle += 1
        if self.idle > 1000:
            raise _Stop()

    def __getattr__(self, name):
        def prim(g, f, *args):
            self.calls += 1
            self.idle = 0
            if self.calls > 400:
                raise _Stop()
            r = self.rng.random()
            self.log.append((name, args, r))
            if r < 0.02:
                raise _Raised(name)
            if name in ("zz_op", "fire", "terminate"):
                return 1 if r < 0.15 else 0   # a suspension now and then
            if name == "_items":   # a loop's items (programflow.loop_slots: flow._items' answer)
                return tuple(range(self.rng.randrange(4)))
            return r < 0.5
        return prim


class _Frame:
    def __init__(self, nslots):
        self.pc, self.slots, self.owner, self.result = 0, [None] * nslots, 0, 0


def _source(prog: ir.Program) -> str:
    """The program's function as unit.py.j2 writes it (its finally clause records the pc)."""
    lines = ["def run(g, f, ids):", "    s = f.slots", "    pc = f.pc"]
    lines += ["    " + line for line in emit.loop_load(prog)]
    lines += ["    done = False", "    try:", "        while True:", "            TICK()"]
    for k, (n, body) in enumerate(emit.program_code(prog)):
        lines.append(f"            {'if' if k == 0 else 'elif'} pc == {n}:")
        lines += ["                " + line for line in body]
    lines += ["            else:", "                st = 3", "                break", "        done = True",
              "    finally:", "        if not done:", "            ERRORS.append(pc)", "    return st"]
    return emit._PLACEHOLDER.sub("7", "\n".join(lines) + "\n")   # an id (ref_var's placeholders)


def _each_state_its_own(prog):
    """program_states as before decision 0084: no jump followed, no state merged."""
    return {t: t for t in range(len(prog.code) + 1)}, frozenset()


def _run(prog: ir.Program, src: str, seed: int, fresh: bool = False) -> list:
    log, errors = [], []
    prims = _Prims(seed, log)
    ns = {name: prims for name in ("P", *set(emit._TYPED.values()), *map(emit.room_alias, set(emit._TYPED.values())))}
    ns.update(ERRORS=errors, TICK=prims.tick, put_slot=lambda s, k, v: s.__setitem__(k, v),
              _st=lambda v: v,   # the template's status read, uncompiled
              cython=types.SimpleNamespace(cast=lambda t, v: v, NULL=None), _slot=lambda s, i: s[i],
              _item=lambda t, i: t[i], _size=len,   # the unit template's uncompiled helpers
              _items_in=lambda g, f: prims._items(g, f))
    exec(compile(src, "<program>", "exec"), ns)
    f = _Frame(prog.nslots)
    if not fresh:   # a loop's items, were a step entered before its start (programflow.loop_slots refuses it)
        f.slots[5] = ()
    rng = random.Random(seed + 1)
    out = []
    try:
        for _ in range(100):
            f.result = rng.randrange(2)
            try:
                st = ns["run"](None, f, None)
            except _Stop:
                raise
            except Exception as e:   # a primitive's (_Raised), or a loop's step entered unstarted
                out.append((type(e).__name__, errors[-1]))
                break
            out.append((st, f.pc, list(f.slots)))
            if st >= 2:
                break
    except _Stop:
        out.append("stopped")
    return [log, out]


def _random_program(rng: random.Random) -> ir.Program:
    """Straight code, tests and jumps both ways, loops (items, start, step, body, back), tables of
    jumps, suspending operations and fires, terminate, return at the end."""
    code: list = []
    items_slot, index_slot, var_slot = 5, 6, 7

    def op():
        k = rng.random()
        if k < 0.25:
            return ir.Do(ir.PrimCall("zz_op", (ir.Const(len(code)),)), W)
        if k < 0.35:
            return ir.Fire(ir.Ref("timing", 0, "t"), None, W)
        if k < 0.6:
            return ir.Set(rng.randrange(3), ir.PrimCall("zz_val", (ir.Const(len(code)),)), W)
        if k < 0.85:
            return ir.JumpUnless(ir.PrimCall("zz_cond", (ir.Const(len(code)),)), -1, W)
        if k < 0.93:
            return ir.Jump(-1, W)
        if k < 0.97:
            return ir.Choose(ir.Const(0), [-1, -1], W)
        return ir.Terminate(None, W)

    n = rng.randrange(4, 22)
    loop_at = rng.randrange(n) if rng.random() < 0.7 else -1
    for i in range(n):
        if i == loop_at:
            code.append(ir.Set(items_slot, ir.PrimCall("_items", ()), W))
            code.append(ir.Set(index_slot, ir.Const(0), W))
            step = len(code)
            code.append(ir.Next(items_slot, index_slot, var_slot, -1, W))
            for _ in range(rng.randrange(1, 4)):
                code.append(op())
            code.append(ir.Jump(step, W))
            code[step] = ir.Next(items_slot, index_slot, var_slot, len(code), W)
        else:
            code.append(op())
    code.append(ir.Return(W))
    size = len(code)
    for i, ins in enumerate(code):   # the targets: anywhere, the jumps' often onto another jump
        if isinstance(ins, ir.JumpUnless) and ins.target < 0:
            code[i] = ir.JumpUnless(ins.cond, rng.randrange(size), W)
        elif isinstance(ins, ir.Jump) and ins.target < 0:
            code[i] = ir.Jump(rng.choice([rng.randrange(size), min(i + 1, size - 1)]), W)
        elif isinstance(ins, ir.Choose) and ins.targets[0] < 0:
            code[i] = ir.Choose(ins.chooser, [rng.randrange(size), rng.randrange(size)], W)
    return ir.Program(id=0, name="测试", kind="event", params=[], nslots=8, code=code, where=W)


def _resumed_at(run: list, threaded: dict) -> list:
    """A run of the program with every state its own, each suspension's f.pc with a jump there
    followed: where the emitted program's suspensions resume (a jump's state is not entered).
    f.pc 0 is a frame that never suspended (a suspension's next state is at least 1)."""
    log, out = run
    return [log, [(o[0], threaded[o[1]], o[2]) if isinstance(o, tuple) and len(o) == 3 and o[1]
                  else o for o in out]]


def test_a_program_does_what_its_states_each_their_own_did(names, monkeypatch):
    rng = random.Random(84)
    merged_seen = threaded_seen = 0
    for k in range(400):
        prog = _random_program(rng)
        try:
            programflow.loop_slots(prog)
        except ValueError:
            continue
        now = _source(prog)
        threaded, merged = programflow.program_states(prog)
        merged_seen += len(merged)
        threaded_seen += sum(1 for t, u in threaded.items() if t != u)
        with monkeypatch.context() as m:
            m.setattr(emit, "program_states", _each_state_its_own)
            before = _source(prog)
        for seed in range(6):
            assert _run(prog, now, seed) == _resumed_at(_run(prog, before, seed), threaded), \
                (k, seed, now)
    assert merged_seen > 500 and threaded_seen > 100   # the random programs exercise both


def test_states_threaded_and_merged(names):
    J = ir.JumpUnless(ir.PrimCall("zz_cond", ()), 6, W)
    code = [ir.Set(0, ir.Const(1), W),                              # 0: the start
            ir.Set(1, ir.Const(2), W),                              # 1: merged into 0
            J,                                                      # 2: merged into 1
            ir.Do(ir.PrimCall("zz_op", ()), W),                     # 3: merged into 2 (runs on)
            ir.Jump(5, W),                                          # 4: after 3: → 5 → 2
            ir.Jump(2, W),                                          # 5: jumped to (4): → 2
            ir.Set(2, ir.Const(3), W),                              # 6: a jump's target
            ir.Return(W)]                                           # 7: merged into 6
    prog = ir.Program(id=0, name="测试", kind="event", params=[], nslots=3, code=code, where=W)
    threaded, merged = programflow.program_states(prog)
    assert threaded[4] == 2 and threaded[5] == 2 and threaded[2] == 2 and threaded[6] == 6
    assert merged == {1, 3, 7}   # 2: named by the jump at 5 (through 4) and the resumption
    states = dict(emit.program_code(prog))
    # 4, 5: jumps, followed wherever they are named (the resumption after 3 too): no state
    assert sorted(states) == [0, 2, 6]
    # the suspension at 3 resumes at 2 (its next state's jump followed), and runs on there
    assert states[2][5:9] == ["pc = 2", "if st:", "    f.pc = 2", "    break"]
    assert "f.pc = 4" not in "\n".join(states[2])


def _load_always(prog):
    """loop_load before step 167b: the loops' slots read when the frame starts too."""
    items, indices = programflow.loop_slots(prog)
    variables = programflow.loop_vars(prog)[0]   # (read from the items, index: step 247a)
    return [f"{emit.items_local(k)} = s[{k}]" for k in items] + \
        [f"{emit.index_local(k)} = -1 if s[{k}] is None else s[{k}]" for k in indices] + \
        [f"{emit.var_local(v)} = _item({emit.items_local(k)}, {emit.index_local(i)} - 1) "
         f"if {emit.index_local(i)} > 0 else None" for v, (k, i) in sorted(variables.items())]


def test_a_starting_frame_reads_no_loop_slot(names, monkeypatch):
    """Step 167b: a frame starting (pc 0, its slots None) takes its loops' items as None and
    their indices as -1 without reading their slots, a resuming one reads them: the same runs
    (calls, suspensions, slots, errors) as reading them at every start, resumptions inside a
    loop among them."""
    rng = random.Random(167)
    in_loop = 0
    for k in range(300):
        prog = _random_program(rng)
        try:
            items, _ = programflow.loop_slots(prog)
        except ValueError:
            continue
        if not items:
            continue
        now = _source(prog)
        assert "    if pc:   # resuming" in now
        with monkeypatch.context() as m:
            m.setattr(emit, "loop_load", _load_always)
            before = _source(prog)
        for seed in range(6):
            run = _run(prog, now, seed, fresh=True)
            assert run == _run(prog, before, seed, fresh=True), (k, seed, now)
            # a suspension with the loop's index saved: the next run resumes inside the loop
            in_loop += sum(1 for o in run[1][:-1] if isinstance(o, tuple) and len(o) == 3 and o[2][6] is not None)
    assert in_loop > 10


def _items_written_at_start(src: str) -> str:
    """The program's source as before step 167c: a loop's items written to their slot when the
    loop starts, not at each suspension."""
    out = []
    for line in src.split("\n"):
        if re.fullmatch(r"\s*put_slot\(s, \d+, items_\d+\)", line):
            continue
        out.append(line)
        m = re.fullmatch(r"(\s*)items_(\d+) = (?!s\[|None$).*", line)
        if m:
            out.append(f"{m.group(1)}put_slot(s, {m.group(2)}, items_{m.group(2)})")
    return "\n".join(out)


def test_a_loops_items_are_written_at_each_suspension(names):
    """Step 167c: a loop's items written to their slot at each suspension (as its index), where
    they were written when the loop started: at every suspension the same slots, and the same
    runs (calls, resumptions inside loops, errors); at the end (nothing resumes) the items' slot
    aside. Programs without 终止 (the harness resumes a terminated frame, the engine drops it)."""
    rng = random.Random(1670)
    saved = 0
    for k in range(400):
        prog = _random_program(rng)
        try:
            items, _ = programflow.loop_slots(prog)
        except ValueError:
            continue
        if not items or any(isinstance(i, ir.Terminate) for i in prog.code):
            continue
        now = _source(prog)
        before = _items_written_at_start(now)
        assert before != now
        for seed in range(6):
            got, want = _run(prog, now, seed, fresh=True), _run(prog, before, seed, fresh=True)
            for o in (got[1][-1:], want[1][-1:]):
                if o and isinstance(o[0], tuple) and len(o[0]) == 3 and o[0][0] >= 2:
                    o[0][2][5] = "ended"   # the items' slot of a frame that ended
            assert got == want, (k, seed, now)
            saved += sum(1 for o in got[1][:-1] if isinstance(o, tuple) and len(o) == 3 and o[2][6] is not None)
    assert saved > 10


def test_an_items_slot_read_outside_its_step_is_refused():
    """The items' slot is stale while the function runs (167c): a program that reads it
    elsewhere is a compiler bug, refused (loop_slots), as an index's."""
    def prog(extra):
        code = [ir.Set(5, ir.PrimCall("_items", ()), W), ir.Set(6, ir.Const(0), W),
                ir.Next(5, 6, 7, 4, W), ir.Jump(2, W), extra, ir.Return(W)]
        return ir.Program(id=0, name="读项", kind="event", params=[], nslots=8, code=code, where=W)
    assert programflow.loop_slots(prog(ir.Set(1, ir.SlotRef(7, "X"), W))) == ((5,), (6,))
    with pytest.raises(ValueError, match="items slot"):
        programflow.loop_slots(prog(ir.Set(1, ir.SlotRef(5, "X"), W)))
