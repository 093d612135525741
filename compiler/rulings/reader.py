"""A ruling's lines -> a model.Ruling: the seat facts of 座次, the cards of 牌堆顶, the start
of 当前, and each phrase of the other lines read against the ruling vocabulary (vocab.py)."""
from __future__ import annotations

import re

from .. import ast as A
from ..phrases import read_phrase, numeral_value
from .model import Ruling, RulingFailure, Seat, Step
from . import board as Board
from .vocab import CARD_LISTS, CARD_RUN, LOG_EXPECTATIONS, PHASES, POINTS, ROLES, SEAT_NAMES, SUITS

TURN_SCOPE = re.compile(r"于(?:([A-J])的|此)回合内")
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
        elif part in ("死亡", "已死亡"):
            s.dead = True
        elif m := re.fullmatch(r"(?:([0-9]+)枚)?「([^」]+)」(?:标记)?(?:([0-9]+)枚)?", part):
            s.marks[m.group(2)] = int(m.group(1) or m.group(3) or 1)
        elif m := re.fullmatch(r"已发动(?:过)?〖([^〗]+)〗(?:([0-9]+)次)?", part):
            s.used[m.group(1)] = int(m.group(2) or 1)
        elif part.startswith("延时区"):   # 战棋's name of the 判定区 (001:209)
            s.judge = parse_cards(part[3:])
        elif Board.seat_fact(s, part):
            pass
        else:
            raise RulingFailure("SGS501", "cannot read the seat description %r of %s" % (part, letter), span,
                                ["seat facts: a general or 白板, 主公/忠臣/反贼/内奸, 体力N[/M], 体力上限M, "
                                 "手牌…, 无手牌, 装备…, 判定区…, 武将牌上…, 连环状态, 背面朝上, 「标记」N枚, "
                                 "已发动〖技能〗[N次], 判定区处于封印状态, 已死亡; on a board: " + Board.FACTS])
    return s


def line_parts(text, key):
    """The sentences of a ruling line (after its key), split into phrases on ， 。 outside （）."""
    body = text.split("#", 1)[0].strip()
    if key and body.startswith(key):
        body = body[len(key):].strip()
    return split_top(body, "，。,")


EDITION_LINE = re.compile(r"^（([A-Za-z_][A-Za-z0-9_]*)）")


def edition_of_line(text, key, editions):
    """A line for one edition only: its key (if any) then （edition） (docs/rulings.md): (edition,
    the line without it); (None, text) for a line of every edition. An edition no rulebook has
    raises ValueError."""
    body = text.split("#", 1)[0].strip()
    head = key if key and body.startswith(key) else ""
    rest = body[len(head):].strip()
    m = EDITION_LINE.match(rest)
    if not m:
        return None, text
    if m.group(1) not in editions:
        raise ValueError(m.group(1))
    return m.group(1), (head + " " if head else "") + rest[m.end():].strip()


