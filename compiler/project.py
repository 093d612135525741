"""A check run: which spec files, parsed, checked, with their diagnostics.

The bundled specs live in specs/ at the repository root, grouped into rulebooks
(specs/rulebooks.toml: one game each); `sgs check PATH…` checks the given files or folders
*together with* a rulebook's bundled vocabulary (types, terms, flows, cards, skills), so a new
general can be checked on its own against the standard game.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import ast as A
from .checker import Checker
from .diagnostics import Diagnostic
from .frontend import parse_buffer, parse_file
from .rulebooks import DEFAULT, Rulebook
from .source import Source

REPO = Path(__file__).resolve().parent.parent
SPECS = REPO / "specs"


def spec_files(paths: list[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(q for q in p.rglob("*.sgs") if q.is_file()))
        else:
            out.append(p)
    seen, uniq = set(), []
    for p in out:
        key = p.resolve()
        if key not in seen:
            seen.add(key)
            uniq.append(p)
    return uniq


def display_path(p: Path) -> str:
    try:
        return str(p.resolve().relative_to(REPO))
    except ValueError:
        return str(p)


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


def load_project(paths: list[Path] | None = None, with_bundled: bool = True,
                 rulebook: Rulebook = DEFAULT, texts: dict[Path, str] | None = None,
                 parse=None) -> Project:
    """Parse and check. `paths` are the files to check (default: the rulebook's bundled specs);
    the rulebook's bundled specs are always loaded too (for their vocabulary) unless
    with_bundled=False. `texts` (resolved path -> text) are files as an editor holds them, read
    instead of the disk; `parse(path, shown, text or None)` replaces frontend.parse_file/
    parse_buffer (the language server's cache of parsed files)."""
    targets = spec_files(paths) if paths else []
    files = spec_files([p for p in rulebook.spec_paths() if p.exists()]) if with_bundled else []
    bundled = {p.resolve() for p in files}
    files += [p for p in targets if p.resolve() not in bundled]
    proj = Project(rulebook=rulebook)
    for p in files:
        shown = display_path(p)
        text = texts.get(p.resolve()) if texts else None
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
    proj.checker = Checker(proj.files)
    proj.diagnostics.extend(proj.checker.run())
    if paths:  # report only on what was asked for
        wanted = {display_path(p) for p in targets}
        proj.diagnostics = [d for d in proj.diagnostics if d.span.path in wanted]
    proj.diagnostics.sort(key=lambda d: (d.span.path, d.span.line, d.span.column, d.code))
    return proj
