"""The move flow's asks of a moved card's zone (core/prims/movedkind.pxd: move_origin_kind_is_in,
move_destination_kind_is_in, and the readers they call) are inlined into the flows units that
ask them, though those units are compiled at -O1 (compiler/build.py's FLOWS_OPT), which left each
ask a call (docs/performance.md, step 199a): movedkind.pxd declares Cython's functions again with
gcc's always_inline, by the names Cython writes for them.

Those names are Cython's mangling, which the .pxd spells out: a name Cython does not write would
declare nothing and inline nothing, silently. So each name must be one the units' C defines, and
(as built; skipped when the engine is pure, a unit is not built, or there is no objdump) no
compiled unit holds a function of that name: gcc inlined every call."""
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
UNITS = ("identity_flows", "zhanqi_flows")   # the units that ask them (compiler.emit's INLINED)


def _forced() -> list[str]:
    text = (ROOT / "core" / "prims" / "movedkind.pxd").read_text(encoding="utf-8")
    return re.findall(r"SGS_ASK_INLINED (__pyx_f_\w+)\(", text)


def _c_of(unit: str) -> str | None:
    c = ROOT / "generated" / f"{unit}.c"
    return c.read_text(encoding="utf-8") if c.exists() else None


def test_the_asks_and_their_readers_are_declared_always_inline():
    assert sorted(_forced()) == sorted([
        "__pyx_f_4core_5prims_9movedkind_move_origin_kind_is_in",
        "__pyx_f_4core_5prims_9movedkind_move_destination_kind_is_in",
        "__pyx_f_4core_5prims_9movedzone_origin_kind_in",
        "__pyx_f_4core_5prims_9movedzone_destination_kind_in",
        "__pyx_f_4core_5prims_9movedzone__is_move",
        "__pyx_f_4core_5prims_8zonekind_equip_kind",
        # their forms with the move's test made once (step 213a) and those forms' readers
        "__pyx_f_4core_5prims_9movedkind_move_origin_kind_is_mv",
        "__pyx_f_4core_5prims_9movedkind_move_destination_kind_is_mv",
        "__pyx_f_4core_5prims_9movedzone_origin_kind_of_move",
        "__pyx_f_4core_5prims_9movedzone_destination_kind_of_move",
        # the origin kinds of a loop's items, read once a run (step 286a)
        "__pyx_f_4core_5prims_9movedkind_move_origin_kinds_mv"])


def test_each_name_is_a_function_cython_writes():
    texts = [t for t in map(_c_of, UNITS) if t is not None]
    if not texts:
        pytest.skip("no unit's C (sgs build writes it)")
    for name in _forced():
        # Cython's definition: `static CYTHON_INLINE int <name>(<parameters>) {`
        defined = re.compile(rf"^static CYTHON_INLINE int {name}\([^;]*\) {{$", re.M)
        assert any(defined.search(t) for t in texts), name


@pytest.mark.parametrize("unit", UNITS)
def test_no_compiled_unit_calls_them(unit):
    if os.environ.get("SGS_PURE") or shutil.which("objdump") is None:
        pytest.skip("the engine is pure, or no objdump")
    so = sorted((ROOT / "generated").glob(f"{unit}.*.so"))
    if not so or so[0].stat().st_mtime < (ROOT / "generated" / f"{unit}.py").stat().st_mtime:
        pytest.skip(f"{unit} not built")
    text = _c_of(unit) or ""
    assert "movedkind_move_" in text, unit   # it asks them
    symbols = subprocess.run(["objdump", "-t", str(so[0])], capture_output=True, text=True,
                             check=True).stdout
    for name in _forced():
        assert not re.search(rf"\s{name}$", symbols, re.M), (unit, name)
