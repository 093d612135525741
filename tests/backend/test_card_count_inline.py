"""〔牌组〕的张数 in place (docs/performance.md, step 133b): generated code asks
``count_cards_in(g, f, cs)`` (compiler.emit.INLINED), compiled core/prims/cardcount.pxd's inline
body — a tuple answered by its length, anything else cards.count_cards — and uncompiled
cards.count_cards itself. The seeded games' fingerprint holds the compiled units to the pure
ones; tests/runtime/test_values_eq.py holds count_cards of a tuple to its length (eq_count)."""
import ast

from compiler import emit
from tests.runtime.seeded_games import ROOT


def test_the_emitter_inlines_the_count_of_cards():
    assert emit.INLINED["count_cards"] == "cardcount"
    assert emit.prim_ref("count_cards") == "count_cards_in"
    assert "from cython.cimports.core.prims.cardcount import count_cards_in" in \
        emit.inlined_import("count_cards")
    assert "from core.prims.cards import count_cards as count_cards_in" in \
        emit.inlined_import("count_cards")


def test_generated_units_ask_the_inline_count():
    asks = 0
    for unit in sorted((ROOT / "generated").glob("*.py")):
        text = unit.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                assert node.func.attr != "count_cards", (unit.name, ast.unparse(node))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id == "count_cards_in":
                asks += 1
                assert "import count_cards_in" in text, unit.name
    assert asks > 20


def test_the_inline_count_is_count_cards_of_a_tuple():
    # cardcount.pxd answers a tuple by its length: what count_cards answers (its _cards gives a
    # tuple as itself), for the tuples a slot of cards holds
    from core.prims import cards as Cards

    for cs in [(), (3,), (1, 2, 3), (0, 0), tuple(range(40))]:
        assert Cards.count_cards(None, None, cs) == len(cs)


def test_pure_units_ask_cards_count():
    import cython

    from core.prims import cards
    import generated.identity_flows as U

    if not cython.compiled and U.__file__.endswith(".py"):
        assert U.count_cards_in is cards.count_cards
