"""Hover texts (Markdown): a timing's flow, position and what fires there; a term's pattern,
reading and primitive; a card's or skill's text; a ruling line's reading and outcome."""
from __future__ import annotations

from typing import Optional

from .. import ast as A
from ..checker import walk_stmts
from ..phrases import Match
from ..reports import cards_text
from .analysis import Analysis, Hit

# what each ruling key (RKEY in grammar/sgs.lark) means; docs/rulings.md has the full story
RULING_KEYS = {
    "座次": "the seats in order, named A, B, C …: `A（facts），B（facts）…`",
    "牌堆顶": "the draw pile's top cards, top first",
    "种子": "the random seed (default 1) that shuffles the rest of the draw pile",
    "当前": "whose turn and where it starts: `当前 B 出牌阶段`",
    "其余": "the policy for decisions no answer is written for: `其余 放弃` (others decline) or `其余 严格` (none unscripted)",
    "答": "scripted answers, in order",
    "开始": "events run before the rest (like a plain line)",
    "期望": "expectations, checked where the line stands",
    None: "events (answers may follow on the same line)",
}

ROLE_WORDS = {"cost": "a cost (▶ left)", "effect": "an effect", "condition": "a condition",
              "timing": "the timing", "delayed-timing": "the timing of a delayed effect (→)",
              "choice": "a choice", "targets": "the card's targets"}

MAX_LINES = 24


def hover_markdown(an: Analysis, hit: Hit, display: str, column: int, outcomes=()) -> Optional[str]:
    if hit.kind == "timing":
        return timing_markdown(an, hit.value)
    if hit.kind == "clause":
        return clause_markdown(an, hit.clause, display, column)
    if hit.kind == "term":
        return term_markdown(an, hit.value)
    if hit.kind == "card":
        return card_markdown(an, hit.value)
    if hit.kind == "skill":
        return skill_markdown(an, hit.value)
    if hit.kind == "general":
        return general_markdown(an, hit.value)
    if hit.kind == "flow":
        ev = hit.value if isinstance(hit.value, A.EventDecl) else an.sym.events.get(hit.value)
        return flow_markdown(an, ev) if ev is not None else None
    if hit.kind == "mark":
        decl = an.sym.marks.get(hit.value)
        return f"**标记 「{hit.value}」**" + (f" {' '.join(decl.header)}" if decl and decl.header else "") + \
            ("" if decl else "\n\n(not declared)")
    if hit.kind == "ruling":
        return ruling_markdown(hit.ruling, hit.value, outcomes)
    return None


# ---------------------------------------------------------------- timings


def timing_markdown(an: Analysis, name: str) -> Optional[str]:
    places = an.timing_places(name)
    if not places:
        return None
    out = []
    for ev, st, k, names in places:
        head = f"**时机 {st.name}** · 事件 {ev.name}, timing {k} of {len(names)}"
        if st.subject:
            head += f", 主体 {st.subject}"
        out.append(head)
        before = " → ".join(names[max(k - 3, 0):k - 1])
        after = " → ".join(names[k:k + 2])
        out.append("" + (f"… {before} → " if before else "") + f"**{st.name}**" + (f" → {after} …" if after else ""))
        if st.system:
            from ..graph import sentences_text

            out.append("系统：" + sentences_text(st.system))
        skills, cards = an.fired.get(st.name, ([], {}))
        out.append("Fires here: " + ("、".join(skills) if skills else "no skill"))
        if cards:
            out.append("Cards: " + cards_text(cards))
        out.append(f"`{st.span.path}:{st.span.line}`")
    return "\n\n".join(out)


# ---------------------------------------------------------------- phrases and terms


def reading(m: Match) -> str:
    """A reading as a short text: 〔甲：角色〕摸〔X：数〕张牌（甲=你，X=两）."""
    if m.kind == "term":
        args = "，".join(f"{k}={reading(v)}" for k, v in m.args.items() if isinstance(v, Match))
        return f"{m.term.key}（{args}）" if args else m.term.key
    if m.kind == "implied":
        return "（隐含的主体）"
    if m.kind == "timing" and m.args:
        return "，".join(f"{k}={reading(v)}" for k, v in m.args.items()) + f"，时机 {m.text}"
    return m.text


def clause_markdown(an: Analysis, cl: A.Clause, display: str, column: int) -> Optional[str]:
    out = []
    timing = an.timing_of_clause(cl) if cl.role in ("timing", "delayed-timing") else None
    if timing is not None:
        out.append(f"Read as {reading(cl.match)}")
        more = timing_markdown(an, timing)
        if more:
            out.append(more)
        return "\n\n".join(out)
    inner = an.term_at(cl, display, column)
    if inner is None and isinstance(cl.match, Match) and cl.match.term is not None:
        inner = cl.match
    if inner is not None:
        out.append(term_markdown(an, inner.term.decl, inner))
    if isinstance(cl.match, Match):
        if inner is not cl.match:
            out.append(f"The clause reads as `{reading(cl.match)}`")
        role = ROLE_WORDS.get(cl.role or "", cl.role)
        if role:
            cls = ""
            if cl.role in ("cost", "effect"):
                cls = ": must be fully executable (strict)" if cl.strict else ": done as far as it can be"
            out.append(f"Role: {role}{cls}" + (" · optional (可)" if cl.optional else ""))
    return "\n\n".join(x for x in out if x) or None


