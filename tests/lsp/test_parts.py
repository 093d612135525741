"""The language server's parts on their own: positions, quick fixes, completion, symbols,
what is at a position — over a snapshot of the bundled specs with one new file."""
from pathlib import Path

import pytest
from lsprotocol import types as T
from pygls.workspace.position_codec import PositionCodec

from compiler.diagnostics import Diagnostic
from compiler.lsp.analysis import Analysis, ParseCache
from compiler.lsp.complete import complete, in_ruling, ruling_keys, tail
from compiler.lsp.fixes import quick_fix
from compiler.lsp.navigate import definition, symbols
from compiler.lsp.positions import column_of, lsp_block_range, lsp_range
from compiler.source import Span

UTF16 = PositionCodec(T.PositionEncodingKind.Utf16)
UTF8 = PositionCodec(T.PositionEncodingKind.Utf8)

SPEC = """\
武将 试将 魏 男 4
  〖𠀀试〗你收到伤害后，你摸一张牌。
  〖试二〗出牌阶段限一次，你可弃置一张【杀杀】。
事件 试流程（甲：角色）
  时机 试时机 主体 甲
  执行 伤害害（甲，甲，1，无属性，无起因，假）
"""


@pytest.fixture(scope="module")
def snapshot(tmp_path_factory):
    path = tmp_path_factory.mktemp("lsp") / "试.sgs"
    path.write_text(SPEC, encoding="utf-8")
    an = Analysis.build(1, {path.resolve(): SPEC}, ParseCache())
    return an, an.file and next(f.path for f in an.proj.files if f.path.endswith("试.sgs"))


def test_ranges_count_code_units():
    line = "  〖𠀀试〗你收到伤害后"
    sp = Span("x", 2, 7, 2, 13)
    r = lsp_range(sp, lambda n: line, UTF16)
    assert (r.start.line, r.start.character, r.end.character) == (1, 7, 13)
    r = lsp_range(sp, lambda n: line, UTF8)
    assert (r.start.character, r.end.character) == (2 + 3 + 4 + 3 + 3, 15 + 6 * 3)
    # a span past the end of its line (a ruling line with its line end) stops at the line's end
    r = lsp_range(Span("x", 2, 3, 3, 1), lambda n: line, UTF16)
    assert (r.end.line, r.end.character) == (1, 13)
    # a declaration ending at the start of the next line ends on its own last line
    lines = {1: "事件 甲", 2: "  时机 乙", 3: ""}
    r = lsp_block_range(Span("x", 1, 1, 3, 1), lambda n: lines[n], UTF16)
    assert (r.end.line, r.end.character) == (1, 6)
    # and back: 𠀀 is column 4 (UTF-16 units 3-4); a client column inside its surrogate pair
    # lands after it
    assert column_of(T.Position(1, 7), line, UTF16) == 7
    assert column_of(T.Position(1, 3), line, UTF16) == 4
    assert column_of(T.Position(1, 4), line, UTF16) == 5


def diag(code, hint, line, col, end):
    return Diagnostic(code, "m", Span("x", 1, col, 1, end), hint=hint)


def test_quick_fixes_replace_the_misspelt_part_only():
    line = "  〖试〗你收到伤害后，你可弃置一张【杀杀】。"
    k = line.index("你收到伤害后") + 1
    fix = quick_fix(diag("SGS101", "did you mean 受到伤害后?", 1, k, k + 6), line)
    assert (fix.column, fix.end_column, fix.text) == (k + 1, k + 6, "受到伤害后")
    k = line.index("【杀杀】") + 1
    fix = quick_fix(diag("SGS103", "did you mean 杀?", 1, k, k + 4), line)
    assert (fix.column, fix.end_column, fix.text) == (k + 1, k + 3, "杀")
    line = "  执行 伤害害（甲，甲，1）"
    fix = quick_fix(diag("SGS110", "did you mean 伤害?", 1, 3, len(line) + 1), line)
    assert line[fix.column - 1:fix.end_column - 1] == "伤害害" and fix.text == "伤害"
    # a hint that is not a spelling suggestion has no mechanical fix
    assert quick_fix(diag("SGS102", "closest declared term: 〔甲：角色〕摸〔X：数〕张牌", 1, 3, 5), line) is None


