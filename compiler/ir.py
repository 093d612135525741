"""The IR between the checked AST and the templates (docs/ir.md).

Small and typed. A module holds integer-numbered timings, programs, skills, cards and decks;
ids are assigned in sorted order of (file, line), so identical specs give identical ids. These
ids are the compiler's own: the generated units name what they refer to by its stable name and
get the core's ids when they are registered (docs/decisions/0014-stable-units.md).

A program is flat code: a list of instructions addressed by index (the program counter of
its frame at run time). Expressions are trees of slot reads, constants, the implied subject
and primitive calls. Everything the core must do is a primitive named by the specs
(`原语 NAME`), so the IR knows no rule by name.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Union

# ---------------------------------------------------------------- expressions


@dataclass(frozen=True)
class Const:
    value: Union[int, str]


@dataclass(frozen=True)
class SlotRef:
    index: int
    name: str


@dataclass(frozen=True)
class Implied:
    """The one doing this: the frame's owner (skill owner, chooser, flow subject)."""


@dataclass(frozen=True)
class PrimCall:
    name: str  # a primitive of core.prims
    args: tuple


@dataclass(frozen=True)
class Lambda:
    """An expression evaluated later, in the frame it is given (an ordered choice's guard,
    read for each order offered): ``lambda g, f: body``."""
    body: object


@dataclass(frozen=True)
class Ref:
    """A declared name by its integer id: kind is timing, card, skill, mark, name (名称 “创”) or
    program (the generated code names it by ``name``, resolved to the core's id at
    registration)."""

    kind: str
    id: int
    name: str


Expr = Union[Const, SlotRef, Implied, PrimCall, Ref, Lambda]

# ---------------------------------------------------------------- instructions
# `where` is the spec position ("path:line") each instruction came from: it is written next
# to the generated code and reported by errors raised while it runs.


@dataclass
class Fire:
    """A timing of a flow: dispatch every skill listening there (may suspend)."""

    timing: Ref
    subject: Optional[Expr]
    where: str


@dataclass
class Do:
    """An operation: a primitive operation (may suspend) or a term program pushed as a frame."""

    call: Expr  # PrimCall
    where: str
    strict: bool = True  # position class: must be fully executable (seed 002:407-467)
    optional: bool = False  # written with 可: the subject is asked first


@dataclass
class Call:
    """Push program `program` with `args` in its first slots; resume after it finishes."""

    program: int
    name: str
    args: tuple
    where: str


@dataclass
class Set:
    slot: int
    value: Expr
    where: str


@dataclass
class JumpUnless:
    cond: Expr
    target: int
    where: str


@dataclass
class Jump:
    target: int
    where: str


@dataclass
class Next:
    """One step of 循环 甲 取遍 G: when the index (slot `index`) has reached the length of the
    items (slot `items`, a tuple) jump to `target`; else the item at the index into slot `var`
    and the index one further. The index lives in a slot, so a loop suspended in its body
    resumes (and is cloned) where it was."""

    items: int
    index: int
    var: int
    target: int
    where: str


@dataclass
class Choose:
    """X选择一项: ask `chooser` for an option; jump to targets[i] for option i, to
    targets[n] (the choice's end) when nobody could choose."""

    chooser: Expr
    targets: list[int]
    where: str


@dataclass
class JumpUnlessExecuted:
    """▷: go on only if the nearest effect on the left was executed."""

    target: int
    where: str


@dataclass
class Terminate:
    """终止: end this flow (or the named enclosing one)."""

    target: Optional[str]
    where: str


@dataclass
class Return:
    where: str


Instr = Union[Fire, Do, Call, Set, JumpUnless, Jump, Next, Choose, JumpUnlessExecuted, Terminate, Return]

# ---------------------------------------------------------------- units


@dataclass
class Program:
    id: int
    name: str
    kind: str  # event | term | skill | card | mode
    params: list[tuple[str, str]]  # (name, type) in slot order
    nslots: int
    code: list[Instr]
    where: str
    unit: str = "flows"  # which generated module holds it: flows | edition | cards | modes | generals_<pack>
    # a delayed effect whose timing is a 时机 term: the term's condition (〖双雄〗's 你于此回合内需要
    # 使用【决斗】时❸ holds only for a 【决斗】), read where the effect is offered
    condition: object = None
    # a delayed effect that starts with 你可…: (its timing's name, the skill's name): offered as a
    # skill 〖名·延时〗 at that timing
    offered: object = None


