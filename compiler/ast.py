"""The AST: one dataclass per construct, every node with its source span.

Built from the Lark tree by compiler.build_ast; annotated in place by the checker passes
(e.g. Clause.match, Clause.strict) — annotations default to None until a pass fills them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Union

from .source import Span

# ---------------------------------------------------------------- phrases


@dataclass
class Text:
    text: str
    span: Span


@dataclass
class CardRef:
    name: str  # without 【】
    span: Span


@dataclass
class SkillRef:
    name: str  # without 〖〗
    span: Span


@dataclass
class MarkRef:
    name: str  # without 「」
    span: Span


@dataclass
class PileRef:
    """A name given to cards on a general, “创" (declared with 名称)."""

    name: str  # without “”
    span: Span


@dataclass
class Alt:
    """The ／ symbol inside a phrase: alternative wordings."""

    span: Span


@dataclass
class Paren:
    parts: list[list["Atom"]]
    span: Span
    definitions: list = field(default_factory=list)  # [(name, Match)] for （X为…）, by the checker
    # what the checker read it as: "definition" (（X为…）), "method" (a card sentence's own
    # （使用方法①）); None: a note, part of the phrase's wording (a term must read it)
    role: Optional[str] = None


@dataclass
class Brace:
    args: list[list["Atom"]]
    span: Span


Atom = Union[Text, CardRef, SkillRef, MarkRef, PileRef, Alt, Paren, Brace]


@dataclass
class Clause:
    """One clause of a sentence: optional 若, then a phrase."""

    cond: bool
    items: list[Atom]
    span: Span
    # filled by the checker
    role: Optional[str] = None  # timing | condition | cost | effect | delayed-timing | …
    optional: bool = False  # written with 可
    strict: Optional[bool] = None  # position class (seed 002:407-467): must fully execute?
    match: object = None  # compiler.phrases.Match
    matches: list = field(default_factory=list)  # one reading per ／ wording, in order
    orelse: bool = False  # written 否则… right after a ；: runs when the 若 before the ； did not
    limit: Optional[tuple] = None  # a timing written 其他群势力角色的出牌阶段限一次: ("phase", 1)

    @property
    def text(self) -> str:
        return atoms_text(self.items)


@dataclass
class Option:
    number: int
    elements: list["Element"]
    span: Span


@dataclass
class Choice:
    chooser: str  # the words before 选择一项 (e.g. 来源); may be empty
    options: list[Option]
    span: Span
    role: Optional[str] = None
    chooser_match: object = None  # filled by the checker
    optional: bool = False  # 你可令其选择一项: the causer may decline


@dataclass
class Sep:
    symbol: str  # "，" "▶" "▷" "→"
    span: Span


Element = Union[Clause, Choice, Sep]


@dataclass
class Sentence:
    """A flat run of clauses and separators, as written; the checker derives the structure."""

    elements: list[Element]
    span: Span

    def clauses(self) -> list[Clause]:
        return [e for e in self.elements if isinstance(e, Clause)]


# ---------------------------------------------------------------- flow statements


@dataclass
class TimingStmt:
    name: str
    subject: Optional[str]
    system: list[Sentence]
    span: Span
    name_span: Span
    # a 时机 term's subject written as words, not a slot (主体 一名角色: anybody's timing),
    # read by the checker as a character phrase (its Match)
    subject_match: Any = None


@dataclass
class SayStmt:
    sentences: list[Sentence]
    span: Span


@dataclass
class IfStmt:
    cond: Clause
    body: list["Stmt"]
    orelse: list["Stmt"]
    span: Span


@dataclass
class LoopStmt:
    var: str
    items: Clause
    body: list["Stmt"]
    span: Span


@dataclass
class WhileStmt:
    cond: Clause
    body: list["Stmt"]
    span: Span


@dataclass
class LabelStmt:
    name: str
    span: Span


@dataclass
class GotoStmt:
    name: str
    span: Span


@dataclass
class EndStmt:
    target: Optional[str]
    span: Span


@dataclass
class ExecStmt:
    event: str
    args: list[Clause]
    span: Span


Stmt = Union[ExecStmt, TimingStmt, SayStmt, IfStmt, LoopStmt, WhileStmt, LabelStmt, GotoStmt, EndStmt]

# ---------------------------------------------------------------- declarations


@dataclass
class Param:
    name: str
    type: str
    span: Span


