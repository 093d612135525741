"""`sgs lsp`: the language server (pygls), wiring the editor's requests to the snapshot.

As the author types, the open files are checked again (after a short pause, in one worker
thread, the newest text winning) and each open file gets its diagnostics: the same codes and
messages as `sgs check`, the hint after the message, ranges in the editor's UTF-16 columns.
On open and on save, the file's rulings (例) run through the rulings runner's public entry
point (compiler.rulings.run_ruling_decls), in the engine generated from the same snapshot, and a
failing ruling is a diagnostic on its line until the file changes.
"""
from __future__ import annotations

import asyncio
import logging
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Optional
from urllib.parse import unquote, urlparse

from lsprotocol import types as T
from pygls.lsp.server import LanguageServer
from pygls.workspace.position_codec import PositionCodec

from .. import __version__
from ..diagnostics import Diagnostic
from .analysis import Analysis, ParseCache, path_of
from .complete import complete, in_ruling
from .fixes import quick_fix
from .hover import hover_markdown
from .navigate import definition, symbols
from .positions import column_of, lsp_block_range, lsp_range

log = logging.getLogger("sgs.lsp")

# seconds of quiet after a keystroke before the files are checked again
DEBOUNCE = 0.25

SEVERITY = {"error": T.DiagnosticSeverity.Error, "warning": T.DiagnosticSeverity.Warning}
ITEM_KINDS = {"timing": T.CompletionItemKind.Event, "term": T.CompletionItemKind.Function,
              "card": T.CompletionItemKind.Constant, "skill": T.CompletionItemKind.Method,
              "mark": T.CompletionItemKind.EnumMember, "general": T.CompletionItemKind.Class,
              "key": T.CompletionItemKind.Keyword}
SYMBOL_KINDS = {"flow": T.SymbolKind.Event, "timing": T.SymbolKind.Field, "label": T.SymbolKind.Key,
                "term": T.SymbolKind.Function, "type": T.SymbolKind.Class, "mark": T.SymbolKind.EnumMember,
                "card": T.SymbolKind.Object, "deck": T.SymbolKind.Array, "general": T.SymbolKind.Class,
                "skill": T.SymbolKind.Method, "mode": T.SymbolKind.Module, "ruling": T.SymbolKind.Namespace}


def uri_path(uri: str) -> Optional[Path]:
    """The resolved path of a .sgs file's file: URI (None for any other scheme or file: an
    editor may start the server for all its plain-text files, docs/editor.md)."""
    u = urlparse(uri)
    if u.scheme != "file" or not u.path.endswith(".sgs"):
        return None
    return Path(unquote(u.path)).resolve()


