"""A program call passes one to four arguments as they are, to flow.call1 .. call4, and only
other arities as a tuple to flow.call (compiler.emit.call_code: the unit made, filled and freed
the tuple at each call; docs/performance.md "Step 84"). The generated units, rebuilt from that,
make no argument tuple of one to four items."""
import ast

from compiler import emit
from tests.runtime.seeded_games import ROOT


def test_the_emitter_chooses_the_call_by_arity():
    assert emit.call_code("ids[3]", []) == "Flow.call(g, f, ids[3], ())"
    assert emit.call_code("ids[3]", ["s[0]"]) == "Flow.call1(g, f, ids[3], s[0])"
    assert emit.call_code("ids[3]", ["s[0]", "1"]) == "Flow.call2(g, f, ids[3], s[0], 1)"
    assert emit.call_code("ids[3]", ["a", "b", "(1, -1)"]) == \
        "Flow.call3(g, f, ids[3], a, b, (1, -1))"
    assert emit.call_code("ids[3]", ["a", "b", "c", "d"]) == "Flow.call4(g, f, ids[3], a, b, c, d)"
    assert emit.call_code("ids[3]", ["a", "b", "c", "d", "e"]) == \
        "Flow.call(g, f, ids[3], (a, b, c, d, e, ))"
    # each is a C call through the room (flow.pxd declares them cpdef), not a P.<name> lookup
    for k in emit.CALL_ARITIES:
        assert emit.prim_ref(f"call{k}") == f"Flow.call{k}"
    assert "call1" in emit.CONTROL   # no 原语 may take the name


def test_generated_units_make_no_small_argument_tuple():
    units = sorted((ROOT / "generated").glob("*.py"))
    assert len(units) > 10
    by_arity = {}
    for unit in units:
        for node in ast.walk(ast.parse(unit.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "Flow"):
                continue
            name = node.func.attr
            if name == "call":
                assert isinstance(node.args[3], ast.Tuple), (unit.name, ast.unparse(node))
                k = len(node.args[3].elts)
                assert k not in emit.CALL_ARITIES, (unit.name, ast.unparse(node))
                by_arity[k] = by_arity.get(k, 0) + 1
            elif name.startswith("call") and name[4:].isdigit():
                assert len(node.args) == 3 + int(name[4:]), (unit.name, ast.unparse(node))
                by_arity[int(name[4:])] = by_arity.get(int(name[4:]), 0) + 1
    # the units call programs of every arity the emitter chooses a call for
    # (of four: 11 calls, 置入's among them)
    assert all(by_arity.get(k, 0) > (20 if k < 4 else 5) for k in emit.CALL_ARITIES), by_arity
