"""The closed vocabulary of a ruling (docs/rulings.md): seat facts are read by reader.py, the
phrases of events, answers and expectations are terms matched by the phrase reader of
compiler/phrases.py, with A, B, C … as variables of type 角色.

Each term names its handler: an event of runner.inject, an answer of answers.py
(``answer_<name>``), an expectation of expect.py (``expect_<name>``); the fixed arguments of an
entry are merged into the phrase's own (``甲未受到伤害`` is ``damaged`` with X = 0).
"""
from __future__ import annotations

import re

from ..phrases import Term, Vocabulary, parse_pattern
from . import board as Board

DECK = "标准版加军争"
ROLES = {"主公": 0, "忠臣": 1, "反贼": 2, "内奸": 3}
SUITS = {"黑桃": 0, "梅花": 1, "红桃": 2, "方块": 3}
POINTS = {"A": 1, "J": 11, "Q": 12, "K": 13}
SEAT_NAMES = "ABCDEFGHIJ"
PHASES = ("准备阶段", "判定阶段", "摸牌阶段", "出牌阶段", "弃牌阶段", "结束阶段") + Board.PHASES

NATURES = ("火焰", "雷电")


def _damage_terms():
    """受到了X点伤害 with its source (甲造成的, 无来源的) and nature (火焰, 雷电); 了 may be left out.
    The damaged role is 乙, the source 甲."""
    out = []
    for verb in ("受到了", "受到"):
        for nat in ("",) + NATURES:
            fixed = {"nature": nat} if nat else {}
            out.append(("〔乙：角色〕%s〔X：数〕点%s伤害" % (verb, nat), "expect", "damaged", fixed))
            out.append(("〔乙：角色〕%s〔甲：角色〕造成的〔X：数〕点%s伤害" % (verb, nat), "expect", "damaged", fixed))
            out.append(("〔乙：角色〕%s〔X：数〕点无来源的%s伤害" % (verb, nat), "expect", "damaged",
                        dict(fixed, src=-1)))
    for nat in ("",) + NATURES:
        fixed = {"nature": nat, "X": 0} if nat else {"X": 0}
        out.append(("〔乙：角色〕未受到%s伤害" % nat, "expect", "damaged", fixed))
        out.append(("〔乙：角色〕未受到〔甲：角色〕造成的%s伤害" % nat, "expect", "damaged", fixed))
        out.append(("〔乙：角色〕未受到无来源的%s伤害" % nat, "expect", "damaged", dict(fixed, src=-1)))
    return out


DAMAGE_TERMS = _damage_terms()

