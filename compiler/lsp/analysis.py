"""One checked snapshot of the specs as the editor holds them, and what is at a position.

The snapshot is made by the same front end and checker as `sgs check` (compiler.project
.load_project): the bundled specs, with the editor's open buffers read instead of the disk
and any open file outside specs/ checked together with them, as `sgs check PATH` does. Files
are parsed once per distinct text (ParseCache) and unpickled fresh for every check, since the
checker annotates the AST in place. When the specs check without errors they are lowered too,
for the skills and cards that fire at each timing (reports.attached); otherwise the last
table that could be made is kept.
"""
from __future__ import annotations

import hashlib
import pickle
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional

from .. import ast as A
from ..checker import iter_clauses, walk_stmts
from ..frontend import parse_buffer, parse_file
from ..phrases import IMPLIED, Match
from ..project import REPO, Project, display_path, load_project
from ..source import Span


def rulebook_of(paths):
    """The rulebook the open files are checked in: the default one when it holds them (or they
    are outside every rulebook), else the one that does (an older edition's own flows,
    specs/identity_old/, are checked in identity_old)."""
    from .. import rulebooks

    if not paths:
        return rulebooks.DEFAULT
    books = rulebooks.of_paths([Path(p) for p in paths])
    return rulebooks.DEFAULT if rulebooks.DEFAULT in books else books[0]


