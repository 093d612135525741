"""`sgs lsp` driven as an editor drives it: a client (pytest-lsp) starts the server over
stdio, opens, edits and saves files, and asks for hovers, completions, definitions and fixes.

The files are new specs outside specs/ (checked together with the bundled ones, as
`sgs check PATH` does); what they should see is computed from the bundled specs here.
"""
import asyncio
import os
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
import pytest_asyncio
import pytest_lsp
from lsprotocol import types as T
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from compiler.project import load_project

ROOT = Path(__file__).resolve().parents[2]
# a bound on waiting for the server (a first check imports the compiler; a ruling builds the
# engine), never an assertion about speed
WAIT = int(os.environ.get("SGS_LSP_WAIT", "180"))

CLIENTS = {"vscode": "visual-studio-code", "neovim": "neovim", "emacs": "emacs"}


SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "compiler.lsp"],
                            server_env=dict(os.environ, PYTHONPATH=str(ROOT)))


async def start(lsp_client: LanguageClient, editor: str):
    result = await lsp_client.initialize_session(T.InitializeParams(
        capabilities=client_capabilities(editor),
        workspace_folders=[T.WorkspaceFolder(uri=ROOT.as_uri(), name="sgs")]))
    # the columns' unit the server chose among those the editor offers (UTF-16 by default)
    lsp_client.encoding = result.capabilities.position_encoding or T.PositionEncodingKind.Utf16


@pytest_lsp.fixture(config=SERVER, scope="module")
async def server(lsp_client: LanguageClient):
    """One server for the tests of this module, as VS Code's generic LSP client starts it."""
    await start(lsp_client, CLIENTS["vscode"])
    yield
    await lsp_client.shutdown_session()


@pytest_asyncio.fixture(loop_scope="module")
async def client(server: LanguageClient):
    """The shared server; the files a test opens are closed after it."""
    opened.clear()
    yield server
    for uri in list(opened):
        server.text_document_did_close(T.DidCloseTextDocumentParams(T.TextDocumentIdentifier(uri)))
    opened.clear()


opened: list[str] = []


@pytest_lsp.fixture(config=SERVER, params=list(CLIENTS))
async def each_editor(lsp_client: LanguageClient, request):
    """The server, as each editor of docs/editor.md starts it (their recorded capabilities)."""
    await start(lsp_client, CLIENTS[request.param])
    yield
    await lsp_client.shutdown_session()


@pytest.fixture(scope="module")
def bundled():
    return load_project()


def units(text: str, encoding=T.PositionEncodingKind.Utf16) -> int:
    """The length of ``text`` in an LSP position encoding's code units."""
    if encoding == T.PositionEncodingKind.Utf8:
        return len(text.encode("utf-8"))
    if encoding == T.PositionEncodingKind.Utf32:
        return len(text)
    return len(text.encode("utf-16-le")) // 2


