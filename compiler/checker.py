"""Checker passes over the AST of all specs of one check run.

Passes, in order (each adds diagnostics and annotates the AST in place):
  1. collect   — declarations into symbol tables; duplicates (SGS401)
  2. vocabulary — types, term patterns (SGS209, SGS105), timings of every flow (SGS403)
  3. flows/terms/modes — every statement's phrases read in their scope (SGS102, SGS107 …)
  4. cards, skills — notation (SGS2xx), timing clauses (SGS101), phrases, references
     (SGS103/104/106), and the *position class* of every operation (seed 002:407-467)
  5. decks — entries (SGS210), card names
  6. unused declarations (SGS402, warnings)
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Optional

from . import ast as A
from . import nesting
from .diagnostics import Diagnostic, did_you_mean
from .primitives import registry as primitive_registry
from .phrases import (
    IMPLIED, MAX_PHRASE_WORK, MAX_RUN_WORK, OPERATION, Lit, Match, PatternError, ReadingTooCostly, Slot,
    Term, Vocabulary, closest_terms, explain_failure,
    slot_texts,
    normalise_phrase, parse_pattern, read_phrase, split_alternatives,
)
from .source import Span

SUITS = ("黑桃", "红桃", "梅花", "方块")
POINTS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FACTIONS = ("魏", "蜀", "吴", "群", "神")
SEXES = ("男", "女")
MAX_ALTERNATIVES = 4   # ／ in one phrase (2^4 wordings; the bundled specs use 1)
MAX_HP = 99   # a general's 体力 (the book's highest is 8): a number the engine's ints hold
CARD_TYPES = ("基本", "锦囊", "装备")
CARD_SUBTYPES = {"基本": (), "锦囊": ("普通锦囊", "延时锦囊"),
                 # 坐骑: 战棋's one kind of horse (001:297), in its one 坐骑区
                 "装备": ("武器", "防具", "进攻坐骑", "防御坐骑", "宝物", "坐骑")}
# the card fields whose sentences the lowering reads (lower.lower_card_method); 使用方法N only
# starts a group of fields
CARD_FIELDS_READ = ("使用时机", "使用目标", "作用效果", "执行动作", "额外说明", "目标限制")
CARD_FIELDS_TIMED = ("使用时机", "执行动作", "额外说明")  # a sentence there may start with a timing
LOCKED = "锁定技"
# the tags something reads: 锁定技 (forced; without a timing, a status rule) and 主公技 (only while
# the owner is the 主公) in core.prims.register, the limits in lower.lower_skill_group
READ_TAGS = re.compile(r"锁定技|主公技|限定技|觉醒技|出牌阶段限一次|(每回合|每轮|每局)限[一二三四五六七八九1-9]次")
EXCLUSIVE_TAGS = [{"锁定技", "限定技"}, {"锁定技", "觉醒技"}, {"限定技", "觉醒技"}]
TIMING_HINT = re.compile(r"(时[❶-❾]?|后[❶-❾]?|前[❶-❾]?|阶段|[❶-❾])$")
DEFINITION = re.compile(r"^([A-Z][0-9]?)为(.+)$")
# a timing with its use limit: 其他群势力角色的出牌阶段限一次 (〖黄天〗)
LIMITED_TIMING = re.compile(r"^(.+出牌阶段)限([一二两三四五1-5])次$")
LIMIT_NUMBERS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5}
# the types a definition （X为…） may have, tried in this order
DEFINITION_TYPES = ("数", "颜色", "花色", "角色", "牌", "牌名")
# The roles by which the runtime reads the frames of a flow (`事件 NAME（…） 原语 ROLE`), where the
# book's name cannot say it: 战棋 renames the card move 巧变 and calls the pieces' movement 移动
# (001:421). The runtime's names are core.prims.base.EVENT_ROLES (a test keeps them equal).
# The kinds of square a map may have (core.prims.board.SQUARE_KINDS; a test keeps them equal): the
# terrains 001 names (树林 湖泊), plain ground, each camp's 军营 and 大本营.
SQUARE_KINDS = ("平地", "树林", "湖泊", "暖方军营", "暖方大本营", "冷方军营", "冷方大本营")
MAP_MAX = 32
CAMP_ROLES = 3   # 001:31 每个阵营分别由三名角色组成
EVENT_ROLES = {
    "card_move": "moving cards between zones (000:251-313 移动; 001:419-493 巧变)",
    "piece_move": "moving a general's piece on the board (001:725-761 移动)",
}


@dataclass
class Symbols:
    types: dict[str, A.TypeDecl] = field(default_factory=dict)
    terms: dict[str, A.TermDecl] = field(default_factory=dict)
    events: dict[str, A.EventDecl] = field(default_factory=dict)
    cards: dict[str, A.CardDecl] = field(default_factory=dict)
    decks: dict[str, A.DeckDecl] = field(default_factory=dict)
    generals: dict[str, A.GeneralDecl] = field(default_factory=dict)
    skills: dict[str, A.SkillEntry] = field(default_factory=dict)
    marks: dict[str, A.MarkDecl] = field(default_factory=dict)
    names: dict[str, A.NameDecl] = field(default_factory=dict)
    modes: dict[str, A.ModeDecl] = field(default_factory=dict)
    maps: dict[str, A.MapDecl] = field(default_factory=dict)
    rulings: list[A.RulingDecl] = field(default_factory=list)
    # 时机对应: another edition's timing -> this edition's counterpart (None: 无, it has none)
    timing_maps: dict[str, A.TimingMapDecl] = field(default_factory=dict)


@dataclass
class Context:
    """Where a sentence is read: its variables and who `可` and implied subjects refer to."""

    scope: dict[str, str]
    locked: bool = False
    skill: Optional[A.SkillEntry] = None


class Checker:
    def __init__(self, files: list[A.SpecFile], foreign_timings: Optional[dict[str, str]] = None,
                 edition: str = "this"):
        self.files = files
        self.edition = edition   # the edition of the flows checked (messages)
        # the timings of the other editions of this game (name -> the edition): a skill written
        # with one of them that this edition does not map is SGS115, not an unknown timing
        self.foreign_timings = foreign_timings or {}
        self.sym = Symbols()
        self.vocab = Vocabulary()
        self.diags: list[Diagnostic] = []
        self.used_terms: set[str] = set()
        self.used_cards: set[str] = set()
        self.used_skills: set[str] = set()
        self.event_roles: dict[str, A.EventDecl] = {}
        self.primitives = primitive_registry()

    # ------------------------------------------------------------ driver
    def run(self) -> list[Diagnostic]:
        self.collect()
        self.build_vocabulary()
        too_deep = []
        self.vocab.work_left = MAX_RUN_WORK   # what reading the phrases of this run may take
        for decl in self.all_decls():
            try:
                self.check_decl(decl)
            except RecursionError:  # a pathological phrase: report, never crash
                self.error("SGS007", "this declaration nests too deeply to read", decl.span,
                           hint="split its sentences, or name inner parts with terms (用语)")
                too_deep.append(decl)
            except ReadingTooCostly as exc:
                too_deep.append(decl)
                self.too_costly(exc, decl)
                if exc.run:   # the run's steps are spent: nothing more is read
                    break
        # how deep the readings (and the code generated from them) nest; value terms defined
        # through themselves (compiler.nesting)
        self.diags.extend(nesting.check([d for d in self.all_decls() if d not in too_deep],
                                        self.vocab.terms))
        self.check_unused()
        self.check_all_read()
        return self.diags

    def too_costly(self, exc: ReadingTooCostly, decl):
        shown = exc.phrase if len(exc.phrase) <= 30 else exc.phrase[:30] + "…"
        if exc.alternatives:
            msg = f"the phrase {shown} has {exc.alternatives} ／; a phrase may have at most {MAX_ALTERNATIVES}"
            hint = "each ／ doubles the wordings read: write the cases as separate sentences"
        elif exc.run:
            msg = (f"the check stopped reading at the phrase {shown}: the phrases of one run may take "
                   f"{MAX_RUN_WORK:,} steps to read (the bundled specs take about 15,000)")
            hint = "check fewer files at once, or write shorter phrases"
        else:
            msg = (f"the phrase {shown} is too long or too ambiguous to read: it took more than "
                   f"{MAX_PHRASE_WORK:,} steps (the bundled specs' costliest takes about 500)")
            hint = "split it into shorter clauses, or name a part with a term (用语) of its own"
        self.error("SGS008", msg, decl.span, hint=hint)

    def all_decls(self) -> Iterable[A.Decl]:
        for f in self.files:
            yield from f.decls

    def error(self, code, message, span, hint=None):
        self.diags.append(Diagnostic(code, message, span, "error", hint))

    def warn(self, code, message, span, hint=None):
        self.diags.append(Diagnostic(code, message, span, "warning", hint))

    # ------------------------------------------------------------ pass 1: collect
    def collect(self):
        def once(table: dict, name: str, decl, span: Span, what: str):
            if name in table:
                first = table[name]
                self.error("SGS401", f"{what} {name} is declared twice", span,
                           hint=f"first declared at {getattr(first, 'name_span', None) or first.span}")
            else:
                table[name] = decl

        for d in self.all_decls():
            if isinstance(d, A.TypeDecl):
                once(self.sym.types, d.name, d, d.span, "type")
            elif isinstance(d, A.TermDecl):
                once(self.sym.terms, d.pattern, d, d.pattern_span, "term")
            elif isinstance(d, A.EventDecl):
                once(self.sym.events, d.name, d, d.name_span, "event")
            elif isinstance(d, A.CardDecl):
                once(self.sym.cards, d.name, d, d.name_span, "card")
                for sk in d.skills:
                    once(self.sym.skills, sk.name, sk, sk.name_span, "skill")
            elif isinstance(d, A.DeckDecl):
                once(self.sym.decks, d.name, d, d.span, "deck")
            elif isinstance(d, A.GeneralDecl):
                once(self.sym.generals, d.name, d, d.name_span, "general")
                for sk in d.skills:
                    if sk.sentences or sk.tags:   # 〖马术〗 alone names a skill declared elsewhere
                        once(self.sym.skills, sk.name, sk, sk.name_span, "skill")
            elif isinstance(d, A.SkillDecl):
                once(self.sym.skills, d.skill.name, d.skill, d.skill.name_span, "skill")
            elif isinstance(d, A.MarkDecl):
                once(self.sym.marks, d.name, d, d.span, "mark")
                if d.header:
                    self.error("SGS211", f"header field {d.header[0]} is not read", d.span,
                               hint="a mark is declared by its name alone: 标记 「名」")
            elif isinstance(d, A.NameDecl):
                once(self.sym.names, d.name, d, d.span, "name")
                if d.header:
                    self.error("SGS211", f"header field {d.header[0]} is not read", d.span,
                               hint="a name is declared by itself alone: 名称 “创”")
            elif isinstance(d, A.ModeDecl):
                once(self.sym.modes, d.name, d, d.span, "mode")
            elif isinstance(d, A.MapDecl):
                if self.sym.maps and d.name not in self.sym.maps:
                    # 摆放地图 lays out the first map (core/prims/board.py lay_out_map): a second
                    # one would be compiled and never played
                    first = next(iter(self.sym.maps.values()))
                    self.error("SGS605", f"a second map {d.name}: a rulebook plays one map, "
                               f"{first.name} (摆放地图 lays out the first one)", d.name_span,
                               hint=f"keep one map: {first.name} is declared at {first.name_span}")
                once(self.sym.maps, d.name, d, d.name_span, "map")
            elif isinstance(d, A.RulingDecl):
                self.sym.rulings.append(d)
            elif isinstance(d, A.TimingMapDecl):
                once(self.sym.timing_maps, d.name, d, d.name_span, "timing counterpart of")

    # ------------------------------------------------------------ pass 2: vocabulary
    def build_vocabulary(self):
        v = self.vocab
        for t in self.sym.types.values():
            v.add_type(t.name, [])
        for t in self.sym.types.values():
            for c in t.contains:
                if c not in self.sym.types:
                    self.unknown_type(c, t.span)
                v.add_type(t.name, [c])
        order = 0
        for d in self.sym.terms.values():
            ttype = d.type or OPERATION
            if d.type is not None and d.type not in self.sym.types:
                self.unknown_type(d.type, d.span)
            for wording, offset in split_alternatives(d.pattern):
                try:
                    parts = parse_pattern(wording, offset)
                except PatternError as exc:
                    sp = d.pattern_span
                    col = sp.column + exc.offset
                    self.error("SGS209", f"bad term pattern: {exc}", Span(sp.path, sp.line, col, sp.line, col + 1))
                    continue
                for p in parts:
                    if isinstance(p, Slot) and p.type not in self.sym.types:
                        self.unknown_type(p.type, d.pattern_span)
                order += 1
                v.add_term(Term(d.pattern, parts, ttype, d.primitive, d.pattern_span, order, d))
        for ev in self.sym.events.values():
            seen: dict[str, A.TimingStmt] = {}
            for st in walk_stmts(ev.body):
                if isinstance(st, A.TimingStmt):
                    if st.name in seen:
                        self.error("SGS403", f"timing {st.name} appears twice in flow {ev.name}", st.name_span,
                                   hint=f"first at line {seen[st.name].span.line}; a flow names each timing once")
                        continue
                    seen[st.name] = st
                    for alias in st.name.split("／"):
                        v.timings.setdefault(alias, []).append((ev.name, st))
        self.map_timings()
        v.index()

    def map_timings(self):
        """时机对应 A 即 B: A reads as another name of this edition's timing B (a skill written
        with A fires at B); 时机对应 A 无 leaves A unknown here (SGS115 where a skill uses it)."""
        v = self.vocab
        own = set(v.timings)
        for name, d in self.sym.timing_maps.items():
            if name in own:
                ev = v.timings[name][0][0]
                self.error("SGS401", f"{name} is a timing of this edition's flow {ev}: it needs no counterpart",
                           d.name_span, hint="时机对应 names a timing of another edition")
            elif d.target is not None and d.target not in own:
                self.error("SGS101", f"unknown timing {d.target}", d.target_span,
                           hint=self.suggest(d.target, own) or "the counterpart is a timing of this edition's flows")
            elif d.target is not None:
                v.timings[name] = v.timings[d.target]

    def unknown_type(self, name: str, span: Span):
        self.error("SGS105", f"unknown type {name}", span,
                   hint=self.suggest(name, self.sym.types) or "declare it with 类型 in terms/types.sgs")

    def suggest(self, name: str, names) -> Optional[str]:
        best = did_you_mean(name, names)
        return f"did you mean {best}?" if best else None

    # ------------------------------------------------------------ pass 3/4: declarations
    def check_event_role(self, d: A.EventDecl):
        if d.role is None:
            return
        if d.role not in EVENT_ROLES:
            self.error("SGS405", f"no flow role {d.role}: the runtime reads flows by the roles "
                       f"{', '.join(sorted(EVENT_ROLES))}", d.name_span,
                       hint=self.suggest(d.role, EVENT_ROLES) or "leave 原语 out: the flow is read by its name")
            return
        first = self.event_roles.setdefault(d.role, d)
        if first is not d:
            self.error("SGS405", f"two flows have the role {d.role}: {first.name} and {d.name}", d.name_span,
                       hint=f"{first.name} is declared at {first.name_span}; one flow plays each role")

    def check_decl(self, d: A.Decl):
        if isinstance(d, A.EventDecl):
            self.check_event_role(d)
            scope = {}
            for p in d.params:
                if p.type not in self.sym.types:
                    self.unknown_type(p.type, p.span)
                scope[p.name] = p.type
            self.check_body(d.body, scope, d.name)
        elif isinstance(d, A.TermDecl):
            scope = {}
            for wording, _ in split_alternatives(d.pattern):
                for m in re.finditer(r"〔([^〔〕：]+)：([^〔〕：]+)〕", wording):
                    scope[m.group(1)] = m.group(2)
            if d.primitive:
                self.check_primitive_name(d)
            if d.primitive and d.body:
                self.error("SGS209", "a term is either bound to a primitive or defined by a body, not both",
                           d.pattern_span)
            elif d.type == "时机" and not d.primitive:
                self.check_timing_term(d, scope)
            elif d.type is not None and d.body:
                self.check_value_body(d, scope)
            elif d.type is not None and not d.primitive:
                self.error("SGS209", f"a {d.type} term needs a body or a 原语", d.pattern_span)
            else:
                self.check_body(d.body, scope, None)
        elif isinstance(d, A.CardDecl):
            self.check_card(d)
        elif isinstance(d, A.GeneralDecl):
            self.check_general(d)
            for sk in d.skills:
                if sk.sentences or sk.tags:
                    self.check_skill(sk)
                else:
                    self.check_skill_reference(sk)
        elif isinstance(d, A.SkillDecl):
            self.check_skill(d.skill)
        elif isinstance(d, A.DeckDecl):
            self.check_deck(d)
        elif isinstance(d, A.ModeDecl):
            self.check_body(d.body, {}, None)
        elif isinstance(d, A.MapDecl):
            self.check_map(d)
        elif isinstance(d, A.RulingDecl):
            self.check_ruling(d)

    # ------------------------------------------------------------ maps (docs/board.md)
    def check_map(self, d: A.MapDecl):
        """A board: every legend symbol once, naming a square kind the runtime knows; rows of one
        length, of symbols the legend declares, at most MAP_MAX squares a side; each camp with one
        大本营 and room at home for its three roles (001:31,45)."""
        kinds: dict[str, str] = {}
        for lg in d.legend:
            if lg.kind not in SQUARE_KINDS:
                self.error("SGS601", f"unknown kind of square {lg.kind}", lg.kind_span,
                           hint=self.suggest(lg.kind, SQUARE_KINDS) or f"the kinds are {'、'.join(SQUARE_KINDS)}")
            if lg.symbol in kinds:
                self.error("SGS604", f"the legend declares {lg.symbol} twice", lg.span,
                           hint="one symbol, one kind of square")
                continue
            kinds[lg.symbol] = lg.kind
        if not d.rows:
            self.error("SGS602", f"map {d.name} has no row", d.name_span, hint="write its rows with 行")
            return
        width = len(d.rows[0])
        if len(d.rows) > MAP_MAX or width > MAP_MAX:
            self.error("SGS602", f"map {d.name} is {len(d.rows)}×{width}: at most {MAP_MAX} rows and "
                       f"columns", d.name_span)
        for row, sp in zip(d.rows, d.row_spans):
            if len(row) != width:
                self.error("SGS602", f"this row has {len(row)} squares, the first has {width}", sp,
                           hint="every row of a map has the same number of squares")
            for sq in row:
                if sq.symbol not in kinds:
                    self.error("SGS601", f"square {sq.symbol} is not in the legend of map {d.name}",
                               sq.span, hint=self.suggest(sq.symbol, kinds) or "declare it with 图例")
        used = {sq.symbol for row in d.rows for sq in row}
        for lg in d.legend:
            if lg.symbol not in used:
                used.add(lg.symbol)   # said once, even if declared twice
                self.warn("SGS402", f"legend symbol {lg.symbol} ({lg.kind}) is never used in map {d.name}",
                          lg.span, hint="remove the 图例 line, or place the square in a row")
        for camp in ("暖方", "冷方"):
            cells = [kinds.get(sq.symbol) for row in d.rows for sq in row]
            bases = cells.count(camp + "大本营")
            home = bases + cells.count(camp + "军营")
            if bases != 1 or home < CAMP_ROLES:
                self.error("SGS603", f"map {d.name}: {camp} has {bases} 大本营 and {home} squares of "
                           f"军营 and 大本营", d.name_span,
                           hint=f"each camp needs one 大本营 and at least {CAMP_ROLES} squares for its "
                                f"roles' pieces (001:31,45)")

    def check_primitive_name(self, d: A.TermDecl):
        from .emit import CONTROL

        name = d.primitive
        where = d.primitive_span or d.span
        if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            self.error("SGS212", f"primitive name {name} is not lower-case ASCII snake_case", d.span,
                       hint="primitives are named like draw_cards, damage_source")
        elif name in CONTROL:
            self.error("SGS212", f"primitive name {name} is reserved by the runtime contract (docs/ir.md)",
                       d.span, hint=f"rename it, e.g. {name}_value or nature_{name}")
        elif name not in self.primitives:
            best = did_you_mean(name, self.primitives)
            self.error("SGS113", f"no primitive named {name} in the runtime (core/prims/)", where,
                       hint=f"did you mean {best}?" if best else
                       "a primitive is a function of core/prims/ registered with @prim (docs/architecture.md)")
        else:
            self.check_primitive_fit(d, self.primitives[name])

    def check_primitive_fit(self, d: A.TermDecl, pr):
        """The term's slots fit the primitive's parameters, in number and type, and its type (为)
        fits what the primitive gives (compiler/primitives.py): each wording passes its slots,
        in the order they first appear in the pattern, as the primitive's values."""
        where = d.primitive_span or d.span
        if pr.operation != (d.type is None):
            if pr.operation:
                self.error("SGS304", f"{d.pattern} is a {d.type}, but primitive {pr.name} is an operation",
                           where, hint=f"drop 为 {d.type} (an operation term), or bind a value primitive")
            else:
                self.error("SGS304", f"{d.pattern} is an operation, but primitive {pr.name} gives a value "
                           f"({pr.returns})", where, hint=f"write 为 {pr.returns} after the pattern, "
                           "or bind an operation primitive")
            return
        order: list[str] = []
        wordings = []
        for wording, offset in split_alternatives(d.pattern):
            try:
                parts = parse_pattern(wording, offset)
            except PatternError:
                return  # reported by the vocabulary pass
            wordings.append((wording, offset, parts))
            for p in parts:
                if isinstance(p, Slot) and p.name not in order:
                    order.append(p.name)
        for wording, offset, parts in wordings:
            slots = {p.name: p for p in parts if isinstance(p, Slot)}
            passed = [slots[n] for n in order if n in slots]
            most = None if pr.varargs else len(pr.params)
            if len(passed) < pr.required or (most is not None and len(passed) > most):
                want = f"{pr.required}" if pr.required == most else \
                    (f"{pr.required} to {most}" if most is not None else f"at least {pr.required}")
                self.error("SGS304", f"{wording} has {len(passed)} slot(s), but primitive {pr.name} takes "
                           f"{want} value(s)", where,
                           hint=self.signature_hint(pr))
                continue
            for k, slot in enumerate(passed):
                want = pr.type_of(k)
                if want is not None and slot.type in self.sym.types and not self.fits(want, slot.type):
                    col = d.pattern_span.column + offset + wording.find(f"〔{slot.name}：")
                    sp = d.pattern_span
                    self.error("SGS303", f"〔{slot.name}：{slot.type}〕 is a {slot.type}, but primitive "
                               f"{pr.name} takes {self.type_words(want)} as its value {k + 1}",
                               Span(sp.path, sp.line, col, sp.line, col + len(slot.name) + len(slot.type) + 3),
                               hint=self.signature_hint(pr))
        if d.type in self.sym.types and pr.returns is not None and \
                not all(self.fits(d.type, r) for r in pr.returns.split("|")):
            self.error("SGS303", f"{d.pattern} is a {d.type}, but primitive {pr.name} gives "
                       f"{self.type_words(pr.returns)}", where, hint=self.signature_hint(pr))

    def fits(self, wanted: str, have: str) -> bool:
        """A value of type ``have`` may stand where ``wanted`` (a type, 甲|乙, or * for any) is."""
        return any(w == "*" or have == "*" or self.vocab.accepts(w, have) for w in wanted.split("|"))

    @staticmethod
    def type_words(t: str) -> str:
        return "any value" if t == "*" else " or ".join(f"a {x}" for x in t.split("|"))

    def signature_hint(self, pr) -> str:
        vals = [self.type_words(pr.type_of(k) or "*").removeprefix("a ") for k in range(len(pr.params))]
        if pr.varargs:
            vals.append("…")
        shape = f"{pr.name}（{'，'.join(vals)}）" + (f" gives {self.type_words(pr.returns)}" if pr.returns else "")
        return f"{shape} (declared in core/prims/{pr.room}.py:{pr.line})"

    def check_timing_term(self, d: A.TermDecl, scope: dict[str, str]):
        """A 时机 term: a wording of a declared timing, with its subject and conditions."""
        stmts = d.body
        if len(stmts) != 1 or not isinstance(stmts[0], A.TimingStmt):
            self.error("SGS209", "a 时机 term is defined by one 时机 line", d.span,
                       hint="e.g. 时机 其需要使用此牌时❸ 主体 甲：若需要的牌为名。")
            return
        st = stmts[0]
        if st.name not in self.vocab.timings:
            self.error("SGS101", f"unknown timing {st.name}", st.name_span,
                       hint=self.suggest(st.name, self.vocab.timings) or "timings are declared by the flows")
        if st.subject is not None and st.subject not in scope:
            # whose timing it is, in words when no slot says it (主体 一名角色: anybody's)
            m = read_phrase(self.vocab, normalise_phrase(st.subject), "角色", scope)
            if m is not None:
                self.note_use(m)
                st.subject_match = m
            else:
                self.error("SGS107", f"{st.subject} is not a slot of this term, nor a character", st.span,
                           hint=self.suggest(st.subject, scope) or "name a slot, or a character read "
                                "without slots (一名角色: the timing of anybody)")
        ctx = Context(scope)
        for sent in st.system:
            for e in sent.elements:  # conditions separated by ， (lower.timing_of reads them)
                if isinstance(e, A.Clause):
                    continue
                if not (isinstance(e, A.Sep) and e.symbol == "，"):
                    self.error("SGS213", f"{getattr(e, 'symbol', '选择一项')} is not read in a 时机 term: its "
                               "body is a timing and conditions", e.span,
                               hint="write the conditions separated by ，")
            for cl in sent.clauses():
                self.check_refs(cl.items)
                cl.role = "condition"
                self.read_clause(cl, "真假", ctx)

    def check_value_body(self, d: A.TermDecl, scope: dict[str, str]):
        """A value or condition term is defined by one phrase of its type."""
        body = d.body
        clauses = [c for st in body if isinstance(st, A.SayStmt) for s in st.sentences for c in s.elements
                   if isinstance(c, A.Clause)]
        elements = [e for st in body if isinstance(st, A.SayStmt) for s in st.sentences for e in s.elements]
        if len(body) != 1 or len(clauses) != 1 or len(elements) != 1 or clauses[0].cond:
            self.error("SGS209", f"a {d.type} term is defined by one phrase of type {d.type}", d.span,
                       hint="write the definition as one clause, e.g. 甲的体力值小于甲的体力上限。")
            return
        self.check_refs(clauses[0].items)
        self.read_clause(clauses[0], d.type, Context(scope))

    def check_body(self, body: list[A.Stmt], scope: dict[str, str], event: Optional[str]):
        labels = {st.name for st in walk_stmts(body) if isinstance(st, A.LabelStmt)}
        for st in body:
            self.check_stmt(st, scope, labels, event)

    def check_stmt(self, st: A.Stmt, scope: dict[str, str], labels: set[str], event: Optional[str]):
        ctx = Context(scope)
        if isinstance(st, A.TimingStmt):
            if st.subject is not None and st.subject not in scope:
                self.error("SGS107", f"unknown parameter {st.subject} as the subject of {st.name}", st.span,
                           hint=self.suggest(st.subject, scope) or "the subject names one of the flow's parameters")
            elif st.subject is not None and not self.vocab.accepts("角色", scope[st.subject]):
                self.error("SGS302", f"the subject of a timing must be a character, {st.subject} is a {scope[st.subject]}",
                           st.span)
            for s in st.system:
                self.check_sentence(s, ctx, allow_timing=False)
        elif isinstance(st, A.SayStmt):
            for s in st.sentences:
                self.check_sentence(s, ctx, allow_timing=False)
        elif isinstance(st, A.IfStmt):
            self.check_refs(st.cond.items)
            self.read_clause(st.cond, "真假", ctx)
            for sub in st.body + st.orelse:
                self.check_stmt(sub, scope, labels, event)
        elif isinstance(st, A.WhileStmt):
            self.check_refs(st.cond.items)
            self.read_clause(st.cond, "真假", ctx)
            for sub in st.body:
                self.check_stmt(sub, scope, labels, event)
        elif isinstance(st, A.LoopStmt):
            self.check_refs(st.items.items)
            # 循环 T 取遍 LIST: LIST reads as a group type (one that 含 one type: 角色组, 方格组 …,
            # tried in declaration order, 牌组 last) and T is one of its elements
            groups = [(t.name, t.contains[0]) for t in self.sym.types.values()
                      if len(t.contains) == 1 and t.name != "牌组"] + [("牌组", "牌")]
            inner = dict(scope)
            inner[st.var] = "牌"
            for k, (group, elem) in enumerate(groups):
                m = self.read_clause(st.items, group, ctx, report=k == len(groups) - 1)
                if m is not None:
                    inner[st.var] = elem
                    break
            for sub in st.body:
                self.check_stmt(sub, inner, labels, event)
        elif isinstance(st, A.ExecStmt):
            ev = self.sym.events.get(st.event)
            if ev is None:
                self.error("SGS110", f"no event named {st.event}", st.span,
                           hint=self.suggest(st.event, self.sym.events) or "events are declared with 事件")
                return
            if len(st.args) != len(ev.params):
                self.error("SGS111", f"{st.event} takes {len(ev.params)} argument(s) "
                           f"({'，'.join(p.name for p in ev.params)}), not {len(st.args)}", st.span)
                return
            for arg, param in zip(st.args, ev.params):
                self.check_refs(arg.items)
                self.read_clause(arg, param.type, ctx)
        elif isinstance(st, A.GotoStmt):
            if st.name not in labels:
                self.error("SGS109", f"no label {st.name} in this flow", st.span,
                           hint=self.suggest(st.name, labels) or "declare it with 标签")
        elif isinstance(st, A.EndStmt):
            if st.target is not None and st.target not in self.sym.events and st.target != event:
                self.error("SGS107", f"终止 names no flow: {st.target}", st.span,
                           hint=self.suggest(st.target, self.sym.events))

    # ------------------------------------------------------------ cards, generals, decks
    def check_card(self, d: A.CardDecl):
        self.check_card_header(d)
        ctx = Context({})
        method = None  # the 使用方法 the fields belong to (lower.lower_card groups them alike)
        for f in d.fields:
            if f.key.startswith("使用方法"):
                method = f.key
            if f.sentences and f.key not in CARD_FIELDS_READ:
                self.error("SGS213", f"the sentences of {f.key} are not read: no rule of this edition reads "
                           "that field", f.span, hint="fields read: " + "、".join(CARD_FIELDS_READ))
                continue
            for s in f.sentences:
                self.read_method_notes(s, method)
                if f.key == "使用目标":
                    self.check_targets(s, ctx)
                else:  # a timing starts only what the lowering reads one in (lower_card_method/_rule)
                    self.check_sentence(s, ctx, allow_timing=f.key in CARD_FIELDS_TIMED)
                if f.key == "使用时机":
                    self.check_timing_field(s)
        for sk in d.skills:
            self.check_skill(sk)

    def check_card_header(self, d: A.CardDecl):
        """卡牌 【名】 类型 [副类别] [攻击范围]: what lower.lower_card reads, nothing more."""
        h = d.header
        if not h or h[0] not in CARD_TYPES:
            self.error("SGS211", f"a card's first header field is its type ({' '.join(CARD_TYPES)})", d.span)
            return
        subtypes = CARD_SUBTYPES[h[0]]
        rest = h[1:]
        if rest and rest[0] in subtypes:
            rest = rest[1:]
        elif subtypes and rest:
            self.error("SGS211", f"unknown {h[0]} subtype {rest[0]}", d.name_span,
                       hint=self.suggest(rest[0], subtypes) or f"one of {' '.join(subtypes)}")
            return
        if rest and rest[0].isdigit() and h[1:2] == ["武器"]:
            rest = rest[1:]
        if rest:
            self.error("SGS211", f"header field {rest[0]} is not read", d.name_span,
                       hint="a card's header is: 卡牌 【名】 类型 [副类别] [攻击范围 of a 武器]")

    def read_method_notes(self, s: A.Sentence, method: Optional[str]):
        """（使用方法①） in a sentence of 使用方法① names the method it belongs to (【酒】's 额外说明):
        read as that reference; naming another method is an error."""
        for cl in iter_clauses(s.elements):
            for a in cl.items:
                if isinstance(a, A.Paren) and len(a.parts) == 1 and \
                        re.fullmatch(r"使用方法[一二三1-3①②③]", A.atoms_text(a.parts[0])):
                    note = A.atoms_text(a.parts[0])
                    if note == method:
                        a.role = "method"
                    else:
                        self.error("SGS213", f"（{note}） names another usage method than the one this sentence "
                                   f"belongs to ({method or 'none'})", a.span,
                                   hint="a sentence applies to the 使用方法 it is written under")
                        a.role = "method"

    def check_timing_field(self, s: A.Sentence):
        """使用时机 reads a timing and conditions (lower.lower_card_method): anything else in it
        would be dropped."""
        for e in s.elements:
            if isinstance(e, A.Sep) and e.symbol != "，":
                self.error("SGS213", f"{e.symbol} is not read in 使用时机: it holds a timing and conditions",
                           e.span, hint="write effects in 作用效果")
            elif isinstance(e, (A.Choice, A.Clause)) and (isinstance(e, A.Choice) or
                                                         e.role not in ("timing", "condition")):
                self.error("SGS213", "使用时机 reads a timing and conditions: this is neither, and would be dropped",
                           e.span, hint="write effects in 作用效果, targets in 使用目标")

    def check_targets(self, s: A.Sentence, ctx: Context):
        """使用目标: who or what the card may target: a group of characters, or a card — one
        phrase (lower.lower_card_method reads one)."""
        extra = [e for e in s.elements if isinstance(e, A.Clause)][1:2] + \
            [e for e in s.elements if not isinstance(e, (A.Clause, A.Sep))][:1]
        if extra:
            self.error("SGS213", "使用目标 is one phrase: what follows it would be dropped", extra[0].span,
                       hint="name the targets in one phrase (…的一名角色); conditions go in 目标限制")
        for cl in iter_clauses(s.elements):
            self.check_refs(cl.items)
            cl.role = "targets"
            if self.read_clause(cl, "角色组", ctx, report=False) is None:
                self.read_clause(cl, "牌", ctx)

    def check_general(self, d: A.GeneralDecl):
        h = d.header
        if len(h) < 3 or h[0] not in FACTIONS or h[1] not in SEXES or not \
                (h[2].isascii() and h[2].isdigit() and 1 <= int(h[2]) <= MAX_HP):
            self.error("SGS211", "a general's header is: 武将 名 势力 性别 体力 [主公]", d.name_span,
                       hint=f"势力 is one of {' '.join(FACTIONS)}; 性别 is 男 or 女; 体力 is a number "
                            f"from 1 to {MAX_HP}")
        elif len(h) > 3 and h[3:] != ["主公"]:
            self.error("SGS211", f"unknown header field {h[3]}", d.name_span, hint="the only flag is 主公")

    def check_deck(self, d: A.DeckDecl):
        for e in d.entries:
            if e.card not in self.sym.cards:
                self.error("SGS103", f"unknown card 【{e.card}】", e.span, hint=self.suggest(e.card, self.sym.cards))
            else:
                self.used_cards.add(e.card)
            for c in e.copies:
                if c.suit not in SUITS or c.point not in POINTS:
                    self.error("SGS210", f"bad physical card {c.suit}{c.point}", c.span,
                               hint="write 花色点数: 黑桃 红桃 梅花 方块 and A 2–10 J Q K")
        for name, sp in d.includes:
            if name not in self.sym.decks:
                self.error("SGS210", f"包含 names no deck: {name}", sp, hint=self.suggest(name, self.sym.decks))

    def check_ruling(self, d: A.RulingDecl):
        for line in d.lines:
            for s in line.sentences:
                for cl in iter_clauses(s.elements):
                    self.check_refs(cl.items)

    # ------------------------------------------------------------ skills
    def check_skill_reference(self, sk: A.SkillEntry):
        """A general's line 〖马术〗 with no text: the skill of that name declared elsewhere
        (庞德 and 马超 both have 〖马术〗; a skill is declared once)."""
        decl = self.sym.skills.get(sk.name)
        if decl is None or decl is sk:
            self.error("SGS104", f"〖{sk.name}〗 has no text and no skill of that name is declared", sk.name_span,
                       hint=self.suggest(sk.name, self.sym.skills) or
                       "write the skill's text after its name, or name a skill declared elsewhere")
        else:
            self.used_skills.add(sk.name)

    def check_skill(self, sk: A.SkillEntry):
        tags = [t.text for t in sk.tags]
        for pair in EXCLUSIVE_TAGS:
            if pair <= set(tags):
                t = next(t for t in sk.tags if t.text in pair and tags.index(t.text) > 0) if len(sk.tags) > 1 else sk.tags[0]
                self.error("SGS208", f"a skill cannot be both {' and '.join(sorted(pair))}", t.span)
        for t in sk.tags:
            if not READ_TAGS.fullmatch(t.text):
                self.error("SGS213", f"the tag {t.text} is not read: no rule of this edition gives it a meaning",
                           t.span, hint="tags read: 锁定技 主公技 限定技 觉醒技 出牌阶段限一次 每回合限N次 每轮限N次 "
                                        "每局限N次; write what the tag means as a sentence, or drop it")
        ctx = Context({}, locked=LOCKED in tags, skill=sk)
        for s in sk.sentences:
            self.check_sentence(s, ctx, allow_timing=True)

    # ------------------------------------------------------------ sentences
    def check_sentence(self, s: A.Sentence, ctx: Context, allow_timing: bool):
        els = s.elements
        scope = dict(ctx.scope)
        # notation: the symbols and their neighbours
        segments: list[list] = [[]]
        seps: list[A.Sep] = []
        for e in els:
            if isinstance(e, A.Sep) and e.symbol != "，":
                seps.append(e)
                segments.append([])
            elif not isinstance(e, A.Sep):
                segments[-1].append(e)
        # definitions in parentheses: （X为…）; any other （…） is a note, part of the wording
        for cl in iter_clauses(els):
            for a in cl.items:
                if isinstance(a, A.Paren) and a.role is None:
                    found = [DEFINITION.match(A.atoms_text(part)) for part in a.parts]
                    if not any(found):
                        continue
                    a.role = "definition"
                    for part, m in zip(a.parts, found):
                        if m:
                            scope[m.group(1)] = "数"
                        else:
                            self.error("SGS213", f"{A.atoms_text(part)} is not read: a （…） that defines "
                                       "X为… holds definitions only", atoms_span(part, a.span),
                                       hint="write the note outside the definition, as words a term reads")
        # X's type is the type its definition reads as (a number, a colour …: 〖双雄〗's X为你的
        # 判定牌的颜色)
        for cl in iter_clauses(els):
            for a in cl.items:
                if isinstance(a, A.Paren) and a.role == "definition":
                    for part in a.parts:
                        m = DEFINITION.match(A.atoms_text(part))
                        if m:
                            text = normalise_phrase(m.group(2))
                            scope[m.group(1)] = next((t for t in DEFINITION_TYPES if read_phrase(
                                self.vocab, text, t, scope) is not None), "数")
        for cl in iter_clauses(els):
            for a in cl.items:
                if isinstance(a, A.Paren) and a.role == "definition":
                    for part in a.parts:
                        m = DEFINITION.match(A.atoms_text(part))
                        if m:
                            value = self.read_text(m.group(2), scope[m.group(1)], Context(scope), a.span)
                            if value is not None:
                                a.definitions.append((m.group(1), value))
        ctx2 = Context(scope, ctx.locked, ctx.skill)
        self.mark_otherwise(els)
        # roles
        first = self.first_clause(els) if allow_timing else None
        after_delay = False
        for k, seg in enumerate(segments):
            for e in seg:
                if isinstance(e, A.Choice):
                    self.check_choice(e, ctx2)
                    continue
                cl: A.Clause = e
                self.check_refs(cl.items)
                if after_delay:
                    after_delay = False
                    if not self.read_timing(cl, ctx2, quiet=True) and \
                            not self.report_no_counterpart(cl, self.phrase_text(cl)):
                        self.error("SGS203", "→ must be followed by a timing", cl.span,
                                   hint="a delayed effect starts with its timing: →你于此回合内…造成伤害时❶，…")
                    cl.role = "delayed-timing"
                elif cl.cond:
                    cl.role = "condition"
                    self.read_clause(cl, "真假", ctx2)
                elif cl is first and self.read_timing(cl, ctx2, quiet=True):
                    pass
                elif cl is first and self.read_limited_timing(cl, ctx2):
                    pass
                elif cl is first and self.report_no_counterpart(cl, self.phrase_text(cl)):
                    pass
                elif cl is first and self.looks_like_timing(cl) and not self.readable_operation(cl, ctx2):
                    self.report_timing(cl, ctx2)
                else:
                    self.read_operation(cl, ctx2)
            if k < len(seps) and seps[k].symbol == "→":
                # a → after another is a delayed effect the first one sets up when it runs
                # (〖双雄〗: →判定结果确定后❶，…▷→你于此回合内需要使用【决斗】时❸，…; lower_delayed)
                after_delay = True
                if ctx.skill is None:
                    self.error("SGS213", "→ is not read here: a delayed effect belongs to a skill's sentence",
                               seps[k].span, hint="write the delayed effect in a skill (技能 or a card's "
                               "装备技能), or write its timing in the flow")
        self.check_symbols(segments, seps)
        self.classify_positions(segments, seps)

    def mark_otherwise(self, els: list):
        """`若C，A；否则B`: a clause that starts with 否则 right after a ； whose stretch has a 若
        is the other branch of that 若 (Clause.orelse; the word 否则 is not part of its phrase)."""
        cond_seen = False
        for k, e in enumerate(els):
            if isinstance(e, A.Sep) and e.symbol == "；":
                nxt = els[k + 1] if k + 1 < len(els) else None
                if isinstance(nxt, A.Clause) and not nxt.cond and nxt.items and \
                        isinstance(nxt.items[0], A.Text) and nxt.items[0].text.startswith("否则"):
                    if not cond_seen:
                        self.error("SGS207", "否则 needs a 若 before the ； on its left", nxt.span,
                                   hint="write 若C，…；否则…")
                    first = nxt.items[0]
                    rest = first.text[len("否则"):]
                    sp = first.span
                    tail = [A.Text(rest, Span(sp.path, sp.line, sp.column + 2, sp.end_line, sp.end_column))] \
                        if rest else []
                    nxt.items = tail + nxt.items[1:]
                    nxt.orelse = True
                cond_seen = False
            elif isinstance(e, A.Clause) and e.cond:
                cond_seen = True

    def check_symbols(self, segments: list[list], seps: list[A.Sep]):
        """▶ needs a cost on its left; ▷ needs an effect (or a 若 check) on its left."""
        for k, sep in enumerate(seps):
            left = [e for e in segments[k] if isinstance(e, A.Choice) or e.role in ("effect", "condition")]
            if sep.symbol == "▶" and not any(isinstance(e, A.Clause) and e.role == "effect" for e in left):
                self.error("SGS201", "▶ needs a cost on its left", sep.span,
                           hint="write the cost before ▶ (你可弃置一张牌▶…), or drop ▶")
            elif sep.symbol == "▷" and not left:
                self.error("SGS202", "▷ needs an effect on its left", sep.span,
                           hint="▷ runs its right side only if the nearest effect on its left was executed")

    def first_clause(self, els) -> Optional[A.Clause]:
        return next((e for e in els if isinstance(e, A.Clause)), None)

    def readable_operation(self, cl: A.Clause, ctx: Context) -> bool:
        return all(self._read_operation_text(v, ctx, cl) is not None
                   for v in self.expand_alternatives(self.phrase_text(cl)))

    def check_causer(self, causer: str, ch: A.Choice, ctx: Context):
        """X令Y选择一项: Y chooses; X is the one doing this (the lowering asks it for 可), so X
        must read as that one: empty, 你, or the implied subject."""
        if not causer:
            return
        sp = ch.span
        span = Span(sp.path, sp.line, sp.column, sp.line, sp.column + len(causer))
        m = read_phrase(self.vocab, normalise_phrase(causer), "角色", ctx.scope)
        if m is None:
            self.error("SGS102", f"{causer} reads as no 角色", span, hint=self.phrase_hint(causer, "角色", ctx.scope))
        elif not (m.kind == "implied" or (m.term is not None and m.term.primitive == "owner")):
            self.error("SGS213", f"{causer} before 令 is not read: who makes another choose is the one doing "
                       "this (你)", span, hint=f"write 你令…选择一项, or let {causer} choose: {causer}选择一项")
        else:
            self.note_use(m)

    def check_choice(self, ch: A.Choice, ctx: Context):
        ch.role = "choice"
        chooser = ch.chooser
        if "令" in chooser:  # 你可令其选择一项: 其 chooses; 你 decides (可) whether it happens
            causer, _, chooser = chooser.rpartition("令")
            ch.optional = causer.endswith("可")
            self.check_causer(causer[:-1] if ch.optional else causer, ch, ctx)
        if chooser:
            ch.chooser_match = self.read_text(chooser, "角色", ctx, ch.span)
        if len(ch.options) < 2:
            self.error("SGS205", "选择一项 needs at least two options", ch.span,
                       hint="write 选择一项：1.…；2.…")
        for i, opt in enumerate(ch.options, 1):
            if opt.number != i:
                self.error("SGS206", f"option {opt.number} should be numbered {i}", opt.span)
            for e in opt.elements:
                if isinstance(e, A.Sep) and e.symbol == "→":
                    self.error("SGS213", "→ is not read in an option: a delayed effect belongs to the "
                               "sentence, not to one option", e.span, hint="write it as a sentence of its own")
                if isinstance(e, A.Clause):
                    self.check_refs(e.items)
                    if e.cond:
                        e.role = "condition"
                        self.read_clause(e, "真假", ctx)
                    else:
                        self.read_operation(e, ctx)
            ops = [e for e in opt.elements if isinstance(e, A.Clause) and e.role == "effect"]
            conds = any(isinstance(e, A.Clause) and e.cond for e in opt.elements)
            if len(ops) == 1 and not conds:
                ops[0].strict = True  # the only unconditional effect of an option
            for e in ops:
                if e.strict is None:
                    e.strict = e.optional

    # ------------------------------------------------------------ position classes
    def classify_positions(self, segments: list[list], seps: list[A.Sep]):
        """Seed 002:407-467: an operation that is a cost, the only effect, the nearest effect
        left of ▷, the only unconditional effect of an option, or optional (可) must be fully
        executable (strict); any other does as much as it can (best-effort)."""
        cost_end = next((k for k, s in enumerate(seps) if s.symbol == "▶"), None)
        effects: list[A.Clause] = []
        for k, seg in enumerate(segments):
            for e in seg:
                if isinstance(e, A.Clause) and e.role in ("effect", "condition"):
                    if cost_end is not None and k <= cost_end and e.role == "effect":
                        e.role = "cost"
                        e.strict = True
                    elif e.role == "effect":
                        effects.append(e)
        for k, sep in enumerate(seps):
            if sep.symbol == "▷":
                left = [e for e in segments[k] if isinstance(e, A.Clause) and e.role in ("effect", "cost")]
                if left:
                    left[-1].strict = True
        if len(effects) == 1:
            effects[0].strict = True
        for e in effects:
            if e.optional:
                e.strict = True
            if e.strict is None:
                e.strict = False

    # ------------------------------------------------------------ timing clauses
    def looks_like_timing(self, cl: A.Clause) -> bool:
        return bool(TIMING_HINT.search(cl.text))

    def read_timing(self, cl: A.Clause, ctx: Context, quiet: bool = False) -> bool:
        """`你受到伤害后` -> subject 你 + timing 受到伤害后; `摸牌阶段` -> the owner's 摸牌阶段."""
        text = self.phrase_text(cl)
        matches = []
        trial = A.Clause(cl.cond, cl.items, cl.span)
        for variant in self.expand_alternatives(text, lambda v: self._read_timing_text(v, ctx, trial)):
            if not self._read_timing_text(variant, ctx, cl):
                if not quiet:
                    self.report_timing(cl, ctx)
                return False
            matches.append(cl.match)
        cl.matches, cl.match = matches, matches[0]
        cl.role = "timing"
        return True

    def _read_timing_text(self, text: str, ctx: Context, cl: A.Clause) -> bool:
        if text.startswith("当"):
            text = text[1:]
        for phrase in (text, IMPLIED + text):
            m = read_phrase(self.vocab, phrase, "时机", ctx.scope)
            if m is not None and m.kind == "term":
                self.note_use(m)
                cl.match = m
                return True
        for name in sorted(self.vocab.timings, key=len, reverse=True):
            if not text.endswith(name):
                continue
            prefix = text[: -len(name)]
            if not prefix:
                cl.match = Match("timing", "时机", 0, len(text), name)
                return True
            for pre in (prefix, prefix[:-1] if prefix.endswith("的") else None):
                if not pre:
                    continue
                # whose timing it is: a character (a 真假 here would become a subject that is a
                # truth value, which the lowering cannot use)
                m = read_phrase(self.vocab, normalise_phrase(pre), "角色", ctx.scope)
                if m is not None:
                    self.note_use(m)
                    cl.match = Match("timing", "时机", 0, len(text), name, args={"主体": m})
                    return True
        return False

    def read_limited_timing(self, cl: A.Clause, ctx: Context) -> bool:
        """`其他群势力角色的出牌阶段限一次` (〖黄天〗): a play-phase timing with its use limit (the
        phase of that character, once); the limit is the skill's (Clause.limit)."""
        m = LIMITED_TIMING.match(cl.text)
        if not m or not cl.items or not isinstance(cl.items[-1], A.Text):
            return False
        last = cl.items[-1]
        cut = len(m.group(2)) + 2  # 限 + the number + 次
        if not last.text.endswith(cl.text[-cut:]):
            return False
        items = cl.items[:-1] + ([A.Text(last.text[:-cut], last.span)] if last.text[:-cut] else [])
        trial = A.Clause(cl.cond, items, cl.span)
        if not self.read_timing(trial, ctx, quiet=True):
            return False
        cl.items, cl.match, cl.matches, cl.role = items, trial.match, trial.matches, "timing"
        cl.limit = ("phase", LIMIT_NUMBERS.get(m.group(2), 1))
        return True

    def report_timing(self, cl: A.Clause, ctx: Context):
        if self.report_unread(cl, ctx, lambda t: self._read_timing_text(t, ctx, cl)):
            cl.role = "timing"
            return
        text = self.phrase_text(cl)
        if text.startswith("当"):
            text = text[1:]
        names = list(self.vocab.timings)
        ends = sorted((n for n in names if text.endswith(n)), key=len, reverse=True)
        if ends:
            self.report_timing_subject(cl, text, ends[0], ctx)
            return
        # compare the clause's tail with every timing name of similar length
        best = None
        for n in range(2, min(len(text), 14) + 1):
            cand = did_you_mean(text[-n:], names, limit=max(1, n // 3))
            if cand is not None:
                best = cand
        hint = f"did you mean {best}?" if best else "timings are declared by the flows (事件 … 时机 …)"
        self.error("SGS101", f"unknown timing in {text}", cl.span, hint=hint)
        cl.role = "timing"

    def report_timing_subject(self, cl: A.Clause, text: str, name: str, ctx: Context):
        """The clause ends with timing ``name`` but reads as no timing: what stands before the
        name is not whose timing it is (a character, or a condition) and no 时机 term reads the
        whole clause. A subject of another type is SGS302; words that read as nothing mean no
        timing term has this wording (SGS112), and the hint names the closest ones."""
        subj = text[: -len(name)]
        pre = subj[:-1] if subj.endswith("的") else subj
        other = next((t for t in sorted(self.vocab.types) if t not in ("角色", "真假") and pre and
                      read_phrase(self.vocab, normalise_phrase(pre), t, ctx.scope) is not None), None)
        if other is not None:
            self.error("SGS302", f"the subject of {name} must be a character, {pre} is a {other}", cl.span,
                       hint="write who the timing belongs to: 你 / 一名角色 / 其他角色 …")
            return
        near = closest_terms(text, self.vocab.by_type.get("时机", ()))
        hint = ("closest timing term" + ("s" if len(near) > 1 else "") + ": " + "; ".join(t.key for t in near)
                if near else f"declare a timing term (用语 〔甲：角色〕…{name} 为 时机) in specs/…/terms/, "
                             f"or write who the timing belongs to: 你{name}")
        self.error("SGS112", f"no timing term reads {text}: {name} is a timing, but {subj} before it "
                   f"reads as no character", cl.span, hint=hint)

    def report_no_counterpart(self, cl: A.Clause, text: str) -> bool:
        """A timing of another edition with no counterpart here (declared 无, or not declared):
        the skill or card cannot fire in this edition (SGS115)."""
        absent = {n for n, d in self.sym.timing_maps.items() if d.target is None}
        absent |= {n for n in self.foreign_timings if n not in self.vocab.timings}
        name = max((n for n in absent if text.endswith(n)), key=len, default=None)
        if name is None:
            return False
        d = self.sym.timing_maps.get(name)
        if d is not None:
            self.error("SGS115", f"{name} has no counterpart in the {self.edition} edition: this cannot fire there",
                       cl.span,
                       hint=f"declared 时机对应 {name} 无 at {d.span.path}:{d.span.line}")
        else:
            other = self.foreign_timings[name]
            self.error("SGS115", f"{name} is a timing of the {other} edition with no counterpart in the "
                                 f"{self.edition} edition",
                       cl.span, hint=f"declare where it fires: 时机对应 {name} 即 <a timing of this edition>, "
                                     f"or that it cannot: 时机对应 {name} 无")
        cl.role = "timing"
        return True

    # ------------------------------------------------------------ phrases
    def phrase_text(self, cl: A.Clause, notes: bool = True) -> str:
        """The clause's words without the （…） read apart (definitions, a card sentence's own
        （使用方法①）); a note in （…） stays, as part of the wording a term must read
        (``notes=False``: without the notes too, to tell that only a note was not read)."""
        kept = [a for a in cl.items if not isinstance(a, A.Paren) or (a.role is None and notes)]
        return normalise_phrase(A.atoms_text(kept))

    def expand_alternatives(self, text: str, reads=None) -> list[str]:
        """`你使用／打出【杀】时` -> [`你使用【杀】时`, `你打出【杀】时`]: the words on both sides of
        ／ have the same length; the longest length that gives wordings made only of CJK
        characters — and, given ``reads`` (a test of one wording), wordings that all read — is
        taken (the compiler derives it, the author never marks it: 你需要使用／打出基本牌或普通锦
        囊牌时❸ is 使用 or 打出, not 你需要使用 or 打出基本牌)."""
        if "／" not in text:
            return [text]
        if text.count("／") > MAX_ALTERNATIVES:   # each ／ doubles the wordings to read
            raise ReadingTooCostly(text, False, text.count("／"))
        i = text.index("／")
        left, right = text[:i], text[i + 1 :]
        rest_alts = right.find("／")
        first = None
        for n in range(min(len(left), len(right) if rest_alts < 0 else rest_alts), 0, -1):
            lw, rw = left[-n:], right[:n]
            if all("\u4e00" <= c <= "\u9fff" for c in lw + rw):
                a = left + right[n:]
                b = left[:-n] + right
                out = []
                for v in (a, b):
                    out.extend(self.expand_alternatives(v, reads))
                if reads is None or all(reads(v) for v in out):
                    return out
                first = first or out
        return first or [text]  # no split: the ／ stays, reads as nothing, and report_unread says why

    def read_operation(self, cl: A.Clause, ctx: Context):
        """An operation clause; `X可…` makes it optional (the subject may decline)."""
        cl.role = "effect"
        text = self.phrase_text(cl)
        matches = []
        for variant in self.expand_alternatives(text, lambda v: self.operation_reading(v, ctx) is not None):
            m = self._read_operation_text(variant, ctx, cl)
            if m is None:
                self.report_phrase(cl, variant, OPERATION, ctx)
                return
            matches.append(m)
        cl.matches, cl.match = matches, matches[0]

    def _read_operation_text(self, text: str, ctx: Context, cl: A.Clause) -> Optional[Match]:
        got = self.operation_reading(text, ctx)
        if got is None:
            return None
        m, optional = got
        if optional:
            cl.optional = True
            if ctx.locked:
                self.error("SGS204", "a 锁定技 has no 可: its effects are not optional", cl.span,
                           hint="drop 可, or drop the 锁定技 tag")
        cl.match = m
        self.note_use(m)
        return m

    def operation_reading(self, text: str, ctx: Context) -> Optional[tuple[Match, bool]]:
        """An operation's reading and whether it is optional (X可… / 可…; X须… is not), or None."""
        readings = [(text, False)]
        for marker in ("可", "须"):
            j = text.find(marker)
            while j > 0:
                subj = text[:j]
                if read_phrase(self.vocab, subj, "角色", ctx.scope) is not None:
                    readings.insert(0, (subj + text[j + 1 :], marker == "可"))
                j = text.find(marker, j + 1)
        if text.startswith("可"):
            readings.insert(0, (text[1:], True))
        for compound in (False, True):
            for variant, optional in readings:
                for phrase in (variant, IMPLIED + variant):
                    m = read_phrase(self.vocab, phrase, OPERATION, ctx.scope) if not compound else \
                        self.read_compound(phrase, ctx)
                    if m is not None:
                        return m, optional
        return None

    def read_compound(self, text: str, ctx: Context) -> Optional[Match]:
        """Operations of one actor joined by the book's words, when the whole does not read as one
        term: `A、B且C` (each of them, in order: 〖天义〗's 你于此回合内使用【杀】无距离限制、使用【杀】的
        次数上限+1且…) and `A或B` (the actor chooses one it can execute, 002:259: 〖强袭〗's 失去1点
        体力或弃置一张武器牌). Each part after the first is read as it is, or with the first part's
        subject (its first slot's words) before it."""
        for seps, kind in (("或",), "either"), (("、", "且"), "all"):
            parts = _split_outside_brackets(text, seps)
            if len(parts) < 2:
                continue
            first = read_phrase(self.vocab, parts[0], OPERATION, ctx.scope)
            if first is None or first.term is None:
                continue
            slot = first.term.parts[0]
            subject = ""
            if isinstance(slot, Slot) and slot.name in first.args:
                a = first.args[slot.name]
                subject = parts[0][a.start:a.end]
            subs = [first]
            for p in parts[1:]:
                m = read_phrase(self.vocab, p, OPERATION, ctx.scope)
                if m is None and subject:
                    m = read_phrase(self.vocab, subject + p, OPERATION, ctx.scope)
                if m is None:
                    break
                subs.append(m)
            if len(subs) == len(parts):
                return Match(kind, OPERATION, 0, len(text), text, None,
                             {str(i): m for i, m in enumerate(subs)}, sum(m.score for m in subs))
        return None

    def read_clause(self, cl: A.Clause, wanted: str, ctx: Context, report: bool = True) -> Optional[Match]:
        text = self.phrase_text(cl)
        matches = []
        for variant in self.expand_alternatives(text):
            m = read_phrase(self.vocab, variant, wanted, ctx.scope)
            if m is None:
                m = read_phrase(self.vocab, IMPLIED + variant, wanted, ctx.scope)
            if m is None:
                if report:
                    self.report_phrase(cl, variant, wanted, ctx)
                return None
            self.note_use(m)
            matches.append(m)
        cl.matches, cl.match = matches, matches[0]
        return cl.match

    def read_text(self, text: str, wanted: str, ctx: Context, span: Span) -> Optional[Match]:
        m = read_phrase(self.vocab, normalise_phrase(text), wanted, ctx.scope)
        if m is None:
            self.error("SGS102", f"{text} reads as no {wanted}", span,
                       hint=self.phrase_hint(text, wanted, ctx.scope))
        else:
            self.note_use(m)
        return m

    def report_unread(self, cl: A.Clause, ctx: Context, reads) -> bool:
        """Before saying a clause reads as nothing: when that is because of text no reading can
        take — words around ／ that cannot be told apart, a note in （…） no term reads while
        the clause reads without it — report that text (SGS213) and return True. ``reads(text)``
        tells whether a wording reads."""
        alts = [a for a in cl.items if isinstance(a, A.Alt)]
        if alts and any("／" in v for v in self.expand_alternatives(self.phrase_text(cl))):
            self.error("SGS213", "the wordings around ／ cannot be told apart: the same number of "
                       "characters on each side is replaced", alts[0].span,
                       hint="write both wordings out (你使用【杀】时或你打出【杀】时), or declare the ／ in a term's pattern")
            return True
        notes = [a for a in cl.items if isinstance(a, A.Paren) and a.role is None]
        if notes and all(reads(v) for v in self.expand_alternatives(self.phrase_text(cl, notes=False))):
            for a in notes:
                self.error("SGS213", f"the note {A.atoms_text([a])} is read by no term: the clause reads "
                           "without it, so the note would be dropped", a.span,
                           hint="a note is part of the wording: declare a term whose pattern includes it "
                                f"(用语 …{A.atoms_text([a])}…), or write what it says as a clause of its own")
            return True
        return False

    def report_phrase(self, cl: A.Clause, text: str, wanted: str, ctx: Context):
        if wanted == OPERATION:
            reads = lambda t: self.operation_reading(t, ctx) is not None  # noqa: E731
        else:
            reads = lambda t: any(read_phrase(self.vocab, x, wanted, ctx.scope) is not None  # noqa: E731
                                  for x in (t, IMPLIED + t))
        if self.report_unread(cl, ctx, reads):
            return
        why = explain_failure(self.vocab, text, wanted, ctx.scope) or \
            explain_failure(self.vocab, IMPLIED + text, wanted, ctx.scope)
        if why is not None:
            term, slot, shown, shown_type = why
            self.error("SGS301", f"{shown} is a {shown_type}, but {term.key} wants a {slot.type} here",
                       cl.span, hint=f"〔{slot.name}：{slot.type}〕 takes a {slot.type}")
            return
        what = "condition" if wanted == "真假" else ("operation" if wanted == OPERATION else wanted)
        self.error("SGS102", f"no declared {what} reads {text}", cl.span,
                   hint=self.phrase_hint(text, wanted, ctx.scope))

    def phrase_hint(self, text: str, wanted: str, scope=None) -> str:
        near = closest_terms(text, self.vocab.by_type.get(wanted, ()))
        if not near:
            return "declare the phrase as a term (用语) in specs/…/terms/"
        hint = f"closest declared term{'s' if len(near) > 1 else ''}: " + "; ".join(t.key for t in near)
        # the closest term's words all there: the misspelt part is an argument (弃置一张手排)
        for arg, slot in slot_texts(near[0], text):
            if read_phrase(self.vocab, arg, slot.type, scope or {}) is None:
                inner = closest_terms(arg, self.vocab.by_type.get(slot.type, ()))
                if inner:
                    hint += f"; {arg} reads as no {slot.type}, closest: " + "; ".join(t.key for t in inner)
        return hint

    def check_refs(self, items: list[A.Atom]):
        for a in items:
            if isinstance(a, A.CardRef):
                if a.name not in self.sym.cards:
                    self.error("SGS103", f"unknown card 【{a.name}】", a.span, hint=self.suggest(a.name, self.sym.cards))
                else:
                    self.used_cards.add(a.name)
            elif isinstance(a, A.SkillRef):
                if a.name not in self.sym.skills:
                    self.error("SGS104", f"unknown skill 〖{a.name}〗", a.span, hint=self.suggest(a.name, self.sym.skills))
                else:
                    self.used_skills.add(a.name)
            elif isinstance(a, A.PileRef):
                if a.name not in self.sym.names:
                    self.error("SGS106", f"unknown name “{a.name}”", a.span,
                               hint=self.suggest(a.name, self.sym.names) or "declare it with 名称 “…”")
            elif isinstance(a, A.MarkRef):
                if a.name not in self.sym.marks:
                    self.error("SGS106", f"unknown mark 「{a.name}」", a.span,
                               hint=self.suggest(a.name, self.sym.marks) or "declare it with 标记")
            elif isinstance(a, A.Paren):
                for p in a.parts:
                    self.check_refs(p)
            elif isinstance(a, A.Brace):
                for p in a.args:
                    self.check_refs(p)

    def note_use(self, m: Match):
        for t in m.terms_used():
            self.used_terms.add(t.key)

    # ------------------------------------------------------------ pass 7: nothing dropped
    def check_all_read(self):
        """A last net under the passes above: every clause of a skill, card, flow, term or mode
        has a reading, or an error was reported inside it. A clause without either would be
        dropped by the lowering without a word."""
        errors = [d.span for d in self.diags if d.severity == "error"]

        def reported(sp: Span) -> bool:  # an error overlaps the clause (inside it, or around it)
            return any(e.path == sp.path and (e.line, e.column) <= (sp.end_line, sp.end_column) and
                       (e.end_line, e.end_column) >= (sp.line, sp.column) for e in errors)

        for cl in self.all_clauses():
            if cl.match is None and not cl.matches and not reported(cl.span):
                self.error("SGS213", f"{cl.text} is not read", cl.span,
                           hint="every phrase is read as a timing, a condition, an operation or a value; "
                                "this one is read as none of them here")

    def all_clauses(self) -> Iterable[A.Clause]:
        def of_stmts(body):
            for st in walk_stmts(body):
                if isinstance(st, A.TimingStmt):
                    for s in st.system:
                        yield from iter_clauses(s.elements)
                elif isinstance(st, A.SayStmt):
                    for s in st.sentences:
                        yield from iter_clauses(s.elements)
                elif isinstance(st, (A.IfStmt, A.WhileStmt)):
                    yield st.cond
                elif isinstance(st, A.LoopStmt):
                    yield st.items
                elif isinstance(st, A.ExecStmt):
                    yield from st.args

        for d in self.all_decls():
            if isinstance(d, (A.EventDecl, A.TermDecl, A.ModeDecl)):
                yield from of_stmts(d.body)
            elif isinstance(d, A.CardDecl):
                for f in d.fields:
                    if f.key in CARD_FIELDS_READ:
                        for s in f.sentences:
                            yield from iter_clauses(s.elements)
            skills = d.skills if isinstance(d, (A.CardDecl, A.GeneralDecl)) else \
                [d.skill] if isinstance(d, A.SkillDecl) else []
            for sk in skills:
                for s in sk.sentences:
                    yield from iter_clauses(s.elements)

    # ------------------------------------------------------------ pass 6: unused
    def check_unused(self):
        prim_only = set()
        for d in self.sym.terms.values():
            if d.pattern not in self.used_terms:
                prim_only.add(d.pattern)
        for key in sorted(prim_only):
            d = self.sym.terms[key]
            self.warn("SGS402", f"term {key} is never used", d.pattern_span)


def _split_outside_brackets(text: str, seps) -> list[str]:
    """``text`` split at the separators that stand outside 【】〖〗「」“” and {} ."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "【〖「“{":
            depth += 1
        elif ch in "】〗」”}":
            depth -= 1
        elif depth == 0 and ch in seps:
            out.append(text[start:i])
            start = i + 1
    out.append(text[start:])
    return [p for p in out if p]


def walk_stmts(body: list[A.Stmt]) -> Iterable[A.Stmt]:
    for st in body:
        yield st
        if isinstance(st, A.IfStmt):
            yield from walk_stmts(st.body)
            yield from walk_stmts(st.orelse)
        elif isinstance(st, (A.LoopStmt, A.WhileStmt)):
            yield from walk_stmts(st.body)


def iter_clauses(elements) -> Iterable[A.Clause]:
    for e in elements:
        if isinstance(e, A.Clause):
            yield e
        elif isinstance(e, A.Choice):
            for o in e.options:
                yield from iter_clauses(o.elements)


def atoms_span(atoms: list, default: Span) -> Span:
    """The span from the first to the last of ``atoms`` (``default`` when there are none)."""
    spans = [a.span for a in atoms if getattr(a, "span", None) is not None]
    if not spans:
        return default
    a, b = spans[0], spans[-1]
    return Span(a.path, a.line, a.column, b.end_line, b.end_column)
