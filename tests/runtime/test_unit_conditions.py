"""A unit's conditions (docs/decisions/0020, 0106): compiled, a skill's condition is a C function
the core's ``Condition.test`` calls by its pointer (``fn_c``, which the unit's ``_Condition`` sets
by a C switch on k when made); pure, ``fn_py``, taken from the unit's table ``_CONDS`` when made. Either way a spec error
inside a condition names the condition's spec line, as a program's names its instruction's."""
import importlib
import sys
from pathlib import Path

import pytest

import core
from core import prims as P
from core.ruleset import Condition

from test_prims import deck, make

FIXTURE = Path(__file__).with_name("conds.sgs")
WHERE = "conds.sgs:31:3"   # 〖测试〗你受到伤害后，若来源健康，你可摸1张牌。


def _condition(g, name):
    c = g.rs.skills[g.rs.id_of("skill", name)].condition
    assert isinstance(c, Condition) and type(c).__name__ == "_Condition"
    return c


def _error_in_condition(mod):
    """来源 seat 9 of 2: the condition's 来源的体力值 reads no player (NoSuchRole, base._player)."""
    g = make(mod, [None, "测试者"], deck("黑桃", "黑桃"), {})
    P.run_event(g, "伤害", (9, 1, 1))
    with pytest.raises(P.SpecRuntimeError) as ei:
        g.step()
    return str(ei.value)


def test_pure_condition_runs_from_the_units_table(conds, monkeypatch):
    g = make(conds, [None, "测试者"], deck("黑桃", "黑桃"), {})
    c = _condition(g, "测试")
    unit = sys.modules[type(c).__module__]
    fn = unit._CONDS[c.k]
    assert fn.__name__.startswith("cond_")
    calls = []

    def spy(*args):
        calls.append(args[1:])
        return fn(*args)

    monkeypatch.setattr(unit, "_CONDS", unit._CONDS[:c.k] + (spy,) + unit._CONDS[c.k + 1:])
    # a condition takes its function from the table when made (_Condition.__init__), and test
    # calls it: one made now, in the skill's place
    c2 = type(c)(c.k, c.table)
    assert c2.fn_py is spy and c.fn_py is fn
    monkeypatch.setattr(g.rs.skills[g.rs.id_of("skill", "测试")], "condition", c2)
    P.run_event(g, "伤害", (0, 1, 1))   # 来源 seat 0 is 健康 (4 > 2): 〖测试〗 is offered
    d = g.step()
    assert calls and calls[0][0] == 1   # its owner, seat 1
    assert d.options == [g.rs.id_of("skill", "测试")]


def test_pure_condition_reports_its_spec_line(conds):
    msg = _error_in_condition(conds)
    assert msg.split(": ")[0].endswith(WHERE) and "NoSuchRole" in msg, msg


def test_compiled_condition_is_a_c_call_and_reports_its_spec_line(tmp_path):
    if not core.compiled():
        pytest.skip("a compiled generated unit needs the compiled core (not SGS_PURE=1)")
    from compiler.build import write_package
    from compiler.emit import render_units
    from compiler.lower import Lowerer
    from compiler.project import load_project
    from core.build import build_modules

    proj = load_project([FIXTURE], with_bundled=False)
    units = render_units(Lowerer(proj.checker, "cc", "test").run())
    pkg = "pkg_compiled_conds"
    write_package(units, tmp_path, pkg)
    assert sorted(build_modules(pkg, sorted(units), opt="-O0", root=str(tmp_path))) == sorted(units)
    sys.path.insert(0, str(tmp_path))
    try:
        mod = importlib.import_module(f"{pkg}.cc")
        g = make(mod, [None, "测试者"], deck("黑桃", "黑桃"), {})
        c = _condition(g, "测试")
        unit = importlib.import_module(type(c).__module__)
        assert not unit.__file__.endswith(".py")
        # an extension type of the unit with no table to call from: the C switch calls the C
        # function (which Python cannot see)
        assert not hasattr(unit, "_CONDS") and not hasattr(c, "__dict__")
        assert not [n for n in vars(unit) if n.startswith("cond_")]
        P.run_event(g, "伤害", (0, 1, 1))
        assert g.step().options == [g.rs.id_of("skill", "测试")]
        # Skill.test itself (step 194a: the unit's C function called in its body, in
        # Condition.test's finally clause) answers as the condition's test, here at the
        # dispatch frame's timing and event
        sk, f = g.rs.skills[g.rs.id_of("skill", "测试")], g.stack[-1]
        assert sk.test(g, 1, f.ev, f.a) is True and c.test(g, 1, f.ev, f.a) is True
        msg = _error_in_condition(mod)   # through the dispatch (core.dispatch._test: step 194b)
        # and raises the same spec error, naming the condition's line (来源 seat 9: no player)
        g = make(mod, [None, "测试者"], deck("黑桃", "黑桃"), {})
        P.run_event(g, "伤害", (9, 1, 1))
        with pytest.raises(P.SpecRuntimeError):
            g.step()
        sk, f = g.rs.skills[g.rs.id_of("skill", "测试")], g.stack[-1]
        for call in (sk.test, sk.condition.test):
            with pytest.raises(P.SpecRuntimeError) as ei:
                call(g, 1, f.ev, f.a)
            assert str(ei.value).split(": ")[0].endswith(WHERE), str(ei.value)
    finally:
        sys.path.remove(str(tmp_path))
    assert msg.split(": ")[0].endswith(WHERE) and "NoSuchRole" in msg, msg
