"""Which rulings run and what they report: every 例 of a checked project, read and run in the
engine generated from the same specs; a failed one is an SGS5xx Diagnostic."""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Optional

from .. import ast as A
from ..diagnostics import Diagnostic
from .budget import DEFAULT
from .model import Ruling, RulingFailure
from .reader import RulingReader
from .runner import Runner
from .table import engine_module
from .vocab import build_vocabulary


def project_rulings(project):
    """(RulingDecl, Source) of every ruling of the project, in file order."""
    out = []
    for spec in project.files:
        src = project.sources.get(spec.path)
        for d in spec.decls:
            if isinstance(d, A.RulingDecl):
                out.append((d, src))
    return out


def _timings(project):
    names = set()
    for spec in project.files:
        for d in spec.decls:
            if isinstance(d, A.EventDecl):
                for st in _walk(d.body):
                    if isinstance(st, A.TimingStmt):
                        for nm in st.name.split("／"):
                            names.add(nm)
    # 时机对应: another edition's timing names its counterpart here (当前 B 出牌阶段 starts at
    # the old edition's 摸牌阶段与出牌阶段间, the counterpart of 出牌阶段开始前)
    names |= {n for n, d in project.checker.sym.timing_maps.items() if d.target is not None}
    return names


def _walk(body):
    for st in body:
        yield st
        for attr in ("body", "orelse", "else_body"):
            sub = getattr(st, attr, None)
            if isinstance(sub, list):
                yield from _walk(sub)


def _generals(project):
    out = set()
    for spec in project.files:
        for d in spec.decls:
            if isinstance(d, A.GeneralDecl):
                out.add(d.name)
    return out


@dataclass
class Outcome:
    ruling: Ruling
    decl: A.RulingDecl
    diagnostic: Optional[Diagnostic]


def run_ruling_decls(project, mod=None, select=None, paths=None, budget=DEFAULT):
    """Run every ruling (or those whose title contains ``select``, or those in the files
    ``paths``), each within ``budget`` (budget.Budget); a list of Outcome (diagnostic None =
    passed)."""
    mod = mod or engine_module(project)
    timings = _timings(project)
    vocab, handlers = build_vocabulary(sorted(timings))
    from ..rulebooks import RULEBOOKS

    # a line for one edition (（old）) is read only by the rulebooks of that edition
    reader = RulingReader(vocab, handlers, _generals(project), timings, project.rulebook.edition,
                          {rb.edition for rb in RULEBOOKS} | {project.rulebook.edition})
    out = []
    for decl, src in project_rulings(project):
        if select and select not in decl.title:
            continue
        if paths is not None and decl.span.path not in paths:
            continue
        r = None
        try:
            r = reader.read(decl, src)
            Runner(mod, r, budget).run()
            out.append(Outcome(r, decl, None))
        except RulingFailure as e:
            span = e.span or decl.span
            msg = "ruling %s: %s" % (decl.title, e.message)
            out.append(Outcome(r, decl, Diagnostic(e.code, msg, span, notes=e.notes)))
        except Exception as e:  # an engine error is a failed ruling, with its message
            if os.environ.get("SGS_RULINGS_DEBUG"):
                raise
            msg = "ruling %s: the engine raised %s: %s" % (decl.title, type(e).__name__, e)
            out.append(Outcome(r, decl, Diagnostic("SGS505", msg, decl.span)))
    return out


def run_rulings(project, mod=None, paths=None) -> list[Diagnostic]:
    """What `sgs check` calls (unless --no-rulings): one Diagnostic per failing ruling
    (``paths``: only the rulings of these display paths, e.g. the files `sgs check PATH…`
    was given)."""
    return [o.diagnostic for o in run_ruling_decls(project, mod, paths=paths) if o.diagnostic is not None]


def main(argv=None):
    """python -m compiler.rulings [TITLE-SUBSTRING]: run the bundled rulings, print failures."""
    import sys
    from ..diagnostics import render
    from ..project import load_project
    argv = sys.argv[1:] if argv is None else argv
    proj = load_project()
    if proj.errors:
        for d in proj.errors:
            print(render(d, proj.sources.get(d.span.path)))
        return 1
    outs = run_ruling_decls(proj, select=argv[0] if argv else None)
    bad = [o for o in outs if o.diagnostic]
    for o in bad:
        print(render(o.diagnostic, proj.sources.get(o.diagnostic.span.path)))
    print("rulings: %d passed, %d failed" % (len(outs) - len(bad), len(bad)))
    return 1 if bad else 0