class SgsServer(LanguageServer):
    def __init__(self):
        super().__init__("sgs", __version__, text_document_sync_kind=T.TextDocumentSyncKind.Incremental)
        self.cache = ParseCache()
        self.analysis: Optional[Analysis] = None
        self.generation = 0
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sgs-check")
        self.pending: Optional[asyncio.Task] = None
        self.building: dict[int, asyncio.Future] = {}  # generation -> its check, while it runs
        self.outcomes: dict[str, list] = {}  # display path -> the last run's rulings (Outcome)
        self.ruling_diags: dict[str, list[Diagnostic]] = {}

    # ------------------------------------------------------------ documents
    def open_files(self) -> dict[Path, str]:
        """Resolved path -> text of every open file: URI document."""
        out = {}
        for doc in self.documents():
            p = uri_path(doc.uri)
            if p is not None:
                out[p] = doc.source
        return out

    def documents(self):
        """The open documents (each with the URI exactly as the client wrote it)."""
        return list(self.workspace.text_documents.values())

    def display(self, uri: str) -> Optional[str]:
        from ..project import display_path

        p = uri_path(uri)
        return display_path(p) if p is not None else None

    def uri_of(self, display: str) -> str:
        for doc in self.documents():
            if self.display(doc.uri) == display:
                return doc.uri
        return path_of(display).resolve().as_uri()

    @property
    def codec(self) -> PositionCodec:
        return self.workspace.position_codec

    # ------------------------------------------------------------ checking
    def changed(self, delay: float):
        """The open files changed: check them again after ``delay`` seconds of quiet."""
        self.generation += 1
        if self.pending is not None and not self.pending.done():
            self.pending.cancel()
        self.pending = asyncio.get_running_loop().create_task(self._refresh(delay))

    async def _refresh(self, delay: float):
        await asyncio.sleep(delay)
        await self.current()

    async def current(self) -> Analysis:
        """The snapshot of the files as they are now (checked now if they changed; a check
        of the same generation already running is awaited, not repeated)."""
        while self.analysis is None or self.analysis.generation != self.generation:
            gen = self.generation
            job = self.building.get(gen)
            if job is None:
                last = self.analysis.fired if self.analysis is not None else None
                job = asyncio.get_running_loop().run_in_executor(
                    self.worker, Analysis.build, gen, self.open_files(), self.cache, last)
                self.building = {gen: job}
            an = await asyncio.shield(job)  # a cancelled caller leaves the check to the others
            if self.analysis is None or an.generation > self.analysis.generation:
                self.analysis = an
                self.publish()
        return self.analysis

    def publish(self):
        an = self.analysis
        for doc in self.documents():
            uri = doc.uri
            display = self.display(uri)
            if display is None:
                continue
            diags = an.diagnostics_of(display) + self.ruling_diags.get(display, [])
            self.text_document_publish_diagnostics(T.PublishDiagnosticsParams(
                uri=uri, diagnostics=[self.lsp_diagnostic(an, d) for d in diags]))

    def lsp_diagnostic(self, an: Analysis, d: Diagnostic) -> T.Diagnostic:
        line_text = an.line_text(d.span.path, d.span.line)
        message = d.message + (f"\nhint: {d.hint}" if d.hint else "") + "".join(f"\nnote: {n}" for n in d.notes)
        data = None
        fix = quick_fix(d, line_text)
        if fix is not None:
            sp = d.span
            from ..source import Span

            rng = lsp_range(Span(sp.path, sp.line, fix.column, sp.line, fix.end_column), lambda n: line_text, self.codec)
            data = {"fix": {"title": fix.title, "text": fix.text, "range": [
                rng.start.line, rng.start.character, rng.end.line, rng.end.character]}}
        return T.Diagnostic(
            range=lsp_range(d.span, lambda n: an.line_text(d.span.path, n), self.codec),
            message=message, severity=SEVERITY.get(d.severity, T.DiagnosticSeverity.Error),
            code=d.code, source="sgs", data=data)

    # ------------------------------------------------------------ rulings
    async def run_rulings(self, uri: str):
        """Run the rulings of one file in the engine of the current snapshot."""
        display = self.display(uri)
        an = await self.current()
        spec = an.file(display) if display else None
        from .. import ast as A

        if spec is None or not any(isinstance(d, A.RulingDecl) for d in spec.decls):
            return
        if an.proj.errors:  # the specs do not check: the errors say why, nothing runs
            return
        try:
            outcomes = await asyncio.get_running_loop().run_in_executor(self.worker, _run_rulings, an, display)
        except RuntimeError as exc:  # no engine to run them in (a stale compiled core): say so
            self.window_show_message(T.ShowMessageParams(T.MessageType.Warning, f"sgs: cannot run the rulings: {exc}"))
            return
        if self.analysis is not an:  # the file changed while they ran: their lines may be stale
            return
        self.outcomes[display] = outcomes
        self.ruling_diags[display] = [o.diagnostic for o in outcomes if o.diagnostic is not None]
        self.publish()


def _run_rulings(an: Analysis, display: str):
    from ..rulings import run_ruling_decls

    return run_ruling_decls(an.proj, paths={display})


server = SgsServer()


@server.feature(T.TEXT_DOCUMENT_DID_OPEN)
async def did_open(ls: SgsServer, params: T.DidOpenTextDocumentParams):
    ls.changed(0)
    await ls.run_rulings(params.text_document.uri)


@server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
async def did_change(ls: SgsServer, params: T.DidChangeTextDocumentParams):
    display = ls.display(params.text_document.uri)
    ls.ruling_diags.pop(display, None)  # their lines may have moved: until the next save
    ls.changed(DEBOUNCE)


@server.feature(T.TEXT_DOCUMENT_DID_SAVE)
async def did_save(ls: SgsServer, params: T.DidSaveTextDocumentParams):
    ls.changed(0)
    await ls.run_rulings(params.text_document.uri)


@server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
async def did_close(ls: SgsServer, params: T.DidCloseTextDocumentParams):
    display = ls.display(params.text_document.uri)
    ls.ruling_diags.pop(display, None)
    ls.outcomes.pop(display, None)
    ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))
    ls.changed(DEBOUNCE)


async def _hit(ls: SgsServer, doc_id, position: T.Position):
    display = ls.display(doc_id.uri)
    if display is None:
        return None, None, None, None
    an = await ls.current()
    text = an.line_text(display, position.line + 1)
    column = column_of(position, text, ls.codec)
    return an, display, column, an.at(display, position.line + 1, column)


