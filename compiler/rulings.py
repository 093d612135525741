"""Executable rulings (例): build each ruling's table in the generated engine, run its events
with the scripted answers, check its expectations (docs/rulings.md).

    from compiler.rulings import run_rulings
    diags = run_rulings(project)          # list[Diagnostic], codes SGS5xx

A ruling's lines are read with the phrase reader of compiler/phrases.py against a small closed
vocabulary (RULING_TERMS below: seat facts, events, answers, expectations); A, B, C … are
variables of type 角色 bound to the seats in the order of the 座次 line.
"""
from __future__ import annotations

import os
import json
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from . import ast as A
from .diagnostics import Diagnostic
from .phrases import Term, Vocabulary, parse_pattern, read_phrase, numeral_value
from .source import Span

DECK = "标准版加军争"
ROLES = {"主公": 0, "忠臣": 1, "反贼": 2, "内奸": 3}
SUITS = {"黑桃": 0, "梅花": 1, "红桃": 2, "方块": 3}
POINTS = {"A": 1, "J": 11, "Q": 12, "K": 13}
SEAT_NAMES = "ABCDEFGHIJ"
LOG_TAIL = int(os.environ.get("SGS_RULING_LOG", 10))


class RulingFailure(Exception):
    def __init__(self, code, message, span=None, notes=()):
        super().__init__(message)
        self.code = code
        self.message = message
        self.span = span
        self.notes = list(notes)


# ---------------------------------------------------------------- the vocabulary
# pattern -> (kind, name).  kind: "event" (injected into the engine), "act" (answers to
# decisions), "expect" (checked on the state and the log).

RULING_TERMS = [
    # events: the engine runs them as the flows the specs declare
    ("〔甲：角色〕对〔乙：角色〕造成〔X：数〕点伤害", "event", "damage"),
    ("〔甲：角色〕对〔乙：角色〕造成〔X：数〕点火焰伤害", "event", "damage_fire"),
    ("〔甲：角色〕对〔乙：角色〕造成〔X：数〕点雷电伤害", "event", "damage_thunder"),
    ("〔乙：角色〕受到〔X：数〕点无来源的伤害", "event", "damage_nosrc"),
    ("〔乙：角色〕受到〔X：数〕点无来源的雷电伤害", "event", "damage_nosrc_thunder"),
    ("〔甲：角色〕失去〔X：数〕点体力", "event", "lose_hp"),
    ("〔甲：角色〕回复〔X：数〕点体力", "event", "recover"),
    ("〔甲：角色〕进行判定", "event", "judge"),
    # answers: each consumes the decisions it describes, in order
    ("〔甲：角色〕发动〔S：技能〕", "act", "trigger"),
    ("〔甲：角色〕不发动〔S：技能〕", "act", "decline_skill"),
    ("〔甲：角色〕使用〔N：牌名〕", "act", "use"),
    ("〔甲：角色〕对〔乙：角色〕使用〔N：牌名〕", "act", "use_on"),
    ("〔甲：角色〕对〔乙：角色〕和〔丙：角色〕使用〔N：牌名〕", "act", "use_on2"),
    ("〔甲：角色〕对〔乙：角色〕、〔丙：角色〕和〔丁：角色〕使用〔N：牌名〕", "act", "use_on3"),
    ("〔甲：角色〕对自己使用〔N：牌名〕", "act", "use_self"),
    ("〔甲：角色〕打出〔N：牌名〕", "act", "play"),
    ("〔甲：角色〕发动〔S：技能〕使用〔N：牌名〕", "act", "use_via"),
    ("〔甲：角色〕发动〔S：技能〕对〔乙：角色〕使用〔N：牌名〕", "act", "use_via"),
    ("〔甲：角色〕发动〔S：技能〕打出〔N：牌名〕", "act", "play_via"),
    ("〔甲：角色〕发动〔S：技能〕对〔乙：角色〕使用〔N：牌名〕", "act", "use_via"),
    ("〔甲：角色〕不使用〔N：牌名〕", "act", "no_use"),
    ("〔甲：角色〕不打出〔N：牌名〕", "act", "no_play"),
    ("〔甲：角色〕不响应", "act", "no_respond"),
    ("〔甲：角色〕选择〔乙：角色〕", "act", "pick1"),
    ("〔甲：角色〕选择〔乙：角色〕和〔丙：角色〕", "act", "pick2"),
    ("〔甲：角色〕选择第〔X：数〕项", "act", "option"),
    ("〔甲：角色〕选择是", "act", "yes"),
    ("〔甲：角色〕选择否", "act", "no"),
    ("〔甲：角色〕选择〔N：牌名〕", "act", "pick_card"),
    ("〔甲：角色〕选择〔X：数〕张牌", "act", "pick_n"),
    # a card of another role's areas (〖突袭〗, 〖反馈〗, 【过河拆桥】): the first that fits
    ("〔甲：角色〕选择〔乙：角色〕的一张手牌", "act", "pick_hand_of"),
    ("〔甲：角色〕选择〔乙：角色〕的一张牌", "act", "pick_card_of"),
    ("〔甲：角色〕选择〔乙：角色〕的〔N：牌名〕", "act", "pick_named_of"),
    # a suit (〖反间〗)
    ("〔甲：角色〕选择黑桃", "act", "suit_黑桃"),
    ("〔甲：角色〕选择梅花", "act", "suit_梅花"),
    ("〔甲：角色〕选择红桃", "act", "suit_红桃"),
    ("〔甲：角色〕选择方块", "act", "suit_方块"),
    # where cards go (〖观星〗's 置于牌堆顶/牌堆底, 〖遗计〗's 交给); several cards in a row (【杀】【闪】)
    # are listed from the top of the draw pile down (001:479: their order is the mover's)
    ("〔甲：角色〕将〔N：牌名〕置于牌堆顶", "act", "put_top"),
    ("〔甲：角色〕将〔N：牌名〕依次置于牌堆顶", "act", "put_top"),
    ("〔甲：角色〕将〔N：牌名〕置于牌堆底", "act", "put_bottom"),
    ("〔甲：角色〕将〔N：牌名〕依次置于牌堆底", "act", "put_bottom"),
    ("〔甲：角色〕将〔N：牌名〕交给〔乙：角色〕", "act", "give_to"),
    ("〔甲：角色〕放弃", "act", "pass"),
    ("〔甲：角色〕结束出牌阶段", "act", "end_play"),
    ("〔甲：角色〕重铸〔N：牌名〕", "act", "recast"),
    # expectations on the state
    ("〔甲：角色〕的体力为〔X：数〕", "expect", "hp"),
    ("〔甲：角色〕的体力上限为〔X：数〕", "expect", "maxhp"),
    ("〔甲：角色〕的手牌数为〔X：数〕", "expect", "hand_n"),
    ("〔甲：角色〕没有手牌", "expect", "no_hand"),
    ("〔甲：角色〕的装备区里的牌数为〔X：数〕", "expect", "equip_n"),
    ("〔甲：角色〕的判定区里的牌数为〔X：数〕", "expect", "judge_n"),
    ("〔甲：角色〕的武将牌上的牌数为〔X：数〕", "expect", "general_n"),
    ("〔甲：角色〕的手牌中有〔N：牌名〕", "expect", "hand_has"),
    ("〔甲：角色〕的手牌中没有〔N：牌名〕", "expect", "hand_not"),
    ("〔甲：角色〕的装备区里有〔N：牌名〕", "expect", "equip_has"),
    ("〔甲：角色〕的装备区里没有〔N：牌名〕", "expect", "equip_not"),
    ("〔甲：角色〕的判定区里有〔N：牌名〕", "expect", "judge_has"),
    ("〔甲：角色〕的判定区里没有〔N：牌名〕", "expect", "judge_not"),
    ("弃牌堆里有〔N：牌名〕", "expect", "discard_has"),
    ("弃牌堆里没有〔N：牌名〕", "expect", "discard_not"),
    ("处理区里没有牌", "expect", "processing_empty"),
    ("牌堆顶为〔N：牌名〕", "expect", "top_is"),
    ("牌堆顶依次为〔N：牌名〕", "expect", "top_seq"),
    ("牌堆底依次为〔N：牌名〕", "expect", "bottom_seq"),
    ("〔甲：角色〕至〔乙：角色〕的距离为〔X：数〕", "expect", "distance"),
    ("〔甲：角色〕的攻击范围为〔X：数〕", "expect", "range"),
    ("〔甲：角色〕的手牌上限为〔X：数〕", "expect", "hand_limit"),
    ("〔甲：角色〕处于连环状态", "expect", "chained"),
    ("〔甲：角色〕不处于连环状态", "expect", "not_chained"),
    ("〔甲：角色〕的武将牌背面朝上", "expect", "face_down"),
    ("〔甲：角色〕的武将牌正面朝上", "expect", "face_up"),
    ("〔甲：角色〕存活", "expect", "alive"),
    ("〔甲：角色〕死亡", "expect", "dead"),
    ("〔甲：角色〕获胜", "expect", "winner"),
    # turn order
    ("当前回合角色为〔甲：角色〕", "expect", "current"),
    ("下一个进行回合的角色为〔甲：角色〕", "expect", "next_turn"),
    ("轮数为〔X：数〕", "expect", "round"),
    ("游戏结束", "expect", "game_over"),
    ("游戏未结束", "expect", "not_over"),
    # expectations on the log
    ("〔甲：角色〕受到了〔X：数〕点伤害", "expect", "damaged"),
    ("〔甲：角色〕未受到伤害", "expect", "not_damaged"),
    ("〔甲：角色〕进入过濒死状态", "expect", "was_dying"),
    ("〔甲：角色〕未进入过濒死状态", "expect", "not_dying"),
    ("〔甲：角色〕使用过〔N：牌名〕", "expect", "used"),
    ("〔甲：角色〕未使用过〔N：牌名〕", "expect", "not_used"),
    ("〔甲：角色〕使用过〔X：数〕张〔N：牌名〕", "expect", "used_n"),
    ("〔甲：角色〕打出过〔N：牌名〕", "expect", "played"),
    ("〔甲：角色〕未打出过〔N：牌名〕", "expect", "not_played"),
    ("〔甲：角色〕可发动〔S：技能〕", "expect", "offered"),
    ("〔甲：角色〕不能发动〔S：技能〕", "expect", "not_offered"),
    ("〔甲：角色〕于〔T：时机〕可发动〔S：技能〕", "expect", "offered"),
    ("〔甲：角色〕于〔T：时机〕不能发动〔S：技能〕", "expect", "not_offered"),
    ("〔甲：角色〕被询问〔X：数〕次是否发动〔S：技能〕", "expect", "offered_n"),
    ("〔甲：角色〕发动过〔S：技能〕", "expect", "activated"),
    ("〔甲：角色〕跳过〔P：阶段〕", "expect", "skipped"),
    ("〔甲：角色〕未跳过〔P：阶段〕", "expect", "not_skipped"),
    ("〔甲：角色〕被询问是否打出〔N：牌名〕", "expect", "asked_play"),
    ("〔甲：角色〕未被询问是否打出〔N：牌名〕", "expect", "not_asked_play"),
    ("〔甲：角色〕被询问是否使用〔N：牌名〕", "expect", "asked_use"),
    ("〔甲：角色〕未被询问是否使用〔N：牌名〕", "expect", "not_asked_use"),
    ("〔甲：角色〕可使用〔N：牌名〕", "expect", "can_use"),
    ("〔甲：角色〕不能使用〔N：牌名〕", "expect", "cannot_use"),
    ("〔T：时机〕发生过", "expect", "timing"),
    ("〔T：时机〕未发生", "expect", "no_timing"),
    ("〔T：时机〕先于〔U：时机〕发生", "expect", "timing_order"),
    # the pending decision
    ("下一个询问为〔甲：角色〕是否发动〔S：技能〕", "expect", "next_trigger"),
    ("下一个询问为〔甲：角色〕是否使用〔N：牌名〕", "expect", "next_use"),
    ("下一个询问为〔甲：角色〕选择一项", "expect", "next_option"),
    ("下一个询问为〔甲：角色〕选择〔X：数〕至〔Y：数〕名角色", "expect", "next_players"),
    ("下一个询问为〔甲：角色〕选择〔X：数〕至〔Y：数〕张牌", "expect", "next_cards"),
    ("没有待定的询问", "expect", "no_pending"),
]

