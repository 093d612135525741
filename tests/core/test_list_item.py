"""fast.pxd's checked read of a list's item (sgs_list_item, every room's and unit's _list_item):
item i of x when x is a list that has one, else NULL; its index's two bounds one unsigned
compare (step 282a), where gcc kept a test and a branch for i < 0 at each read of an index it
cannot see. The helper's C is compiled here alone (gcc, CPython's headers) and asked through
ctypes at each edge."""
import ctypes
import pathlib
import re
import subprocess
import sysconfig

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PXD = ROOT / "core" / "prims" / "fast.pxd"


def _helper_c() -> str:
    text = PXD.read_text()
    m = re.search(r"static CYTHON_INLINE PyObject \*sgs_list_item\(.*?\n    }\n", text, re.S)
    assert m, "sgs_list_item not found in fast.pxd"
    return m.group(0)


def test_the_index_bounds_are_one_unsigned_compare():
    body = _helper_c()
    assert "(size_t)i >= (size_t)PyList_GET_SIZE(x)" in body
    assert "i < 0" not in body


@pytest.fixture(scope="module")
def probe(tmp_path_factory):
    d = tmp_path_factory.mktemp("listitem")
    src = d / "probe.c"
    src.write_text("#include <Python.h>\n#define CYTHON_INLINE inline\n" + _helper_c() + """
/* 1: item i is want itself; 0: NULL; -1: another object */
long probe(PyObject *x, Py_ssize_t i, PyObject *want) {
    PyObject *v = sgs_list_item(x, i);
    return v == NULL ? 0 : v == want ? 1 : -1;
}
""")
    so = d / "probe.so"
    subprocess.run(["gcc", "-O2", "-shared", "-fPIC", "-I" + sysconfig.get_paths()["include"],
                    str(src), "-o", str(so)], check=True)
    lib = ctypes.PyDLL(str(so))
    lib.probe.argtypes = (ctypes.py_object, ctypes.c_ssize_t, ctypes.py_object)
    lib.probe.restype = ctypes.c_long
    return lib.probe


def test_a_list_answers_its_items_and_nothing_outside_them(probe):
    xs = [object(), object(), object()]
    for i, v in enumerate(xs):
        assert probe(xs, i, v) == 1
    for i in (-1, -2, -3, 3, 4, -(2 ** 62), 2 ** 62):
        assert probe(xs, i, None) == 0, i
    assert probe([], 0, None) == 0
    assert probe([], -1, None) == 0


def test_anything_but_a_list_answers_null(probe):
    class L(list):
        pass

    for x in ((1, 2), L([1, 2]), None, {0: 1}):
        assert probe(x, 0, None) == 0
