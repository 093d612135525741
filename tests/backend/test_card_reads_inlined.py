"""The card being resolved's most asked readers in place (docs/performance.md, step 261): generated
code asks ``this_card_in``, ``targets_empty_in``, ``target_list_in``, ``sort_targets_in`` and
``virtual_is_delayed_trick_in`` (compiler.emit.INLINED), compiled core/prims/cardreads.pxd's
inline bodies and uncompiled resolving's functions; a program's slots still go to them borrowed.
cardreads.pxd declares Cython's functions again with gcc's always_inline for the flows units
(compiled at -O1, where each ask stayed a call): each name is one the units' C defines, and (as
built; skipped when the engine is pure, a unit is not built, or there is no objdump) no built
flows unit holds a function of that name. tests/runtime/test_card_reads.py holds their answers
to resolving's."""
import ast
import os
import re
import shutil
import subprocess

import pytest

from compiler import emit, ir
from tests.runtime.seeded_games import ROOT

W = "t.sgs:1:1"
READERS = ("this_card", "targets_empty", "target_list", "sort_targets", "virtual_is_delayed_trick",
           "moved_off_prescribed_zone", "set_keep_zone")   # (the last two: step 264a)
FLOWS = ("identity_flows", "zhanqi_flows")   # the units that ask them most


def _text(*calls) -> str:
    code = [ir.Do(c, W) for c in calls] + [ir.Return(W)]
    prog = ir.Program(id=0, name="测试", kind="event", params=[], nslots=4, code=code, where=W)
    return "\n".join(str(line) for _, lines in emit.program_code(prog) for line in lines)


def test_the_emitter_inlines_the_readers():
    for py in READERS:
        assert emit.INLINED[py] == "cardreads"
        text = emit.inlined_import(py)
        assert f"    from cython.cimports.core.prims.cardreads import {py}_in\n" in text
        assert text.endswith(f"    from core.prims.resolving import {py} as {py}_in")


def test_a_program_asks_them_in_place_its_slots_borrowed():
    emit._rooms_used.clear()
    emit._inlined_used.clear()
    s1 = ir.SlotRef(1, "牌")
    text = _text(ir.PrimCall("sort_targets", (ir.PrimCall("this_card", ()),)),
                 ir.PrimCall("sort_targets", (s1,)),
                 ir.PrimCall("choose_targets", (ir.SlotRef(0, "甲"),
                                                ir.PrimCall("target_list", (s1,)))),
                 ir.PrimCall("choose_targets", (ir.SlotRef(0, "甲"),
                                                ir.PrimCall("targets_empty", (s1,)))),
                 ir.PrimCall("set_keep_zone", (ir.SlotRef(0, "甲"), s1)),
                 ir.PrimCall("choose_targets", (ir.SlotRef(0, "甲"), ir.PrimCall(
                     "moved_off_prescribed_zone", (s1,)))))
    assert "sort_targets_in(g, f, True, this_card_in(g, f))" in text, text
    assert "target_list_in(g, f, cython.cast(object, _slot(s, 1)))" in text, text
    assert "targets_empty_in(g, f, cython.cast(object, _slot(s, 1)))" in text, text
    assert "sort_targets_in(g, f, True, cython.cast(object, _slot(s, 1)))" in text, text
    assert "set_keep_zone_in(g, f, True, cython.cast(object, _slot(s, 0)), " \
        "cython.cast(object, _slot(s, 1)))" in text, text
    assert "moved_off_prescribed_zone_in(g, f, cython.cast(object, _slot(s, 1)))" in text, text
    assert "Resolving.this_card(" not in text and "Resolving.target" not in text
    fused = ir.PrimCall("is_delayed_trick", (ir.PrimCall("virtual_card_of", (s1,)),))
    assert emit.expr(fused) == "virtual_is_delayed_trick_in(g, f, s[1])"
    assert set(READERS) <= emit._inlined_used
    emit._rooms_used.clear()
    emit._inlined_used.clear()


def test_generated_units_ask_the_inline_readers():
    asks = dict.fromkeys(READERS, 0)
    for unit in sorted((ROOT / "generated").glob("*.py")):
        text = unit.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                assert node.func.attr not in READERS, (unit.name, ast.unparse(node))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id.endswith("_in") and node.func.id[:-3] in READERS:
                asks[node.func.id[:-3]] += 1
                assert f"import {node.func.id}" in text, unit.name
    assert min(asks.values()) > 0 and sum(asks.values()) > 100, asks


def _forced() -> list[str]:
    text = (ROOT / "core" / "prims" / "cardreads.pxd").read_text(encoding="utf-8")
    return re.findall(r"SGS_READ_INLINED \w+ \*?(__pyx_f_\w+)\(", text)


def test_the_readers_are_declared_always_inline():
    assert sorted(_forced()) == sorted(
        f"__pyx_f_4core_5prims_9cardreads_{n}" for n in
        ("this_card_in", "_targets_at", "targets_empty_in", "target_list_in", "sort_targets_in",
         "virtual_is_delayed_trick_in", "moved_off_prescribed_zone_in", "set_keep_zone_in"))


def test_each_name_is_a_function_cython_writes():
    texts = [p.read_text(encoding="utf-8") for p in (ROOT / "generated" / f"{u}.c" for u in FLOWS)
             if p.exists()]
    if not texts:
        pytest.skip("no unit's C (sgs build writes it)")
    for name in _forced():
        defined = re.compile(rf"^static CYTHON_INLINE (int|PyObject) \*?{name}\([^;]*\) {{$", re.M)
        assert any(defined.search(t) for t in texts), name


@pytest.mark.parametrize("unit", FLOWS)
def test_no_built_flows_unit_calls_them(unit):
    if os.environ.get("SGS_PURE") or shutil.which("objdump") is None:
        pytest.skip("the engine is pure, or no objdump")
    so = sorted((ROOT / "generated").glob(f"{unit}.*.so"))
    if not so or so[0].stat().st_mtime < (ROOT / "generated" / f"{unit}.py").stat().st_mtime:
        pytest.skip(f"{unit} not built")
    symbols = subprocess.run(["objdump", "-t", str(so[0])], capture_output=True, text=True,
                             check=True).stdout
    for name in _forced():
        assert not re.search(rf"\s{name}$", symbols, re.M), (unit, name)
