"""A loop's variable in a C local (docs/performance.md, step 247a; docs/decisions/0272): a step writes
``var_<slot> = _item(items, idx)`` (compiled, a borrowed pointer into the loop's items tuple, which
its items local holds) where it wrote the slot (put_slot: a reference taken, the old item's
dropped), and the program reads ``cython.cast(object, var_<slot>)`` where it read the slot — only
where programflow.loop_vars proves every read sees the step's item (a must-analysis: valid after a
step into its body, invalid at the start and after a write of its items or index slot), no lambda
reads it (a closure over the slots, which an operation calls while it runs), only its loop's steps
write it and it is no parameter (an event's fields, which others read and write). The slot is
written at each suspension in a valid state, and a resumed frame reads the local back from its
items and index: random programs that read their loop's variable run the same (calls and their
arguments, suspensions, the slots where the variable is valid, errors) with it in its slot."""
from __future__ import annotations

import random

from compiler import emit, ir, programflow
from tests.backend.test_program_states import W, _random_program, _run, _source


def _prog(code, nslots=4, params=()):
    return ir.Program(id=0, name="测试", kind="event", params=list(params), nslots=nslots,
                      code=code, where=W)


def _op(*args):
    return ir.Do(ir.PrimCall("zz_op", tuple(args)), W)


def _loop(body, after=()):
    """循环 甲 取遍 X (items slot 1, index 2, 甲 3): ``body`` (one instruction), then ``after``."""
    return [ir.Set(1, ir.PrimCall("_items", ()), W),   # 0
            ir.Set(2, ir.Const(0), W),                 # 1
            ir.Next(1, 2, 3, 5, W),                    # 2
            body,                                      # 3
            ir.Jump(2, W),                             # 4
            *after, ir.Return(W)]                      # 5 …


A = ir.SlotRef(3, "甲")


def _text(prog):
    return "\n".join(line for _, body in emit.program_code(prog) for line in body)


def test_a_loops_variable_lives_in_a_c_local():
    prog = _prog(_loop(_op(A)))
    kept, valid = programflow.loop_vars(prog)
    assert kept == {3: (1, 2)} and 3 in valid[3] and 3 not in valid[0] and 3 not in valid[2]
    text = _text(prog)
    assert "var_3 = _item(items_1, idx_2)" in text
    # read from the local, the operation's argument too (the items tuple holds it)
    assert "zz_op(g, f, True, cython.cast(object, var_3))" in text and "s[3]" not in text
    # written to its slot only at a suspension inside its body (valid), never at a step
    assert text.count("put_slot(s, 3, ") == text.count("put_slot(s, 3, cython.cast(object, var_3))") >= 1
    assert ", var_3=cython.p_void" in str(emit.program_locals(prog))
    load = [str(line) for line in emit.loop_load(prog)]
    assert load[load.index("if pc:   # resuming: the loops' items and indices from their slots"):] == [
        "if pc:   # resuming: the loops' items and indices from their slots",
        "    items_1 = s[1]", "    idx_2 = -1 if s[2] is None else s[2]",
        "    var_3 = cython.NULL", "    if idx_2 > 0:", "        var_3 = _item(items_1, idx_2 - 1)",
        "else:", "    items_1 = None", "    idx_2 = -1", "    var_3 = cython.NULL"]


def _saves(lines, call):
    """The lines of the suspension after the call whose code holds ``call``."""
    k = next(i for i, line in enumerate(lines) if call in line)
    end = lines.index("    break", k)
    return lines[k:end]


