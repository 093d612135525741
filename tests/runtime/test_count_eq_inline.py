"""eq(〔牌组〕的张数, n) in place (step 213b): generated code asks ``eq_count_in(g, f, cs, n)`` for a
count of cards compared with a constant int (compiler.emit's FUSED_COUNT, INLINED), compiled
core/prims/cardcount.pxd's inline body — a tuple's length compared with n, anything else
values.eq_count — and uncompiled values.eq_count itself. A probe module asking it as a unit does
(built here, as a unit is) is held to values.eq_count for tuples, lists, Picks' groups and other
values at every tenth decision of a seeded game. Pure and as built."""
import ast
import textwrap

from compiler import emit, ir

from seeded_games import ROOT, probe_runs, probe_watch, run_python

PROBE = textwrap.dedent('''
    from __future__ import annotations  # the Game/Frame annotations are types for Cython only

    import cython
    if cython.compiled:
        from cython.cimports.core.engine import Game, Frame
        from cython.cimports.core.prims.cardcount import eq_count_in
    else:
        from core.prims.values import eq_count as eq_count_in


    def ask(g: Game, f: Frame, cs, n: cython.long):
        return bool(eq_count_in(g, f, cs, n))
''')

WATCH = probe_watch("pkg_count_eq_probe") + r"""
from core.prims import values as V
asks, yes, bad = 0, 0, []
values = [(), (1,), (1, 2, 3), (0, 0), tuple(range(40)), [], [4, 5], (7,) * 3]
for seed, k, g in decisions("identity", (1,), every=10):
    f = g.stack[-1]
    for cs in values + [tuple(g.zone_cards(E.Z_HAND, p)) for p in range(g.n)]:
        for n in (0, 1, 2, 3, 40, (1 << 30) - 1):
            got, want = probe.ask(g, f, cs, n), bool(V.eq_count(g, f, cs, n))
            asks += 1
            yes += want
            if got != want and len(bad) < 5:
                bad.append((seed, k, cs, n, got, want))
print(games, asks, yes)
for x in bad:
    print("DIFFERS", *x)
"""


def test_the_inline_comparison_is_eq_count(tmp_path):
    for pure, folder in probe_runs(tmp_path, "pkg_count_eq_probe", PROBE):
        lines = run_python(WATCH, folder, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert not lines[2:], "\n".join(lines[2:])
        games, asks, yes = map(int, lines[1].split())
        assert games == 1 and asks > 1000 and yes > 100, lines[1]


def test_the_emitter_inlines_the_comparison():
    emit._inlined_used.clear()
    emit._rooms_used.clear()
    got = emit.expr(ir.PrimCall("eq", (ir.PrimCall("count_cards", (ir.SlotRef(3, "牌组"),)),
                                      ir.Const(2))))
    assert got == "eq_count_in(g, f, s[3], 2)"
    assert emit._inlined_used == {"eq_count"} and not emit._rooms_used
    text = emit.inlined_import("eq_count")
    assert "    from cython.cimports.core.prims.cardcount import eq_count_in\n" in text
    assert text.endswith("    from core.prims.values import eq_count as eq_count_in")
    emit._inlined_used.clear()


def test_generated_units_ask_it_in_place():
    asks = 0
    for unit in sorted((ROOT / "generated").glob("*.py")):
        text = unit.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                assert node.func.attr != "eq_count", (unit.name, ast.unparse(node))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id == "eq_count_in":
                asks += 1
                assert "import eq_count_in" in text, unit.name
    assert asks > 10