@dataclass
class EventDecl:
    name: str
    params: list[Param]
    body: list[Stmt]
    span: Span
    name_span: Span
    # 原语 ROLE: the role the runtime reads this flow's frames by (compiler.event_roles), for
    # a flow two books name differently (移动 / 巧变) or whose name means another flow elsewhere
    role: Optional[str] = None


@dataclass
class TermDecl:
    pattern: str
    type: Optional[str]
    primitive: Optional[str]
    body: list[Stmt]
    span: Span
    pattern_span: Span
    primitive_span: Optional[Span] = None  # the NAME of 原语 NAME


@dataclass
class TypeDecl:
    name: str
    contains: list[str]
    span: Span


@dataclass
class NameDecl:
    """名称 “创”: a name cards on a general may be given (武将牌上, 〖不屈〗)."""

    name: str
    header: list[str]
    span: Span


@dataclass
class MarkDecl:
    name: str
    header: list[str]
    span: Span


@dataclass
class Tag:
    text: str
    span: Span


@dataclass
class SkillEntry:
    name: str
    tags: list[Tag]
    sentences: list[Sentence]
    span: Span
    name_span: Span
    owner: Optional[str] = None  # general or card that prints it


@dataclass
class CardField:
    key: str
    sentences: list[Sentence]
    span: Span


@dataclass
class CardDecl:
    name: str
    header: list[str]
    fields: list[CardField]
    skills: list[SkillEntry]
    span: Span
    name_span: Span


@dataclass
class PhysicalCard:
    suit: str
    point: str
    span: Span


@dataclass
class DeckEntry:
    card: str
    copies: list[PhysicalCard]
    span: Span


@dataclass
class DeckDecl:
    name: str
    entries: list[DeckEntry]
    includes: list[tuple[str, Span]]
    span: Span


@dataclass
class GeneralDecl:
    name: str
    header: list[str]
    skills: list[SkillEntry]
    span: Span
    name_span: Span


@dataclass
class SkillDecl:
    skill: SkillEntry
    span: Span


@dataclass
class ModeDecl:
    name: str
    body: list[Stmt]
    span: Span


@dataclass
class MapSquare:
    symbol: str
    span: Span


@dataclass
class MapLegend:
    symbol: str
    kind: str         # one of compiler.checker.SQUARE_KINDS
    span: Span
    kind_span: Span


@dataclass
class MapDecl:
    """地图 NAME: its legend and its rows of squares, from the top (docs/board.md)."""
    name: str
    legend: list[MapLegend]
    rows: list[list[MapSquare]]
    row_spans: list[Span]
    span: Span
    name_span: Span


@dataclass
class TimingMapDecl:
    """时机对应 A 即 B: in this rulebook, a skill or card written with timing A (a timing of
    another edition's flows) fires at this edition's timing B; 时机对应 A 无: it cannot fire here."""
    name: str
    target: Optional[str]   # None: 无 (no counterpart)
    span: Span
    name_span: Span
    target_span: Span


@dataclass
class RulingLine:
    key: Optional[str]
    sentences: list[Sentence]
    span: Span


@dataclass
class RulingDecl:
    title: str
    lines: list[RulingLine]
    span: Span


Decl = Union[EventDecl, TermDecl, TypeDecl, MarkDecl, NameDecl, CardDecl, DeckDecl, GeneralDecl, SkillDecl, ModeDecl,
             MapDecl, RulingDecl, TimingMapDecl]


@dataclass
class SpecFile:
    path: str
    decls: list[Decl] = field(default_factory=list)


def atoms_text(items: list[Atom]) -> str:
    """The phrase as written (brackets restored), for messages and matching."""
    out = []
    for a in items:
        if isinstance(a, Text):
            out.append(a.text)
        elif isinstance(a, CardRef):
            out.append(f"【{a.name}】")
        elif isinstance(a, SkillRef):
            out.append(f"〖{a.name}〗")
        elif isinstance(a, PileRef):
            out.append(f"“{a.name}”")
        elif isinstance(a, MarkRef):
            out.append(f"「{a.name}」")
        elif isinstance(a, Alt):
            out.append("／")
        elif isinstance(a, Paren):
            out.append("（" + "，".join(atoms_text(p) for p in a.parts) + "）")
        elif isinstance(a, Brace):
            out.append("{" + ",".join(atoms_text(p) for p in a.args) + "}")
    return "".join(out)