# pattern, kind, handler name[, fixed arguments].  kind: "event" (injected into the engine),
# "act" (answers to decisions), "expect" (checked on the state and the log).
RULING_TERMS = [
    # events: the engine runs them as the flows the specs declare
    ("〔甲：角色〕对〔乙：角色〕造成〔X：数〕点伤害", "event", "damage"),
    ("〔甲：角色〕对〔乙：角色〕造成〔X：数〕点火焰伤害", "event", "damage", {"nature": "火焰"}),
    ("〔甲：角色〕对〔乙：角色〕造成〔X：数〕点雷电伤害", "event", "damage", {"nature": "雷电"}),
    ("〔乙：角色〕受到〔X：数〕点无来源的伤害", "event", "damage"),
    ("〔乙：角色〕受到〔X：数〕点无来源的雷电伤害", "event", "damage", {"nature": "雷电"}),
    ("〔甲：角色〕失去〔X：数〕点体力", "event", "lose_hp"),
    ("〔甲：角色〕回复〔X：数〕点体力", "event", "recover"),
    ("〔甲：角色〕进行判定", "event", "judge"),
    ("〔甲：角色〕获得一个额外回合", "event", "extra_turn"),
    ("〔甲：角色〕减〔X：数〕点体力上限", "event", "lose_maxhp"),
    ("〔甲：角色〕直接死亡", "event", "die"),
    # where the next event happens: when the timing is next dispatched (of that subject)
    ("于〔T：时机〕", "event", "at"),
    ("于〔甲：角色〕的〔T：时机〕", "event", "at"),
    # answers: each consumes the decisions it describes, in order
    ("〔甲：角色〕发动〔S：技能〕", "act", "trigger"),
    ("〔甲：角色〕不发动〔S：技能〕", "act", "decline_skill"),
    ("〔甲：角色〕使用〔N：牌名〕", "act", "use"),
    ("〔甲：角色〕对〔乙：角色〕使用〔N：牌名〕", "act", "use"),
    ("〔甲：角色〕对〔乙：角色〕和〔丙：角色〕使用〔N：牌名〕", "act", "use"),
    ("〔甲：角色〕对〔乙：角色〕、〔丙：角色〕和〔丁：角色〕使用〔N：牌名〕", "act", "use"),
    ("〔甲：角色〕对自己使用〔N：牌名〕", "act", "use", {"self": True}),
    ("〔甲：角色〕打出〔N：牌名〕", "act", "use", {"play": True}),
    ("〔甲：角色〕发动〔S：技能〕使用〔N：牌名〕", "act", "use"),
    ("〔甲：角色〕发动〔S：技能〕对〔乙：角色〕使用〔N：牌名〕", "act", "use"),
    ("〔甲：角色〕发动〔S：技能〕打出〔N：牌名〕", "act", "use", {"play": True}),
    ("〔甲：角色〕不使用〔N：牌名〕", "act", "decline"),
    ("〔甲：角色〕不打出〔N：牌名〕", "act", "decline"),
    ("〔甲：角色〕不响应", "act", "decline"),
    ("〔甲：角色〕选择〔乙：角色〕", "act", "pick_roles"),
    ("〔甲：角色〕选择〔乙：角色〕和〔丙：角色〕", "act", "pick_roles"),
    ("〔甲：角色〕选择第〔X：数〕项", "act", "option"),
    ("〔甲：角色〕选择是", "act", "yesno", {"yes": True}),
    ("〔甲：角色〕选择否", "act", "yesno", {"yes": False}),
    ("〔甲：角色〕选择〔N：牌名〕", "act", "pick_card"),
    ("〔甲：角色〕选择〔X：数〕张牌", "act", "pick_n"),
    # a card of another role's areas (〖突袭〗, 〖反馈〗, 【过河拆桥】): the first that fits
    ("〔甲：角色〕选择〔乙：角色〕的一张手牌", "act", "pick_of", {"hand": True}),
    ("〔甲：角色〕选择〔乙：角色〕的一张牌", "act", "pick_of"),
    ("〔甲：角色〕选择〔乙：角色〕的〔N：牌名〕", "act", "pick_of"),
    # a suit (〖反间〗)
    ("〔甲：角色〕选择黑桃", "act", "suit", {"suit": "黑桃"}),
    ("〔甲：角色〕选择梅花", "act", "suit", {"suit": "梅花"}),
    ("〔甲：角色〕选择红桃", "act", "suit", {"suit": "红桃"}),
    ("〔甲：角色〕选择方块", "act", "suit", {"suit": "方块"}),
    # where cards go (〖观星〗's 置于牌堆顶/牌堆底, 〖遗计〗's 交给); several cards in a row (【杀】【闪】)
    # are listed from the top of the draw pile down (001:479: their order is the mover's)
    ("〔甲：角色〕将〔N：牌名〕置于牌堆顶", "act", "arrange", {"top": True}),
    ("〔甲：角色〕将〔N：牌名〕依次置于牌堆顶", "act", "arrange", {"top": True}),
    ("〔甲：角色〕将〔N：牌名〕置于牌堆底", "act", "arrange", {"top": False}),
    ("〔甲：角色〕将〔N：牌名〕依次置于牌堆底", "act", "arrange", {"top": False}),
    ("〔甲：角色〕将〔N：牌名〕交给〔乙：角色〕", "act", "give_to"),
    ("〔甲：角色〕放弃", "act", "pass"),
    ("〔甲：角色〕结束出牌阶段", "act", "end_play"),
    ("〔甲：角色〕重铸〔N：牌名〕", "act", "recast"),
    # expectations on the state
    ("〔甲：角色〕的体力为〔X：数〕", "expect", "hp"),
    ("〔甲：角色〕的体力上限为〔X：数〕", "expect", "maxhp"),
    ("〔甲：角色〕的手牌数为〔X：数〕", "expect", "hand_n"),
    ("〔甲：角色〕没有手牌", "expect", "hand_n", {"X": 0}),
    ("〔甲：角色〕的装备区里的牌数为〔X：数〕", "expect", "equip_n"),
    ("〔甲：角色〕的判定区里的牌数为〔X：数〕", "expect", "judge_n"),
    ("〔甲：角色〕的武将牌上的牌数为〔X：数〕", "expect", "general_n"),
    ("〔甲：角色〕的手牌中有〔N：牌名〕", "expect", "zone_has", {"zone": "hand", "want": True}),
    ("〔甲：角色〕的手牌中没有〔N：牌名〕", "expect", "zone_has", {"zone": "hand", "want": False}),
    ("〔甲：角色〕的装备区里有〔N：牌名〕", "expect", "zone_has", {"zone": "equip", "want": True}),
    ("〔甲：角色〕的装备区里没有〔N：牌名〕", "expect", "zone_has", {"zone": "equip", "want": False}),
    ("〔甲：角色〕的判定区里有〔N：牌名〕", "expect", "zone_has", {"zone": "judge", "want": True}),
    ("〔甲：角色〕的判定区里没有〔N：牌名〕", "expect", "zone_has", {"zone": "judge", "want": False}),
    ("弃牌堆里有〔N：牌名〕", "expect", "zone_has", {"zone": "discard", "want": True}),
    ("弃牌堆里没有〔N：牌名〕", "expect", "zone_has", {"zone": "discard", "want": False}),
    ("处理区里没有牌", "expect", "processing_empty"),
    ("处理区里有〔N：牌名〕", "expect", "zone_has", {"zone": "process", "want": True}),
    ("处理区里没有〔N：牌名〕", "expect", "zone_has", {"zone": "process", "want": False}),
    ("牌堆里有〔N：牌名〕", "expect", "zone_has", {"zone": "draw", "want": True}),
    ("牌堆里没有〔N：牌名〕", "expect", "zone_has", {"zone": "draw", "want": False}),
    # how many cards of one name a zone holds
    ("〔甲：角色〕的手牌中有〔X：数〕张〔N：牌名〕", "expect", "zone_count", {"zone": "hand"}),
    ("〔甲：角色〕的装备区里有〔X：数〕张〔N：牌名〕", "expect", "zone_count", {"zone": "equip"}),
    ("〔甲：角色〕的判定区里有〔X：数〕张〔N：牌名〕", "expect", "zone_count", {"zone": "judge"}),
    ("弃牌堆里有〔X：数〕张〔N：牌名〕", "expect", "zone_count", {"zone": "discard"}),
    ("处理区里有〔X：数〕张〔N：牌名〕", "expect", "zone_count", {"zone": "process"}),
    ("牌堆里有〔X：数〕张〔N：牌名〕", "expect", "zone_count", {"zone": "draw"}),
    ("牌堆顶为〔N：牌名〕", "expect", "top_is"),
    ("牌堆顶依次为〔N：牌名〕", "expect", "pile_seq", {"top": True}),
    ("牌堆底依次为〔N：牌名〕", "expect", "pile_seq", {"top": False}),
    ("〔甲：角色〕至〔乙：角色〕的距离为〔X：数〕", "expect", "distance"),
    ("〔甲：角色〕的攻击范围为〔X：数〕", "expect", "range"),
    ("〔甲：角色〕的手牌上限为〔X：数〕", "expect", "hand_limit"),
    ("〔甲：角色〕处于连环状态", "expect", "chained", {"want": True}),
    ("〔甲：角色〕不处于连环状态", "expect", "chained", {"want": False}),
    ("〔甲：角色〕的武将牌背面朝上", "expect", "face_up", {"want": False}),
    ("〔甲：角色〕的武将牌正面朝上", "expect", "face_up", {"want": True}),
    ("〔甲：角色〕存活", "expect", "alive", {"want": True}),
    ("〔甲：角色〕死亡", "expect", "alive", {"want": False}),
    ("〔甲：角色〕获胜", "expect", "winner", {"want": True}),
    ("〔甲：角色〕未获胜", "expect", "winner", {"want": False}),
    # turn order
    ("当前回合角色为〔甲：角色〕", "expect", "current"),
    ("下一个进行回合的角色为〔甲：角色〕", "expect", "next_turn"),
    ("轮数为〔X：数〕", "expect", "round"),
    ("游戏结束", "expect", "game_over", {"want": True}),
    ("游戏未结束", "expect", "game_over", {"want": False}),
    # expectations on the log (a phrase may be scoped: 于甲的回合内 / 于此回合内, reader.py)
    *DAMAGE_TERMS,
    ("〔甲：角色〕回复了〔X：数〕点体力", "expect", "recovered"),
    ("〔甲：角色〕回复过〔X：数〕次体力", "expect", "recovered", {"times": True}),
    ("〔甲：角色〕未回复过体力", "expect", "recovered", {"times": True, "X": 0}),
    ("〔甲：角色〕进入过濒死状态", "expect", "was_dying", {"want": True}),
    ("〔甲：角色〕未进入过濒死状态", "expect", "was_dying", {"want": False}),
    ("〔甲：角色〕使用过〔N：牌名〕", "expect", "used", {"want": True}),
    ("〔甲：角色〕未使用过〔N：牌名〕", "expect", "used", {"want": False}),
    ("〔甲：角色〕使用过〔X：数〕张〔N：牌名〕", "expect", "used"),
    ("〔甲：角色〕打出过〔N：牌名〕", "expect", "used", {"want": True, "play": True}),
    ("〔甲：角色〕未打出过〔N：牌名〕", "expect", "used", {"want": False, "play": True}),
    ("〔甲：角色〕可发动〔S：技能〕", "expect", "offered", {"want": True}),
    ("〔甲：角色〕不能发动〔S：技能〕", "expect", "offered", {"want": False}),
    ("〔甲：角色〕于〔T：时机〕可发动〔S：技能〕", "expect", "offered", {"want": True}),
    ("〔甲：角色〕于〔T：时机〕不能发动〔S：技能〕", "expect", "offered", {"want": False}),
    ("〔甲：角色〕被询问〔X：数〕次是否发动〔S：技能〕", "expect", "offered"),
    ("〔甲：角色〕发动过〔S：技能〕", "expect", "activated"),
    ("〔甲：角色〕跳过〔P：阶段〕", "expect", "skipped", {"want": True}),
    ("〔甲：角色〕未跳过〔P：阶段〕", "expect", "skipped", {"want": False}),
    ("〔甲：角色〕被询问是否打出〔N：牌名〕", "expect", "asked_play", {"want": True}),
    ("〔甲：角色〕未被询问是否打出〔N：牌名〕", "expect", "asked_play", {"want": False}),
    ("〔甲：角色〕被询问〔X：数〕次是否打出〔N：牌名〕", "expect", "asked_play"),
    ("〔甲：角色〕被询问是否使用〔N：牌名〕", "expect", "asked_use", {"want": True}),
    ("〔甲：角色〕未被询问是否使用〔N：牌名〕", "expect", "asked_use", {"want": False}),
    ("〔甲：角色〕被询问〔X：数〕次是否使用〔N：牌名〕", "expect", "asked_use"),
    ("〔甲：角色〕可使用〔N：牌名〕", "expect", "can_use", {"want": True}),
    ("〔甲：角色〕不能使用〔N：牌名〕", "expect", "can_use", {"want": False}),
    ("〔甲：角色〕可对〔乙：角色〕使用〔N：牌名〕", "expect", "can_use", {"want": True}),
    ("〔甲：角色〕不能对〔乙：角色〕使用〔N：牌名〕", "expect", "can_use", {"want": False}),
    ("〔T：时机〕发生过", "expect", "timing", {"want": True}),
    ("〔T：时机〕未发生", "expect", "timing", {"want": False}),
    ("〔T：时机〕发生过〔X：数〕次", "expect", "timing"),
    ("〔甲：角色〕的〔T：时机〕发生过", "expect", "timing", {"want": True}),
    ("〔甲：角色〕的〔T：时机〕未发生", "expect", "timing", {"want": False}),
    ("〔甲：角色〕的〔T：时机〕发生过〔X：数〕次", "expect", "timing"),
    ("〔T：时机〕先于〔U：时机〕发生", "expect", "timing_order"),
    # a card of the log (此【杀】, 甲使用的【杀】, 甲打出的【闪】): its targets, colour, suit, point
    ("〔c：牌〕的目标为〔L：角色组〕", "expect", "targets"),
    ("〔c：牌〕的目标依次为〔L：角色组〕", "expect", "targets", {"ordered": True}),
    ("〔c：牌〕的颜色为红色", "expect", "card_info", {"what": "color", "value": "红色"}),
    ("〔c：牌〕的颜色为黑色", "expect", "card_info", {"what": "color", "value": "黑色"}),
    ("〔c：牌〕为红色", "expect", "card_info", {"what": "color", "value": "红色"}),
    ("〔c：牌〕为黑色", "expect", "card_info", {"what": "color", "value": "黑色"}),
    ("〔c：牌〕没有颜色", "expect", "card_info", {"what": "color", "value": None}),
    *[("〔c：牌〕的花色为" + suit, "expect", "card_info", {"what": "suit", "value": suit}) for suit in SUITS],
    ("〔c：牌〕没有花色", "expect", "card_info", {"what": "suit", "value": None}),
    ("〔c：牌〕的点数为〔X：数〕", "expect", "card_info", {"what": "point"}),
    ("〔c：牌〕没有点数", "expect", "card_info", {"what": "point", "value": None}),
    # a card choice made blind: the chosen cards were in another role's hand or the draw pile
    ("〔甲：角色〕看不到其选择的牌", "expect", "blind", {"want": True}),
    ("〔甲：角色〕看得到其选择的牌", "expect", "blind", {"want": False}),
    # the pending decision
    ("下一个询问为〔甲：角色〕是否发动〔S：技能〕", "expect", "next_trigger"),
    ("下一个询问为〔甲：角色〕是否使用〔N：牌名〕", "expect", "next_use"),
    ("下一个询问为〔甲：角色〕选择一项", "expect", "next_option"),
    ("下一个询问为〔甲：角色〕选择〔X：数〕至〔Y：数〕名角色", "expect", "next_choice", {"what": "roles"}),
    ("下一个询问为〔甲：角色〕选择〔X：数〕至〔Y：数〕张牌", "expect", "next_choice", {"what": "cards"}),
    ("没有待定的询问", "expect", "no_pending"),
    ("〔甲：角色〕可选择的角色为〔L：角色组〕", "expect", "choosable"),
    ("〔甲：角色〕可选择〔M：角色组〕", "expect", "choosable", {"want": True}),
    ("〔甲：角色〕不能选择〔M：角色组〕", "expect", "choosable", {"want": False}),
]