def test_a_suspension_where_the_variable_is_not_valid_does_not_write_it():
    # before the loop and after it (it may have had no item): 甲 not saved; in its body: saved
    prog = _prog([_op(ir.Const(0))] + [_shift(i, 1) for i in _loop(_op(A), after=[_op(ir.Const(1))])])
    kept, valid = programflow.loop_vars(prog)
    assert kept and 3 not in valid[0] and 3 in valid[4] and 3 not in valid[6]
    lines = [line for _, body in emit.program_code(prog) for line in body]
    assert "    put_slot(s, 1, items_1)" in _saves(lines, "zz_op(g, f, True, 0)")
    assert not any("put_slot(s, 3, " in x for x in _saves(lines, "zz_op(g, f, True, 0)"))
    assert not any("put_slot(s, 3, " in x for x in _saves(lines, "zz_op(g, f, True, 1)"))
    assert "    put_slot(s, 3, cython.cast(object, var_3))" in \
        _saves(lines, "zz_op(g, f, True, cython.cast(object, var_3))")


def _shift(ins, k):
    """Instruction ``ins`` with its jump targets moved by k (code inserted before it)."""
    if isinstance(ins, ir.Next):
        return ir.Next(ins.items, ins.index, ins.var, ins.target + k, W)
    if isinstance(ins, ir.Jump):
        return ir.Jump(ins.target + k, W)
    return ins


def test_what_keeps_a_variable_in_its_slot():
    def kept(code, **kw):
        return programflow.loop_vars(_prog(code, **kw))[0]
    assert kept(_loop(_op(A))) == {3: (1, 2)}
    # read in a lambda: an operation may call it while it runs
    assert kept(_loop(_op(A, ir.Lambda(A)))) == {}
    # written by something else than its steps
    assert kept(_loop(_op(A), after=[ir.Set(3, ir.Const(1), W)])) == {}
    # a parameter (an event's field: others read and write it)
    assert kept(_loop(_op(A)), params=[("a", "x")] * 4) == {}
    # read where it may not be the step's item: after its loop (no item), before it
    assert kept(_loop(_op(A), after=[_op(A)])) == {}
    assert kept([_op(A)] + [_shift(i, 1) for i in _loop(_op(ir.Const(0)))]) == {}
    # read after its items were started again (in its body), before their step: the items it
    # points into may be gone
    def restarted(again):
        return [ir.Set(1, ir.PrimCall("_items", ()), W), ir.Set(2, ir.Const(0), W),
                ir.Next(1, 2, 3, 7, W), _op(A), again, _op(A), ir.Jump(2, W), ir.Return(W)]
    assert kept(restarted(_op(ir.Const(0)))) == {3: (1, 2)}
    assert kept(restarted(ir.Set(1, ir.PrimCall("_items", ()), W))) == {}


def _reading(prog: ir.Program, rng: random.Random) -> ir.Program:
    """``prog`` with some of its loop body's operations and tests reading its loop's variable (slot
    7), and now and then one elsewhere (where the variable then stays in its slot)."""
    var = ir.SlotRef(7, "甲")
    steps = [(n, int(i.target)) for n, i in enumerate(prog.code) if isinstance(i, ir.Next)]
    code = []
    for n, ins in enumerate(prog.code):
        p = 0.7 if any(s < n < t for s, t in steps) else 0.03
        if isinstance(ins, ir.Do) and rng.random() < p:
            ins = ir.Do(ir.PrimCall(ins.call.name, (*ins.call.args, var)), W)
        elif isinstance(ins, ir.JumpUnless) and rng.random() < p:
            ins = ir.JumpUnless(ir.PrimCall(ins.cond.name, (*ins.cond.args, var)), ins.target, W)
        code.append(ins)
    return ir.Program(id=0, name=prog.name, kind=prog.kind, params=[], nslots=prog.nslots,
                      code=code, where=W)


def _in_slots(prog):
    """loop_vars as before step 247a: every variable in its slot."""
    return {}, {n: frozenset() for n in range(len(prog.code) + 1)}


