"""The constant primitives generated code writes as values (compiler.emit, docs/performance.md
step 16): the value the compiler folds from the runtime's sources (primitives.constant_values)
is, for every one, the value the runtime's primitive returns, of the same type — so writing it
in place of the call cannot change a game. Compiled when `sgs build` ran, else pure."""
from compiler import emit
from compiler.primitives import constant_values
from core import prims as P
from core.prims import base as B


def test_every_folded_constant_is_what_the_runtime_returns():
    consts = constant_values()
    # every _const of the rooms folds (a new one that does not stays a P.<name> call: add it here)
    assert len(consts) >= 42
    for name, value in consts.items():
        got = B._PRIMS[name](None, None)
        assert type(got) is type(value) and got == value, name
        assert getattr(P, name)(None, None) == value, name


def test_generated_code_writes_the_value():
    e = emit.expr(emit.ir.PrimCall("weapon_slot", ()))
    assert e == "(4, -1)"
    assert emit.expr(emit.ir.PrimCall("trick", ())) == "'锦囊牌'"
    assert emit.expr(emit.ir.PrimCall("bool_false", ())) == "False"
    # a primitive that is not a constant is still called
    assert emit.expr(emit.ir.PrimCall("is_dead", (emit.ir.Const(1),))).endswith("is_dead(g, f, 1)")


def test_a_name_bound_twice_differently_does_not_fold(tmp_path):
    prims = tmp_path / "prims"
    prims.mkdir()
    (tmp_path / "engine.py").write_text("A = 1\nB = 2\n", encoding="utf-8")
    (prims / "room.py").write_text(
        "B = 3\n_const('a', A, ns=globals())\n_const('b', B, ns=globals())\n"
        "_const('c', (A, -1), ns=globals())\n_const('d', f(A), ns=globals())\n", encoding="utf-8")
    assert constant_values(prims) == {"a": 1, "c": (1, -1)}