# values read inside other phrases: a list of roles (C和D, C、D和E), a card of the log
VALUE_TERMS = [
    ("〔乙：角色〕和〔丙：角色〕", "角色组", "roles"),
    ("〔乙：角色〕、〔丙：角色〕和〔丁：角色〕", "角色组", "roles"),
    ("〔乙：角色〕、〔丙：角色〕、〔丁：角色〕和〔戊：角色〕", "角色组", "roles"),
    ("此〔N：牌名〕", "牌", "card"),                                  # the last one used or played
    ("〔甲：角色〕使用的〔N：牌名〕", "牌", "card", {"how": "used"}),    # the last one 甲 used
    ("〔甲：角色〕打出的〔N：牌名〕", "牌", "card", {"how": "played"}),  # the last one 甲 played
]

RULING_TERMS += Board.TERMS   # a game on a board (战棋): board.py

# the expectations read on the log, which 于甲的回合内 / 于此回合内 may scope to turns
LOG_EXPECTATIONS = ("damaged", "recovered", "was_dying", "used", "offered", "activated", "skipped",
                    "asked_use", "asked_play", "timing", "timing_order", "targets", "card_info", "blind")

# the phrases whose 牌名 may name several cards in a row (【杀】【闪】, read as one slot)
CARD_LISTS = ("arrange", "give_to", "pile_seq")
CARD_RUN = re.compile(r"(?:【[^】]+】){2,}")


