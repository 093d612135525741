"""A generated unit's program is run by its C function: compiled, ``_Program.__init__`` sets the
core's ``Program.fn_c`` (the unit's prog_* function) and ``ids_c`` (its id table), and the engine's
two calls of a program (``Game.step``, ``run_pushed``) go through ``core/ruleset.pxd``'s
``run_program``, which calls ``fn_c`` directly — where ``run`` was a call through the vtable and a
C switch on the program's index at every run (docs/performance.md, step 122a). The helper frames'
program (core.prims.decisions.HelperProgram) has one too, compiled. A program without one
(``FnProgram``, ``_Dispatch``, every program uncompiled) is run by ``run``; compiled, step runs a
``_Dispatch``'s frame by ``Game._dispatch`` itself, its ``run``'s body (step 225a)."""
import os
import re
import sysconfig

import pytest

import core
from core import ruleset as R

HERE = os.path.dirname(os.path.abspath(__file__))


def _rulesets():
    import generated.identity as M
    import generated.zhanqi as Z
    from core import prims as P

    return [P.new_game(mod, n, seed=1, log_level=0).rs for mod, n in ((M, 5), (Z, 6))]


def test_every_unit_program_has_its_c_function_as_built():
    rulesets = _rulesets()
    units = [p for rs in rulesets for p in rs.progs if type(p).__name__ == "_Program"]
    assert len(units) > 100
    ext = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    compiled = core.compiled() and all(
        __import__(type(p).__module__, fromlist=["_"]).__file__.endswith(ext) for p in units)
    for p in units:
        assert R.has_c_fn(p) is compiled, (type(p).__module__, p.name)
    # the core's own programs have none, run is theirs; but the helper frames' program, whose
    # C function the engine calls compiled (step 185d)
    helpers = [p for rs in rulesets for p in rs.progs if type(p).__name__ == "HelperProgram"]
    assert len(helpers) == len(rulesets)
    assert all(R.has_c_fn(p) is core.compiled() for p in helpers)
    others = [p for rs in rulesets for p in rs.progs
              if type(p).__name__ not in ("_Program", "HelperProgram")]
    assert others and not any(R.has_c_fn(p) for p in others)
    assert not R.has_c_fn(R.FnProgram("x", lambda g, f: 3))


def test_a_unit_program_run_is_its_function():
    """``run`` (what flow._run_term and status call) runs the same C function: a program run by it
    and by the engine gives the same game (the seeded games' fingerprint checks the engine's)."""
    from core import prims as P
    import generated.identity as M

    h = P.new_game(M, 5, seed=3, log_level=0)
    for _ in range(40):
        top = h.stack[-1]
        st = h.rs.progs[top.prog].run(h, top)
        assert st in (0, 1, 2, 3, 4)
        if st == 2:
            break
        if st == 3:
            h._pop(top)
    assert h.stack


def test_the_engine_calls_programs_through_run_program():
    src = open(os.path.join(HERE, "..", "..", "core", "engine.py"), encoding="utf-8").read()
    # (step reads its local list; run_pushed the game's programs borrowed: engine.pxd's prog_at)
    # (step's program read into a borrowed pointer, pp, that its _Dispatch test reads first)
    calls = re.findall(r"st = (\w+)\(\s*cython\.cast\(Program, (?:PyList_GET_ITEM\(|prog_at\(|pp\))",
                       src)
    assert calls == ["run_program", "run_program"]
    # the one program step runs otherwise: a dispatch frame's, exactly _Dispatch without fn_c
    # (Game._dispatch's body, core.dispatch.dispatch_run since step 250a)
    assert src.count("st = dispatch_run(") == 1
    assert re.search(r"fn_c == cython\.NULL and \\\s+type\(cython\.cast\(Program, pp\)\) is _Dispatch:",
                     src)
    assert not re.search(r"\)\)\.run\(self, ", src)