async def wait_for(client: LanguageClient, uri: str, ok, what: str):
    """The diagnostics of ``uri`` once ``ok(diagnostics)`` holds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + WAIT
    while loop.time() < end:
        diags = client.diagnostics.get(uri)
        if diags is not None and ok(diags):
            return diags
        await asyncio.sleep(0.05)
    raise AssertionError(f"no {what} for {uri}: {client.diagnostics.get(uri)}")


def open_file(client: LanguageClient, path: Path, text: str, version: int = 1) -> str:
    path.write_text(text, encoding="utf-8")
    uri = path.as_uri()
    opened.append(uri)
    client.text_document_did_open(T.DidOpenTextDocumentParams(
        T.TextDocumentItem(uri=uri, language_id="sgs", version=version, text=text)))
    return uri


def change(client: LanguageClient, uri: str, text: str, version: int):
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        T.VersionedTextDocumentIdentifier(uri=uri, version=version),
        [T.TextDocumentContentChangeWholeDocument(text=text)]))


# a skill whose timing is misspelt, after an astral-plane character (two UTF-16 units)
TYPO = "武将 试将 魏 男 4\n  〖𠀀试〗你收到伤害后，你摸一张牌。\n"
GOOD = "武将 试将 魏 男 4\n  〖𠀀试〗你受到伤害后，你摸一张牌。\n"


@pytest.mark.asyncio(loop_scope="function")
async def test_misspelt_timing_has_the_suggestion_and_a_quick_fix(each_editor: LanguageClient, tmp_path):
    client = each_editor
    uri = open_file(client, tmp_path / "试.sgs", TYPO)
    diags = await wait_for(client, uri, lambda ds: any(d.code == "SGS101" for d in ds), "SGS101")
    d = next(d for d in diags if d.code == "SGS101")
    assert "did you mean 受到伤害后?" in d.message and d.source == "sgs"
    assert d.severity == T.DiagnosticSeverity.Error
    line = TYPO.split("\n")[1]
    start = line.index("你收到伤害后")
    enc = client.encoding

    def at(k):
        return units(line[:k], enc)
    # columns in the negotiated unit: 𠀀 counts two in UTF-16, four in UTF-8, a CJK character three
    assert (d.range.start.line, d.range.start.character) == (1, at(start))
    assert d.range.end.character == at(start + len("你收到伤害后"))
    assert at(start) == {"utf-16": start + 1, "utf-8": 2 + 3 * 3 + 4, "utf-32": start}[enc]

    actions = await client.text_document_code_action_async(T.CodeActionParams(
        T.TextDocumentIdentifier(uri), d.range, T.CodeActionContext(diagnostics=[d])))
    fix = next(a for a in actions if a.kind == T.CodeActionKind.QuickFix)
    (edit,) = fix.edit.changes[uri]
    assert edit.new_text == "受到伤害后"
    assert (edit.range.start.character, edit.range.end.character) == \
        (at(start + 1), at(start + len("你收到伤害后")))
    # the fix applied: the file checks clean
    fixed = line[:start + 1] + edit.new_text + line[start + len("你收到伤害后"):]
    assert fixed == GOOD.split("\n")[1]
    change(client, uri, GOOD, 2)
    await wait_for(client, uri, lambda ds: not ds, "clean diagnostics after the fix")


@pytest.mark.asyncio(loop_scope="module")
async def test_hover_a_timing_shows_its_flow(client: LanguageClient, tmp_path, bundled):
    uri = open_file(client, tmp_path / "试.sgs", GOOD)
    await wait_for(client, uri, lambda ds: True, "diagnostics")
    line = GOOD.split("\n")[1]
    at = units(line[:line.index("受到伤害后") + 2])
    h = await client.text_document_hover_async(T.HoverParams(T.TextDocumentIdentifier(uri), T.Position(1, at)))
    text = h.contents.value
    timings = [n for _, st in bundled.checker.vocab.timings["受到伤害后"] for n in [st.name]]
    assert timings == ["受到伤害后"]
    assert "事件 伤害" in text and "**时机 受到伤害后**" in text
    # its position in the flow and what fires there (from the generals' specs)
    assert "主体 受到伤害的角色" in text and "〖刚烈〗(夏侯惇)" in text and "〖反馈〗(司马懿)" in text
    # the flow's own line: hovering the timing where the flow declares it says the same
    flow = ROOT / "specs/identity/flows/伤害.sgs"
    lines = flow.read_text(encoding="utf-8").split("\n")
    k = next(i for i, l in enumerate(lines) if l.strip().startswith("时机 受到伤害后"))
    furi = flow.as_uri()
    opened.append(furi)
    client.text_document_did_open(T.DidOpenTextDocumentParams(
        T.TextDocumentItem(uri=furi, language_id="sgs", version=1, text="\n".join(lines))))
    col = units(lines[k][:lines[k].index("受到伤害后") + 1])
    h2 = await client.text_document_hover_async(T.HoverParams(T.TextDocumentIdentifier(furi), T.Position(k, col)))
    assert "**时机 受到伤害后** · 事件 伤害" in h2.contents.value


@pytest.mark.asyncio(loop_scope="module")
async def test_complete_the_start_of_a_timing(client: LanguageClient, tmp_path, bundled):
    text = "武将 试将 魏 男 4\n  〖𠀀试〗你受到伤\n"
    uri = open_file(client, tmp_path / "试.sgs", text)
    line = text.split("\n")[1]
    got = await client.text_document_completion_async(T.CompletionParams(
        T.TextDocumentIdentifier(uri), T.Position(1, units(line))))
    items = got.items if isinstance(got, T.CompletionList) else got
    timings = {i.label for i in items if i.kind == T.CompletionItemKind.Event}
    want = {n for n in bundled.checker.vocab.timings if n.startswith("受到伤")}
    assert timings == want and {"受到伤害时❶", "受到伤害时❷", "受到伤害时❸", "受到伤害后"} <= want
    item = next(i for i in items if i.label == "受到伤害时❷")
    # it replaces what was typed of it (受到伤), not the subject 你
    assert item.text_edit.range.start.character == units(line[:line.index("受到伤")])
    assert item.text_edit.new_text == "受到伤害时❷" and "事件 伤害" in item.detail


@pytest.mark.asyncio(loop_scope="module")
async def test_complete_names_in_brackets_and_ruling_keys(client: LanguageClient, tmp_path, bundled):
    text = "武将 试将 魏 男 4\n  〖试〗出牌阶段限一次，你可弃置一张【无\n例 试\n  期\n"
    uri = open_file(client, tmp_path / "试.sgs", text)
    lines = text.split("\n")
    got = await client.text_document_completion_async(T.CompletionParams(
        T.TextDocumentIdentifier(uri), T.Position(1, units(lines[1]))))
    labels = {i.label for i in got.items}
    assert labels == {n for n in bundled.checker.sym.cards if n.startswith("无")}
    assert all(i.text_edit.new_text.endswith("】") for i in got.items)
    got = await client.text_document_completion_async(T.CompletionParams(
        T.TextDocumentIdentifier(uri), T.Position(3, units(lines[3]))))
    assert {i.label for i in got.items if i.kind == T.CompletionItemKind.Keyword} == {"期望"}


@pytest.mark.asyncio(loop_scope="module")
async def test_definition_of_a_timing_a_card_and_a_term(client: LanguageClient, tmp_path):
    text = "武将 试将 魏 男 4\n  〖试〗你受到伤害后，你可以获得【杀】。\n  〖试二〗你受到伤害后，你摸一张牌。\n"
    uri = open_file(client, tmp_path / "试.sgs", text)
    await wait_for(client, uri, lambda ds: True, "diagnostics")
    lines = text.split("\n")

    async def where(line, word, offset=1):
        col = units(lines[line][:lines[line].index(word) + offset])
        locs = await client.text_document_definition_async(T.DefinitionParams(
            T.TextDocumentIdentifier(uri), T.Position(line, col)))
        (loc,) = locs
        target = Path(unquote(urlparse(loc.uri).path))
        return target.name, target.read_text(encoding="utf-8").split("\n")[loc.range.start.line], loc

    name, line, _ = await where(1, "受到伤害后")
    assert name == "伤害.sgs" and line.strip().startswith("时机 受到伤害后")
    name, line, _ = await where(1, "【杀】")
    assert name == "标准版.sgs" and line.startswith("卡牌 【杀】")
    name, line, loc = await where(2, "摸一张牌")
    assert line.startswith("用语 ") and "摸" in line and "张牌" in line


@pytest.mark.asyncio(loop_scope="module")
async def test_hover_a_term_a_card_and_a_skill(client: LanguageClient, tmp_path):
    uri = open_file(client, tmp_path / "试.sgs", GOOD)
    await wait_for(client, uri, lambda ds: not ds, "clean diagnostics")
    line = GOOD.split("\n")[1]

    async def hover(word, offset=1):
        col = units(line[:line.index(word) + offset])
        h = await client.text_document_hover_async(T.HoverParams(T.TextDocumentIdentifier(uri), T.Position(1, col)))
        return h.contents.value

    term = await hover("摸一张牌")
    assert "**用语** `〔甲：角色〕摸〔X：数〕张牌`" in term and "Defined by:" in term
    assert "reads as `〔甲：角色〕摸〔X：数〕张牌（甲=你，X=一）`" in term
    assert "Role: an effect: must be fully executable (strict)" in term
    skill = await hover("𠀀试")
    assert "〖𠀀试〗" in skill and "你受到伤害后" in skill
    # a card: its text; a term bound to a primitive: its 原语
    terms = ROOT / "specs/common/terms/primitives.sgs"
    lines = terms.read_text(encoding="utf-8").split("\n")
    k = lines.index("用语 此事件 为 事件 原语 this_event")
    turi = terms.as_uri()
    opened.append(turi)
    client.text_document_did_open(T.DidOpenTextDocumentParams(
        T.TextDocumentItem(uri=turi, language_id="sgs", version=1, text="\n".join(lines))))
    h = await client.text_document_hover_async(T.HoverParams(T.TextDocumentIdentifier(turi), T.Position(k, 4)))
    assert "**用语** `此事件` — 为 事件" in h.contents.value and "原语 `this_event`" in h.contents.value
    text = "武将 试将 魏 男 4\n  〖试〗出牌阶段限一次，你可弃置一张【闪】。\n"
    change(client, uri, text, 2)
    col = text.split("\n")[1].index("【闪】") + 1  # no astral character on this line
    h = await client.text_document_hover_async(T.HoverParams(T.TextDocumentIdentifier(uri), T.Position(1, col)))
    assert "**【闪】** 基本" in h.contents.value and "卡牌 【闪】" in h.contents.value


@pytest.mark.asyncio(loop_scope="module")
async def test_document_symbols(client: LanguageClient, tmp_path):
    text = GOOD + "例 试：一例\n  座次 A（试将），B（白板）\n"
    uri = open_file(client, tmp_path / "试.sgs", text)
    syms = await client.text_document_document_symbol_async(T.DocumentSymbolParams(T.TextDocumentIdentifier(uri)))
    assert [s.name for s in syms] == ["武将 试将", "例 试：一例"]
    assert [c.name for c in syms[0].children] == ["〖𠀀试〗"]
    assert syms[0].kind == T.SymbolKind.Class


RULING = """\
例 试：伤害扣减体力
  座次 A（白板），B（白板）
  当前 A 出牌阶段
  A对B造成1点伤害。
  期望 B的体力为{hp}