def test_a_variable_in_its_local_runs_as_in_its_slot(names, monkeypatch):
    rng = random.Random(247)
    local = resumed = 0
    for k in range(800):
        prog = _reading(_random_program(rng), rng)
        try:
            kept, valid = programflow.loop_vars(prog)
        except ValueError:
            continue
        if not kept or any(isinstance(i, ir.Terminate) for i in prog.code):
            continue
        local += 1
        now = _source(prog)
        assert "var_7 = _item(" in now
        with monkeypatch.context() as m:
            m.setattr(emit, "loop_vars", _in_slots)
            before = _source(prog)
        assert "var_7" not in before
        for seed in range(6):
            got, want = _run(prog, now, seed, fresh=True), _run(prog, before, seed, fresh=True)
            # the calls and their arguments the same; at each suspension the same pc and slots,
            # 甲's where it is valid at the state the frame resumes at (elsewhere nothing reads it)
            assert got[0] == want[0], (k, seed, now)
            assert len(got[1]) == len(want[1]), (k, seed, now)
            for g, w in zip(got[1], want[1]):
                if isinstance(g, tuple) and len(g) == 3 and isinstance(w, tuple) and len(w) == 3:
                    assert g[:2] == w[:2], (k, seed, now)
                    if 7 not in valid[g[1]] and g[0] < 2:
                        g[2][7] = w[2][7] = "dead"
                    if g[0] >= 2:   # ended: nothing resumes it
                        g[2][7] = w[2][7] = "ended"
                    assert g[2] == w[2], (k, seed, now)
                    resumed += g[0] == 1 and 7 in valid[g[1]]
                else:
                    assert g == w, (k, seed, now)
    assert local > 100 and resumed >= 8, (local, resumed)


def _loops_reading(rng: random.Random) -> ir.Program:
    """One or two loops over the same variable (slot 7: items 5, index 6) whose bodies read it in
    each operation (which suspend now and then) and test, operations before and after."""
    var = ir.SlotRef(7, "甲")
    code: list = [ir.Do(ir.PrimCall("zz_op", (ir.Const(k),)), W) for k in range(rng.randrange(3))]
    for _ in range(rng.randrange(1, 3)):
        code += [ir.Set(5, ir.PrimCall("_items", ()), W), ir.Set(6, ir.Const(0), W)]
        step = len(code)
        code.append(None)
        for _ in range(rng.randrange(2, 5)):
            if rng.random() < 0.7:
                code.append(ir.Do(ir.PrimCall("zz_op", (ir.Const(len(code)), var)), W))
            else:   # 若 …: on to the next item unless it holds
                code.append(ir.JumpUnless(ir.PrimCall("zz_cond", (ir.Const(len(code)), var)), step, W))
        code.append(ir.Jump(step, W))
        code[step] = ir.Next(5, 6, 7, len(code), W)
        code.append(ir.Do(ir.PrimCall("zz_op", (ir.Const(len(code)),)), W))
    code.append(ir.Return(W))
    return ir.Program(id=0, name="测试", kind="event", params=[], nslots=8, code=code, where=W)


def test_a_frame_resumed_in_a_loops_body_reads_its_item_back(names, monkeypatch):
    """Suspended inside its body (its local gone with the function's run), the frame resumes with
    the variable read back from its items and index: the operations after the suspension are
    given the same item as with the variable in its slot."""
    rng = random.Random(2470)
    resumed = 0
    for k in range(150):
        prog = _loops_reading(rng)
        kept, valid = programflow.loop_vars(prog)
        assert kept == {7: (5, 6)}, k
        now = _source(prog)
        with monkeypatch.context() as m:
            m.setattr(emit, "loop_vars", _in_slots)
            before = _source(prog)
        for seed in range(4):
            got, want = _run(prog, now, seed, fresh=True), _run(prog, before, seed, fresh=True)
            assert got[0] == want[0], (k, seed, now)
            for g, w in zip(got[1], want[1]):
                if isinstance(g, tuple) and len(g) == 3 and g[0] == 1 and 7 not in valid[g[1]]:
                    g[2][7] = w[2][7] = "dead"
                if isinstance(g, tuple) and len(g) == 3 and g[0] >= 2:
                    g[2][7] = w[2][7] = "ended"
                resumed += isinstance(g, tuple) and len(g) == 3 and g[0] == 1 and 7 in valid[g[1]]
            assert got[1] == want[1], (k, seed, now)
    assert resumed > 50, resumed
