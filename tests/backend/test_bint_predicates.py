"""The rooms' predicates answer a C truth value (docs/performance.md, step 147a;
docs/decisions/0122): a cpdef function of a room whose primitive answers 真假 (its `returns`,
compiler.primitives), and the control tests the units ask (base.executed, base.subject_matches),
is declared ``cpdef bint … except -1`` in its room's .pxd. The emitter reads the declaration
(compiler.emit.typed_returns) and writes the same Python for a bint predicate as for an object
one: Cython tests a bint answer in C where a condition asks it (no __Pyx_PyObject_IsTrue, no
reference dropped) and makes it a Python bool where an object is needed (a slot, an argument),
so the logs and the fingerprint are the same, compiled and pure."""
import re

import pytest

from compiler import emit, ir
from compiler.primitives import registry
from tests.runtime.seeded_games import ROOT

W = "t.sgs:1:1"
CONTROL_TESTS = ("executed", "subject_matches")


def _predicates():
    """{function: (room, C return type)} of the rooms' cpdef functions that answer 真假."""
    reg = registry()
    out = {}
    for room, ctype, name in emit._cpdefs(emit.PRIMS_DIR):
        pr = reg.get(name)
        if (pr is not None and not pr.operation and pr.returns == "真假") or name in CONTROL_TESTS:
            out[name] = (room, ctype)
    return out


def test_the_rooms_predicates_are_declared_bint():
    preds = _predicates()
    assert len(preds) > 50 and {"is_dead", "eq", "lt", "targets_empty"} <= set(preds)
    assert [n for n, (_, ctype) in preds.items() if ctype != "bint"] == []
    # … with the exception value that a bint never answers: no PyErr_Occurred after each call
    for room in sorted({room for room, _ in preds.values()}):
        for line in (emit.PRIMS_DIR / f"{room}.pxd").read_text(encoding="utf-8").splitlines():
            m = re.match(r"cpdef bint (\w+)\(.*\)(.*)$", line)
            if m and m.group(1) in preds:
                assert m.group(2).strip() == "except -1", line


def test_the_emitted_form_is_the_same_for_a_bint_predicate_and_an_object_one():
    returns = emit.typed_returns()
    assert returns["is_dead"] == "bint" and "is_hidden_name" not in returns
    for name, room in (("is_dead", "Roles"), ("zz_pred", "P")):   # declared bint; no room's
        test = ir.PrimCall(name, (ir.SlotRef(0, "甲"),))
        prog = ir.Program(id=0, name="测试", kind="event", params=[], nslots=2, where=W,
                          code=[ir.JumpUnless(test, 2, W), ir.Set(1, test, W), ir.Return(W)])
        lines = [line for _, body in emit.program_code(prog) for line in body]
        # tested as it is (Cython: in C for a bint), stored as it is (Cython: a Python bool)
        call = f"{room}.{name}(g, f, {emit.borrowed_slot(0)})"
        assert lines[0] == f"if not {call}:", lines
        assert f"put_slot(s, 1, {call})" in lines, lines


def boxed_tests(c_text: str, names) -> list:
    """The calls of ``names`` (cpdef functions of core.prims) in a unit's C whose answer the unit
    tests with __Pyx_PyObject_IsTrue (an object answer) instead of in C."""
    out = []
    calls = re.compile(r"(__pyx_t_\d+) = __pyx_f_4core_5prims_\d+\w+?_(%s)\(" % "|".join(names))
    lines = c_text.splitlines()
    for i, line in enumerate(lines):
        m = calls.search(line)
        if m and any(f"__Pyx_PyObject_IsTrue({m.group(1)})" in x for x in lines[i:i + 5]):
            out.append(m.group(2))
    return out


def test_the_built_units_test_the_predicates_in_c():
    flows = ROOT / "generated" / "identity_flows.c"
    if not flows.exists() or flows.stat().st_mtime < (ROOT / "generated" / "identity_flows.py").stat().st_mtime:
        pytest.skip("the flows unit's C is not built")
    names = sorted(_predicates())
    text = flows.read_text(encoding="utf-8")
    assert re.search(r"__pyx_f_4core_5prims_\d+roles_is_dead\(", text)   # asked there
    assert boxed_tests(text, names) == []


def test_boxed_tests_finds_an_object_answer_tested():
    c = ("  __pyx_t_3 = __pyx_f_4core_5prims_5roles_is_dead(__pyx_v_g, __pyx_v_f, __pyx_t_1, 0); "
         "if (unlikely(!__pyx_t_3)) __PYX_ERR(0, 1, __pyx_L1_error)\n"
         "  __Pyx_GOTREF(__pyx_t_3);\n"
         "  __pyx_t_4 = __Pyx_PyObject_IsTrue(__pyx_t_3); if (unlikely((__pyx_t_4 < 0))) __PYX_ERR(0, 1, __pyx_L1_error)\n")
    assert boxed_tests(c, ["is_dead"]) == ["is_dead"]
    bint = ("  __pyx_t_4 = __pyx_f_4core_5prims_5roles_is_dead(__pyx_v_g, __pyx_v_f, __pyx_t_1, 0); "
            "if (unlikely(__pyx_t_4 == ((int)-1))) __PYX_ERR(0, 1, __pyx_L1_error)\n")
    assert boxed_tests(bint, ["is_dead"]) == []
