"""Go to definition (a term, a timing, a card, a skill, a general, a flow) and the outline of
a file (document symbols)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .. import ast as A
from ..checker import walk_stmts
from ..source import Span
from .analysis import Analysis, Hit


def definition(an: Analysis, hit: Hit, display: str, column: int) -> list[Span]:
    """Where the thing at the cursor is declared (several places for a timing two flows
    share; none for what is not declared)."""
    sym = an.sym
    if hit.kind == "timing":
        return [st.name_span for _, st, _, _ in an.timing_places(hit.value)]
    if hit.kind == "card" and hit.value in sym.cards:
        return [sym.cards[hit.value].name_span]
    if hit.kind == "skill" and hit.value in sym.skills:
        return [sym.skills[hit.value].name_span]
    if hit.kind == "general" and hit.value in sym.generals:
        return [sym.generals[hit.value].name_span]
    if hit.kind == "mark" and hit.value in sym.marks:
        return [sym.marks[hit.value].span]
    if hit.kind == "flow":
        ev = hit.value if isinstance(hit.value, A.EventDecl) else sym.events.get(hit.value)
        return [ev.name_span] if ev is not None else []
    if hit.kind == "term" and isinstance(hit.value, A.TermDecl):
        return [hit.value.pattern_span]
    if hit.kind == "clause":
        cl = hit.clause
        timing = an.timing_of_clause(cl)
        inner = an.term_at(cl, display, column, strict=timing is not None)
        if inner is not None and isinstance(inner.term.decl, A.TermDecl):
            return [inner.term.decl.pattern_span]
        if timing is not None:
            return [st.name_span for _, st, _, _ in an.timing_places(timing)]
        m = cl.match
        if m is not None and getattr(m, "term", None) is not None and isinstance(m.term.decl, A.TermDecl):
            return [m.term.decl.pattern_span]
    return []


@dataclass
class Symbol:
    name: str
    kind: str  # flow | timing | label | term | type | mark | card | deck | general | skill | mode | ruling
    span: Span  # the whole declaration
    name_span: Span
    detail: str = ""
    children: list["Symbol"] = field(default_factory=list)


def symbols(spec: Optional[A.SpecFile]) -> list[Symbol]:
    """A file's declarations in order, with their timings, labels and skills inside."""
    out = []
    for d in spec.decls if spec is not None else []:
        if isinstance(d, A.EventDecl):
            params = "，".join(f"{p.name}：{p.type}" for p in d.params)
            kids = []
            for st in walk_stmts(d.body):
                if isinstance(st, A.TimingStmt):
                    kids.append(Symbol(st.name, "timing", st.span, st.name_span, f"主体 {st.subject}" if st.subject else ""))
                elif isinstance(st, A.LabelStmt):
                    kids.append(Symbol(st.name, "label", st.span, st.span))
            out.append(Symbol(f"事件 {d.name}", "flow", d.span, d.name_span, params, kids))
        elif isinstance(d, A.TermDecl):
            detail = " ".join(x for x in (f"为 {d.type}" if d.type else "", f"原语 {d.primitive}" if d.primitive else "") if x)
            out.append(Symbol(d.pattern, "term", d.span, d.pattern_span, detail))
        elif isinstance(d, A.TypeDecl):
            out.append(Symbol(f"类型 {d.name}", "type", d.span, d.span, " ".join(d.contains)))
        elif isinstance(d, A.MarkDecl):
            out.append(Symbol(f"「{d.name}」", "mark", d.span, d.span, " ".join(d.header)))
        elif isinstance(d, A.CardDecl):
            kids = [Symbol(f"〖{s.name}〗", "skill", s.span, s.name_span) for s in d.skills]
            out.append(Symbol(f"【{d.name}】", "card", d.span, d.name_span, " ".join(d.header), kids))
        elif isinstance(d, A.DeckDecl):
            out.append(Symbol(f"牌堆 {d.name}", "deck", d.span, d.span, f"{len(d.entries)} 种牌"))
        elif isinstance(d, A.GeneralDecl):
            kids = [Symbol(f"〖{s.name}〗", "skill", s.span, s.name_span) for s in d.skills]
            out.append(Symbol(f"武将 {d.name}", "general", d.span, d.name_span, " ".join(d.header), kids))
        elif isinstance(d, A.SkillDecl):
            out.append(Symbol(f"〖{d.skill.name}〗", "skill", d.span, d.skill.name_span))
        elif isinstance(d, A.ModeDecl):
            out.append(Symbol(f"模式 {d.name}", "mode", d.span, d.span))
        elif isinstance(d, A.RulingDecl):
            out.append(Symbol(f"例 {d.title}", "ruling", d.span, d.span))
    return out