class ParseCache:
    """(display path, text) -> the parse, pickled: one entry per file, the latest text."""

    def __init__(self):
        self._store: dict[str, tuple[bytes, bytes]] = {}

    def __call__(self, path: Path, shown: str, text: Optional[str]):
        if text is None:
            try:
                key = hashlib.sha1(path.read_bytes()).digest() + b"disk"
            except OSError:
                return parse_file(path, shown)
        else:
            key = hashlib.sha1(text.encode("utf-8", "surrogatepass")).digest() + b"buffer"
        hit = self._store.get(shown)
        if hit is None or hit[0] != key:
            result = parse_file(path, shown) if text is None else parse_buffer(text, shown)
            hit = self._store[shown] = (key, pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
        return pickle.loads(hit[1])


def path_of(display: str) -> Path:
    """A display path (relative to the repository, or absolute) as a file path."""
    p = Path(display)
    return p if p.is_absolute() else REPO / p


@dataclass
class Hit:
    """What is at a position: kind is timing | clause | term | card | skill | general | flow |
    mark | ruling; ``value`` the node or name; ``span`` the region."""

    kind: str
    value: object
    span: Span
    clause: Optional[A.Clause] = None
    ruling: Optional[A.RulingDecl] = None


@dataclass
class Analysis:
    generation: int
    proj: Project
    fired: dict = field(default_factory=dict)  # timing name -> (skills, cards), reports.attached
    lowered: bool = False  # fired comes from this snapshot (not an earlier one)

    # ------------------------------------------------------------ making one
    @classmethod
    def build(cls, generation: int, buffers: dict[Path, str], cache: ParseCache,
              last_fired: Optional[dict] = None) -> "Analysis":
        """Check the bundled specs with the open buffers (resolved path -> text); the
        diagnostics are those of the open files."""
        paths = sorted(buffers) or None
        proj = load_project(paths, texts=buffers, parse=cache, rulebook=rulebook_of(paths))
        out = cls(generation, proj, dict(last_fired or {}))
        if not any(d.severity == "error" for d in proj.diagnostics) and proj.checker is not None:
            out.lower()
        return out

    def lower(self):
        from ..lower import Lowerer, spec_hash
        from ..reports import attached

        try:
            sources = {path: src.text for path, src in self.proj.sources.items()}
            module = Lowerer(self.proj.checker, "identity", spec_hash(sources)).run()
        except Exception:  # an error an open file hides (only open files are reported): keep the last table
            return
        self.proj.module = module
        self.fired = attached(module)
        self.lowered = True

    # ------------------------------------------------------------ tables
    @property
    def sym(self):
        return self.proj.checker.sym

    @property
    def vocab(self):
        return self.proj.checker.vocab

    def diagnostics_of(self, display: str):
        return [d for d in self.proj.diagnostics if d.span.path == display]

    def file(self, display: str) -> Optional[A.SpecFile]:
        return next((f for f in self.proj.files if f.path == display), None)

    def line_text(self, display: str, line: int) -> str:
        src = self.proj.sources.get(display)
        return src.line_text(line) if src is not None else ""

    def timing_places(self, name: str) -> list[tuple[A.EventDecl, A.TimingStmt, int, list[str]]]:
        """Where a timing is declared: (flow, its 时机 line, its position from 1, the flow's
        timings in order)."""
        out = []
        for ev_name, st in self.vocab.timings.get(name, []):
            ev = self.sym.events.get(ev_name)
            if ev is None:
                continue
            names = [s.name for s in walk_stmts(ev.body) if isinstance(s, A.TimingStmt)]
            out.append((ev, st, names.index(st.name) + 1, names))
        return out

    def timing_of_clause(self, cl: A.Clause) -> Optional[str]:
        """The timing a timing clause names (你受到伤害后 -> 受到伤害后; a 时机 term -> the
        timing its body names)."""
        m = cl.match
        if not isinstance(m, Match):
            return None
        if m.kind == "timing":
            return m.text
        if m.term is not None and m.term.type == "时机" and isinstance(m.term.decl, A.TermDecl):
            body = m.term.decl.body
            if body and isinstance(body[0], A.TimingStmt):
                return body[0].name
        return None

    # ------------------------------------------------------------ what is at a position
    def at(self, display: str, line: int, column: int) -> Optional[Hit]:
        """The innermost thing at 1-based (line, column) of a file; a position just after a
        name counts as on it (an editor's cursor stands between characters)."""
        spec = self.file(display)
        if spec is None:
            return None
        best, best_size = None, None
        for decl in spec.decls:
            sp = getattr(decl, "span", None)
            if sp is None or not (sp.line <= line <= max(sp.end_line, sp.line)):
                continue
            for hit in self._things(decl, display):
                size = covers(hit.span, line, column)
                if size is not None and (best_size is None or size < best_size):
                    best, best_size = hit, size
        return best

    def _things(self, decl, display: str) -> Iterable[Hit]:
        if isinstance(decl, A.EventDecl):
            yield Hit("flow", decl, decl.name_span)
            yield from self._body(decl.body, display)
        elif isinstance(decl, A.TermDecl):
            yield Hit("term", decl, decl.pattern_span)
            yield from self._body(decl.body, display)
        elif isinstance(decl, A.CardDecl):
            yield Hit("card", decl.name, decl.name_span)
            for f in decl.fields:
                yield from self._sentences(f.sentences)
            for sk in decl.skills:
                yield from self._skill(sk)
        elif isinstance(decl, A.GeneralDecl):
            yield Hit("general", decl.name, decl.name_span)
            for sk in decl.skills:
                yield from self._skill(sk)
        elif isinstance(decl, A.SkillDecl):
            yield from self._skill(decl.skill)
        elif isinstance(decl, A.DeckDecl):
            for e in decl.entries:
                sp = e.span
                yield Hit("card", e.card, Span(sp.path, sp.line, sp.column, sp.line, sp.column + len(e.card) + 2))
        elif isinstance(decl, A.ModeDecl):
            yield from self._body(decl.body, display)
        elif isinstance(decl, A.RulingDecl):
            for rl in decl.lines:
                sp = rl.span
                end = len(self.line_text(display, sp.line)) + 1
                yield Hit("ruling", rl, Span(sp.path, sp.line, 1, sp.line, end), ruling=decl)
                for s in rl.sentences:
                    for cl in iter_clauses(s.elements):
                        yield from self._atoms(cl.items, cl)
        elif isinstance(decl, A.MarkDecl):
            yield Hit("mark", decl.name, decl.span)
        elif isinstance(decl, A.TimingMapDecl):   # 时机对应 A 即 B: both name B's timing here
            if decl.target is not None:
                yield Hit("timing", decl.target, decl.name_span)
                yield Hit("timing", decl.target, decl.target_span)

    def _skill(self, sk: A.SkillEntry) -> Iterable[Hit]:
        yield Hit("skill", sk.name, sk.name_span)
        yield from self._sentences(sk.sentences)

    def _body(self, body: list[A.Stmt], display: str) -> Iterable[Hit]:
        for st in walk_stmts(body):
            if isinstance(st, A.TimingStmt):
                yield Hit("timing", st.name, st.name_span)
                yield from self._sentences(st.system)
            elif isinstance(st, A.SayStmt):
                yield from self._sentences(st.sentences)
            elif isinstance(st, (A.IfStmt, A.WhileStmt)):
                yield from self._clause(st.cond)
            elif isinstance(st, A.LoopStmt):
                yield from self._clause(st.items)
            elif isinstance(st, A.ExecStmt):
                text = self.line_text(display, st.span.line)
                k = text.find(st.event, st.span.column - 1)
                if k >= 0:
                    sp = st.span
                    yield Hit("flow", st.event, Span(sp.path, sp.line, k + 1, sp.line, k + 1 + len(st.event)))
                for arg in st.args:
                    yield from self._clause(arg)

    def _sentences(self, sents: list[A.Sentence]) -> Iterable[Hit]:
        for s in sents:
            for cl in iter_clauses(s.elements):
                yield from self._clause(cl)

    def _clause(self, cl: A.Clause) -> Iterable[Hit]:
        yield Hit("clause", cl, cl.span, clause=cl)
        yield from self._atoms(cl.items, cl)

    def _atoms(self, items: list[A.Atom], cl: A.Clause) -> Iterable[Hit]:
        for a in items:
            if isinstance(a, A.CardRef):
                yield Hit("card", a.name, a.span, clause=cl)
            elif isinstance(a, A.SkillRef):
                yield Hit("skill", a.name, a.span, clause=cl)
            elif isinstance(a, A.MarkRef):
                yield Hit("mark", a.name, a.span, clause=cl)
            elif isinstance(a, (A.Paren, A.Brace)):
                for part in (a.parts if isinstance(a, A.Paren) else a.args):
                    yield from self._atoms(part, cl)

    def term_at(self, cl: A.Clause, display: str, column: int, strict: bool = False) -> Optional[Match]:
        """The innermost term reading of a clause that covers ``column`` (its words found in
        the clause's source text); ``strict``: only one the column is on, not just after."""
        if not isinstance(cl.match, Match) or cl.span.line != cl.span.end_line:
            return None
        text = self.line_text(display, cl.span.line)[cl.span.column - 1: cl.span.end_column - 1]
        offset = column - cl.span.column
        best = None
        for m in term_matches(cl.match):
            words = m.text.replace(IMPLIED, "")
            if not words:
                continue
            k = text.find(words)
            while k >= 0:
                if k <= offset < k + len(words) + (not strict):
                    # on a character of it beats just after it; then the shortest
                    key = (offset == k + len(words), len(words))
                    if best is None or key < best[0]:
                        best = (key, m)
                k = text.find(words, k + 1)
        return best[1] if best else None


def term_matches(m: Match) -> Iterable[Match]:
    if m.kind == "term":
        yield m
    for a in m.args.values():
        if isinstance(a, Match):
            yield from term_matches(a)


def covers(span: Span, line: int, column: int) -> Optional[int]:
    """The span's size when it covers (line, column) (its end included), else None."""
    start = (span.line, span.column)
    end = (span.end_line, span.end_column)
    if not (start <= (line, column) <= end):
        return None
    return (span.end_line - span.line) * 100000 + (span.end_column - span.column)


def display_of(path: Path) -> str:
    return display_path(path)
