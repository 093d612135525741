"""boxing.pxd: a C int boxed as a Python int (every `PyLong_FromLong` / `PyLong_FromSsize_t` of
the compiled modules' C) reads CPython's small-int cache in place for -5..256 and calls the
interpreter for any other value (docs/performance.md step 287).

* the helper's C, compiled here alone (gcc, CPython's headers) and asked through ctypes, gives
  the interpreter's own object for each small int with one count taken, and an equal int for
  every other value (the cache's bounds, the extremes of a C long);
* as built, every compiled module that reads engine.pxd boxes this way: its code refers to the
  interpreter's runtime state the cache lies in (nm), which nothing else of a module refers to
  under 3.11 (without the cimport in engine.pxd, none does)."""
import ctypes
import pathlib
import re
import shutil
import subprocess
import sys
import sysconfig

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PXD = ROOT / "core" / "boxing.pxd"


def _block() -> str:
    text = PXD.read_text(encoding="utf-8")
    m = re.search(r'cdef extern from \*:\n    """\n(.*?)\n    """', text, re.S)
    assert m, "the C block not found in boxing.pxd"
    return m.group(1).replace("\\\\", "\\")


@pytest.fixture(scope="module")
def box(tmp_path_factory):
    d = tmp_path_factory.mktemp("boxing")
    src = d / "probe.c"
    src.write_text("#include <Python.h>\n" + _block() + """
PyObject *box_long(long v) { return PyLong_FromLong(v); }
PyObject *box_ssize(Py_ssize_t v) { return PyLong_FromSsize_t(v); }
int in_place(void) {
#ifdef SGS_BOX_IN_PLACE
    return 1;
#else
    return 0;
#endif
}
""")
    so = d / "probe.so"
    subprocess.run(["gcc", "-O2", "-shared", "-fPIC", "-I" + sysconfig.get_paths()["include"],
                    str(src), "-o", str(so)], check=True)
    lib = ctypes.PyDLL(str(so))
    for name, arg in (("box_long", ctypes.c_long), ("box_ssize", ctypes.c_ssize_t)):
        getattr(lib, name).argtypes = (arg,)
        getattr(lib, name).restype = ctypes.py_object
    return lib


LONG_MAX = 2 ** (8 * ctypes.sizeof(ctypes.c_long) - 1) - 1


@pytest.mark.parametrize("fn", ["box_long", "box_ssize"])
def test_small_ints_are_the_interpreters_own_with_their_count(box, fn):
    assert box.in_place() == 1, "this Python should take the in-place path"
    f = getattr(box, fn)
    for v in range(-5, 257):
        before = sys.getrefcount(v)
        got = [f(v) for _ in range(50)]
        assert all(x is v for x in got), v   # CPython's cached object itself
        assert sys.getrefcount(v) == before + 50, v
        del got
        assert sys.getrefcount(v) == before, v


@pytest.mark.parametrize("fn", ["box_long", "box_ssize"])
def test_every_other_value_is_the_interpreters_int(box, fn):
    f = getattr(box, fn)
    for v in (-6, -7, 257, 258, 1000, 433, -1000, 2 ** 31, -(2 ** 31), LONG_MAX, -LONG_MAX - 1,
              LONG_MAX - 4, -LONG_MAX + 4):
        x = f(v)
        assert type(x) is int and x == v, v


@pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="the runtime's symbol under 3.11")
@pytest.mark.skipif(shutil.which("nm") is None, reason="no nm")
def test_the_compiled_modules_reading_the_engine_box_in_place():
    import core
    if core.uncompiled_reason() is not None:
        pytest.skip("the engine is not compiled")
    seen = []
    for so in sorted(ROOT.glob("core/**/*.so")) + sorted(ROOT.glob("generated/*.so")):
        c = so.parent / (so.name.split(".")[0] + ".c")
        if not c.exists() or "#define SGS_BOX_IN_PLACE" not in c.read_text(errors="replace"):
            continue   # (the RNG, the answers' queries: they read no engine.pxd)
        syms = subprocess.run(["nm", "-D", "--undefined-only", str(so)], capture_output=True,
                              text=True, check=True).stdout.split()
        assert "_PyRuntime" in syms, "%s boxes small ints through the interpreter" % so.name
        seen.append(so.name.split(".")[0])
    assert {"engine", "spares", "flow", "status", "identity_flows", "identity_cards"} <= set(seen)
