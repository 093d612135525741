"""How deep the readings of the specs nest, after the checker has read every phrase.

A phrase's reading holds its arguments' readings, and the code generated for a value term
with a body (用语 … 为 数, then a phrase) is its body's reading with the arguments put in
place of the slots (compiler.lower inlines it). So the depth of the generated expression is
the depth of the reading with every such term replaced by its body. Unbounded depth would
make the lowering recurse without end and the generated code nest beyond what Python
compiles; this pass reports it as a diagnostic instead:

* a value term whose body reads, directly or through other value terms, as itself (SGS404):
  the lowering would inline it forever;
* a reading deeper than MAX_DEPTH (SGS007) — the bundled specs' deepest is 7.

The walk is bounded too: it never goes deeper than MAX_DEPTH + 1 levels.
"""
from __future__ import annotations

from typing import Optional

from . import ast as A
from .diagnostics import Diagnostic
from .phrases import OPERATION, Match

MAX_DEPTH = 32
TOO_DEEP = MAX_DEPTH + 1


def body_clause(d: A.TermDecl) -> Optional[A.Clause]:
    """The phrase a value term's body reads as (what the lowering inlines), if any."""
    for st in d.body:
        if isinstance(st, A.SayStmt):
            for s in st.sentences:
                for c in s.elements:
                    if isinstance(c, A.Clause):
                        return c
    return None


def _inlined(m: Match) -> bool:
    t = m.term
    return m.kind == "term" and t is not None and not t.primitive and t.type != OPERATION \
        and bool(t.decl.body)


class Nesting:
    def __init__(self):
        self.body_depth: dict[str, int] = {}   # term key -> depth of its inlined body
        self.active: list[str] = []             # the value terms being expanded, outermost first
        self.cycles: dict[str, list[str]] = {}  # term key -> the terms of its cycle

    def depth(self, m: Match, budget: int = TOO_DEEP) -> int:
        """Levels of the generated expression for reading m, at most ``budget`` (then
        TOO_DEEP: deeper than that, not measured further)."""
        if budget <= 0:
            return TOO_DEEP
        inner = 0
        for a in m.args.values():
            inner = max(inner, self.depth(a, budget - 1))
            if inner >= TOO_DEEP:
                return TOO_DEEP
        if _inlined(m):
            body = self.term_body_depth(m.term, budget)
            if body >= TOO_DEEP:
                return TOO_DEEP
            return min(body + inner, TOO_DEEP)
        return min(1 + inner, TOO_DEEP)

    def term_body_depth(self, term, budget: int) -> int:
        key = term.key
        if key in self.body_depth:
            return self.body_depth[key]
        if key in self.active:   # the body reads, through these terms, as the term itself
            cycle = self.active[self.active.index(key):]
            for k in cycle:
                self.cycles.setdefault(k, cycle)
            return TOO_DEEP
        cl = body_clause(term.decl)
        if cl is None or cl.match is None:
            return 1
        self.active.append(key)
        try:
            got = self.depth(cl.match, budget - 1)
        finally:
            self.active.pop()
        if got < TOO_DEEP or budget >= TOO_DEEP:   # a full measure: remember it
            self.body_depth[key] = got
        return got


_FIELDS: dict[type, tuple] = {}   # an AST class -> its dataclass fields (None: no AST node)
# fields declared with these types hold no list and no AST node: the walk skips them (a Text's
# words and span, every node's span: most of what an AST holds)
_LEAF_TYPES = {"str", "int", "bool", "Span", "Optional[str]", "Optional[int]", "Optional[bool]",
               "Optional[Span]"}


def _ast_fields(cls) -> tuple | None:
    f = _FIELDS.get(cls, False)
    if f is False:
        f = _FIELDS[cls] = tuple(name for name, fd in cls.__dataclass_fields__.items()
                                 if str(fd.type) not in _LEAF_TYPES) \
            if cls.__module__ == A.__name__ and hasattr(cls, "__dataclass_fields__") else None
    return f


def clauses_of(decl) -> list:
    """Every clause and 选择一项 of a declaration (any AST node that holds a reading)."""
    out, todo = [], [decl]
    while todo:
        x = todo.pop()
        if isinstance(x, list):
            todo.extend(x)
            continue
        if isinstance(x, (A.Clause, A.Choice)):
            out.append(x)
        fields = _FIELDS.get(type(x), False)
        if fields is False:
            fields = _ast_fields(type(x))
        if fields:
            for name in fields:
                v = getattr(x, name)
                if isinstance(v, list) or type(v).__module__ == A.__name__:
                    todo.append(v)
    return out


def terms_in(m: Match) -> set:
    """The keys of the terms a reading uses (iterative: a reading may be deep)."""
    out, todo = set(), [m]
    while todo:
        x = todo.pop()
        if x.term is not None:
            out.add(x.term.key)
        todo.extend(x.args.values())
    return out


def check(decls, terms) -> list[Diagnostic]:
    """The nesting diagnostics of the checked declarations; ``terms``: every term of the
    vocabulary (those in a cycle are reported at their declaration)."""
    n = Nesting()
    for t in terms:
        if t.decl is not None and t.decl.body and not t.primitive and t.type != OPERATION:
            n.term_body_depth(t, TOO_DEEP)
    out: list[Diagnostic] = []
    for decl in decls:
        for node in sorted(clauses_of(decl), key=lambda c: (c.span.line, c.span.column)):
            readings = [getattr(node, "match", None), getattr(node, "chooser_match", None)]
            readings += getattr(node, "matches", None) or []
            deep = [m for m in readings if m is not None and n.depth(m) >= TOO_DEEP]
            if any(not (terms_in(m) & set(n.cycles)) for m in deep):
                out.append(Diagnostic(
                    "SGS007", f"this phrase reads more than {MAX_DEPTH} levels deep (terms inside "
                    f"terms); at most {MAX_DEPTH}", node.span,
                    hint="split it: name an inner part with a term (用语) of its own, "
                         "or say it in two sentences"))
                break   # one a declaration
    by_key = {t.key: t for t in terms}
    for key, cycle in sorted(n.cycles.items()):
        t = by_key.get(key)
        if t is None or t.decl is None:
            continue
        path = " → ".join(cycle + [cycle[0]])
        out.append(Diagnostic("SGS404", f"the value term {key} is defined through itself ({path})",
                              t.decl.span, hint="a value term's body must read without the term "
                                                "itself; write a repetition as a flow (循环 / 只要)"))
    return out
