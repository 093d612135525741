"""A program's slots passed borrowed to the operations that write none (docs/performance.md,
step 254a; docs/decisions/0286): ``cython.cast(object, _slot(s, i))`` where ``s[i]`` took
a reference the call's end dropped. Sound when the operation writes no frame's slot list (so the
list holds each argument while it runs) and runs no other frame (a skill may rewrite an event's
fields): which operations those are, compiler/corescan.py derives from core/'s source over its
call graph (programflow.borrows_slots); its scan is held here."""
import ast
import textwrap

from compiler import corescan, emit, ir, programflow

W = "t.sgs:1:1"


def test_the_scan_finds_the_writers():
    g = corescan.core_graph()
    # a run, an event's field added to (伤害's damage_plus, a route's length), a frame's list
    # shared by its copy, a child's slots dropped at a pop, a pushed frame's list handed on
    assert {"run_pushed", "step", "damage_plus", "route_length_plus", "frame_copy", "_pop_frame",
            "_new_pushed"} <= g.slot_writers, sorted(g.slot_writers)
    # an operation that pushes an event with its own slots, one that asks (a decision's helper)
    for name in ("run_extra_phase_after", "choose_targets", "use_card"):
        assert corescan.path_to_writer(g.calls, g.slot_writers, name) is not None, name
        assert not programflow.borrows_slots(name), name


def test_what_counts_as_a_write_of_the_slots():
    def writes(src):
        return corescan.writes_slots(ast.parse(src).body[0])
    for src in ("def w(f):\n    sl = f.slots\n    s2 = sl\n    s2[1] = 0",    # through names
                "def w(f):\n    f.slots[0] += 1", "def w(f, c):\n    c.slots = f.slots",
                "def w(f):\n    f.slots.append(1)", "def w(f):\n    put_slot(f.slots, 0, 1)",
                "def w(f):\n    return f.slots", "def w(g, f):\n    child_slots_dropped(f, 0)",
                "def w(g):\n    run_pushed(g)"):
        assert writes(src), src
    for src in ("def r(f):\n    sl = f.slots\n    x = sl[1]\n    h(x, len(sl), sl[0])",
                "def r(f):\n    return f.slots[0]", "def r(g, f):\n    g.log(log_value(f.slots))"):
        assert not writes(src), src


def test_the_borrowing_operations_are_derived_from_the_code():
    ops = corescan.slot_lending_operations()
    # the move flow's (~1,570 calls each in the six games of `sgs bench --what instructions`)
    # and other hot ones the bundled units call with a slot argument
    assert {"move_cards", "set_keep_zone", "sort_targets", "remove_target", "set_hp",
            "vanish_virtual_card", "record_used"} <= ops, sorted(ops)
    g = corescan.core_graph()
    for name in sorted(ops):
        assert name in g.calls, name   # a function core defines
        path = corescan.path_to_writer(g.calls, g.slot_writers, name)
        assert path is None, path


def test_an_operation_is_lent_its_slots_by_what_its_code_calls(tmp_path):
    # a core of one room: an operation that reaches a write over two calls, one that does not,
    # one named by base.alias in a loop (it calls what its function calls)
    (tmp_path / "prims").mkdir()
    (tmp_path / "prims" / "room.py").write_text(textwrap.dedent("""\
        def op_safe(g, f, strict, x):
            _read(f)
        def op_unsafe(g, f, strict, x):
            _via(g, f)
        def _read(f):
            return f.slots[0]
        def _via(g, f):
            _write(f)
        def _write(f):
            f.slots[1] = None
        for _n in ("op_a", "op_b"):
            alias(_n, op_unsafe, globals())
        """), encoding="utf-8")
    g = corescan.scan(tmp_path)
    assert g.slot_writers == {"_write"}
    reach = corescan.reaching(g.calls, g.slot_writers)
    assert "op_safe" not in reach
    assert {"op_unsafe", "_via", "op_a", "op_b"} <= reach
    assert corescan.path_to_writer(g.calls, g.slot_writers, "op_b") == \
        ["op_b", "op_unsafe", "_via", "_write"]


# ---- the emitter -----------------------------------------------------------------------------


def _text(*calls) -> str:
    code = [ir.Do(c, W) for c in calls] + [ir.Return(W)]
    prog = ir.Program(id=0, name="测试", kind="event", params=[], nslots=4, code=code, where=W)
    return "\n".join(str(line) for _, lines in emit.program_code(prog) for line in lines)


def test_a_borrowing_operation_takes_its_slots_borrowed():
    op = sorted(corescan.slot_lending_operations())[0]
    text = _text(ir.PrimCall(op, (ir.SlotRef(0, "甲"), ir.SlotRef(2, "乙"))))
    assert "(g, f, True, cython.cast(object, _slot(s, 0)), cython.cast(object, _slot(s, 2)))" \
        in text, text
    assert "s[0]" not in text and "s[2]" not in text


def test_other_operations_take_references_and_evaluated_arguments_do_not():
    assert not programflow.borrows_slots("choose_targets")
    text = _text(ir.PrimCall("choose_targets", (ir.SlotRef(0, "甲"), ir.SlotRef(2, "乙"))))
    assert "(g, f, True, s[0], s[2])" in text, text
    # an argument evaluated after the slot's read, a value's call: it writes nothing, the slot
    # borrowed all the same (step 282b), the value's own argument as that call's
    op = sorted(corescan.slot_lending_operations())[0]
    text = _text(ir.PrimCall(op, (ir.SlotRef(0, "甲"),
                                  ir.PrimCall("zz_value", (ir.SlotRef(1, "丙"),)))))
    assert "(g, f, True, cython.cast(object, _slot(s, 0)), " in text and "s[0]" not in text, text
    assert "zz_value(g, f, cython.cast(object, _slot(s, 1)))" in text, text
