"""A loop step's item read as it is (docs/performance.md, step 144a): after its test
``idx < len(items)``, a step writes ``put_slot(s, var, cython.cast(object, _item(items, idx)))`` —
compiled, the unit template's ``_item`` is CPython's PyTuple_GET_ITEM (no bounds or wraparound
test, no reference taken and dropped: put_slot takes its own), uncompiled ``items[idx]``. The
seeded games' fingerprint holds the compiled units to the pure ones."""
import re
import textwrap

from compiler import emit, ir, programflow
from tests.runtime.seeded_games import ROOT

W = "t.sgs:1:1"


def _loop_program() -> ir.Program:
    # 循环 甲 取遍 X: 若 甲 …  (items in slot 1, index in slot 2, the item in slot 3)
    code = [ir.Set(1, ir.PrimCall("_items", ()), W),       # 0: the items
            ir.Set(2, ir.Const(0), W),                     # 1: the index
            ir.Next(1, 2, 3, 5, W),                        # 2: the step
            ir.Do(ir.PrimCall("zz_op", (ir.SlotRef(3, "甲"),)), W),   # 3: the body (suspends)
            ir.Jump(2, W),                                 # 4
            ir.Return(W)]                                  # 5
    return ir.Program(id=0, name="测试", kind="event", params=[], nslots=4, code=code, where=W)


def _lambda_read(prog: ir.Program) -> ir.Program:
    """The program with its body's operation reading 甲 in a lambda too: its variable stays in
    its slot (programflow.loop_vars, step 247a)."""
    body = ir.Do(ir.PrimCall("zz_op", (ir.SlotRef(3, "甲"), ir.Lambda(ir.SlotRef(3, "甲")))), W)
    return ir.Program(id=0, name="测试", kind="event", params=[], nslots=4, where=W,
                      code=[*prog.code[:3], body, *prog.code[4:]])


def test_a_step_writes_its_item_read_as_it_is():
    items, idx = emit.items_local(1), emit.index_local(2)
    # its variable in its slot (put_slot), or in its C local (step 247a): the tuple's item read
    for prog, put in ((_lambda_read(_loop_program()), f"put_slot(s, 3, cython.cast(object, _item({items}, {idx})))"),
                      (_loop_program(), f"{emit.var_local(3)} = _item({items}, {idx})")):
        lines = [line for _, body in emit.program_code(prog) for line in body]
        assert put in [line.strip() for line in lines], lines
        # right after the step's test, which proves 0 <= idx < len(items)
        k = next(i for i, line in enumerate(lines) if line.strip() == put)
        assert f"{idx} >= _size({items})" in lines[k - 3] or f"{idx} < _size({items})" in lines[k - 1]
        assert not any(f"{items}[{idx}]" in line for line in lines), lines


def test_the_units_read_their_loops_items_so():
    steps = 0
    for unit in sorted((ROOT / "generated").glob("*.py")):
        text = unit.read_text(encoding="utf-8")
        assert not re.search(r"\bitems_\d+\[idx_\d+\]", text), unit.name
        steps += len(re.findall(r"(put_slot\(s, \d+, cython\.cast\(object, |var_\d+ = )"
                                r"_item\(items_(\d+), idx_\d+\)", text))
    assert steps > 20


def test_the_template_reads_a_tuples_item_in_place_compiled_and_by_index_pure():
    text = (ROOT / "compiler" / "templates" / "unit.py.j2").read_text(encoding="utf-8")
    compiled, pure = text.split("if cython.compiled:\n    # a C macro", 1)[1].split("\nelse:\n", 1)
    assert "from cython.cimports.cpython.tuple import PyTuple_GET_ITEM as _item" in compiled
    ns = {}
    exec(textwrap.dedent(pure.split("{%", 1)[0]), ns)
    t = ("a", "b", "c")
    assert [ns["_item"](t, i) for i in range(3)] == list(t)


# A step's length read unchecked (step 186b: the template's ``_size``, PyTuple_GET_SIZE compiled)
# is sound only if its items local holds a tuple at every step: programflow.loop_slots refuses a program
# where a step may be reached before its items' start, or an items slot set to anything but
# flow._items' answer.


def _refused(code) -> bool:
    p = ir.Program(id=0, name="测试", kind="event", params=[], nslots=4, code=code, where=W)
    try:
        programflow.loop_slots(p)
    except ValueError:
        return True
    return False


def _jump_then_loop(target: int) -> list:
    return [ir.JumpUnless(ir.PrimCall("zz_cond", ()), target, W),   # 0
            ir.Set(1, ir.PrimCall("_items", ()), W),                # 1: the items
            ir.Set(2, ir.Const(0), W),                              # 2: the index
            ir.Next(1, 2, 3, 6, W),                                 # 3: the step
            ir.Do(ir.PrimCall("zz_op", (ir.SlotRef(3, "甲"),)), W),  # 4: the body (suspends)
            ir.Jump(3, W),                                          # 5
            ir.Return(W)]                                           # 6


def test_a_step_reached_before_its_items_is_refused():
    assert not _refused(_loop_program().code)
    assert not _refused(_jump_then_loop(6))   # over the whole loop
    assert _refused(_jump_then_loop(3))       # over the items' start, to the step
    assert _refused([ir.Next(1, 2, 3, 1, W), ir.Return(W)])   # the step first of all


def test_an_items_slot_set_to_anything_else_is_refused():
    code = list(_loop_program().code)
    code[0] = ir.Set(1, ir.PrimCall("zz_items", ()), W)
    assert _refused(code)


def test_the_units_read_their_steps_length_unchecked_compiled_and_by_len_pure():
    text = (ROOT / "compiler" / "templates" / "unit.py.j2").read_text(encoding="utf-8")
    compiled, pure = text.split("if cython.compiled:\n    # a C macro", 1)[1].split("\nelse:\n", 1)
    assert "from cython.cimports.cpython.tuple import PyTuple_GET_SIZE as _size" in compiled
    ns = {}
    exec(textwrap.dedent(pure.split("{%", 1)[0]), ns)
    assert ns["_size"](("a", "b")) == 2
    flows = (ROOT / "generated" / "identity_flows.py").read_text(encoding="utf-8")
    assert re.search(r"if idx_\d+ >= _size\(items_\d+\):", flows)
    assert not re.search(r"len\(items_\d+\)", flows)