class Handler(tuple):
    """(kind, name, fixed arguments) of a ruling term."""
    __slots__ = ()

    @property
    def kind(self):
        return self[0]

    @property
    def name(self):
        return self[1]

    @property
    def fixed(self):
        return self[2]


def build_vocabulary(timings=()):
    """The ruling vocabulary (phrases.Vocabulary) and its handlers, term key -> Handler."""
    v = Vocabulary()
    for t in ("角色", "数", "牌名", "技能", "阶段", "时机", "真假", "操作", "牌"):
        v.add_type(t, [])
    v.add_type("角色组", ["角色"])   # one role is a list of one
    order = 0
    handlers = {}
    # a term's key is its kind and pattern: 乙受到X点无来源的伤害 is an event and an expectation
    for entry in VALUE_TERMS:
        pattern, typ, name = entry[:3]
        key = "value:" + pattern
        v.add_term(Term(key, parse_pattern(pattern), typ, None, None, order))
        order += 1
        handlers[key] = Handler(("value", name, dict(entry[3]) if len(entry) > 3 else {}))
    for entry in RULING_TERMS:
        pattern, kind, name = entry[:3]
        typ = {"event": "操作", "act": "操作", "expect": "真假"}[kind]
        key = kind + ":" + pattern
        v.add_term(Term(key, parse_pattern(pattern), typ, None, None, order))
        order += 1
        handlers[key] = Handler((kind, name, dict(entry[3]) if len(entry) > 3 else {}))
    for ph in PHASES:
        v.add_term(Term(ph, parse_pattern(ph), "阶段", None, None, order))
        order += 1
    order = Board.add_vocabulary(v, order, Term, parse_pattern)
    for tname in timings:
        v.timings.setdefault(tname, [])
    v.index()
    return v, handlers