def test_snapshot_diagnostics_are_the_checkers(snapshot):
    an, display = snapshot
    codes = sorted(d.code for d in an.diagnostics_of(display))
    assert codes == ["SGS101", "SGS103", "SGS110"]
    # the same as `sgs check` says of the file
    from compiler.project import load_project
    proj = load_project([Path(an.proj.sources[display].path)])
    assert sorted(d.code for d in proj.diagnostics) == codes


def test_what_is_at_a_position(snapshot):
    an, display = snapshot
    line = SPEC.split("\n")[1]
    hit = an.at(display, 2, line.index("摸") + 1)
    assert hit.kind == "clause" and hit.clause.text == "你摸一张牌"
    m = an.term_at(hit.clause, display, line.index("摸") + 1)
    assert m is not None and m.term.key == "〔甲：角色〕摸〔X：数〕张牌"
    (sp,) = definition(an, hit, display, line.index("摸") + 1)
    assert sp.path == "specs/common/terms/flows.sgs"
    line3 = SPEC.split("\n")[2]
    hit = an.at(display, 3, line3.index("【杀杀】") + 2)
    assert (hit.kind, hit.value) == ("card", "杀杀")
    assert definition(an, hit, display, 1) == []  # no such card
    hit = an.at(display, 5, 6)
    assert (hit.kind, hit.value) == ("timing", "试时机")
    hit = an.at(display, 6, 6)
    assert (hit.kind, hit.value) == ("flow", "伤害害")


def test_completion(snapshot):
    an, _ = snapshot
    items = complete(an, "  〖试〗你受到伤", False)
    assert {i.label for i in items if i.kind == "timing"} == {n for n in an.vocab.timings if n.startswith("受到伤")}
    assert all(i.replace == 3 for i in items)
    items = complete(an, "  〖试〗你可弃置一张【无", False)
    assert {i.label for i in items} == {"无中生有", "无懈可击"} and items[0].insert.endswith("】")
    assert {i.label for i in complete(an, "  〖试〗令其获得〖刚", False)} == {"刚烈"}
    # a term's words after its first slot, its slots by name (or as snippet placeholders)
    items = [i for i in complete(an, "  〖试〗你摸", False) if i.label == "〔甲：角色〕摸〔X：数〕张牌"]
    assert items[0].insert == "摸X张牌"
    items = [i for i in complete(an, "  〖试〗你摸", False, snippets=True) if i.label == "〔甲：角色〕摸〔X：数〕张牌"]
    assert items[0].insert == "摸${1:X}张牌$0" and items[0].snippet
    assert [i.label for i in complete(an, "  座次 A（夏侯", True) if i.kind == "general"] == ["夏侯惇", "夏侯渊"]
    assert {i.label for i in complete(an, "  期", True)} >= {"期望"}
    assert {i.label for i in complete(an, "  ", True) if i.kind == "key"} == set(ruling_keys())
    assert "座次" in ruling_keys() and "期望" in ruling_keys()
    assert tail("  〖试〗你受到伤") == "你受到伤" and tail("你，受") == "受"


def test_in_ruling():
    lines = ["例 甲", "  座次 A", "", "  期", "武将 乙 魏 男 4", "  〖丙〗"]
    assert [in_ruling(lines, k) for k in range(len(lines))] == [False, True, True, True, False, False]


def test_symbols(snapshot):
    an, display = snapshot
    syms = symbols(an.file(display))
    assert [(s.name, s.kind) for s in syms] == [("武将 试将", "general"), ("事件 试流程", "flow")]
    assert [c.name for c in syms[0].children] == ["〖𠀀试〗", "〖试二〗"]
    assert [(c.name, c.detail) for c in syms[1].children] == [("试时机", "主体 甲")]


def test_an_older_editions_own_flow_is_checked_in_its_rulebook():
    """specs/identity_old/flows/回合.sgs belongs to identity_old only (docs/editions.md): the
    editor checks it there, not against the current turn flow (no duplicate 事件 回合)."""
    root = Path(__file__).resolve().parents[2]
    path = (root / "specs" / "identity_old" / "flows" / "回合.sgs").resolve()
    an = Analysis.build(1, {path: path.read_text(encoding="utf-8")}, ParseCache())
    assert an.proj.rulebook.key == "identity_old"
    assert [d for d in an.proj.diagnostics if d.severity == "error"] == []
