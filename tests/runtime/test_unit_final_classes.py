"""A generated unit's ``_Program``, ``_Condition`` and ``_Reading`` are final classes once
compiled (compiler/templates/unit.py.j2's ``@cython.final``): Cython then leaves out the test of
a Python override its cpdef method (``run``, ``test``, ``value``) made at every call — the type's
dict offset and heap-type flags read, ~12 instructions a call at ~10,000 program runs, conditions
and readings a game (docs/performance.md, step 116a). Nothing subclasses them; pure, they are the
plain Python classes the reference runs."""
import sysconfig

import pytest

import core

BASETYPE = 1 << 10   # Py_TPFLAGS_BASETYPE: a final extension type has it cleared


def _units():
    import generated.identity as M
    import generated.zhanqi as Z
    from core import prims as P

    for mod, n in ((M, 5), (Z, 6)):
        P.new_game(mod, n, seed=1, log_level=0)
    import sys
    return [m for name, m in sorted(sys.modules.items())
            if name.startswith("generated.") and hasattr(m, "_Program")]


def test_the_units_classes_are_final_as_built():
    units = _units()
    assert len(units) >= 10
    ext = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    if not core.compiled() or not all(m.__file__.endswith(ext) for m in units):
        pytest.skip("the units are not compiled")
    for m in units:
        for cls in (m._Program, m._Condition, m._Reading):
            assert not cls.__flags__ & BASETYPE, (m.__name__, cls.__name__)
            with pytest.raises(TypeError):
                type("Sub", (cls,), {})


def test_the_units_classes_are_the_cores_subclasses():
    from core.ruleset import Condition, Program, Reading

    for m in _units():
        assert issubclass(m._Program, Program)
        assert issubclass(m._Condition, Condition)
        assert issubclass(m._Reading, Reading)


def test_the_dispatch_program_is_final_as_built():
    """core.ruleset._Dispatch (every dispatch frame's program) is final too (ruleset.pxd), its run
    without the override test; a class the tests subclass (FnProgram) keeps the flag."""
    from core import ruleset as R

    if not core.compiled():
        pytest.skip("the engine is pure")
    assert not R._Dispatch.__flags__ & BASETYPE
    assert R.FnProgram.__flags__ & BASETYPE and R.Program.__flags__ & BASETYPE
