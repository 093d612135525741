"""What a ruling reads as: its seats, its start, its steps (events, answers, expectations)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ..source import Span


class RulingFailure(Exception):
    """A ruling that cannot be read or does not hold: an SGS5xx diagnostic at ``span``."""

    def __init__(self, code, message, span=None, notes=()):
        super().__init__(message)
        self.code = code
        self.message = message
        self.span = span
        self.notes = list(notes)


@dataclass
class Step:
    kind: str   # "event" | "act" | "expect"
    name: str   # the handler's name (vocab.RULING_TERMS)
    args: dict
    text: str
    span: Span
    scope: object = None   # log expectations: a seat (于甲的回合内) or "this" (于此回合内)


@dataclass
class Seat:
    letter: str
    general: Optional[str] = None
    role: Optional[int] = None
    hp: Optional[int] = None
    maxhp: Optional[int] = None
    hand: list = field(default_factory=list)   # card specs or ("any", n)
    equip: list = field(default_factory=list)
    judge: list = field(default_factory=list)
    on_general: list = field(default_factory=list)  # cards on the general (武将牌上)
    chained: bool = False
    face_down: bool = False
    marks: dict = field(default_factory=dict)  # mark name -> count
    used: dict = field(default_factory=dict)  # skill name -> uses already made (this phase/turn…)
    sealed: list = field(default_factory=list)  # zones 处于封印状态: 判定区, 武器区 … (000:81; 002:21)
    dead: bool = False  # 已死亡: the seat stays, its role takes no part (000:540)
    board: dict = field(default_factory=dict)  # on a board (战棋): camp, square, … (board.seat_fact)


@dataclass
class Ruling:
    title: str
    span: Span
    seats: list = field(default_factory=list)
    top: list = field(default_factory=list)
    seed: int = 1
    current: Optional[int] = None
    start: Optional[str] = None  # a timing name
    others_decline: bool = False   # 其余 放弃
    strict: bool = False           # 其余 严格
    steps: list = field(default_factory=list)
    # lines for one edition only (（old）/（current） after the key): the editions they name, and
    # the lines read for this rulebook's edition, as written (sgs diff shows them)
    editions: set = field(default_factory=set)
    edition_lines: list = field(default_factory=list)