def term_markdown(an: Analysis, decl, match: Optional[Match] = None) -> Optional[str]:
    if not isinstance(decl, A.TermDecl):
        return None
    typ = f"为 {decl.type}" if decl.type else "an operation"
    out = [f"**用语** `{decl.pattern}` — {typ}"]
    if decl.primitive:
        out.append(f"原语 `{decl.primitive}` (the core provides it)")
    elif decl.body:
        sp = decl.span
        body_span = type(sp)(sp.path, sp.line + 1, 1, sp.end_line, sp.end_column)
        if body_span.line <= last_line(body_span):
            out.append("Defined by:\n" + source_block(an, body_span, 6))
    if match is not None:
        out.append(f"Here it reads as `{reading(match)}`")
    out.append(f"`{decl.pattern_span.path}:{decl.pattern_span.line}`")
    return "\n\n".join(out)


# ---------------------------------------------------------------- cards, skills, generals, flows


def last_line(span) -> int:
    """The last line a span covers (one that ends at the start of a line ends on the line before)."""
    return span.end_line if span.end_column > 1 or span.end_line == span.line else span.end_line - 1


def source_block(an: Analysis, span, limit: int = MAX_LINES) -> str:
    src = an.proj.sources.get(span.path)
    if src is None:
        return ""
    last = last_line(span)
    lines = [src.line_text(n) for n in range(span.line, min(last, span.line + limit - 1) + 1)]
    more = "\n…" if last > span.line + limit - 1 else ""
    return "```\n" + "\n".join(lines).rstrip() + more + "\n```"


def card_markdown(an: Analysis, name: str) -> Optional[str]:
    decl = an.sym.cards.get(name)
    if decl is None:
        return f"**【{name}】**: no card of this name is declared"
    return f"**【{name}】** {' '.join(decl.header)}\n\n{source_block(an, decl.span)}\n\n`{decl.span.path}:{decl.span.line}`"


def skill_markdown(an: Analysis, name: str) -> Optional[str]:
    sk = an.sym.skills.get(name)
    if sk is None:
        return f"**〖{name}〗**: no skill of this name is declared"
    owner = f" — {sk.owner}" if sk.owner else ""
    return f"**〖{name}〗**{owner}\n\n{source_block(an, sk.span)}\n\n`{sk.span.path}:{sk.span.line}`"


def general_markdown(an: Analysis, name: str) -> Optional[str]:
    g = an.sym.generals.get(name)
    if g is None:
        return None
    skills = "、".join(f"〖{s.name}〗" for s in g.skills) or "no skill"
    return f"**武将 {name}** {' '.join(g.header)}\n\n{skills}\n\n`{g.name_span.path}:{g.name_span.line}`"


def flow_markdown(an: Analysis, ev: A.EventDecl) -> str:
    params = "，".join(f"{p.name}：{p.type}" for p in ev.params)
    names = [s.name for s in walk_stmts(ev.body) if isinstance(s, A.TimingStmt)]
    out = [f"**事件 {ev.name}**（{params}）", f"{len(names)} timings: " + (" → ".join(names) or "none")]
    run_by = sorted({e.name for e in an.sym.events.values()
                     if any(isinstance(s, A.ExecStmt) and s.event == ev.name for s in walk_stmts(e.body))})
    if run_by:
        out.append("Run by: " + "、".join(run_by))
    out.append(f"`{ev.span.path}:{ev.span.line}` · `sgs graph {ev.name}` draws it")
    return "\n\n".join(out)


# ---------------------------------------------------------------- rulings


def ruling_markdown(decl: A.RulingDecl, line: A.RulingLine, outcomes) -> str:
    key = line.key
    out = [f"**例 {decl.title}** · " + (f"`{key}`: " if key else "") + RULING_KEYS.get(key, "")]
    outcome = next((o for o in outcomes if getattr(o.decl, "title", None) == decl.title
                    and o.decl.span.line == decl.span.line), None)
    if outcome is None:
        out.append("Not run yet: rulings run when the file is opened and saved (or `sgs check`).")
        return "\n\n".join(out)
    steps = [s for s in getattr(outcome.ruling, "steps", None) or ()
             if getattr(getattr(s, "span", None), "line", None) == line.span.line]
    for s in steps:
        what = {"event": "an event", "act": "an answer", "expect": "an expectation"}.get(s.kind, s.kind)
        out.append(f"`{s.text}` reads as {what}: `{s.name}`")
    d = outcome.diagnostic
    out.append("Last run: passed" if d is None else f"Last run: **failed** [{d.code}] {d.message}")
    return "\n\n".join(out)