# the phrases whose 牌名 may name several cards in a row (【杀】【闪】, read as one slot)
CARD_LISTS = ("put_top", "put_bottom", "give_to", "top_seq", "bottom_seq")
CARD_RUN = re.compile(r"(?:【[^】]+】){2,}")

PHASES = ("准备阶段", "判定阶段", "摸牌阶段", "出牌阶段", "弃牌阶段", "结束阶段")


def build_vocabulary(timings=()):
    v = Vocabulary()
    for t in ("角色", "数", "牌名", "技能", "阶段", "时机", "真假", "操作"):
        v.add_type(t, [])
    order = 0
    handlers = {}
    for pattern, kind, name in RULING_TERMS:
        typ = {"event": "操作", "act": "操作", "expect": "真假"}[kind]
        term = Term(pattern, parse_pattern(pattern), typ, None, None, order)
        order += 1
        v.add_term(term)
        handlers[pattern] = (kind, name)
    for ph in PHASES:
        v.add_term(Term(ph, parse_pattern(ph), "阶段", None, None, order))
        order += 1
    for tname in timings:
        v.timings.setdefault(tname, [])
    v.index()
    return v, handlers


# ---------------------------------------------------------------- ruling model

@dataclass
class Step:
    kind: str   # "event" | "act" | "expect"
    name: str
    args: dict
    text: str
    span: Span


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


@dataclass
class Ruling:
    title: str
    span: Span
    seats: list = field(default_factory=list)
    top: list = field(default_factory=list)
    seed: int = 1
    current: Optional[int] = None
    start: Optional[str] = None  # a timing name
    others_decline: bool = False
    steps: list = field(default_factory=list)


CARD_SPEC = re.compile(r"(黑桃|梅花|红桃|方块)?([0-9]+|[AJQK])?(【([^】]+)】)?")


