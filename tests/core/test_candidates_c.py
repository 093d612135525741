"""The C of core.dispatch.candidates makes no test a call's set-up does not need (step 259c):
_held_at's game is not declared `not None` (a test of the game against None at each call), and
the held list's size is read in place (len's test of -1, an error a list's size never is); and
_is_candidate, which it inlines twice, holds no object local (step 259d: the firings' list f.x
read borrowed), whose release each of its exits tested; dispatch_run reads candidates' answer
through its one reference (step 259e: no second local) and the answer Game.ans in place (step
263a: no object local, no reference taken and dropped, no test of -1 as an object). Read in the
C the last build wrote (none: nothing to read)."""
import os
import re

import pytest

C = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "core", "dispatch.c")


def _body(name):
    with open(C, encoding="utf-8") as fh:
        text = fh.read()
    head = r"^static (?:CYTHON_INLINE )?\w+ \*?__pyx_f_4core_8dispatch_%s\(struct[^;{]*\{\n" % name
    m = re.search(head + r"(.*?)^\}", text, re.S | re.M)
    assert m is not None, name
    return m.group(1)


@pytest.mark.skipif(not os.path.exists(C), reason="core/dispatch.c not built")
def test_candidates_tests_neither_the_game_against_none_nor_the_lists_size():
    body = _body("candidates")
    assert "__pyx_f_4core_8dispatch__held_at(__pyx_v_g, " in body
    assert "cannot pass None" not in body
    assert "__pyx_v_n = PyList_GET_SIZE(__pyx_v_held);" in body
    assert "__Pyx_PyList_GET_SIZE" not in body


@pytest.mark.skipif(not os.path.exists(C), reason="core/dispatch.c not built")
def test_is_candidate_releases_no_object_local_at_its_exits():
    body = _body("_is_candidate")
    assert "PyList_GET_ITEM(((PyObject *)__pyx_v_xp), __pyx_v_j)" in body   # the firings' list
    assert not re.search(r"PyObject \*__pyx_v_\w+ = NULL;", body)
    assert not re.search(r"__Pyx_XDECREF\(__pyx_v_", body)


@pytest.mark.skipif(not os.path.exists(C), reason="core/dispatch.c not built")
def test_dispatch_run_reads_the_candidates_through_one_reference():
    body = _body("dispatch_run")
    assert "__pyx_v_nc = PyList_GET_SIZE(__pyx_v_cands);" in body
    assert "PyList_GET_ITEM(__pyx_v_cands, __pyx_v_i)" in body
    assert re.findall(r"^  PyObject \*__pyx_v_\w+ = NULL;", body, re.M) == [
        "  PyObject *__pyx_v_cands = NULL;"]
    assert "= sgs_small_int(((PyObject *)__pyx_v_g->ans));" in body
    assert body.count("__pyx_v_g->ans") == 1   # read once, not into a reference
