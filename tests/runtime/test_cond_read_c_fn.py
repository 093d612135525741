"""A generated unit's conditions and readings are called by their C functions from the core:
compiled, ``_Condition.__init__`` and ``_Reading.__init__`` set the core's ``fn_c`` (the unit's
cond_*/dcond_*/read_* function, chosen by a C switch on k once) and ``ids_c`` (its id table), and
``Condition.test`` / ``Reading.value`` (core/ruleset.py) call ``fn_c`` — where the unit's own
``test``/``value`` was a C switch on k at each call, compiled at the units' -O0
(docs/performance.md step 128b, docs/decisions/0106). Uncompiled, ``fn_py`` from the unit's
table. The seeded games' fingerprint holds the two paths to the same games."""
import sysconfig

import core
from core import ruleset as R


def _units():
    import generated.identity as M
    import generated.zhanqi as Z
    from core import prims as P
    from core.prims import base as B

    conds, reads = [], []
    for mod, n in ((M, 5), (Z, 6)):
        g = P.new_game(mod, n, seed=1, log_level=0)
        conds += [s.condition for s in g.rs.skills
                  if type(s.condition).__name__ == "_Condition"]
        reads += [m[2] for ms in B._T(g).use_methods.values() for m in ms
                  if type(m[2]).__name__ == "_Reading"]
    return conds, reads


def _as_built(objs):
    ext = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return core.compiled() and all(
        __import__(type(o).__module__, fromlist=["_"]).__file__.endswith(ext) for o in objs)


def test_every_unit_condition_and_reading_has_its_c_function_as_built():
    conds, reads = _units()
    assert len(conds) > 50 and len(reads) >= 4
    compiled = _as_built(conds + reads)
    for c in conds + reads:
        assert R.has_c_fn(c) is compiled, (type(c).__module__, type(c).__name__)
        if not compiled:
            assert callable(c.fn_py)
    # a condition of the core's own (a Python function wrapped) has none: its test is its own
    fc = R.FnCondition(lambda g, owner, ev, t: True)
    assert not R.has_c_fn(fc) and fc.test(None, 0, None, 0) is True
    assert not R.has_c_fn(R.FnReading(lambda g, f: 7))


def test_a_condition_and_a_reading_without_a_function_raise():
    """The core's base classes have no function: test/value refuse, as before."""
    import pytest

    with pytest.raises(NotImplementedError):
        R.Condition().test(None, 0, None, 0)
    with pytest.raises(NotImplementedError):
        R.Reading().value(None, None)


def test_the_units_call_no_condition_or_reading_of_their_own():
    """The unit template defines no ``test``/``value`` of its own (the core's are called)."""
    import os
    import re

    here = os.path.dirname(os.path.abspath(__file__))
    src = open(os.path.join(here, "..", "..", "compiler", "templates", "unit.py.j2"),
               encoding="utf-8").read()
    for cls in ("_Condition", "_Reading"):
        body = src.split("class %s(" % cls, 1)[1].split("\n@cython.final", 1)[0]
        assert not re.search(r"\n    def (test|value)\(", body), cls
        assert "self.fn_c = " in body and "self.fn_py = " in body