"""


@pytest.mark.asyncio(loop_scope="module")
async def test_saving_a_failing_ruling_marks_its_line(client: LanguageClient, tmp_path):
    path = tmp_path / "例.sgs"
    uri = open_file(client, path, RULING.format(hp=3))
    # opened: the ruling runs and passes; hovering its line says how it reads
    await wait_for(client, uri, lambda ds: not ds, "clean diagnostics")
    for _ in range(WAIT * 20):
        h = await client.text_document_hover_async(T.HoverParams(T.TextDocumentIdentifier(uri), T.Position(3, 3)))
        if h is not None and "Last run" in h.contents.value:
            break
        await asyncio.sleep(0.05)
    assert "reads as an event" in h.contents.value and "Last run: passed" in h.contents.value
    # edited to expect what does not happen, and saved
    bad = RULING.format(hp=4)
    change(client, uri, bad, 2)
    path.write_text(bad, encoding="utf-8")
    client.text_document_did_save(T.DidSaveTextDocumentParams(T.TextDocumentIdentifier(uri)))
    diags = await wait_for(client, uri, lambda ds: any(d.code.startswith("SGS5") for d in ds), "a failed ruling")
    (d,) = [d for d in diags if d.code.startswith("SGS5")]
    assert d.code == "SGS503" and d.range.start.line == 4
    assert "B的体力为4" in d.message or "体力" in d.message