class RulingReader:
    def __init__(self, vocab, handlers, generals, timings, edition=None, editions=()):
        self.vocab = vocab
        self.handlers = handlers
        self.generals = generals
        self.timings = timings
        self.edition = edition            # the edition of the rulebook running the rulings
        self.editions = set(editions)     # the editions a line may be written for

    def read(self, decl: A.RulingDecl, source) -> Ruling:
        r = Ruling(decl.title, decl.span)
        scope = {}
        for line in decl.lines:
            text = source.line_text(line.span.line) if source is not None else ""
            key = line.key
            sp = line.span
            try:
                edition, text = edition_of_line(text, key, self.editions)
            except ValueError as exc:
                raise RulingFailure("SGS501", "no edition %s (a line for one edition: （%s）)" % (
                    exc, "）/（".join(sorted(self.editions))), sp)
            if edition is not None:
                r.editions.add(edition)
                if edition != self.edition:
                    continue
                r.edition_lines.append(text.strip())
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
                if len(r.seats) < 2:
                    # one role alone has already won (000:8-10): no game to play
                    raise RulingFailure("SGS501", "a ruling seats two roles at least, got %d" % len(r.seats), sp)
                if sum(1 for x in r.seats if not x.dead) < 2:
                    raise RulingFailure("SGS501", "a ruling seats two living roles at least", sp)
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
                if r.seats[r.current].dead:
                    raise RulingFailure("SGS501", "当前 names %s, who is dead" % words[0], sp)
                ph = words[1]
                if ph in PHASES:
                    # a phase starts at its first timing: 开始前, else 开始时 (战棋's 出牌阶段, 001:101),
                    # else the phase's one time point (战棋's 准备阶段, 001:71)
                    ph = next((ph + w for w in ("开始前", "开始时") if ph + w in self.timings), ph)
                if ph not in self.timings:
                    raise RulingFailure("SGS502", "unknown phase or timing %r" % words[1], sp,
                                        ["a phase (%s) or a timing of the 回合 flow" % " ".join(PHASES)])
                r.start = ph
            elif key == "其余":
                parts = line_parts(text, key)
                if parts == ["放弃"]:
                    r.others_decline = True
                elif parts == ["严格"]:
                    r.strict = True
                else:
                    raise RulingFailure("SGS501", "其余 takes one policy: 放弃 (others decline) or 严格 "
                                        "(no unscripted question)", sp)
            elif key in (None, "答", "期望", "开始"):
                line_scope = None
                for part in line_parts(text, key):
                    m = TURN_SCOPE.fullmatch(part) if key == "期望" else None
                    if m:   # 于A的回合内，…: the rest of the line is scoped
                        line_scope = self.turn_scope(m, part, scope, sp)
                        continue
                    r.steps.append(self.phrase(part, scope, sp, key, line_scope))
            else:
                raise RulingFailure("SGS501", "unknown ruling line key %r" % key, sp)
        if not r.seats:
            raise RulingFailure("SGS501", "a ruling needs a 座次 line", decl.span)
        return r

    def turn_scope(self, m, text, scope, span):
        if m.group(1) is not None and m.group(1) not in scope:
            raise RulingFailure("SGS501", "%r: no seat %s" % (text, m.group(1)), span)
        return SEAT_NAMES.index(m.group(1)) if m.group(1) else "this"

    def phrase(self, text, scope, span, key, turn_scope=None):
        orig = text
        if key == "期望":
            # 于甲的回合内 / 于此回合内: an expectation on the log, over those turns' entries only
            m = TURN_SCOPE.match(text)
            if m and len(text) > m.end():
                turn_scope = self.turn_scope(m, orig, scope, span)
                text = text[m.end():]
        text = CARD_RUN.sub(lambda r: "【%s】" % "、".join(re.findall(r"【([^】]+)】", r.group())), text)
        m = read_phrase(self.vocab, text, "真假" if key == "期望" else "操作", scope)
        if m is None or m.term is None:
            want = "an expectation" if key == "期望" else "an event or an answer"
            raise RulingFailure("SGS501", "cannot read %r as %s of the ruling vocabulary" % (text, want), span,
                                ["see docs/rulings.md for the phrases a ruling may use"])
        kind, name, fixed = self.handlers[m.term.key]
        if key == "期望" and kind != "expect" or key != "期望" and kind == "expect":
            raise RulingFailure("SGS501", "%r is %s; write it on a %s line" % (
                text, "an expectation" if kind == "expect" else "an event or answer",
                "期望" if kind == "expect" else "答 or plain"), span)
        args = self.values(m.args)
        if name not in CARD_LISTS and any(isinstance(v, str) and "、" in v for v in args.values()):
            raise RulingFailure("SGS501", "%r names several cards where one is meant" % orig, span,
                                ["several cards in a row are read only by 置于牌堆顶/牌堆底, 交给 and 牌堆顶/牌堆底依次为"])
        args.update(fixed)
        step = Step(kind, name, args, orig, span)
        if turn_scope is not None:
            if name not in LOG_EXPECTATIONS:
                raise RulingFailure("SGS501", "%r: 于…回合内 scopes an expectation on the log, not %r" % (orig, text), span,
                                    ["on the log: 受到了…伤害, 使用过, 被询问…, 发生过, 可发动 …"])
            step.scope = turn_scope
        return step

    def values(self, margs):
        """A phrase's arguments as values: numbers, seats, names; a nested value term (a list
        of roles, a card of the log) as a tuple of seats or a dict of its own arguments."""
        args = {}
        for k, a in margs.items():
            if a.kind == "number":
                args[k] = numeral_value(a.text)
            elif a.kind == "var":
                args[k] = SEAT_NAMES.index(a.text)
            elif a.kind == "ref":
                args[k] = a.text.strip("【】〖〗「」")
            elif a.kind == "term" and a.term is not None and a.term.key in self.handlers \
                    and self.handlers[a.term.key].kind == "value":
                kind, name, fixed = self.handlers[a.term.key]
                sub = self.values(a.args)
                if name == "roles":
                    args[k] = tuple(sub[x] for x in ("乙", "丙", "丁", "戊") if x in sub)
                else:
                    sub.update(fixed)
                    args[k] = sub
            else:
                args[k] = a.text
        return args
