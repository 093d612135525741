"""A check run: which spec files, parsed, checked, with their diagnostics.

The bundled specs live in specs/ at the repository root, grouped into rulebooks
(specs/rulebooks.toml: one game each); `sgs check PATH…` checks the given files or folders
*together with* a rulebook's bundled vocabulary (types, terms, flows, cards, skills), so a new
general can be checked on its own against the standard game.
"""
from __future__ import annotations

import functools
import gc
import itertools
from dataclasses import dataclass, field
from pathlib import Path

from . import ast as A
from .checker import Checker
from .diagnostics import Diagnostic
from .frontend import parse_buffer, parse_file
from .rulebooks import DEFAULT, Rulebook
from .source import Source, Span

REPO = Path(__file__).resolve().parent.parent
SPECS = REPO / "specs"
# The specs of one run together (the bundled ones, 223 KB, and the files given), at most:
# checking takes ~140 MB per MB of dense sentences, so a run stays well under 1 GB.
MAX_RUN_BYTES = 2 << 20
MAX_RUN_FILES = 2000   # the bundled specs are 42 files


class TooManyFiles(Exception):
    """A folder holds more .sgs files than one run reads (MAX_RUN_FILES)."""


def spec_files(paths: list[Path]) -> list[Path]:
    """The .sgs files of the given files and folders (a folder's, sorted), each once. A
    folder is walked no further than MAX_RUN_FILES files (TooManyFiles)."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            found = list(itertools.islice((q for q in p.rglob("*.sgs") if q.is_file()),
                                          MAX_RUN_FILES + 1 - len(out)))
            if len(out) + len(found) > MAX_RUN_FILES:
                raise TooManyFiles(f"more than {MAX_RUN_FILES:,} .sgs files: one run reads at most "
                                   f"{MAX_RUN_FILES:,}")
            out.extend(sorted(found))
        else:
            out.append(p)
    seen, uniq = set(), []
    for p in out:
        key = p.resolve()
        if key not in seen:
            seen.add(key)
            uniq.append(p)
    return uniq


def rulebook_files(rulebook: Rulebook) -> list[Path]:
    """The spec files a rulebook is compiled from, in order (its folders' files sorted), less
    the ones it excludes."""
    return [p for p in spec_files([p for p in rulebook.spec_paths() if p.exists()])
            if not rulebook.excluded(p)]


def display_path(p: Path) -> str:
    try:
        return str(p.resolve().relative_to(REPO))
    except ValueError:
        return str(p)


_FOREIGN: dict[tuple, dict[str, str]] = {}


def foreign_timings(rulebook: Rulebook) -> dict[str, str]:
    """The timings of the other editions of this rulebook's game (same mode) that this one's
    flows do not declare: name -> that edition. A skill written with one of them is SGS115
    (it cannot fire here) unless this edition maps it (时机对应)."""
    from . import rulebooks

    key = (rulebook.key, rulebook.root)
    if key in _FOREIGN:
        return _FOREIGN[key]
    mine = {p.resolve() for p in rulebook_files(rulebook)}
    out: dict[str, str] = {}
    try:
        others = rulebooks.load(rulebook.root / "rulebooks.toml")
    except rulebooks.RulebookError:
        others = ()
    for other in others:
        if other.mode != rulebook.mode or other.key == rulebook.key:
            continue
        for p in rulebook_files(other):
            if p.resolve() in mine:
                continue
            _source, spec, _diags = parse_file(p, display_path(p))
            for d in spec.decls:
                if isinstance(d, A.EventDecl):
                    for st in _walk(d.body):
                        if isinstance(st, A.TimingStmt):
                            for name in st.name.split("／"):
                                out.setdefault(name, other.edition)
    _FOREIGN[key] = out
    return out


def _walk(body):
    for st in body:
        yield st
        for sub in (getattr(st, "body", None), getattr(st, "orelse", None)):
            if sub:
                yield from _walk(sub)


@dataclass
class Project:
    sources: dict[str, Source] = field(default_factory=dict)
    files: list[A.SpecFile] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    checker: Checker | None = None
    rulebook: Rulebook = DEFAULT
    module: object = None  # the IR, once lowered (compiler.build.generate)
    generated: dict = field(default_factory=dict)  # generated module name -> its text (sgs explain)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]


def collector_paused(run):
    """``run`` with Python's cyclic garbage collector paused (and resumed after, if it ran):
    parsing and checking allocate hundreds of thousands of objects and leave no reference cycle
    (tests/frontend/test_walks.py: none after checking every rulebook), yet the collector's
    passes over them took ~20 % of a check. Memory is freed by reference counting as before."""
    @functools.wraps(run)
    def paused(*args, **kwargs):
        if not gc.isenabled():
            return run(*args, **kwargs)
        gc.disable()
        try:
            return run(*args, **kwargs)
        finally:
            gc.enable()
    return paused


@collector_paused
def load_project(paths: list[Path] | None = None, with_bundled: bool = True,
                 rulebook: Rulebook = DEFAULT, texts: dict[Path, str] | None = None,
                 parse=None) -> Project:
    """Parse and check. `paths` are the files to check (default: the rulebook's bundled specs);
    the rulebook's bundled specs are always loaded too (for their vocabulary) unless
    with_bundled=False. `texts` (resolved path -> text) are files as an editor holds them, read
    instead of the disk; `parse(path, shown, text or None)` replaces frontend.parse_file/
    parse_buffer (the language server's cache of parsed files). A run reads at most
    MAX_RUN_FILES files of MAX_RUN_BYTES together (SGS005 for what passes them)."""
    files = rulebook_files(rulebook) if with_bundled else []
    try:
        targets = spec_files(paths) if paths else []
    except TooManyFiles as exc:
        proj = Project(rulebook=rulebook)
        shown = display_path(paths[0])
        proj.diagnostics.append(Diagnostic("SGS005", f"not read: {exc}", Span(shown, 1, 1, 1, 2),
                                           hint="check a smaller folder"))
        proj.checker = Checker([])
        return proj
    bundled = {p.resolve() for p in files}
    files += [p for p in targets if p.resolve() not in bundled]
    proj = Project(rulebook=rulebook)
    total = 0
    for p in files:
        shown = display_path(p)
        text = texts.get(p.resolve()) if texts else None
        try:
            total += len(text.encode("utf-8", "surrogatepass")) if text is not None else p.stat().st_size
        except OSError:
            pass   # parse_file says why it cannot be read
        if total > MAX_RUN_BYTES:
            sp = Span(shown, 1, 1, 1, 2)
            proj.diagnostics.append(Diagnostic(
                "SGS005", f"not read: the specs of one run may have {MAX_RUN_BYTES:,} bytes together, "
                "and the files before this one have them", sp, hint="check fewer files at once"))
            proj.files.append(A.SpecFile(shown))
            continue
        if parse is not None:
            source, spec, diags = parse(p, shown, text)
        elif text is not None:
            source, spec, diags = parse_buffer(text, shown)
        else:
            source, spec, diags = parse_file(p, shown)
        if source is not None:
            proj.sources[shown] = source
        proj.files.append(spec)
        proj.diagnostics.extend(diags)
    proj.checker = Checker(proj.files, foreign_timings(rulebook) if with_bundled else None,
                           rulebook.edition)
    proj.diagnostics.extend(proj.checker.run())
    if paths:  # report only on what was asked for
        wanted = {display_path(p) for p in targets}
        proj.diagnostics = [d for d in proj.diagnostics if d.span.path in wanted]
    proj.diagnostics.sort(key=lambda d: (d.span.path, d.span.line, d.span.column, d.code))
    return proj
