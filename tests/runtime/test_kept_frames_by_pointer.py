"""Step 266a of docs/performance.md: the release of a finished frame (step 260a, decision 0296)
reads the rooms' kept evaluation frames by pointer. keptframe.pxd's ev_let_go takes the global as
a C pointer, so Cython takes and drops no reference on each global it passes (three in base's
release_kept_frames, two in usable's _release_finished): the global is then the frame's only
holder when its count is 1. As built, each release's C names the globals as void pointers and
never copies one into a temporary it increfs. That the frames still let their event go is
tests/runtime/test_finished_frames_let_go.py's (the six games leave no cycle)."""
import os
import re

import pytest
from seeded_games import room_c

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
RELEASES = (
    ("base", "release_kept_frames", ("_PROBE", "_F0", "_F1")),
    ("usable", "_release_finished", ("_SCAN_F", "_CONV_F")),
)


def _body(c, name):
    m = re.search(r"^static void (__pyx_f_4core_5prims_\w+?_%s)\(PyObject \*__pyx_v_c\) \{$"
                  % name, c, re.M)
    assert m, "no definition of %s" % name
    return c[m.end():c.index("\n}\n", m.end())]


def test_the_keptframe_release_takes_a_pointer():
    with open(os.path.join(ROOT, "core", "prims", "keptframe.pxd"), encoding="utf-8") as f:
        pxd = f.read()
    assert "cdef inline void ev_let_go(void *kept, PyObject *c) noexcept:" in pxd
    assert "_Py_REFCNT(<PyObject *>kept) == 1" in pxd


@pytest.mark.parametrize("room, name, kept", RELEASES)
def test_the_release_passes_the_kept_frames_by_pointer_as_built(room, name, kept):
    body = _body(room_c(room), name)
    for g in kept:
        glob = r"__pyx_v_4core_5prims_\d+%s_%s\b" % (room, g)
        assert re.search(r"\(\(void \*\)%s\)" % glob, body), (room, g)
        assert not re.search(r"__pyx_t_\d+ = \(\(PyObject \*\)%s\);" % glob, body), (room, g)