@server.feature(T.TEXT_DOCUMENT_HOVER)
async def hover(ls: SgsServer, params: T.HoverParams):
    an, display, column, hit = await _hit(ls, params.text_document, params.position)
    if hit is None:
        return None
    text = hover_markdown(an, hit, display, column, ls.outcomes.get(display, ()))
    if not text:
        return None
    rng = lsp_range(hit.span, lambda n: an.line_text(display, n), ls.codec)
    return T.Hover(contents=T.MarkupContent(kind=T.MarkupKind.Markdown, value=text), range=rng)


@server.feature(T.TEXT_DOCUMENT_DEFINITION)
async def goto_definition(ls: SgsServer, params: T.DefinitionParams):
    an, display, column, hit = await _hit(ls, params.text_document, params.position)
    if hit is None:
        return None
    out = []
    for sp in definition(an, hit, display, column):
        out.append(T.Location(uri=ls.uri_of(sp.path),
                              range=lsp_range(sp, lambda n, p=sp.path: an.line_text(p, n), ls.codec)))
    return out or None


@server.feature(T.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
async def document_symbol(ls: SgsServer, params: T.DocumentSymbolParams):
    display = ls.display(params.text_document.uri)
    if display is None:
        return []
    an = await ls.current()

    def convert(s) -> T.DocumentSymbol:
        lines = lambda n: an.line_text(display, n)  # noqa: E731
        rng = lsp_block_range(s.span, lines, ls.codec)
        sel = lsp_range(s.name_span, lines, ls.codec)
        if (sel.start.line, sel.start.character) < (rng.start.line, rng.start.character) or \
                (sel.end.line, sel.end.character) > (rng.end.line, rng.end.character):
            sel = T.Range(rng.start, rng.start)
        return T.DocumentSymbol(name=s.name, kind=SYMBOL_KINDS[s.kind], range=rng, selection_range=sel,
                                detail=s.detail or None, children=[convert(c) for c in s.children] or None)

    return [convert(s) for s in symbols(an.file(display))]


@server.feature(T.TEXT_DOCUMENT_COMPLETION,
                T.CompletionOptions(trigger_characters=["【", "〖", "「", "，", "▶", "▷", "→"]))
async def completion(ls: SgsServer, params: T.CompletionParams):
    if ls.display(params.text_document.uri) is None:
        return None
    doc = ls.workspace.get_text_document(params.text_document.uri)
    lines = doc.source.split("\n")
    line = lines[params.position.line] if params.position.line < len(lines) else ""
    line = line.rstrip("\r")
    column = column_of(params.position, line, ls.codec)
    before = line[:column - 1]
    an = ls.analysis or await ls.current()  # names only: the last snapshot is good enough
    caps = ls.client_capabilities.text_document
    snippets = bool(caps and caps.completion and caps.completion.completion_item
                    and caps.completion.completion_item.snippet_support)
    items = []
    for k, it in enumerate(complete(an, before, in_ruling(lines, params.position.line), snippets)):
        start = T.Position(params.position.line, ls.codec.client_num_units(before[:len(before) - it.replace]))
        items.append(T.CompletionItem(
            label=it.label, kind=ITEM_KINDS.get(it.kind), detail=it.detail or None,
            documentation=it.documentation or None, sort_text=f"{it.rank:03d}{k:05d}",
            filter_text=it.filter or it.insert,
            insert_text_format=T.InsertTextFormat.Snippet if it.snippet else T.InsertTextFormat.PlainText,
            text_edit=T.TextEdit(range=T.Range(start, params.position), new_text=it.insert)))
    return T.CompletionList(is_incomplete=False, items=items)


@server.feature(T.TEXT_DOCUMENT_CODE_ACTION,
                T.CodeActionOptions(code_action_kinds=[T.CodeActionKind.QuickFix]))
def code_action(ls: SgsServer, params: T.CodeActionParams):
    out = []
    for d in params.context.diagnostics:
        fix = (d.data or {}).get("fix") if isinstance(d.data, dict) else None
        if not fix:
            continue
        a, b, c, e = fix["range"]
        edit = T.TextEdit(range=T.Range(T.Position(a, b), T.Position(c, e)), new_text=fix["text"])
        out.append(T.CodeAction(title=fix["title"], kind=T.CodeActionKind.QuickFix, diagnostics=[d],
                                is_preferred=True,
                                edit=T.WorkspaceEdit(changes={params.text_document.uri: [edit]})))
    return out


def main(argv: Optional[list[str]] = None) -> int:
    """Serve on stdin/stdout. Anything the compiler or the engine prints goes to stderr: stdout
    carries the protocol alone."""
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="sgs lsp: %(message)s")
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr
    server.start_io(stdin, stdout)
    return 0