@dataclass
class Skill:
    id: int
    name: str
    owner: str  # the general or card that prints it ("" for free skills)
    tags: list[str]
    timings: list[Ref]  # empty: a status rule or an active skill
    subject: Optional[Expr]  # whose timing it must be (None: the owner's)
    condition: Optional[Expr]  # conditions written before the cost
    optional: bool  # 你可… : ask before activating
    program: int  # the effect program
    limit: Optional[tuple[str, int]]  # ("phase"|"turn"|"round"|"game", n)
    where: str
    unit: str = "generals"
    # more conditions to offer it, each read only if those before hold: the conditions written
    # before the cost, then that what the 可 clause acts on exists (000:279, 002:181)
    checks: tuple = ()
    # 其可… at a timing of another character (〖黄天〗): the skill grants that character (其) an
    # action; the runtime offers it to them, its program runs with 你 = the owner, 其 = them
    grant: bool = False


@dataclass
class CardMethod:
    """One way to use a card (a card with 使用方法① ② has several)."""

    timing: Optional[Ref]  # 使用时机 (None: whenever the flows offer it)
    condition: Optional[Expr]  # conditions written with the timing
    targets: Optional[Expr]  # 使用目标: the legal targets (a group of characters, or a card)
    effect: Optional[int]  # program id of 作用效果 (run once per target)
    rules: list["CardRule"] = field(default_factory=list)  # 执行动作, 额外说明, 目标限制: one per sentence
    subject: Optional[Expr] = None  # 使用时机's subject (【杀】对你生效前: 你; None: anyone's timing)


@dataclass
class CardRule:
    """One sentence of a card's 执行动作 or 额外说明 (docs/decisions/0005-card-rules.md).

    Without a timing it is a status rule of the card (its 你 is the character it is asked
    about: 【杀】's use limit, 【桃园结义】's 无效, "此牌是一种【杀】"), evaluated on demand.
    With a timing of a flow about 此牌 (使用, 对当前目标的使用结算, …) it runs there when 此牌
    is a card of this name (【五谷丰登】's 执行动作, 【闪电】 被抵消后); with any other timing it
    is offered to a character holding such a card in hand (`held`: 【铁索连环】's 重铸). A
    目标限制 sentence runs once per target when the targets are chosen (`targets`, 其 = the
    target: 【借刀杀人】 同时选择)."""

    timing: Optional[Ref]
    subject: Optional[Expr]  # whose timing it must be (None: the card's user / the holder)
    condition: Optional[Expr]
    program: int
    kind: str = "status"  # status | flow | held | targets (目标限制: run per target when they are chosen)


@dataclass
class Card:
    id: int
    name: str
    type: str
    subtype: str
    attack_range: Optional[int]
    methods: list[CardMethod]
    skills: list[str]
    where: str


@dataclass
class PhysicalCard:
    name_id: int
    suit: str
    point: int


@dataclass
class Deck:
    name: str
    cards: list[PhysicalCard]


@dataclass
class General:
    name: str
    faction: str
    sex: str
    hp: int
    lord: bool
    skills: list[str]
    unit: str = "generals_standard"  # the unit of its pack (it holds its skills too; Module.packs names the pack)


@dataclass
class Module:
    name: str
    spec_hash: str
    timings: list[str] = field(default_factory=list)
    # 时机对应: (another edition's timing name, the id of its counterpart here)
    timing_aliases: list[tuple[str, int]] = field(default_factory=list)
    programs: list[Program] = field(default_factory=list)
    skills: list[Skill] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    decks: list[Deck] = field(default_factory=list)
    generals: list[General] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)   # 名称 “创”: names of cards on a general
    events: dict[str, int] = field(default_factory=dict)  # event name -> program id
    # event name -> (parameter name, type) in slot order
    event_params: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    # event name -> the role the runtime reads its frames by (事件 … 原语 ROLE)
    event_roles: dict[str, str] = field(default_factory=dict)
    primitives: list[str] = field(default_factory=list)  # every primitive the code calls
    # 地图: (name, width, height, square kinds row by row as SQUARE_KINDS indexes)
    maps: list[tuple[str, int, int, tuple[int, ...]]] = field(default_factory=list)
    # the generated modules, in registration order: flows, cards, modes, then one per pack of
    # generals (generals_<pack>, in the order of their files); a rulebook that shares units has
    # edition after flows, its own files' flows and mode, and no modes (docs/decisions/0068)
    units: list[str] = field(default_factory=lambda: ["flows", "cards", "modes"])
    packs: dict[str, str] = field(default_factory=dict)  # generals unit -> its pack (风, standard …)
