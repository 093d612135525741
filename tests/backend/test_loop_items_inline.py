"""A loop's items in place (docs/performance.md, step 122c): generated code asks
``_items_in(g, f, v)`` (compiler.emit.INLINED), compiled core/prims/loopitems.pxd's inline body —
a tuple answered as it is, anything else flow._items — and uncompiled flow._items itself. The
seeded games' fingerprint holds the compiled units to the pure ones."""
import ast

from compiler import emit
from tests.runtime.seeded_games import ROOT


def test_the_emitter_inlines_the_loops_items():
    assert emit.INLINED["_items"] == "loopitems"
    assert emit.prim_ref("_items") == "_items_in"
    assert "from cython.cimports.core.prims.loopitems import _items_in" in \
        emit.inlined_import("_items")
    assert "from core.prims.flow import _items as _items_in" in emit.inlined_import("_items")


def test_generated_units_ask_the_inline_items():
    asks = 0
    for unit in sorted((ROOT / "generated").glob("*.py")):
        text = unit.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                assert node.func.attr != "_items", (unit.name, ast.unparse(node))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id == "_items_in":
                asks += 1
                assert "import _items_in" in text, unit.name
    assert asks > 20


def test_pure_units_ask_flows_items():
    import cython

    from core.prims import flow
    import generated.identity_flows as U

    if not cython.compiled and U.__file__.endswith(".py"):
        assert U._items_in is flow._items
