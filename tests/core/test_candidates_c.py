"""The C of core.dispatch.candidates makes no test a call's set-up does not need (step 259c):
_held_at's game is not declared `not None` (a test of the game against None at each call), and
the held list's size is read in place (len's test of -1, an error a list's size never is). Read
in the C the last build wrote (none: nothing to read)."""
import os
import re

import pytest

C = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "core", "dispatch.c")


def _body(name):
    with open(C, encoding="utf-8") as fh:
        text = fh.read()
    m = re.search(r"^static \w+ \*?__pyx_f_4core_8dispatch_%s\([^;{]*\{\n(.*?)^\}" % name, text,
                  re.S | re.M)
    assert m is not None, name
    return m.group(1)


@pytest.mark.skipif(not os.path.exists(C), reason="core/dispatch.c not built")
def test_candidates_tests_neither_the_game_against_none_nor_the_lists_size():
    body = _body("candidates")
    assert "__pyx_f_4core_8dispatch__held_at(__pyx_v_g, " in body
    assert "cannot pass None" not in body
    assert "__pyx_v_n = PyList_GET_SIZE(__pyx_v_held);" in body
    assert "__Pyx_PyList_GET_SIZE" not in body
