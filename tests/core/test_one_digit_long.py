"""smallint.pxd's read of an int of one digit (sgs_one_digit_long: a card's id, a zone's kind or
owner, a seat) in place: 1 and its value for an int of at most one digit, 0 for any other; the
one digit's size tested first (step 282c), the commonest ask, where it came after the zero's.
The helper's C is compiled here alone (gcc, CPython's headers) and asked through ctypes."""
import ctypes
import pathlib
import re
import subprocess
import sys
import sysconfig

import pytest

PXD = pathlib.Path(__file__).resolve().parents[2] / "core" / "prims" / "smallint.pxd"


def _helper_c() -> str:
    m = re.search(r"static CYTHON_INLINE int sgs_one_digit_long\(.*?\n    }\n", PXD.read_text(),
                  re.S)
    assert m, "sgs_one_digit_long not found in smallint.pxd"
    return m.group(0)


def test_the_one_digits_size_is_tested_first():
    body = _helper_c()
    assert body.index("n == 1)") < body.index("n == 0)") < body.index("n == -1)")


@pytest.fixture(scope="module")
def probe(tmp_path_factory):
    d = tmp_path_factory.mktemp("onedigit")
    src = d / "probe.c"
    src.write_text("#include <Python.h>\n#define CYTHON_INLINE inline\n" + _helper_c() + """
/* the helper's answer, and its value in *v when it read one */
int probe(PyObject *o, long *v) { return sgs_one_digit_long(o, v); }
""")
    so = d / "probe.so"
    subprocess.run(["gcc", "-O2", "-shared", "-fPIC", "-I" + sysconfig.get_paths()["include"],
                    str(src), "-o", str(so)], check=True)
    lib = ctypes.PyDLL(str(so))
    lib.probe.argtypes = (ctypes.py_object, ctypes.POINTER(ctypes.c_long))
    lib.probe.restype = ctypes.c_int
    return lib.probe


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="3.12's ints answer 'not read' here")
def test_an_int_of_one_digit_is_read_and_no_other(probe):
    v = ctypes.c_long(-99)
    one = 2 ** sys.int_info.bits_per_digit
    for x in (0, 1, -1, 7, -7, 255, one - 1, -(one - 1), 10 ** 6, 1048576 + 3):
        assert probe(x, ctypes.byref(v)) == 1 and v.value == x, x
    for x in (one, -one, one * 5 + 1, 2 ** 62, -(2 ** 62)):
        v.value = -99
        assert probe(x, ctypes.byref(v)) == 0 and v.value == -99, x