def split_top(text, seps="，,"):
    """Split on separators outside （）."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "（":
            depth += 1
        elif ch == "）":
            depth -= 1
        if depth == 0 and ch in seps:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    return [s.strip() for s in out if s.strip()]


def parse_cards(text):
    """'【杀】【闪】' / '红桃5' / '黑桃3【酒】' / '两张' -> card specs (name, suit, point) or
    ("any", n)."""
    text = text.strip()
    m = re.fullmatch(r"([0-9]+|[一二两三四五六七八九十]+)张(牌)?", text)
    if m:
        return [("any", numeral_value(m.group(1)))]
    out = []
    pos = 0
    while pos < len(text):
        if text[pos] in "和、":
            pos += 1
            continue
        m = CARD_SPEC.match(text, pos)
        if not m or m.end() == pos:
            raise ValueError("cannot read a card in %r" % text[pos:])
        suit = SUITS.get(m.group(1)) if m.group(1) else None
        pt = m.group(2)
        point = None
        if pt:
            point = POINTS.get(pt) or int(pt)
        out.append((m.group(4), suit, point))
        pos = m.end()
    return out


def parse_seat(letter, desc, generals, span):
    s = Seat(letter)
    for part in split_top(desc):
        if part == "白板":
            continue
        if part in generals:
            s.general = part
        elif part in ROLES:
            s.role = ROLES[part]
        elif m := re.fullmatch(r"体力(?:值)?([0-9]+)(?:/([0-9]+))?", part):
            s.hp = int(m.group(1))
            if m.group(2):
                s.maxhp = int(m.group(2))
        elif m := re.fullmatch(r"体力上限([0-9]+)", part):
            s.maxhp = int(m.group(1))
        elif part == "无手牌":
            s.hand = []
        elif part.startswith("手牌"):
            s.hand = parse_cards(part[2:])
        elif part.startswith("装备区") or part.startswith("装备"):
            s.equip = parse_cards(part[3:] if part.startswith("装备区") else part[2:])
        elif m := re.fullmatch(r"(判定|武器|防具|进攻坐骑|防御坐骑|宝物)区处于封印状态", part):
            s.sealed.append(m.group(1))
        elif part.startswith("判定区"):
            s.judge = parse_cards(part[3:])
        elif m := re.fullmatch(r"武将牌上“([^”]+)”(.+)", part):   # 武将牌上“创”黑桃5【杀】
            s.on_general = s.on_general + [(c, m.group(1)) for c in parse_cards(m.group(2))]
        elif part.startswith("武将牌上"):
            s.on_general = s.on_general + [(c, None) for c in parse_cards(part[4:])]
        elif part in ("连环状态", "横置"):
            s.chained = True
        elif part in ("背面朝上", "翻面"):
            s.face_down = True
        elif m := re.fullmatch(r"(?:([0-9]+)枚)?「([^」]+)」(?:标记)?(?:([0-9]+)枚)?", part):
            s.marks[m.group(2)] = int(m.group(1) or m.group(3) or 1)
        elif m := re.fullmatch(r"已发动(?:过)?〖([^〗]+)〗(?:([0-9]+)次)?", part):
            s.used[m.group(1)] = int(m.group(2) or 1)
        else:
            raise RulingFailure("SGS501", "cannot read the seat description %r of %s" % (part, letter), span,
                                ["seat facts: a general or 白板, 主公/忠臣/反贼/内奸, 体力N[/M], 体力上限M, "
                                 "手牌…, 无手牌, 装备…, 判定区…, 武将牌上…, 连环状态, 背面朝上, 「标记」N枚, "
                                 "已发动〖技能〗[N次], 判定区处于封印状态"])
    return s


def line_parts(text, key):
    """The sentences of a ruling line (after its key), split into phrases on ， 。 outside （）."""
    body = text.split("#", 1)[0].strip()
    if key and body.startswith(key):
        body = body[len(key):].strip()
    return split_top(body, "，。,")


class RulingReader:
    def __init__(self, vocab, handlers, generals, timings):
        self.vocab = vocab
        self.handlers = handlers
        self.generals = generals
        self.timings = timings

    def read(self, decl: A.RulingDecl, source) -> Ruling:
        r = Ruling(decl.title, decl.span)
        scope = {}
        for line in decl.lines:
            text = source.line_text(line.span.line) if source is not None else ""
            key = line.key
            sp = line.span
            if key == "座次":
                for part in line_parts(text, key):
                    m = re.fullmatch(r"([A-J])(?:（(.*)）)?", part)
                    if not m:
                        raise RulingFailure("SGS501", "a seat is a letter A–J with its facts in （）, got %r" % part, sp)
                    r.seats.append(parse_seat(m.group(1), m.group(2) or "", self.generals, sp))
                    scope[m.group(1)] = "角色"
                letters = [s.letter for s in r.seats]
                if letters != list(SEAT_NAMES[:len(letters)]):
                    raise RulingFailure("SGS501", "seats are named A, B, C … in order, got %s" % "".join(letters), sp)
            elif key == "牌堆顶":
                for part in line_parts(text, key):
                    r.top.extend(parse_cards(part))
            elif key == "种子":
                r.seed = int(line_parts(text, key)[0])
            elif key == "当前":
                parts = line_parts(text, key)
                words = parts[0].split()
                if len(words) != 2 or words[0] not in scope:
                    raise RulingFailure("SGS501", "当前 takes a seat and a phase or timing: 当前 A 出牌阶段", sp)
                r.current = SEAT_NAMES.index(words[0])
                ph = words[1]
                if ph in PHASES:
                    ph = ph + "开始前"
                if ph not in self.timings:
                    raise RulingFailure("SGS502", "unknown phase or timing %r" % words[1], sp,
                                        ["a phase (%s) or a timing of the 回合 flow" % " ".join(PHASES)])
                r.start = ph
            elif key == "其余":
                parts = line_parts(text, key)
                if parts != ["放弃"]:
                    raise RulingFailure("SGS501", "其余 takes one policy: 放弃 (others decline)", sp)
                r.others_decline = True
            elif key in (None, "答", "期望", "开始"):
                for part in line_parts(text, key):
                    r.steps.append(self.phrase(part, scope, sp, key))
            else:
                raise RulingFailure("SGS501", "unknown ruling line key %r" % key, sp)
        if not r.seats:
            raise RulingFailure("SGS501", "a ruling needs a 座次 line", decl.span)
        return r

    def phrase(self, text, scope, span, key):
        orig = text
        text = CARD_RUN.sub(lambda r: "【%s】" % "、".join(re.findall(r"【([^】]+)】", r.group())), text)
        m = read_phrase(self.vocab, text, "真假" if key == "期望" else "操作", scope)
        if m is None or m.term is None:
            want = "an expectation" if key == "期望" else "an event or an answer"
            raise RulingFailure("SGS501", "cannot read %r as %s of the ruling vocabulary" % (text, want), span,
                                ["see docs/rulings.md for the phrases a ruling may use"])
        kind, name = self.handlers[m.term.key]
        if key == "期望" and kind != "expect" or key != "期望" and kind == "expect":
            raise RulingFailure("SGS501", "%r is %s; write it on a %s line" % (
                text, "an expectation" if kind == "expect" else "an event or answer",
                "期望" if kind == "expect" else "答 or plain"), span)
        args = {}
        for k, a in m.args.items():
            if a.kind == "number":
                args[k] = numeral_value(a.text)
            elif a.kind == "var":
                args[k] = SEAT_NAMES.index(a.text)
            elif a.kind == "ref":
                args[k] = a.text.strip("【】〖〗「」")
            elif a.kind == "term":
                args[k] = a.text
            else:
                args[k] = a.text
        if name not in CARD_LISTS and any(isinstance(v, str) and "、" in v for v in args.values()):
            raise RulingFailure("SGS501", "%r names several cards where one is meant" % orig, span,
                                ["several cards in a row are read only by 置于牌堆顶/牌堆底, 交给 and 牌堆顶/牌堆底依次为"])
        return Step(kind, name, args, orig, span)


# ---------------------------------------------------------------- the engine side

_MODULE = {}


def engine_module(proj=None):
    """The engine generated from the checked project itself (the bundled specs plus the files
    `sgs check` was given, so a new general's rulings run with that general), lowered once per
    distinct set of specs into a temporary package."""
    from .build import import_package
    from .emit import render_units
    from .lower import Lowerer, spec_hash
    from .project import load_project
    from .rulebooks import DEFAULT

    import core
    from core.build import MODULES, _stale

    if core.compiled() and any(_stale("core", m) for m in MODULES):
        raise RuntimeError("the compiled core is older than its sources: run `sgs build` "
                           "(or SGS_PURE=1 to use the sources)")
    if proj is None or proj.errors:  # a project that does not check: the bundled engine
        proj = load_project(rulebook=proj.rulebook if proj is not None else DEFAULT)
    name = proj.rulebook.key
    key = spec_hash({path: src.text for path, src in proj.sources.items()})
    if key in _MODULE:
        return _MODULE[key]
    if proj.errors:
        raise RuntimeError("the bundled specs do not compile: %s" % (proj.errors,))
    units = render_units(Lowerer(proj.checker, name, key).run())
    d = Path(tempfile.mkdtemp(prefix="sgs_rulings_"))
    mod = import_package(units, d, "sgs_rulings_" + key, name)
    _MODULE[key] = mod
    return mod


class Runner:
    def __init__(self, mod, r: Ruling):
        from core import engine as E
        from core import prims as P
        self.E, self.P = E, P
        self.mod = mod
        self.r = r
        self.n = len(r.seats)

    # -- names
    def seat(self, p):
        return SEAT_NAMES[p] if 0 <= p < self.n else str(p)

    def skill_name(self, sid):
        return self.g.rs.skills[sid].name

    def card_label(self, c):
        g = self.g
        if self.P._is_v(c):
            rec = self.P._rec(g, c)
            return "【%s】" % g.rs.card_names[rec[self.P.V_NAME]]
        card = g.cards[c]
        suit = self.P.SUIT_TEXT[card.suit] if 0 <= card.suit < 4 else ""
        return "%s%d【%s】" % (suit, card.point, g.rs.card_names[card.name])

    def describe(self, d):
        E = self.E
        who = self.seat(d.who)
        if d.kind == E.D_TRIGGER:
            return "%s: 是否发动 %s（%s）" % (who, "/".join("〖%s〗" % self.skill_name(o) for o in d.options), d.prompt)
        if d.kind == E.D_RESPOND:
            return "%s: respond with %s（%s）" % (who, "/".join(self.card_label(o) for o in d.options), d.prompt)
        if d.kind == E.D_PLAYERS:
            return "%s: choose %d–%d of %s（%s）" % (who, d.lo, d.hi, "".join(self.seat(o) for o in d.options), d.prompt)
        if d.kind == E.D_CARDS:
            return "%s: choose %d–%d of %s（%s）" % (who, d.lo, d.hi, " ".join(self.card_label(o) for o in d.options), d.prompt)
        if d.kind == E.D_OPTION:
            return "%s: 选择一项 %s（%s）" % (who, d.options, d.prompt)
        return "%s: 是否 %s" % (who, d.prompt)

    def log_tail(self):
        out = []
        for line in self.g.log:
            e = json.loads(line)
            if e.get("e") == "t" and self.g.log_level > 1:
                continue
            out.append(line)
        return ["log: " + x for x in out[-LOG_TAIL:]]

    def fail(self, step_or_span, msg, code="SGS503"):
        span = step_or_span.span if isinstance(step_or_span, Step) else step_or_span
        notes = []
        if self.g.pending is not None:
            notes.append("pending decision: " + self.describe(self.g.pending))
        notes.extend(self.log_tail())
        raise RulingFailure(code, msg, span, notes)

    # -- setup
    def card_id(self, name):
        return self.g.rs.id_of("card", name)

    def deck(self):
        """The standard deck plus any card a ruling names that the deck does not have."""
        t = self._tables
        cards = list(self.P._deck_cards(self.rs, t, DECK))
        want = []
        for s in self.r.seats:
            want += [c for c in s.hand + s.equip + s.judge + [c for c, _ in s.on_general] if c[0] != "any"]
        want += self.r.top
        for name, suit, point in want:
            if not self._find_in(cards, name, suit, point):
                nid = self.rs.id_of("card", name) if name else self.rs.id_of("card", "杀")
                cards.append((nid, suit if suit is not None else 0, point if point is not None else 7))
        return cards

    def _find_in(self, cards, name, suit, point):
        nid = self.rs.id_of("card", name) if name else None
        for c in cards:
            if (nid is None or c[0] == nid) and (suit is None or c[1] == suit) and (point is None or c[2] == point):
                return True
        return False

    def take(self, spec, used):
        """A physical card of the draw pile matching spec (name, suit, point)."""
        g, E = self.g, self.E
        name, suit, point = spec
        nid = self.card_id(name) if name else None
        pile = list(g.zone_cards(E.Z_DRAW, -1))
        pile.reverse()  # from the top
        for c in pile:
            if c in used:
                continue
            card = g.cards[c]
            if (nid is None or card.name == nid) and (suit is None or card.suit == suit) and \
                    (point is None or card.point == point):
                used.add(c)
                return c
        raise RulingFailure("SGS501", "no card %s%s%s left in the deck" % (
            self.P.SUIT_TEXT[suit] if suit is not None else "", point or "",
            "【%s】" % name if name else ""), self.r.span)

    def neutral(self, used):
        """A card for '手牌两张': from the draw pile's bottom, avoiding cards that answer
        questions by themselves (【闪】【桃】【无懈可击】【酒】)."""
        g, E = self.g, self.E
        avoid = {self.card_id(n) for n in ("闪", "桃", "无懈可击", "酒")}
        for c in g.zone_cards(E.Z_DRAW, -1):
            if c not in used and g.cards[c].name not in avoid:
                used.add(c)
                return c
        raise RulingFailure("SGS501", "the deck ran out of cards", self.r.span)

    def equip_skills(self, c):
        info = self._tables.cards.get(self.g.cards[c].name)
        return [self.g.rs.id_of("skill", n) for n in info[4]] if info is not None else []

    def setup(self):
        g, E, P = self.g, self.E, self.P
        # everything back to the draw pile
        for p in range(self.n):
            for kind in (E.Z_HAND, E.Z_WEAPON, E.Z_ARMOR, E.Z_HORSE_ATK, E.Z_HORSE_DEF, E.Z_TREASURE, E.Z_JUDGE):
                cs = list(g.zone_cards(kind, p))
                if cs:
                    if kind in E.EQUIP_ZONES:
                        for c in cs:
                            for sid in self.equip_skills(c):
                                g.revoke_skill(p, sid)
                    g.move(cs, E.Z_DRAW, -1)
        used = set()
        plan = []
        for p, s in enumerate(self.r.seats):
            for spec in s.judge:
                plan.append((p, "judge", self.take(spec, used)))
            for spec, name in s.on_general:
                plan.append((p, ("general", name), self.take(spec, used)))
            for spec in s.equip:
                plan.append((p, "equip", self.take(spec, used)))
            for spec in s.hand:
                if spec[0] == "any":
                    for _ in range(spec[1]):
                        plan.append((p, "hand", self.neutral(used)))
                else:
                    plan.append((p, "hand", self.take(spec, used)))
        top = [self.take(spec, used) for spec in self.r.top]
        for p, where, c in plan:
            if where == "hand":
                g.move([c], E.Z_HAND, p)
            elif isinstance(where, tuple):   # on the general, with its name (名称 “创”) if any
                g.move([c], E.Z_GENERAL, p)
                if where[1] is not None:
                    P._S(g, P.S_PILE, len(g.cards))[c] = list(self._tables.pile_names).index(where[1])
            elif where == "judge":
                g.move([c], E.Z_JUDGE, p)
                # a delayed trick in a 判定区 is a virtual card of its own name
                P._judge_vcard(g, c) if hasattr(P, "_judge_vcard") else None
            else:
                sub = self._tables.cards.get(g.cards[c].name)
                zone = P.EQUIP_SUBTYPE_ZONE.get(sub[1] if sub else "", E.Z_WEAPON)
                g.move([c], zone, p)
                for sid in self.equip_skills(c):   # its skills belong to its owner (000:177)
                    g.grant_skill(p, sid)
        for c in reversed(top):
            g.move([c], E.Z_DRAW, -1)
        for p, s in enumerate(self.r.seats):
            pl = g.players[p]
            if s.maxhp is not None:
                pl.maxhp = s.maxhp
            if s.hp is not None:
                pl.hp = s.hp
                if s.maxhp is None and pl.hp > pl.maxhp:
                    pl.maxhp = pl.hp
            pl.chained = s.chained
            pl.face_up = not s.face_down
            for name, n in s.marks.items():
                pl.marks[self.rs.id_of("mark", name)] = n
            for name, n in s.used.items():  # uses already made in the skill's limit scope
                sid = self.rs.id_of("skill", name)
                scope = self.rs.skills[sid].limit_scope
                if scope >= 0:
                    g.add_count(scope, p, g.ncounters + sid, n)
            for zn in s.sealed:
                z = {"判定": E.Z_JUDGE, "武器": E.Z_WEAPON, "防具": E.Z_ARMOR, "进攻坐骑": E.Z_HORSE_ATK,
                     "防御坐骑": E.Z_HORSE_DEF, "宝物": E.Z_TREASURE}[zn]
                P._S(g, P.S_SEAL).append((z, p))
        for p in range(len(self.r.seats)):   # 视为装备 (〖八阵〗) follows the equipment laid out
            P.update_regarded(g, p)

    def new_game(self):
        E, P = self.E, self.P
        r = self.r
        rs = P.new_ruleset()
        self.mod.register(rs)
        self._tables = P.finish(rs)
        self.rs = rs
        gens = [s.general for s in r.seats]
        # build the game with our own deck (the ruling may name cards the deck lacks)
        self.g = None
        cards = None
        tables = self._tables
        cards = self.deck()
        cur = r.current if r.current is not None else 0
        g = E.Game(rs, self.n, r.seed, [(c[0], c[1], c[2]) for c in cards], first=cur, log_level=2,
                   debug=False, setup={"mode": "ruling", "generals": gens})
        self.g = g
        g.shuffle_zone(E.Z_DRAW)
        for p in range(self.n):
            for sid in self.P.everyones_skills(tables):
                g.grant_skill(p, sid)
            if gens[p]:
                P.set_general(g, p, gens[p])
            else:
                g.players[p].maxhp = g.players[p].hp = 4
        roles = [s.role for s in r.seats]
        if P.ROLE_LORD not in roles and roles[0] is None:
            roles[0] = P.ROLE_LORD
        for p in range(self.n):
            g.players[p].role = roles[p] if roles[p] is not None else P.ROLE_REBEL
        return g

    # -- driving
    def auto(self, d):
        """The answer that declines: pass, no, the first option / fewest choices."""
        E = self.E
        if d.kind in (E.D_TRIGGER, E.D_RESPOND):
            if d.can_pass:
                return -1
            return d.options[0]
        if d.kind == E.D_YESNO:
            return 1 if "结束此阶段" in str(d.prompt) else 0
        if d.kind == E.D_OPTION:
            return 0
        legal = d.legal(1000)
        return legal[0] if legal else None

    def start(self):
        """Run up to the ruling's starting point (the current player's turn up to the start
        timing, decisions before it declined), then lay out the table."""
        g, E, P = self.g, self.E, self.P
        r = self.r
        t = self._tables
        root = g.new_frame(t.root, -1, None, 0)
        root.y = (t.turnloop, ())
        if r.current is None:
            root.y = (t.dturn, (0,))
            g.push_frame(root)
            self.setup()
            return
        g.push_frame(root)
        tid = g.rs.ids[("timing", r.start)]
        g.listen[tid] += 1
        try:
            for _ in range(200000):
                res = g.step(1)
                st = g.stack
                if st and st[-1].prog == 0 and st[-1].a == tid:
                    break
                if isinstance(res, E.Decision):
                    g.answer(self.auto(res))
                elif isinstance(res, E.GameResult):
                    raise RulingFailure("SGS503", "the game ended before %s" % r.start, r.span)
            else:
                raise RulingFailure("SGS503", "never reached %s" % r.start, r.span)
        finally:
            g.listen[tid] -= 1
        self.setup()
        g.log.append(json.dumps({"e": "ruling", "start": r.start, "p": r.current}, ensure_ascii=False))

    def run(self):
        g = self.new_game()
        self.start()
        self.base = len(g.log)
        steps = self.r.steps
        i = 0
        self.queue = []   # pending answer matchers (from act steps)
        while i < len(steps):
            s = steps[i]
            if s.kind == "act":
                self.queue.append(s)
                i += 1
                continue
            # before an event or an expectation, the queued answers are played
            self.drive(s)
            if s.kind == "event":
                # the answers written after an event answer its decisions
                j = i + 1
                while j < len(steps) and steps[j].kind == "act":
                    self.queue.append(steps[j])
                    j += 1
                self.inject(s)
                i = j
                continue
            else:
                self.expect(s)
            i += 1
        self.drive(None)
        return g

    def drive(self, upto):
        """Answer decisions with the queued answers; stop at a decision nothing answers."""
        g, E = self.g, self.E
        if self.r.current is None and not self.queue:
            return  # no turn: the table only (the root frame stays, so status rules apply)
        budget = 10000
        while budget > 0:
            budget -= 1
            res = g.step(int(os.environ.get("SGS_RULING_STEPS", 5000000)))
            if res is None:
                raise RulingFailure("SGS505", "the engine runs on without asking anything (5,000,000 steps)",
                                    upto.span if upto is not None else self.r.span, self.log_tail())
            if not isinstance(res, E.Decision):
                if self.queue:
                    self.fail(self.queue[0], "the game stopped (%s) before this answer was used" % (
                        getattr(res, "reason", res),))
                return
            if self.queue and self.try_answer(res):
                continue
            if self.queue:
                if self.r.others_decline and self.declinable(res):
                    g.answer(self.auto(res))
                    continue
                self.fail(self.queue[0], "expected a decision for %r, got %s" % (self.queue[0].text, self.describe(res)),
                          "SGS504")
            if self.r.others_decline and self.declinable(res) and upto is not None:
                g.answer(self.auto(res))
                continue
            return
        raise RulingFailure("SGS503", "the ruling does not come to rest (10000 decisions)", self.r.span)

    def declinable(self, d):
        E = self.E
        if d.kind in (E.D_TRIGGER, E.D_RESPOND):
            return d.can_pass
        if d.kind == E.D_YESNO:
            # 进行此回合的角色可结束此阶段 is not declined: it would end the phase
            return "结束此阶段" not in str(d.prompt)
        return False

    def inject(self, s):
        """Run an event of the specs' flows now (above a pending decision, which is kept)."""
        g, E, P = self.g, self.E, self.P
        t = self._tables
        a = s.args
        n = s.name
        if n.startswith("damage"):
            nat = {"damage_fire": P.NAT_FIRE, "damage_thunder": P.NAT_THUNDER,
                   "damage_nosrc_thunder": P.NAT_THUNDER}.get(n, P.NAT_NONE)
            src = a.get("甲", -1)
            ev, args = "伤害", [src, a["乙"], a["X"], nat, None, False]
        elif n == "lose_hp":
            ev, args = "失去体力", [a["甲"], a["X"]]
        elif n == "recover":
            ev, args = "回复体力", [a["甲"], a["X"]]
        elif n == "judge":
            ev, args = "判定", [a["甲"]]
        else:
            self.fail(s, "no event %s" % n)
        pending = g.pending
        g.pending = None
        base = len(g.stack)
        P._push_prog(g, None, t.events[ev], args, -1, None)
        for _ in range(100000):
            if len(g.stack) <= base:
                break
            res = g.step(1)
            if isinstance(res, E.Decision):
                if self.queue and self.try_answer(res):
                    continue
                if self.r.others_decline and self.declinable(res):
                    g.answer(self.auto(res))
                    continue
                if self.queue:
                    self.fail(self.queue[0], "expected a decision for %r, got %s" % (
                        self.queue[0].text, self.describe(res)), "SGS504")
                self.fail(s, "unscripted decision while running %r: %s" % (s.text, self.describe(res)), "SGS504")
            elif isinstance(res, E.GameResult):
                return
        g.pending = pending

    # -- answers
    USE = ("use", "use_on", "use_on2", "use_on3", "use_self", "play", "use_via", "play_via")

    def spend(self, v):
        """Answer the pending decision with ``v``: the scripted answer at the head of the
        queue is spent."""
        self.g.answer(v)
        self.queue.pop(0)
        return True

    def try_answer(self, d):
        while self.queue:
            s = self.queue[0]
            if s.name in self.USE and hasattr(s, "_begun"):
                self._check_done(s)
                if self.queue and self.queue[0] is not s:
                    continue
            if not self.queue or self.queue[0] is not s:
                continue
            if getattr(s, "_via", False) and (d.who != s.args["甲"] or "结束此阶段" in str(d.prompt)):
                # 发动〖S〗使用【N】: S was activated but no N was used (〖八卦阵〗's judge was
                # black): the answer is spent, the expectations say what happened
                self.queue.pop(0)
                continue
            if s.name != "end_play" and d.kind == self.E.D_YESNO and "结束此阶段" in str(d.prompt) \
                    and s.args.get("甲", d.who) == d.who:
                n_idle = getattr(s, "_idle", 0) + 1
                s._idle = n_idle
                if n_idle > 3:
                    self.fail(s, "expected a decision for %r; %s's play phase offers nothing that fits" % (
                        s.text, self.seat(d.who)), "SGS504")
                self.g.answer(0)   # an idle point of the play phase: go on to the next one
                return True
            return self.answer_with(s, d) or self.answer_nested(s, d)
        return False

    def answer_nested(self, s, d):
        """While a use/play answer of one role is under way (A发动〖护驾〗使用【闪】), the next
        answer may be another role's decision inside it (B打出【闪】)."""
        if len(self.queue) < 2 or not hasattr(s, "_begun") or d.who == s.args.get("甲"):
            return False
        nxt = self.queue[1]
        self.queue[0], self.queue[1] = nxt, s
        done = self.answer_with(nxt, d)
        if self.queue[0] is nxt:   # not used up (or not used): s is the head again
            self.queue[0], self.queue[1] = s, nxt
        return done

    def answer_with(self, s, d):
        """Answer d with step s if s describes it; True if answered (s may stay queued for
        the next decisions of a multi-decision answer)."""
        g, E = self.g, self.E
        a = s.args
        who = a.get("甲")
        n = s.name
        if who is not None and d.who != who and n not in ("no_use", "no_play", "no_respond", "decline_skill", "pass"):
            return False
        state = getattr(s, "_state", None)
        if n == "trigger":
            if d.kind == E.D_TRIGGER:
                sid = self.skill_in(d.options, a["S"])
                if sid is not None:
                    return self.spend(sid)
            if d.kind == E.D_YESNO and a["S"] in str(d.prompt):
                return self.spend(1)
            return False
        if n in ("decline_skill",):
            if d.kind == E.D_TRIGGER and self.skill_in(d.options, a["S"]) is not None and d.can_pass:
                return self.spend(-1)
            return False
        if n == "pass":
            if self.declinable(d) or (d.kind == E.D_YESNO):
                return self.spend(self.auto(d))
            return False
        if n in ("no_use", "no_play", "no_respond", "decline_skill", "pass") and d.who != who:
            self.queue.pop(0)   # a decline of someone not asked now: nothing to answer
            return self.try_answer(d)
        if n in ("no_use", "no_play", "no_respond"):
            if d.kind == E.D_TRIGGER and d.can_pass and all(self.skill_name(o).startswith("<") for o in d.options):
                return self.spend(-1)
            if d.kind == E.D_RESPOND and d.can_pass:
                return self.spend(-1)
            if d.kind == E.D_YESNO and "默认方式" in str(d.prompt):
                return self.spend(0)
            return False
        if n in self.USE:
            return self.answer_use(s, d)
        if n == "recast":
            # a card rule offered to its holder (【铁索连环】's 额外说明: 重铸)
            if d.kind == E.D_TRIGGER:
                for o in d.options:
                    if self.skill_name(o).startswith("【%s】" % a["N"]):
                        return self.spend(o)
            return False
        if n in ("pick1", "pick2"):
            if d.kind == E.D_PLAYERS:
                want = tuple(x for x in (a.get("乙"), a.get("丙")) if x is not None)
                return self.spend(want)
            return False
        if n == "option":
            # 第X项 is the option numbered X among those offered (002:259: not all may be)
            if d.kind == E.D_OPTION and a["X"] - 1 in d.options:
                return self.spend(d.options.index(a["X"] - 1))
            return False
        if n in ("yes", "no"):
            if d.kind == E.D_YESNO:
                return self.spend(1 if n == "yes" else 0)
            return False
        if n == "pick_card":
            if d.kind in (E.D_CARDS, E.D_RESPOND):
                nid = self.card_id(a["N"])
                cs = [c for c in d.options if isinstance(c, int) and c >= 0 and not self.P._is_v(c)
                      and g.cards[c].name == nid]
                if not cs:
                    return False
                return self.spend(tuple(cs[:max(d.lo, 1)]) if d.kind == E.D_CARDS else cs[0])
            return False
        if n == "pick_n":
            if d.kind == E.D_CARDS and d.lo <= a["X"] <= d.hi:
                return self.spend(tuple(d.options[:a["X"]]))
            return False
        if n in ("pick_hand_of", "pick_card_of", "pick_named_of"):
            if d.kind != E.D_CARDS:
                return False
            nid = self.card_id(a["N"]) if "N" in a else None
            cs = [c for c in d.options if isinstance(c, int) and 0 <= c < len(g.cards)
                  and g.where(c)[1] == a["乙"] and (n != "pick_hand_of" or g.where(c)[0] == E.Z_HAND)
                  and (nid is None or g.cards[c].name == nid)]
            if not cs:
                return False
            return self.spend(tuple(cs[:max(d.lo, 1)]))
        if n.startswith("suit_"):
            if d.kind == E.D_OPTION and "花色" in str(d.prompt):
                return self.spend(SUITS[n[5:]])
            return False
        if n in ("put_top", "put_bottom"):
            return self.answer_arrange(s, d)
        if n == "give_to":
            # the cards to give (one group), then the role who gets them
            if d.kind == E.D_CARDS and not getattr(s, "_named", False):
                cs = self.named_cards(d.options, a["N"])
                if cs is None:
                    return False
                g.answer(cs)
                s._named = True
                return True
            if d.kind == E.D_PLAYERS and a["乙"] in d.options:
                return self.spend((a["乙"],))
            return False
        if n == "end_play":
            if d.kind == E.D_TRIGGER and d.can_pass and "空闲时间点" in str(d.prompt):
                g.answer(-1)
                return True
            if d.kind == E.D_YESNO and "结束此阶段" in str(d.prompt):
                return self.spend(1)
            return False
        return False

    def named_cards(self, options, names):
        """The physical cards of options named by 'N' or 'N、M…', in that order (None if one is
        missing)."""
        g = self.g
        out = []
        for name in names.split("、"):
            nid = self.card_id(name)
            c = next((c for c in options if isinstance(c, int) and 0 <= c < len(g.cards)
                      and g.cards[c].name == nid and c not in out), None)
            if c is None:
                return None
            out.append(c)
        return tuple(out)

    def answer_arrange(self, s, d):
        """将【N】…(依次)置于牌堆顶/牌堆底 (put_top_or_bottom): the engine asks for the cards put on
        top in order, then the order of the others at the bottom when they are two or more;
        both are listed from the top down. What the ruling does not name keeps its order: the
        cards not put at the bottom stay on top as they were, those not put on top go to the
        bottom as they were (unless the next answer of the same role arranges the bottom)."""
        g, E = self.g, self.E
        a = s.args
        if d.kind != E.D_CARDS or not getattr(d, "ordered", False):
            return False
        prompt = str(d.prompt)
        if "牌堆顶" in prompt:
            named = self.named_cards(d.options, a["N"])
            if named is None:
                return False
            if s.name == "put_top":
                g.answer(named)
                rest = len(d.options) - len(named)
                nxt = self.queue[1] if len(self.queue) > 1 else None
                s._bottom_as_is = rest > 1 and not (nxt is not None and nxt.name == "put_bottom"
                                                    and nxt.args.get("甲") == a.get("甲"))
                if not s._bottom_as_is:
                    self.queue.pop(0)
                return True
            g.answer(tuple(c for c in d.options if c not in named))
            if len(named) < 2:
                self.queue.pop(0)
            return True
        if "牌堆底" in prompt:
            if s.name == "put_top":
                if not getattr(s, "_bottom_as_is", False):
                    return False
                g.answer(tuple(d.options))
            else:
                named = self.named_cards(d.options, a["N"])
                if named is None or len(named) != len(d.options):
                    return False
                g.answer(named)
            self.queue.pop(0)
            return True
        return False

    def skill_in(self, options, name):
        for o in options:
            sn = self.skill_name(o)
            # 〖龙胆·2〗 (a second timing), 〖黄天·授〗 (the action it grants another character)
            if sn == name or (sn.startswith(name) and sn[len(name):] in ("·授", "·延时")) or \
                    (sn.startswith(name) and not sn[len(name):].strip("①②③④⑤⑥⑦⑧⑨0123456789·")):
                return o
        return None

    def answer_use(self, s, d):
        """使用/打出【N】: the use-card skill, the card name, the default way, the card, the
        targets — as many of these decisions as the engine asks."""
        g, E = self.g, self.E
        a = s.args
        name = a["N"]
        nid = self.card_id(name)
        if not hasattr(s, "_begun"):
            s._begun = len(g.log)
        if d.kind == E.D_TRIGGER:
            via = a.get("S")
            uses = [o for o in d.options if self.skill_name(o).startswith("<使用牌>") and self.can_use_at(o, nid)]
            # a need-to-use/play flow run by a card (【南蛮入侵】's 需打出【杀】) offers S itself; at an
            # idle point N is used first (S converts a card later, 〖连环〗 also offers 重铸 there)
            if via is not None and not getattr(s, "_named", False) and self.skill_in(d.options, via) is not None \
                    and not (uses and "空闲时间点" in str(d.prompt)):
                s._named = True
            if via is not None and getattr(s, "_named", False):
                sid = self.skill_in(d.options, via)
                if sid is None:
                    return False
                g.answer(sid)
                s._via = True
                self._check_done(s)
                return True
            if not uses:
                return False
            g.answer(uses[0])
            if via is not None:
                s._named = True
            self._check_done(s)
            return True
        if d.kind == E.D_OPTION and isinstance(d.prompt, str) and ("：" in d.prompt) and \
                (d.prompt.startswith("使用") or d.prompt.startswith("打出")):
            names = d.prompt.split("：", 1)[1].split("/")
            if name not in names:
                return False
            g.answer(names.index(name))
            s._named = True
            return True
        if d.kind == E.D_YESNO and "默认方式" in str(d.prompt):
            s._named = True
            g.answer(0 if a.get("S") else 1)
            self._check_done(s)
            return True
        if d.kind in (E.D_CARDS, E.D_RESPOND) and a.get("S") and getattr(s, "_named", False):
            g.answer(tuple(d.options[:max(d.lo, 1)]) if d.kind == E.D_CARDS else d.options[0])
            self._check_done(s)
            return True
        if d.kind in (E.D_CARDS, E.D_RESPOND):
            cs = [c for c in d.options if isinstance(c, int) and 0 <= c < len(g.cards) and
                  (g.cards[c].name == nid or nid in self.P.kinds(g).get(g.cards[c].name, ()))]
            if not cs:
                return False
            g.answer(tuple(cs[:max(d.lo, 1)]) if d.kind == E.D_CARDS else cs[0])
            self._check_done(s)
            return True
        if d.kind == E.D_PLAYERS and d.prompt == "同时选择":
            # a 目标限制 choice made with the targets (【借刀杀人】): the next answer, 甲选择乙
            nxt = self.queue[1] if len(self.queue) > 1 else None
            if nxt is not None and nxt.name == "pick1" and nxt.args.get("甲") == d.who:
                g.answer((nxt.args["乙"],))
                self.queue.pop(1)
                return True
            return False
        if d.kind == E.D_PLAYERS:
            if s.name == "use_self":
                want = (a["甲"],)
            else:
                want = tuple(x for x in (a.get("乙"), a.get("丙"), a.get("丁")) if x is not None)
            if not want:
                return False
            g.answer(want[: d.hi] if len(want) >= d.lo else want)
            self._check_done(s)
            return True
        return False

    def can_use_at(self, sid, nid):
        """Whether the hidden use-card skill sid is at a timing where card name nid can be
        used (the cards' 使用时机)."""
        t = self._tables
        for tid in self.g.rs.skills[sid].timings:
            for m in t.use_methods.get(tid, ()):
                if m[0] == nid or m[0] in self.P.kinds(self.g).get(nid, ()):
                    return True
        return False

    def _check_done(self, s):
        """A use/play answer is done once its 使用/打出 event has started."""
        ev = "事件 打出" if s.name in ("play", "play_via") else "事件 使用"
        for line in self.g.log[getattr(s, "_begun", self.base):]:
            e = json.loads(line)
            if e.get("e") == "push" and e.get("p") == ev and e.get("s") and e["s"][0] == s.args["甲"]:
                if self.queue and self.queue[0] is s:
                    self.queue.pop(0)
                return

    # -- expectations
    def entries(self):
        for line in self.g.log[self.base:]:
            yield json.loads(line)

    def expect(self, s):
        g, E, P = self.g, self.E, self.P
        a = s.args
        n = s.name
        p = a.get("甲")
        pl = g.players[p] if p is not None else None

        def check(ok, expected, got):
            if not ok:
                self.fail(s, "expected %s, got %s" % (expected, got))

        def names(kind, owner):
            return [g.rs.card_names[g.cards[c].name] for c in g.zone_cards(kind, owner)]

        def judge(owner):
            # a card in a 判定区 is the delayed trick it is used as (〖国色〗's 方块牌 is a 【乐不思蜀】)
            P = self.P
            corr = P._S(g, P.S_CORR, len(g.cards))
            out = []
            for c in g.zone_cards(E.Z_JUDGE, owner):
                v = corr[c]
                live = v is not None and P._rec(g, v)[P.V_ALIVE]
                out.append(self.vname(v) if live else g.rs.card_names[g.cards[c].name])
            return out

        def equip(owner):
            out = []
            for k in (E.Z_WEAPON, E.Z_ARMOR, E.Z_HORSE_ATK, E.Z_HORSE_DEF, E.Z_TREASURE):
                out += names(k, owner)
            return out

        who = self.seat(p) if p is not None else ""
        if n == "hp":
            check(pl.hp == a["X"], "%s的体力为%d" % (who, a["X"]), "%s的体力为%d" % (who, pl.hp))
        elif n == "maxhp":
            check(pl.maxhp == a["X"], "%s的体力上限为%d" % (who, a["X"]), "%d" % pl.maxhp)
        elif n in ("hand_n", "no_hand"):
            want = a.get("X", 0)
            got = len(g.zone_cards(E.Z_HAND, p))
            check(got == want, "%s的手牌数为%d" % (who, want), "%d (%s)" % (got, " ".join(names(E.Z_HAND, p))))
        elif n == "equip_n":
            got = equip(p)
            check(len(got) == a["X"], "%s的装备区里的牌数为%d" % (who, a["X"]), "%d (%s)" % (len(got), " ".join(got)))
        elif n == "general_n":
            got = names(E.Z_GENERAL, p)
            check(len(got) == a["X"], "%s的武将牌上的牌数为%d" % (who, a["X"]), "%d (%s)" % (len(got), " ".join(got)))
        elif n == "judge_n":
            got = names(E.Z_JUDGE, p)
            check(len(got) == a["X"], "%s的判定区里的牌数为%d" % (who, a["X"]), "%d (%s)" % (len(got), " ".join(got)))
        elif n in ("hand_has", "hand_not", "equip_has", "equip_not", "judge_has", "judge_not",
                   "discard_has", "discard_not"):
            zone = {"hand": lambda: names(E.Z_HAND, p), "equip": lambda: equip(p),
                    "judge": lambda: judge(p),
                    "discard": lambda: names(E.Z_DISCARD, -1)}[n.split("_")[0]]()
            has = a["N"] in zone
            want = n.endswith("has")
            check(has == want, s.text, "%s" % (" ".join("【%s】" % x for x in zone) or "nothing there"))
        elif n == "processing_empty":
            got = names(E.Z_PROCESS, -1)
            check(not got, s.text, "处理区里有%s" % "".join("【%s】" % x for x in got))
        elif n in ("next_players", "next_cards"):
            # a choice of X to Y roles / cards pending for 甲 (〖突袭〗's 至多两名 is 1 to 2)
            d = g.pending
            kind = E.D_PLAYERS if n == "next_players" else E.D_CARDS
            ok = d is not None and d.who == p and d.kind == kind and \
                (d.lo, min(d.hi, len(d.options))) == (a["X"], a["Y"])
            check(ok, s.text, self.describe(d) if d is not None else "no pending decision")
        elif n in ("top_seq", "bottom_seq"):
            pile = g.zone_cards(E.Z_DRAW, -1)
            want = a["N"].split("、")
            k = len(want)
            cs = list(reversed(pile[-k:])) if n == "top_seq" else list(reversed(pile[:k]))
            got = [g.rs.card_names[g.cards[c].name] for c in cs]
            check(got == want, s.text, "%s依次为%s" % ("牌堆顶" if n == "top_seq" else "牌堆底",
                                                    "".join("【%s】" % x for x in got)))
        elif n == "top_is":
            pile = g.zone_cards(E.Z_DRAW, -1)
            got = g.rs.card_names[g.cards[pile[-1]].name] if pile else "nothing"
            check(got == a["N"], s.text, "牌堆顶为【%s】" % got)
        elif n == "distance":
            got = P.distance(g, None, p, a["乙"])
            check(got == a["X"], s.text, "%s至%s的距离为%d" % (who, self.seat(a["乙"]), got))
        elif n == "range":
            got = g.attack_range(p)
            check(got == a["X"], s.text, "%s的攻击范围为%d" % (who, got))
        elif n == "hand_limit":
            got = g.hand_limit(p)
            check(got == a["X"], s.text, "%s的手牌上限为%d" % (who, got))
        elif n in ("chained", "not_chained"):
            check(pl.chained == (n == "chained"), s.text, "chained=%s" % pl.chained)
        elif n in ("face_down", "face_up"):
            check(pl.face_up == (n == "face_up"), s.text, "face_up=%s" % pl.face_up)
        elif n == "current":
            check(g.current == p, s.text, "当前回合角色为%s" % self.seat(g.current))
        elif n == "next_turn":
            got = g.peek_turn()[0]
            check(got == p, s.text, "下一个进行回合的角色为%s" % self.seat(got))
        elif n == "round":
            check(g.round == a["X"], s.text, "轮数为%d" % g.round)
        elif n in ("alive", "dead"):
            check(pl.alive == (n == "alive"), s.text, "%s %s" % (who, "alive" if pl.alive else "dead"))
        elif n in ("winner", "game_over", "not_over"):
            res = g.result
            if n == "not_over":
                check(res is None, s.text, "game over: %s" % (res and res.reason))
            elif n == "game_over":
                check(res is not None, s.text, "the game goes on")
            else:
                check(res is not None and p in res.winners, s.text,
                      "winners %s" % ("".join(self.seat(x) for x in res.winners) if res else "none (the game goes on)"))
        elif n in ("damaged", "not_damaged"):
            total = 0
            dmg = set()
            for e in self.entries():
                if e.get("e") == "push" and e.get("p") == "事件 伤害":
                    dmg.add(e.get("f"))
                if e.get("e") == "push" and e.get("p") == "事件 扣减体力" and e["s"][0] == p and \
                        isinstance(e["s"][2], dict) and e["s"][2].get("frame") in dmg:
                    total += e["s"][1]
            if n == "damaged":
                check(total == a["X"], s.text, "%s受到了%d点伤害" % (who, total))
            else:
                check(total == 0, s.text, "%s受到了%d点伤害" % (who, total))
        elif n in ("was_dying", "not_dying"):
            got = any(e.get("e") == "push" and e.get("p") == "事件 濒死" and e["s"][0] == p for e in self.entries())
            check(got == (n == "was_dying"), s.text, "%s%s进入过濒死状态" % (who, "" if got else "未"))
        elif n in ("used", "not_used", "used_n", "played", "not_played"):
            ev = "事件 打出" if n in ("played", "not_played") else "事件 使用"
            count = 0
            for e in self.entries():
                if e.get("e") == "push" and e.get("p") == ev and e["s"][0] == p:
                    if self.vname(e["s"][1]) == a["N"]:
                        count += 1
            if n == "used_n":
                check(count == a["X"], s.text, "%d" % count)
            else:
                want = n in ("used", "played")
                check((count > 0) == want, s.text, "%d time(s)" % count)
        elif n in ("offered", "not_offered", "offered_n"):
            count = 0
            last_timing = []  # the names of the timing being dispatched when each question came
            for e in self.entries():
                if e.get("e") == "t":
                    last_timing = e.get("t", "").split("／")
                if e.get("e") == "ask" and e.get("k") == "trigger" and e.get("who") == p and \
                        self.skill_in(e.get("o") or [], a["S"]) is not None and \
                        ("T" not in a or a["T"] in last_timing):
                    count += 1
            d = g.pending
            if n == "offered":
                check(count > 0, s.text, "〖%s〗 was never offered to %s" % (a["S"], who))
            elif n == "not_offered":
                check(count == 0, s.text, "〖%s〗 was offered to %s %d time(s)" % (a["S"], who, count))
            else:
                check(count == a["X"], s.text, "offered %d time(s)" % count)
        elif n == "activated":
            sid = g.rs.ids.get(("skill", a["S"]))
            got = any(e.get("e") == "ans" and e.get("who") == p and e.get("v") == sid for e in self.entries())
            check(got, s.text, "〖%s〗 was not activated by %s" % (a["S"], who))
        elif n in ("skipped", "not_skipped"):
            got = any(e.get("e") == "skip" and e.get("ph") == a["P"] and e.get("p") == p for e in self.entries())
            check(got == (n == "skipped"), s.text, "%s%s跳过%s" % (who, "" if got else "未", a["P"]))
        elif n in ("asked_use", "not_asked_use"):
            got = False
            for e in self.entries():
                if e.get("e") == "ask" and e.get("who") == p and e.get("k") in ("trigger", "respond"):
                    opts = e.get("o") or []
                    if e["k"] == "trigger" and any(self.skill_name(o).startswith("<使用牌>") for o in opts):
                        got = True
            check(got == (n == "asked_use"), s.text, "%s%s被询问" % (who, "" if got else "未"))
        elif n in ("asked_play", "not_asked_play"):
            # a need-to-play flow of that card name run for 甲 (〖护驾〗 asks one role after another)
            nid = self.card_id(a["N"])
            got = any(e.get("e") == "push" and e.get("p") == "事件 需要打出牌" and (e.get("s") or [None])[:2] == [p, nid]
                      for e in self.entries())
            check(got == (n == "asked_play"), s.text, "%s%s被询问是否打出【%s】" % (who, "" if got else "未", a["N"]))
        elif n in ("timing", "no_timing"):
            got = any(e.get("e") == "t" and a["T"] in e.get("t", "").split("／") for e in self.entries())
            check(got == (n == "timing"), s.text, "%s %s" % (a["T"], "occurred" if got else "did not occur"))
        elif n == "timing_order":
            order = [e.get("t", "").split("／") for e in self.entries() if e.get("e") == "t"]
            first = lambda name: next((i for i, names in enumerate(order) if name in names), None)
            i, j = first(a["T"]), first(a["U"])
            check(i is not None and j is not None and i < j, s.text,
                  "%s at %s, %s at %s" % (a["T"], i, a["U"], j))
        elif n in ("can_use", "cannot_use"):
            got = self.usable_now(p, a["N"])
            if got is None:
                self.fail(s, "expected %s, but %s is at no point where cards are used" % (s.text, who))
            check(got == (n == "can_use"), s.text, "%s %s使用【%s】" % (who, "可" if got else "不能", a["N"]))
        elif n in ("next_trigger", "next_use", "next_option", "no_pending"):
            d = g.pending
            if n == "no_pending":
                check(d is None, s.text, self.describe(d) if d else "")
                return
            if d is None:
                self.fail(s, "expected %s, got no pending decision" % s.text)
            ok = d.who == p
            if n == "next_trigger":
                ok = ok and d.kind == E.D_TRIGGER and self.skill_in(d.options, a["S"]) is not None
            elif n == "next_use":
                ok = ok and d.kind == E.D_TRIGGER and any(self.skill_name(o).startswith("<使用牌>") for o in d.options)
            else:
                ok = ok and d.kind == E.D_OPTION
            check(ok, s.text, self.describe(d))
        else:
            self.fail(s, "no expectation %s" % n)

    def usable_now(self, p, name):
        """Whether p can start using a card named ``name`` where the game rests: the timing
        being dispatched, or the idle point of the play phase that was just generated.
        None if the game rests at neither."""
        g, P = self.g, self.P
        t = self._tables
        nid = self.card_id(name)
        for i in range(len(g.stack) - 1, -1, -1):
            fr = g.stack[i]
            ev, tid = None, -1
            if fr.prog == 0:
                ev, tid = fr.ev, fr.a
            elif P.frame_timing(fr) == t.idle:
                ev, tid = fr, t.idle
            if ev is not None:
                return any(n == nid or P._kind_ok(g, n, nid) for n, _mi in P._usable(g, p, ev, tid))
        return None

    def vname(self, c):
        g, P = self.g, self.P
        if isinstance(c, int) and P._is_v(c):
            return g.rs.card_names[P._rec(g, c)[P.V_NAME]]
        if isinstance(c, int) and 0 <= c < len(g.cards):
            return g.rs.card_names[g.cards[c].name]
        return None


# ---------------------------------------------------------------- the driver

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


def run_ruling_decls(project, mod=None, select=None, paths=None):
    """Run every ruling (or those whose title contains ``select``, or those in the files
    ``paths``); a list of Outcome (diagnostic None = passed)."""
    mod = mod or engine_module(project)
    timings = _timings(project)
    vocab, handlers = build_vocabulary(sorted(timings))
    reader = RulingReader(vocab, handlers, _generals(project), timings)
    out = []
    for decl, src in project_rulings(project):
        if select and select not in decl.title:
            continue
        if paths is not None and decl.span.path not in paths:
            continue
        r = None
        try:
            r = reader.read(decl, src)
            Runner(mod, r).run()
            out.append(Outcome(r, decl, None))
        except RulingFailure as e:
            span = e.span or decl.span
            msg = "ruling %s: %s" % (decl.title, e.message)
            out.append(Outcome(r, decl, Diagnostic(e.code, msg, span, notes=e.notes)))
        except Exception as e:  # an engine error is a failed ruling, with its message
            import os
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
    from .diagnostics import render
    from .project import load_project
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


if __name__ == "__main__":
    raise SystemExit(main())
