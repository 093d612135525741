# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""sgs runtime library: what generated modules call as ``P`` (docs/ir.md).

Pure-Python-mode Cython like the rest of ``core``; it builds on ``core.engine``
(docs/core-api.md) and knows no skill, card or flow by name except through the
tables the generated ``register(rs)`` fills.

Quick start
-----------
::

    from core import prims as P
    g = P.new_game(module, 4, seed=1, generals=["夏侯惇", "白板", ...])
    from core.agents import play, RandomAgent
    play(g, RandomAgent(7))

``new_game(module, nplayers, seed=0, mode="身份局", deck=None, generals=None,
hand=4, shuffle=True, first=0, start=True, log_level=1, debug=False)``:
builds a Ruleset (``new_ruleset()``), calls ``module.register(rs)``,
``finish(rs)``, creates the ``Game`` (cards = ``deck``: a registered deck name,
a list of ``(name, suit, point)`` with name a card name or id and suit
``"黑桃"``/0…, or None = the first registered deck), shuffles the draw pile
(``shuffle``), gives each seat its general (``generals``: names, maxhp/hp from
the general, its skills granted) and, when the module has no mode program,
``hand`` cards.  With ``start`` it pushes the root frame running the mode
program (event ``模式:<mode>``) or, if there is none, the turn loop (event
``回合`` via ``g.push_turn`` until one player is left).  ``run_event(g, name,
args)`` pushes the root frame with one event instead (tests, rulings).  The log's
header records the arguments that make the game (``core.replay.game_from_header``
builds it again from them).

Value representation (what slots hold)
--------------------------------------
* 角色: a seat (int), ``NONE`` (-1) = none; 角色组: a tuple of seats.
* quantifiers (subjects of 一名角色/其他角色 … and choices in effects):
  ``ANY`` (-2, anybody), ``OTHER`` (-3, anybody but the owner), or a ``Pick``
  (players/cards to be chosen): conditions test membership
  (``subject_matches``); an operation given a Pick pushes a frame that asks
  the chooser and then runs the operation with the answer.
* 牌: a card id (int) or an ``E.VCard``; 牌组: a tuple of card ids.
* 区域: ``(kind, owner)`` with the core's zone kinds, ``(ZK_EQUIP, p)`` for the
  whole 装备区 of p.
* 花色 ``E.SPADE…E.DIAMOND``, 颜色 ``E.BLACK/E.RED`` (-1 none), 势力/性别/类别:
  strings, 身份 ``ROLE_LORD…ROLE_RENEGADE``, 属性 ``NAT_NONE…NAT_ICE``.
* 事件: a ``Frame`` (the event's frame) or None.

Frames
------
A generated program frame keeps runtime scratch in ``f.x`` (a list, see the
``X_*`` indexes: the subject and id of the timing it fired last, its last judge,
chosen role, cards …), so ``Game.clone`` copies it.  The executed flag of
docs/ir.md lives in the flags of the running frame (``F_NOTEXEC``; with
``F_CHILDEXEC`` the verdict is the frame that just finished, ``g.ret``).
Decisions are asked by helper frames (program ``<prims>``, op code in ``a``,
parent frame in ``y``) which write the answer to the parent (``f.result`` for
``choose_option``) and set its executed flag before they end.

Turns and phases
----------------
``执行 回合（甲）`` pushes the turn frame with ``g.push_turn`` (F_TURN; 甲 must be the
core's next turn: the mode asks ``next_turn_player`` = ``g.peek_turn()``, extra turns
first, 002:345).  Each phase is an event of its own (事件 准备阶段 … 结束阶段, found
by name in ``finish``); ``执行 准备阶段（甲）`` pushes it as a phase frame (F_PHASE,
``a`` = phase id, ``g.begin_phase``), an extra phase (002:359, queued in the turn
frame's ``X_XPH`` by ``gain_extra_phase_before/after``) with F_EXTRA too.  A phase
frame mirrors the timing it fires into the turn frame's ``X_TIMING`` and stops once
the turn is cut (its role died, 000:542); skipping (002:360-362) is checked by the
phase flow itself (``this_phase_skipped``, ``phase_before_timing_exists``).
"""
import copy

import cython

from core import engine as E
from core.engine import Ruleset  # the base of Rules (an extension type when compiled)
from core.engine import Frame, Modifier, Skill

CORE_ABI = 1

# ---------------------------------------------------------------------------
# values
NONE = -1
ANY = -2      # 一名角色 / 任意角色 as a timing subject: anybody
OTHER = -3    # 其他角色 as a timing subject: anybody but the skill's owner

ROLE_LORD = 0
ROLE_LOYALIST = 1
ROLE_REBEL = 2
ROLE_RENEGADE = 3
ROLE_NAMES = ("主公", "忠臣", "反贼", "内奸")

NAT_NONE = 0
NAT_FIRE = 1
NAT_THUNDER = 2
NAT_ICE = 3
NATURE_NAMES = ("普通", "火焰", "雷电", "冰冻")   # by NAT_* (people-facing texts)

ZK_EQUIP = -10   # (ZK_EQUIP, p): the whole 装备区 of p

SUIT_TEXT = ("黑桃", "梅花", "红桃", "方块")   # by suit id (E.SPADE …)
SUIT_NAMES = {"黑桃": 0, "梅花": 1, "红桃": 2, "方块": 3, "spade": 0, "club": 1,
              "heart": 2, "diamond": 3}
EQUIP_SUBTYPE_ZONE = {"武器": E.Z_WEAPON, "防具": E.Z_ARMOR, "进攻坐骑": E.Z_HORSE_ATK,
                      "-1马": E.Z_HORSE_ATK, "防御坐骑": E.Z_HORSE_DEF, "+1马": E.Z_HORSE_DEF,
                      "宝物": E.Z_TREASURE}

# frame flags (from E.F_USER up)
F_NOTEXEC = 512      # the last operation of this frame was not executed
F_CHILDEXEC = 1024   # the last operation pushed a frame: its verdict is g.ret
# the same as C constants when compiled (prims.pxd): the executed flag is set by every operation
_NOTEXEC = F_NOTEXEC
_CHILDEXEC = F_CHILDEXEC
_F_PREVENTED = E.F_PREVENTED
_F_TERMINATED = E.F_TERMINATED

# the engine's turn/phase frame flags, as C constants when compiled (prims.pxd)
_F_TURN = E.F_TURN
_F_PHASE = E.F_PHASE
_Z_HAND = E.Z_HAND

# scratch indexes of f.x
X_SUBJ = 0     # subject of the timing this frame fired last
X_TIMING = 1   # id of that timing
X_JUDGE = 2    # the last judge of this frame: a card id, or the 判定 event frame
X_CHOSEN = 3   # the role chosen last (其)
X_CARDS = 4    # the cards chosen/moved last (这些牌 / 此次移动的牌)
X_JCARD = 5    # judge event frames: the judge card; move events: [(card, origin)]
X_DEST = 6     # move event frames: per-card destination overrides [(card, zone)]
X_STATE = 7    # root frame: game-level runtime state (a list, see S_*)
X_CHILD = 8    # the frame the last operation pushed (its verdict, docs/ir.md executed)
X_LASTCARD = 9  # the card this frame used/played/showed last (此牌 of a skill)
X_CTX = 10     # use/play context of 需要…/预… events (see _ctx)
X_TCOUNT = 11  # event frames: [timing, count, …] of the timings generated so far
X_TMP = 12     # helper scratch
X_FLAG = 13    # frame-specific flags/data (turn: cut / phase ended; 濒死: ask order …)
X_IDLE = 14    # turn frames: the skill uses so far when its last 出牌阶段内的空闲时间点 was fired
X_XPH = 15     # turn frames: the extra phases gained this turn, [before?, A, B, role] in order
NX = 16
_NX = NX   # C constant when compiled (prims.pxd): [None] * _NX is one allocation

S_DELAYED = 0  # active delayed effects: [owner, timing, program, subject]
S_WINNERS = 1
S_ROLES = 2    # the role cards of the identity mode (身份牌), before dealing
S_VC = 3       # virtual card records (see V_*); a virtual card is the int VBASE + index
S_LIVE = 4     # handles of the virtual cards that exist (not vanished)
S_CORR = 5     # per physical card: the handle of its virtual card or None
S_PROC = 6     # per physical card: ids of the frames running when it entered the 处理区
S_NEED = 7     # per role: [name, done] of its last need-to-use/play flow
S_LASTJ = 8    # the judge card of the last finished 判定
S_MOVED = 9    # the cards of the last move
S_FAIL = 10    # the role that last did not play/use a needed card
S_JIU = 11     # per role: [turn_no, +X] of 于此回合内使用的下一张【杀】的伤害值基数
S_SUIT = 12    # per role: the suit it chose last
S_REVEALED = 13  # 亮出的牌
S_LASTTURN = 14  # the role of the last turn
S_SEAL = 15    # sealed zones [(kind, owner)]
S_ARMOR = 16   # per role: 护甲值
S_CHOSEN = 17  # the roles chosen last, in the order chosen
NS = 18

VBASE = 1 << 20   # virtual card handles: VBASE + record index
_VBASE = VBASE    # C constant when compiled (prims.pxd)
# virtual card record fields
# 普【名】 (that name and none of its kinds) is the name id n written as -2 - n (plain_kind);
# NAME_AS_PHYSICAL names a card after its physical card (对应的实体牌为…的牌, 〖鬼才〗, 000:202)
NAME_AS_PHYSICAL = -(1 << 29)
V_NAME = 0
V_CARDS = 1
V_SUIT = 2
V_COLOR = 3
V_POINT = 4
V_USER = 5
V_TARGETS = 6
V_METHOD = 7
V_ALIVE = 8
V_INEFF = 9      # roles it is ineffective to
V_COUNTERED = 10  # roles for which it was countered
V_HITS = 11      # [role, counters so far, needed] …
V_EXTRA = 12     # roles with a pending extra 生效前
V_NORESP = 13    # [(role or ANY, card name)] that cannot respond to it
V_TPLUS = 14     # 额定目标数上限+X
V_DMG = 15       # 伤害值基数+X
V_IGNORE = 16    # [(role, skill id)] armour skills invalidated during its use
V_ALLHAND = 17   # the role whose whole hand its physical cards were, or -1
V_WITH = 18      # {target: the character chosen with it} (目标限制 同时选择, 【借刀杀人】)
NV = 19

# helper op codes
OP_OPTION = 1
OP_CARDS_THEN = 2
OP_RESOLVE = 3
OP_EVENT_VERDICT = 4
OP_YESNO = 5
OP_ASK_THEN = 6
OP_IN_TURN = 7
OP_PINDIAN = 8
OP_GIVE_EACH = 9
OP_PLAY_N = 10
OP_ARRANGE = 11


class SpecRuntimeError(Exception):
    """An exception raised while running a generated program, with the spec
    position (``path:line:col``) of the instruction first in its message."""


class AbiMismatch(E.EngineError):
    pass


class Pick:
    """A choice still to be made: ``kind`` "players"/"cards", candidates
    ``group`` (a tuple), ``lo``..``hi`` of them; ``chooser`` -1 = the owner."""

    def __init__(self, kind, group, lo=1, hi=1, chooser=-1, src=None, vname=None):
        self.kind = kind
        self.group = tuple(group)
        self.lo = lo
        self.hi = hi
        self.chooser = chooser
        # src: how the group was built from the implied subject's cards ("hand", "own",
        # "areas", or a (kind, value) filter): an operation whose actor is another role
        # rebuilds it from the actor's cards (choose_move_cards, owned_by)
        self.src = src
        # vname: a card name: the answer becomes a virtual card of that name (当…使用)
        self.vname = vname

    def __repr__(self):
        return "Pick(%s, %r, %d..%d)" % (self.kind, self.group, self.lo, self.hi)


# ---------------------------------------------------------------------------
# tables

class Tables:
    """What ``register(rs)`` builds: generated id -> core id maps and the
    data of events, cards, decks and generals."""

    def __init__(self):
        self.prog = []          # generated program id -> core program id
        self.prog_kind = {}     # core program id -> "event"/"term"/"skill"/"card"/"mode"/"delayed"
        self.events = {}        # event name -> core program id
        self.event_of = {}      # core program id -> event name
        self.event_params = {}  # event name -> (parameter name, type) in slot order
        self.skill_tags = {}    # skill id -> tags
        self.skill_owner = {}   # skill id -> general name
        self.cards = {}         # card name id -> (type, subtype, range, effect prog, skills)
        self.decks = {}         # deck name -> tuple of (name id, suit, point)
        self.deck_order = []
        self.generals = {}      # name -> (faction, sex, hp, lord, skills)
        self.general_order = []
        self.pack = None        # names of the generals the mode deals from (None: all)
        self.stats = None       # counts for reports (see _stats); new_game builds tables per game
        self.helper = -1        # core id of the <prims> helper program
        self.root = -1
        self.turnloop = -1
        self.dturn = -1         # the trivial turn program
        self.delayed_skill = {}  # timing id -> hidden skill id
        self.delayed_prog = -1
        self.finished = False
        self.kinds = None       # card name id -> names it is a kind of (火【杀】 -> 【杀】); see kinds()
        self.card_status = {}   # card name id -> ((method, program), …): status rules (额外说明)
        self.rule_names = frozenset()  # names with status rules, their own or their kinds' (kinds())
        self.card_flow_rules = {}  # (card name id, method, timing id) -> ((condition, program), …)
        self.flow_rule_timings = frozenset()
        self.held_rules = {}    # hidden skill id -> (card name id, condition, program)
        self.card_target_rules = {}  # (card name id, method) -> programs of its 目标限制
        self.target_start = -1  # 对当前目标使用结算开始时
        self.aim_timings = frozenset()  # 指定目标时, 指定目标后 (其 = the target)
        self.source_timings = frozenset()  # the source's timings of a damage (其 = the damaged)
        self.k_use_phase = {}   # (card name id, method) -> counter of uses in this play phase
        self.k_use_turn = {}    # (card name id, method) -> counter of uses in this turn
        self.use_skill = {}     # timing id -> hidden skill using cards at that timing
        self.use_methods = {}   # timing id -> [(card name id, method index, condition)]
        self.status_skills = ()  # 锁定技 without a timing: rules read on demand
        self.lord_skills = frozenset()  # 主公技: only while the owner's role is 主公
        self.skill_ops = {}     # skill id -> operations its program can run (register_skill)
        self.skill_names = {}   # skill id -> the card names its condition can hold for (register_skill)
        self.status_by_query = {}  # query kind -> the status skills that may answer it
        self.skill_owner_args = {}  # status skill id -> {(operation, argument index) holding 你}
        self.status_owner_at = {}  # query kind -> {status skill id: the query's indices its owner must be at}
        self.active_skills = ()  # skills without a timing used at the idle points
        self.need_use_timings = ()
        self.convert_skills = None  # (timing, skill, names) at need_use_timings (_convert_skills)
        self.idle = self.turn_end = self.play_lo = self.play_hi = -1
        self.dying_timing = self.prep_done = -1
        self.k_given = self.k_recovered = self.k_draw = self.k_drawset = -1
        self.k_sha = -1
        self.phase_ranges = ()  # (phase id, first timing, last timing)
        self.phase_list = ()    # phase ids in turn order (准备阶段 … 结束阶段)
        self.phase_event = {}   # core program id of a phase's event (事件 准备阶段 …) -> phase id
        self.phase_prog = {}    # phase id -> core program id of its event
        self.k_used = {}        # card name id -> counter of uses/plays in the play phase


class Rules(Ruleset):
    """A Ruleset with room for the runtime tables (``sgs``; the engine's Ruleset has none)."""

    def __init__(self):
        Ruleset.__init__(self)
        self.sgs = None


def new_ruleset():
    rs = Rules()
    tables(rs)
    return rs


def tables(rs):
    t = getattr(rs, "sgs", None)
    if t is None:
        t = Tables()
        try:
            rs.sgs = t
        except AttributeError:
            raise E.EngineError("core.prims needs a ruleset from P.new_ruleset() "
                                "(the compiled Ruleset cannot hold the runtime tables)")
        t.helper = rs.program("<prims>", _helper_run, log=False, nslots=0)
        t.root = rs.program("<root>", _root_run, log=False, nslots=0)
        t.turnloop = rs.program("<turn loop>", _turnloop_run, log=False, nslots=0)
        t.dturn = rs.program("<turn>", _noturn_run, log=True, nslots=1)
        t.delayed_prog = rs.program("<delayed>", _delayed_run, log=False, nslots=0)
    return t


def _T(g):
    rs = g.rs   # typed Rules when compiled (prims.pxd): two C field reads
    return rs.sgs


# ---------------------------------------------------------------------------
# registration (called by the generated register())

def check_abi(abi, version, module):
    if abi != CORE_ABI:
        raise AbiMismatch(
            "%s was generated by sgs %s for core ABI %r, but core.prims implements ABI %r: "
            "regenerate it with `sgs build` (or update the core)" % (module, version, abi, CORE_ABI))


def expect_id(got, want, kind, name):
    if got != want:
        raise E.EngineError("%s %r got core id %r, the generated module expects %r "
                            "(register into a fresh P.new_ruleset())" % (kind, name, got, want))


def _kind_of_name(name):
    for pre, kind in (("事件 ", "event"), ("用语 ", "term"), ("技能 ", "skill"),
                      ("延时 ", "delayed"), ("卡牌 ", "card"), ("模式 ", "mode")):
        if name.startswith(pre):
            return kind
    return "other"


def register_program(rs, pid, name, fn, nslots):
    t = tables(rs)
    if pid != len(t.prog):
        raise E.EngineError("program %d (%s) registered out of order" % (pid, name))
    cid = rs.program(name, fn, log=True, nslots=nslots)
    t.prog.append(cid)
    t.prog_kind[cid] = _kind_of_name(name)
    return cid


_LIMIT_SCOPES = {"phase": E.SC_PHASE, "turn": E.SC_TURN, "round": E.SC_ROUND, "game": E.SC_GAME}


def register_skill(rs, sid, name, owner, timings, prog, cond, tags, optional, limit, ops=None,
                   names=None, owner_args=()):
    """``ops``: the operations the skill's program can run (emit.program_ops), for a skill
    without a timing; None = unknown (a status rule is then read by every query).
    ``owner_args``: (operation, argument index) of the arguments that are always its owner
    (emit.program_owner_args; _owner_at).
    ``names``: the card names 此牌名 must be for its condition to hold (emit.skill_card_names:
    a conjunct 此牌名为【名】); None = any name."""
    t = tables(rs)
    scope, n = -1, 0
    if limit is not None:
        scope, n = _LIMIT_SCOPES[limit[0]], limit[1]
    forced = (not optional) or ("锁定技" in tags)
    got = rs.skill(name, tuple(timings), t.prog[prog], cond=cond, forced=forced,
                   limit_scope=scope, limit=n)
    expect_id(got, sid, "skill", name)
    t.skill_tags[sid] = tuple(tags)
    t.skill_owner[sid] = owner
    if ops is not None:
        t.skill_ops[sid] = frozenset(ops)
    if owner_args:
        t.skill_owner_args[sid] = frozenset(owner_args)
    if names is not None:
        t.skill_names[sid] = frozenset(names)
    return got


def register_card(rs, cid, ctype, subtype, attack_range, skills, methods=()):
    """A card name's facts. ``methods``: one (timing id or -1, condition fn or None,
    targets fn or None, effect program or None, rules) per 使用方法, ``rules`` its
    执行动作/额外说明/目标限制 sentences as (timing id or -1, kind, condition fn or None,
    program), kind "status" | "flow" | "held" | "targets" (docs/decisions/0005);
    the first method's effect is also the card's effect (index 3 of the tuple)."""
    t = tables(rs)
    ms = tuple((tid, cond, targets,
                t.prog[effect] if effect is not None else -1,
                tuple((rt, kind, rc, t.prog[rp]) for rt, kind, rc, rp in rules))
               for tid, cond, targets, effect, rules in methods)
    t.cards[cid] = (ctype, subtype, attack_range, ms[0][3] if ms else -1, tuple(skills), ms)


def register_event(rs, name, pid, params=()):
    """Event `name` runs program `pid`; `params` are its (parameter name, type) pairs in slot
    order (read by people-facing descriptions: `sgs play`)."""
    t = tables(rs)
    t.events[name] = t.prog[pid]
    t.event_of[t.prog[pid]] = name
    t.event_params[name] = tuple(params)


def register_deck(rs, name, cards):
    t = tables(rs)
    t.decks[name] = tuple(cards)
    t.deck_order.append(name)


def register_general(rs, name, faction, sex, hp, lord, skills):
    t = tables(rs)
    t.generals[name] = (faction, sex, hp, bool(lord), tuple(skills))
    t.general_order.append(name)


def finish(rs):
    """After ``module.register(rs)``: register the hidden per-timing skills
    that run delayed effects (``add_delayed``).  Idempotent."""
    t = tables(rs)
    if t.finished:
        return t
    ntimings = len(rs.timing_names)
    for tid in range(ntimings):
        t.delayed_skill[tid] = rs.skill("<延时>" + rs.timing_names[tid], tid, t.delayed_prog,
                                        cond=_delayed_cond, forced=True, dead_ok=True)

    def tid_of(name):
        return rs.ids.get(("timing", name), -1)

    t.idle = tid_of("出牌阶段内的空闲时间点")
    t.turn_end = tid_of("回合结束前❶")
    t.play_lo = tid_of("出牌阶段开始前")
    t.play_hi = tid_of("出牌阶段结束时")
    t.dying_timing = tid_of("处于濒死状态时")
    t.prep_done = tid_of("使用结算准备工作结束时")
    # phases: each is the run of timings named after it (准备阶段开始前 … 准备阶段结束时)
    pr = []
    for tid in range(ntimings):
        nm = rs.timing_names[tid]
        if nm.endswith("阶段开始前"):
            ph_name = nm[:-3]
            ids = [x for x in range(ntimings) if rs.timing_names[x].startswith(ph_name)]
            if ("phase", ph_name) not in rs.ids:
                ph = rs.phase(ph_name, t.events.get(ph_name, -1))
                pr.append((ph, ids[0], ids[len(ids) - 1]))
                if ph_name in t.events:
                    # each phase is an event of its own run by the turn flow (回合.sgs)
                    t.phase_event[t.events[ph_name]] = ph
                    t.phase_prog[ph] = t.events[ph_name]
    t.phase_ranges = tuple(pr)
    t.phase_list = tuple([ph for ph, lo, hi in pr])
    t.need_use_timings = tuple([x for x in (tid_of("其需要使用此牌时❶"), tid_of("其需要使用此牌时❷"),
                                            tid_of("其需要使用此牌时❸")) if x >= 0])
    names = rs.card_names
    t.target_start = tid_of("对当前目标使用结算开始时")
    t.aim_timings = frozenset([x for x in (tid_of("指定目标时"), tid_of("指定目标后")) if x >= 0])
    t.source_timings = frozenset([x for x in (tid_of("造成伤害时❶"), tid_of("造成伤害时❷"), tid_of("造成伤害时❸"),
                                              tid_of("造成伤害后"), tid_of("造成1点伤害后")) if x >= 0])
    _finish_card_rules(rs, t)
    # cards used at their 使用时机: one hidden skill per timing
    uprog = rs.program("<使用牌>", _use_run, log=False, nslots=0)
    for n in sorted(t.cards):
        ms = t.cards[n][5]
        for mi in range(len(ms)):
            tid = ms[mi][0]
            if tid < 0:
                continue
            t.use_methods.setdefault(tid, []).append((n, mi, ms[mi][1]))
    for tid in sorted(t.use_methods):
        t.use_skill[tid] = rs.skill("<使用牌>" + rs.timing_names[tid], tid, uprog,
                                    cond=_use_cond, forced=False, skill_class=_UseSkill)
    # skills without a timing: 锁定技 = status rules; others (出牌阶段限一次 …) are
    # used at the idle points of the owner's play phase (000:53,55)
    status = []
    active = []
    for sid in sorted(t.skill_tags):
        sk = rs.skills[sid]
        if len(sk.timings) > 0:
            continue
        if "锁定技" in t.skill_tags[sid]:
            status.append(sid)
        elif t.idle >= 0:
            sk.timings = (t.idle,)
            rs.by_timing[t.idle].append(sk)
            sk.active_idle = t.idle   # Skill.cond: the subject test of timing_subject
            sk.subj_slot = X_SUBJ
            sk.probe = _PROBE
            active.append(sid)
    t.status_skills = tuple(status)
    for kind in QUERY_ANSWERS:
        t.status_by_query[kind] = tuple([sid for sid in status if _may_answer(t, sid, kind)])
        t.status_owner_at[kind] = {sid: _owner_at(t, sid, kind) for sid in t.status_by_query[kind]
                                   if _owner_at(t, sid, kind) is not None}
    t.active_skills = tuple(active)
    # 主公技: a lord skill works only while its owner's role is 主公 (a 曹操 who is a
    # 忠臣 has no 〖护驾〗); status rules check it in _query
    t.lord_skills = frozenset([sid for sid in t.skill_tags if "主公技" in t.skill_tags[sid]])
    for sid in t.lord_skills:
        rs.skills[sid].lord_role = ROLE_LORD   # tested by Skill.cond after the idle test
    # 额外说明 offered to a holder (【铁索连环】 重铸 at 出牌阶段): hidden skills everyone has
    hprog = rs.program("<牌的规则>", _held_run, log=False, nslots=0)
    for n in sorted(t.cards):
        ms = t.cards[n][5]
        for mi in range(len(ms)):
            for k in range(len(ms[mi][4])):
                rt, kind, rc, rp = ms[mi][4][k]
                if kind == "held":
                    sid = rs.skill("【%s】%d" % (names[n], k + 1), rt, hprog, cond=_held_cond(n, rc),
                                   forced=False)
                    t.held_rules[sid] = (n, rc, rp)
    # 000:55 a use event at an idle point ends it: the flow goes on at the NEXT idle
    # point, so nothing more is used at this one
    if t.idle >= 0:
        for sk in rs.by_timing[t.idle]:
            sk.idle_slot = X_IDLE   # Skill.cond: as idle_point_unused (_idle_used), first
    # 000:197 a role that started to use/play the card it needs (a skill's 当…打出, 【八卦阵】's
    # 视为打出) is offered no more skill of the need flow's timings: a second conversion at
    # ❸ would start (and play) a second card
    need_play = [tid_of("其需要打出此牌时" + k) for k in "❶❷❸"]
    for tid in t.need_use_timings + tuple([x for x in need_play if x >= 0]):
        for sk in rs.by_timing[tid]:
            if sk.id in t.skill_tags:
                sk.condfn = _NeedCond(sk.condfn)
    t.k_given = rs.counter("<以此法交给其他角色的牌数>")
    t.k_recovered = rs.counter("<以此法回复体力>")
    t.k_draw = rs.counter("<额定摸牌数>")
    t.k_drawset = rs.counter("<额定摸牌数改为>")
    for n in range(len(names)):
        t.k_used[n] = rs.counter("<出牌阶段内使用或打出>" + names[n])
        for mi in range(len(t.cards[n][5]) if n in t.cards else 1):
            t.k_use_phase[(n, mi)] = rs.counter("<出牌阶段内使用>%s%d" % (names[n], mi))
            t.k_use_turn[(n, mi)] = rs.counter("<回合内使用>%s%d" % (names[n], mi))
    rs.modifier(E.MK_DISTANCE, E.M_DELTA, _mod_distance, -1, _DistanceModifier)
    rs.modifier(E.MK_RANGE, E.M_BASE, _mod_range, -1, _RangeModifier)
    rs.modifier(E.MK_DRAW, E.M_DELTA, _mod_draw, -1)
    rs.modifier(E.MK_DRAW, E.M_SET, _mod_draw_set, -1)
    t.finished = True
    return t


class _NeedCond:
    """The condition of a skill at a need flow's timing: the need has not started yet (see
    finish), then the skill's own."""

    def __init__(self, fn):
        self.fn = fn

    def __call__(self, g, owner, ev, t):
        if ev is not None and type(ev.x) is list:
            ctx = ev.x[X_CTX]
            if ctx is not None and ctx[C_STARTED]:
                return False
        return self.fn is None or bool(self.fn(g, owner, ev, t))


# ---------------------------------------------------------------------------
# errors

def spec_error(exc, where, pc):
    """The exception to raise for ``exc`` raised at instruction ``pc`` of a
    program whose positions are ``where``."""
    if isinstance(exc, SpecRuntimeError):
        return exc
    pos = where[pc] if 0 <= pc < len(where) else "<pc %d>" % pc
    return SpecRuntimeError("%s: %s: %s" % (pos, type(exc).__name__, exc))


# ---------------------------------------------------------------------------
# frames, scratch, executed flag

def _sx(f):
    x = f.x
    if x is None:
        x = [None] * _NX
        f.x = x
    return x


def _get(f, i):
    x = f.x
    if x is None or type(x) is not list:
        return None
    return x[i]


def _set_exec(f, ok):
    fl = f.flags & ~(_NOTEXEC | _CHILDEXEC)
    if not ok:
        fl |= _NOTEXEC
    f.flags = fl


def _done(f, ok):
    """An operation finished without pushing: record the verdict, status 0."""
    _set_exec(f, ok)
    return 0


def _pushed(f):
    """An operation pushed a generated frame: its verdict is read from g.ret."""
    f.flags = (f.flags & ~_NOTEXEC) | _CHILDEXEC
    return 1


def executed(g):
    """Did the last operation of the running frame execute (fully, when
    strict)?"""
    f = g.stack[len(g.stack) - 1]
    fl = f.flags
    if fl & _CHILDEXEC:
        return _verdict(g, g.ret, 0)
    return not (fl & _NOTEXEC)


def _verdict(g, r, depth):
    """Was the finished frame r's operation executed?  Prevented/terminated
    flows are not; a term's verdict is the one of its last operation (through
    the frame that operation pushed); a 移动 that moved no card is not."""
    if r is None:
        return True
    if r.flags & (_F_PREVENTED | _F_TERMINATED):
        return False
    t = _T(g)
    kind = t.prog_kind.get(r.prog, "other")
    if kind == "term":
        if r.flags & _NOTEXEC:
            return False
        if (r.flags & _CHILDEXEC) and depth < 50:
            return _verdict(g, _get(r, X_CHILD), depth + 1)
        return True
    if kind == "event" and t.event_of.get(r.prog) == "移动":
        v = _get(r, X_FLAG)
        return v is None or bool(v)
    return True


_PROBE = E.Frame(0, 0)


def probe(g, owner, ev, t):
    """The reusable frame skill conditions evaluate in (no allocation)."""
    p = _PROBE
    p.owner = owner
    p.ev = ev
    p.a = t
    return p


def _frame0(owner, ev):
    """E.Frame(0, 0) with its owner and event: the frame a card method's condition, targets or
    rule is evaluated in. Compiled, without the type call (as Game.new_frame: tp_new zeroes the
    fields, these are the others Frame.__init__ sets)."""
    if cython.compiled:
        f = Frame.__new__(Frame)
        f.skill = -1
        f.term_pc = -1
        f.jump_pc = -1
    else:
        f = Frame(0, 0)
    f.owner = owner
    f.ev = ev
    return f


def _event_ctx(g, f):
    """The event frame a frame belongs to (itself for an event frame)."""
    if _T(g).prog_kind.get(f.prog) in ("event", "mode"):
        return f
    return f.ev


def timing_subject(g, f):
    """The subject of the timing being dispatched for frame f (probe or skill
    frame: of its event; an event frame: of its own last timing)."""
    ev = f.ev if f.ev is not None else f
    v = _get(ev, X_SUBJ)
    return NONE if v is None else v


def _matches(g, f, who, subj):
    if isinstance(who, int):
        if who >= 0:
            return subj == who
        if who == ANY:
            return True
        if who == OTHER:
            return subj >= 0 and subj != f.owner
        return False
    if isinstance(who, Pick):
        pk = who   # typed when compiled: pk.group is a field read
        return subj in pk.group
    if isinstance(who, tuple) or isinstance(who, list):
        return subj in who
    return False


def subject_matches(g, f, who):
    """Is ``who`` (a seat, ANY/OTHER, a group or a Pick) the subject of the
    timing being dispatched?  A timing without subject (-1) matches anyone."""
    subj = timing_subject(g, f)
    if subj is None or (isinstance(subj, int) and subj < 0):
        return True
    return _matches(g, f, who, subj)


# ---------------------------------------------------------------------------
# control contract

def fire(g, f, timing, subject):
    x = _sx(f)
    if f.flags & _F_TURN and _turn_cut_skip(g, f, timing):
        return 0
    if f.flags & _F_PHASE:
        # a phase flow of the turn: nothing more once the turn is cut (its role died,
        # 000:542); the turn frame knows which timing of the turn is being processed
        tf = _turn_frame(g)
        if tf is not None:
            if _get(tf, X_FLAG) == "cut":
                return 0
            _sx(tf)[X_TIMING] = timing
    tc = x[X_TCOUNT]
    if tc is None:
        tc = []
        x[X_TCOUNT] = tc
        _first_timing(g, f)
    # (C ints when compiled: tid, ti, i, n; prims.pxd)
    tid = timing
    n = len(tc)
    i = 0
    while i < n:
        ti = tc[i]
        if ti == tid:
            tc[i + 1] += 1
            break
        i += 2
    if i >= n:
        tc.append(timing)
        tc.append(1)
    x[X_SUBJ] = subject
    x[X_TIMING] = timing
    st = g.fire(tid, f)
    if tid == _T(g).idle:
        # a skill fired by the dispatcher from now on (a card use: its hidden skill) is a
        # use at this idle point (idle_point_unused, Skill.idle_slot)
        x[X_IDLE] = g.n_skill_uses
    return _after_fire(g, f, timing, st)


def _push_prog(g, f, cid, args, owner, ev):
    n = g.rs.prog_nslots[cid]
    slots = list(args)
    if len(slots) > n:
        # a fixture event may declare fewer parameters than the book's
        del slots[n:]
    while len(slots) < n:
        slots.append(None)
    c = g.new_frame(cid, owner, ev, 0)
    c.slots = slots
    g.push_frame(c)
    if f is not None:
        _sx(f)[X_CHILD] = c
    return c


def call(g, f, program, args):
    """Push a frame of generated program ``program`` with ``args`` in its
    first slots; owner and event context are inherited."""
    t = _T(g)
    cid = t.prog[program]
    if f.flags & _F_TURN and _turn_cut_skip(g, f, -1):
        return _done(f, False)
    if f.flags & _F_PHASE and _phase_cut(g):
        return _done(f, False)
    if cid == t.events.get("回合", -2):
        return _push_turn_event(g, f, cid, args)
    ph = t.phase_event.get(cid, -1)
    if ph >= 0:
        return _push_phase_event(g, f, ph, args[0] if args else g.current, False)
    # a role still to be chosen (一名…) is chosen before the term/event runs;
    # cards still to be chosen are chosen by the operation's actor (移动)
    for a in args:
        if isinstance(a, Pick) and a.kind != "cards":
            wrapped = [program] + [(_Keep(x) if (isinstance(x, Pick) and x.kind == "cards")
                                    else x) for x in args]
            return _resolve(g, f, "_call_resolved", True, wrapped)
    _push_prog(g, f, cid, args, f.owner, _event_ctx(g, f))
    return _pushed(f)


class _Keep:
    """An argument the helper must not resolve."""

    def __init__(self, v):
        self.v = v


def _call_resolved(g, f, strict, program, *args):
    return call(g, f, program, tuple([a.v if isinstance(a, _Keep) else a for a in args]))


def terminate(g, f, target):
    """终止 (``target`` None) this flow, or the innermost running flow named
    ``target`` together with every frame above it.  Returns DONE."""
    if target is None:
        g.terminate(f)
        return 3
    t = _T(g)
    st = g.stack
    i = len(st) - 1
    while i >= 0:
        fr = st[i]
        if t.event_of.get(fr.prog) == target or g.rs.prog_names[fr.prog] == target:
            for j in range(i, len(st)):
                g.terminate(st[j])
            return 3
        i -= 1
    g.terminate(f)
    return 3


def _run_term(g, f, program, *args):
    """An operation term used as a value: run its program to its end now and
    return its ``result``.  It must not ask anything."""
    cid = _T(g).prog[program]
    base = len(g.stack)
    c = _push_prog(g, f, cid, args, f.owner, _event_ctx(g, f))
    progs = g.rs.progs
    while len(g.stack) > base:
        top = g.stack[len(g.stack) - 1]
        st = progs[top.prog].run(g, top)
        if st == 3:
            g._pop(top)
        elif st == 2:
            raise E.EngineError("%s asks a decision but is used as a value"
                                % g.rs.prog_names[cid])
        elif st == 4:
            break
    return c.result


def _list(g, f, v):
    if v is None:
        return []
    if isinstance(v, int):
        if v == ANY:
            return list(g.alive_seats())
        return [v] if v >= 0 else []
    if isinstance(v, Pick):
        pk = v
        return list(pk.group)
    return list(v)


def _len(g, f, v):
    return len(v)


def _at(g, f, v, i):
    return v[i]


def _lt(g, f, a, b):
    return a < b


def _add(g, f, a, b):
    return a + b


# ---------------------------------------------------------------------------
# helper frames (decisions)

def _helper(g, f, op, args, who=-1):
    h = g.new_frame(_T(g).helper, f.owner, _event_ctx(g, f), 0)
    h.a = op
    h.b = who
    h.y = f
    h.slots = list(args)
    g.push_frame(h)
    f.flags = f.flags & ~(_NOTEXEC | _CHILDEXEC)
    return 1


def _helper_run(g, h):
    op = h.a
    parent = h.y
    s = h.slots
    if op == OP_OPTION:
        # slots: [option indices]; who = chooser
        if h.pc == 0:
            h.pc = 1
            return g.ask(E.Decision(E.D_OPTION, h.b, list(s[0]), prompt="选择一项",
                                    data=[s[1][i] if i < len(s[1]) else str(i) for i in s[0]]))
        parent.result = s[0][g.ans]   # the answer is an index into the options offered
        _set_exec(parent, True)
        return 3
    if op == OP_YESNO:
        if h.pc == 0:
            h.pc = 1
            return g.ask(E.Decision(E.D_YESNO, h.b, prompt=s[0]))
        parent.result = g.ans
        _set_exec(parent, g.ans == 1)
        return 3
    if op == OP_CARDS_THEN:
        # slots: [cards, lo, hi, prompt, then-name, then-args...]: ask h.b for
        # cards, then run primitive `then` with (cards,) + then-args as the parent
        if h.pc == 0:
            h.pc = 1
            return g.ask(E.Decision(E.D_CARDS, h.b, list(s[0]), s[1], s[2], prompt=s[3]))
        if h.pc == 1:
            chosen = g.ans
            _sx(parent)[X_CARDS] = chosen
            h.pc = 2
            fn = _PRIMS[s[4]]
            st = fn(g, h, True, chosen, *s[5:])
            if st:
                return st
        _copy_verdict(g, h, parent)
        return 3
    if op == OP_RESOLVE:
        # slots: [name, strict, args...]: ask for every Pick argument, then
        # run the primitive with the answers, with this frame as its frame
        args = s[2:]
        while h.pc < len(args):
            i = h.pc
            a = args[i]
            if isinstance(a, Pick) and a.kind == "each":
                # 〔角色组〕的各〔牌组〕: the roles first, then one pick of cards of each
                x = _sx(h)
                who = a.chooser if a.chooser >= 0 else h.owner
                if h.result == 0:
                    h.result = 1
                    grp = tuple([p for p in a.group if len(_pick_src(g, a.src, p)) > 0])
                    if len(grp) < a.lo:
                        _set_exec(parent, False)
                        return 3
                    hi = a.hi if a.hi < len(grp) else len(grp)
                    return g.ask(E.Decision(E.D_PLAYERS, who, list(grp), a.lo, hi, prompt=s[0]))
                if h.result == 1:
                    x[X_TMP] = [list(g.ans), []]
                    h.result = 2
                else:
                    x[X_TMP][1].extend(g.ans)
                tmp = x[X_TMP]
                if tmp[0]:
                    p = tmp[0].pop(0)
                    grp = _pick_src(g, a.src, p)
                    return g.ask(E.Decision(E.D_CARDS, who, list(grp), 1, 1, prompt=s[0]))
                h.result = 0
                v = tuple(tmp[1])
                _sx(parent)[X_CARDS] = v
                s[2 + i] = v
                h.pc = i + 1
                continue
            if isinstance(a, Pick):
                if h.result == 0:
                    h.result = 1
                    who = a.chooser if a.chooser >= 0 else h.owner
                    kind = E.D_PLAYERS if a.kind == "players" else E.D_CARDS
                    if len(a.group) < a.lo or (len(a.group) == 0 and a.kind != "players"):
                        _set_exec(parent, False)
                        return 3
                    if len(a.group) == 0:
                        _set_exec(parent, False)
                        return 3
                    hi = a.hi if a.hi < len(a.group) else len(a.group)
                    lo = a.lo if a.lo <= hi else hi
                    return g.ask(E.Decision(kind, who, list(a.group), lo, hi, prompt=s[0]))
                h.result = 0
                v = g.ans
                if a.vname is not None:
                    v = _new_vcard(g, a.vname, tuple(v))
                    _sx(parent)[X_LASTCARD] = v
                elif a.kind == "players":
                    _st(g)[S_CHOSEN] = tuple(v)
                    if a.hi == 1:
                        v = v[0] if v else NONE
                    _sx(parent)[X_CHOSEN] = v if isinstance(v, int) else (v[0] if v else NONE)
                else:
                    _sx(parent)[X_CARDS] = v
                s[2 + i] = v
            h.pc = i + 1
        if h.pc == len(args):
            h.pc = len(args) + 1
            st = _PRIMS[s[0]](g, h, s[1], *s[2:])
            if st:
                return st
        _copy_verdict(g, h, parent)
        return 3
    return _helper_more(g, h, op, parent, s)


def _copy_verdict(g, h, parent):
    if h.flags & _CHILDEXEC:
        st = g.stack
        # h is on top again: executed(g) reads h's flags / g.ret
        ok = executed(g) if len(st) > 0 and st[len(st) - 1] is h else True
    else:
        ok = not (h.flags & _NOTEXEC)
    _set_exec(parent, ok)
    if h.x is not None:
        px = _sx(parent)
        hx = h.x
        for i in (X_JUDGE, X_CHOSEN, X_CARDS, X_LASTCARD):
            if hx[i] is not None:
                px[i] = hx[i]


def _needs_resolve(args):
    for a in args:
        if isinstance(a, Pick):
            return True
    return False


def _resolve(g, f, name, strict, args):
    return _helper(g, f, OP_RESOLVE, [name, strict] + list(args))


def choose_option(g, f, strict, chooser, n, labels, *ok):
    """X选择一项: ask ``chooser`` for an option index (0-based) into f.result. ``labels``: the
    options as written (the decision's ``data``, for people; not logged). ``ok`` (one per
    option, from the compiler's lower.option_needs): the options whose first unconditional
    effect can be executed; only these are offered (002:259), all when none can be."""
    if isinstance(chooser, Pick):
        return _resolve(g, f, "choose_option", strict, (chooser, n, labels) + ok)
    if not (isinstance(chooser, int) and 0 <= chooser < g.n and g.players[chooser].alive):
        # nobody to choose (a source that does not exist or has died, 002:238): no option is
        # executed; entry n of the choice table, after the n options, is its exit
        # (compiler lower_choice)
        f.result = n
        return _done(f, False)
    opts = list(range(n))
    if ok:
        fit = [i for i in opts if _option_fits(g, f, chooser, ok[i])]
        if fit:
            opts = fit
    if len(opts) <= 1:
        f.result = opts[0] if opts else 0
        return _done(f, True)
    return _helper(g, f, OP_OPTION, [opts, labels], chooser)


def _option_fits(g, f, who, need):
    """An option's need (True, or _option_ok's (guard, number of card values, values…)) holds
    for the chooser ``who``: the cards of the implied subject are ``who``'s."""
    if not isinstance(need, tuple):
        return bool(need)
    guard, k = need[0], need[1]
    cards = [_retarget(g, v, who) for v in need[2:2 + k]]
    return bool(guard) and _objects_exist(g, f, *cards) and _roles_exist(g, f, *need[2 + k:])


def _option_ok(g, f, guard, k, *vals):
    """(for choose_option) whether an option's guarded term can be executed, its cards (the
    first k values) and roles, checked once the chooser is known (_option_fits)."""
    return (guard, k) + vals


def ask_yesno(g, f, strict, who, prompt=""):
    """可: ask ``who`` yes/no; answer in f.result, executed = yes."""
    if f.flags & _F_TURN and _turn_cut_skip(g, f, -1):
        return _done(f, False)
    if f.flags & _F_PHASE and _phase_cut(g):
        return _done(f, False)
    if isinstance(who, int) and who >= 0 and not g.players[who].alive:
        return _done(f, False)
    return _helper(g, f, OP_YESNO, [prompt], who)


# ---------------------------------------------------------------------------
# delayed effects

def _state(g):
    st = g.stack
    if len(st) == 0:
        return None
    r = st[0]
    if r.prog != _T(g).root:
        return None
    x = _sx(r)
    if x[X_STATE] is None:
        x[X_STATE] = [None] * NS
    return x[X_STATE]


def add_delayed(g, f, strict, timing, program, who):
    """→ T，…: a delayed effect: at the next occurrence of timing ``timing``
    whose subject matches ``who`` (the owner by default), program
    ``program`` runs once with the owner of ``f`` (then it is gone).  Needs
    the root frame (new_game / run_event) and ``finish(rs)``."""
    t = _T(g)
    if not t.finished:
        raise E.EngineError("add_delayed needs P.finish(rs) before the Game is created")
    s = _state(g)
    if s is None:
        raise E.EngineError("add_delayed needs the root frame (P.new_game / P.run_event)")
    if s[S_DELAYED] is None:
        s[S_DELAYED] = []
    s[S_DELAYED].append([f.owner, timing, t.prog[program], who])
    g.grant_skill(f.owner, t.delayed_skill[timing])
    return _done(f, True)


class During:
    """〔甲〕于此回合内: 甲 for the rest of the turn ``turn`` (Game.turn_no). A delayed effect
    whose timing has this subject (〖裸衣〗) takes effect at each occurrence of its timing
    until the turn ends, instead of once."""
    __slots__ = ("who", "turn")

    def __init__(self, who, turn):
        self.who = who
        self.turn = turn


def _delayed_find(g, owner, ev, t, skip=()):
    s = _state(g)
    if s is None or s[S_DELAYED] is None:
        return -1
    lst = s[S_DELAYED]
    subj = NONE
    if ev is not None:
        v = _get(ev, X_SUBJ)
        if v is not None:
            subj = v
    i = 0
    while i < len(lst):
        d = lst[i]
        who = d[3]
        if isinstance(who, During):
            if who.turn != g.turn_no:   # its turn is over: the effect is gone
                lst.pop(i)
                g.revoke_skill(d[0], _T(g).delayed_skill[d[1]])
                continue
            who = who.who
        if d[0] == owner and d[1] == t and not any([d is x for x in skip]):
            p = _PROBE
            p.owner = owner
            if subj < 0 or _matches(g, p, who, subj):
                return i
        i += 1
    return -1


def _delayed_cond(g, owner, ev, t):
    return _delayed_find(g, owner, ev, t) >= 0


def _delayed_run(g, f):
    # every delayed effect of this owner due at this timing runs, one after the other
    # (the dispatcher runs the hidden skill once per timing)
    done = f.y if f.y is not None else []   # the lasting effects already run here
    i = _delayed_find(g, f.owner, f.ev, f.a, done)
    if i < 0:
        return 3
    lst = _state(g)[S_DELAYED]
    d = lst[i]
    if isinstance(d[3], During):
        done.append(d)
        f.y = done
    else:
        lst.pop(i)
        g.revoke_skill(f.owner, _T(g).delayed_skill[f.a])
    f.pc = 1
    c = g.new_frame(d[2], f.owner, f.ev, -1)
    g.push_frame(c)
    return 1


# ---------------------------------------------------------------------------
# root, turn loop

def _root_run(g, f):
    # slots via f.y: (core program id, args)
    if f.pc == 0:
        f.pc = 1
        cid, args = f.y
        _push_prog(g, f, cid, args, -1, None)
        return 1
    return 3


def _noturn_run(g, f):
    return 3


def _turnloop_run(g, f):
    t = _T(g)
    if g.alive_count() <= 1:
        return g.end_game(list(g.alive_seats()), "one player left")
    cid = t.events.get("回合", t.dturn)
    tf = g.push_turn(cid, -1)
    if tf.slots:
        tf.slots[0] = tf.owner
    return 1


def run_event(g, name, args=()):
    """Push the root frame running event ``name`` (or ``模式:<name>``) with
    ``args``; then drive it with ``g.step()`` / ``core.agents.play``."""
    t = _T(g)
    cid = t.events[name]
    r = g.new_frame(t.root, -1, None, 0)
    r.y = (cid, tuple(args))
    g.push_frame(r)
    return r


# ---------------------------------------------------------------------------
# the game factory

def _deck_cards(rs, t, deck):
    if deck is None:
        if not t.deck_order:
            return []
        deck = t.deck_order[0]
    if isinstance(deck, str):
        src = t.decks[deck]
    else:
        src = deck
    out = []
    for c in src:
        name, suit, point = c[0], c[1], c[2]
        if isinstance(name, str):
            name = rs.card_name(name) if not rs.frozen else rs.id_of("card", name)
        if isinstance(suit, str):
            suit = SUIT_NAMES[suit]
        out.append((name, suit, point))
    return out


_RULES = {}   # module -> its registered and finished Rules (frozen once a game exists)


def _game_rules(module):
    """A game's ruleset: registering a module costs about a millisecond, so it is done once per
    module; each game gets a shallow copy (the same frozen tables) with its own report counts
    (stats) and general pack, the only per-game entries of the tables."""
    base = _RULES.get(module)
    if base is None:
        base = new_ruleset()
        module.register(base)
        finish(base)
        _RULES[module] = base
    rs = copy.copy(base)
    t = copy.copy(base.sgs)
    t.stats = None
    t.pack = None
    rs.sgs = t
    return rs


def new_game(module, nplayers, seed=0, mode="身份局", deck=None, generals=None, hand=4,
             shuffle=True, first=0, start=True, log_level=1, debug=False, pack=None):
    """Build a Ruleset, register ``module``, create and lay out the Game and
    start the mode (see the module docstring). ``pack``: the names of the generals the
    mode deals from (default all; empty: every seat plays a 白板, a 4-HP general without
    skills)."""
    rs = _game_rules(module)
    t = rs.sgs
    if pack is not None:
        t.pack = frozenset(pack)
    cards = _deck_cards(rs, t, deck)
    # the log's header (with the Game's seed, n, first): everything else new_game needs to
    # build this game again, so a log replays on its own (core.replay.game_from_header)
    if deck is None:
        deck = t.deck_order[0] if t.deck_order else []
    if not isinstance(deck, str):   # a custom deck: its cards, by name
        deck = [[rs.card_names[c[0]], c[1], c[2]] for c in cards]
    setup = {"mode": mode, "generals": list(generals) if generals else None,
             "pack": sorted(pack) if pack is not None else None, "deck": deck,
             "hand": hand, "shuffle": bool(shuffle), "log_level": log_level,
             # the specs the engine was generated from: not needed to build the game, but a
             # replay that differs can say whether the rules changed since (sgs replay)
             "rules": getattr(module, "SPEC_HASH", None)}
    g = E.Game(rs, nplayers, seed, cards, first=first, log_level=log_level, debug=debug,
               setup=setup)
    if shuffle:
        g.shuffle_zone(E.Z_DRAW)
    for p in range(nplayers):
        for sid in everyones_skills(t):
            g.grant_skill(p, sid)
    if generals:
        for p in range(nplayers):
            if p < len(generals) and generals[p]:
                set_general(g, p, generals[p])
    mcid = t.events.get("模式:" + mode) if mode else None
    for p in range(nplayers):  # a seat without a general: a 4-HP blank (白板)
        pl = g.players[p]
        if pl.maxhp == 0:
            pl.maxhp = 4
            pl.hp = 4
    if mcid is None and hand:
        for p in range(nplayers):
            g.draw(p, hand)
    if start:
        r = g.new_frame(t.root, -1, None, 0)
        if mcid is not None:
            r.y = (mcid, ())
        else:
            r.y = (t.turnloop, ())
        g.push_frame(r)
    return g


def set_general(g, p, name):
    """Give seat p the general ``name``: max HP and HP from it, its skills."""
    t = _T(g)
    faction, sex, hp, lord, skills = t.generals[name]
    pl = g.players[p]
    pl.general = t.general_order.index(name)
    pl.maxhp = hp
    pl.hp = hp
    for sname in skills:
        g.grant_skill(p, g.rs.id_of("skill", sname))


def general_of(g, p):
    """(name, faction, sex, hp, lord, skills) of seat p's general, or None."""
    i = g.players[p].general
    return None if i < 0 else general_card(g, i)


def general_card(g, i):
    """(name, faction, sex, hp, lord, skills) of the general with index i."""
    t = _T(g)
    name = t.general_order[i]
    return (name,) + t.generals[name]


# ---------------------------------------------------------------------------
# primitives.  Every function below registered with @prim is a primitive of
# the specs (原语 NAME); IMPLEMENTED lists them.  Operations take
# (g, f, strict, *args) and return a status, values take (g, f, *args).

_PRIMS = {}


def prim(fn):
    _PRIMS[fn.__name__] = fn
    return fn


CONTRACT = frozenset(["fire", "call", "terminate", "executed", "probe", "subject_matches",
                      "choose_option", "add_delayed", "check_abi", "expect_id", "spec_error",
                      "register_program", "register_skill", "register_card", "register_event",
                      "register_deck", "register_general", "skill_default_move"])


def alias(name, fn):
    if name in CONTRACT:
        raise E.EngineError("primitive %r would shadow the control function P.%s" % (name, name))
    _PRIMS[name] = fn
    globals()[name] = fn
    return fn


def _enclosing(g, f, evname):
    """The innermost running frame of event ``evname`` for frame f."""
    t = _T(g)
    cid = t.events.get(evname, -2)
    if f.prog == cid:
        return f
    if f.ev is not None and f.ev.prog == cid:
        return f.ev
    st = g.stack
    i = len(st) - 1
    while i >= 0:
        fr = st[i]
        if fr.prog == cid:
            return fr
        i -= 1
    return None


def _slot(ev, i, default=NONE):
    if ev is None or ev.slots is None or i >= len(ev.slots):
        return default
    v = ev.slots[i]
    return default if v is None else v


# ---- references: roles -----------------------------------------------------

@prim
def owner(g, f):
    """你: the owner of the running skill / the implied subject."""
    return f.owner


@prim
def it(g, f):
    """其／该角色: the role chosen last in this frame, else the subject of the
    timing (一名角色…时，…其…)."""
    v = _get(f, X_CHOSEN)
    if v is not None:
        return v
    # after a timing that names a second character, 其 is that character (标准版.sgs
    # reading notes): "你使用【杀】指定一个目标后，…其…" (〖雌雄双股剑〗) the target; "你…对一名
    # 角色造成伤害时❷，若其有牌" (〖寒冰剑〗〖麒麟弓〗〖古锭刀〗) the damaged character
    ev = f.ev if f.ev is not None else f
    tm = _get(ev, X_TIMING)
    t = _T(g)
    if tm in t.aim_timings and _is_event(g, ev, "使用"):
        return current_target_character(g, f)
    if tm in t.source_timings and _is_event(g, ev, "伤害"):
        return _slot(ev, 1)
    return timing_subject(g, f)


@prim
def current_player(g, f):
    """当前回合角色."""
    return g.current


alias("current_character", current_player)


@prim
def system_actor(g, f):
    return NONE


@prim
def all_players(g, f):
    """所有角色: the living, from the current-turn role counterclockwise."""
    return tuple(g.alive_seats())


@prim
def alive_characters(g, f):
    """存活角色 (all_players as a plain def: prims.pxd types it)."""
    return all_players(g, f)


@prim
def other_characters(g, f):
    """其他角色: in a timing clause the quantifier OTHER; as a group, the
    living other than the owner."""
    return OTHER


@prim
def other_players(g, f):
    return tuple([p for p in g.alive_seats() if p != f.owner])


@prim
def any_characters(g, f):
    return ANY


@prim
def choose_one_character(g, f, group):
    """一名〔角色组〕: in a skill condition (the probe frame) ANY/OTHER stay
    quantifiers (timing subjects); elsewhere a Pick of one role (asked by
    the operation that uses it)."""
    if f is _PROBE and isinstance(group, int) and group < -1:
        return group
    return Pick("players", _group(g, f, group), 1, 1)


@prim
def choose_n_characters(g, f, n, group):
    return Pick("players", _group(g, f, group), n, n)


@prim
def choose_up_to_n_characters(g, f, n, group):
    """至多X名: one to X (002:156 至多 = 大于0且不大于X); choosing none is not doing it."""
    return Pick("players", _group(g, f, group), 1, n)


@prim
def choose_between_n_characters(g, f, lo, hi, group):
    return Pick("players", _group(g, f, group), lo, hi)


def _group_keep(g, f, v):
    """The roles of a group value, keeping the dead out (a Pick: its group)."""
    if isinstance(v, Pick):
        return v.group
    return _group(g, f, v)


def _regroup(orig, roles):
    """A filter of a choice stays a choice (一名已受伤的角色 …)."""
    if isinstance(orig, Pick):
        return Pick(orig.kind, roles, orig.lo, orig.hi, orig.chooser, orig.src, orig.vname)
    return tuple(roles)


def _group(g, f, v):
    """A role group as a tuple of living seats (ANY/OTHER expanded)."""
    if isinstance(v, int):
        if v == ANY:
            return tuple(g.alive_seats())
        if v == OTHER:
            return tuple([p for p in g.alive_seats() if p != f.owner])
        return (v,) if v >= 0 else ()
    if isinstance(v, Pick):
        pk = v
        return pk.group
    return tuple(v)


@prim
def characters_except(g, f, who, group):
    return _regroup(group, [p for p in _group_keep(g, f, group) if p != who])


@prim
def wounded_characters(g, f, group):
    return _regroup(group, [p for p in _group_keep(g, f, group) if g.players[p].hp < g.players[p].maxhp])


@prim
def characters_with_hand(g, f, group):
    return _regroup(group, [p for p in _group_keep(g, f, group) if len(g.zone_cards(E.Z_HAND, p)) > 0])


@prim
def male_characters(g, f, group):
    return _regroup(group, [p for p in _group_keep(g, f, group) if _sex(g, p) == "男"])


def _sex(g, p):
    gi = general_of(g, p)
    return gi[2] if gi is not None else ""


def _faction(g, p):
    gi = general_of(g, p)
    return gi[1] if gi is not None else ""


@prim
def other_faction_characters(g, f, faction):
    return tuple([p for p in g.alive_seats() if p != f.owner and _faction(g, p) == faction])


def _tc_free(g, who):
    """无距离限制 of the card being targeted (_TC) for its user ``who`` (the only reads of
    _TC: counted for the query memo, _MEMO)."""
    tc = _TC[0]
    if tc is None:
        return False
    _TC_READ[0] += 1
    return tc[0] == who and _query(g, Q_NODIST, who, tc[1]) != 0


@prim
def in_attack_range(g, f, who, group):
    """〔甲〕攻击范围内的〔乙〕 (无距离限制 of the card being targeted: all)."""
    free = _tc_free(g, who)
    out = []
    rng = None   # who's attack range, read once (it runs no status rule: _mod_range)
    for p in _group_keep(g, f, group):
        if p == who:
            continue
        if not free:
            # g.in_range(who, p) with the attack range read once
            if rng is None:
                rng = g.attack_range(who)
            if rng < g.distance(who, p):
                continue
        out.append(p)
    return _regroup(group, out)


@prim
def union(g, f, a, b):
    out = list(_group(g, f, a))
    for p in _group(g, f, b):
        if p not in out:
            out.append(p)
    return tuple(out)


@prim
def players_from_to(g, f, a, b):
    out = []
    p = a
    for i in range(g.n):
        if g.players[p].alive:
            out.append(p)
        if p == b:
            break
        p = (p + 1) % g.n
    return tuple(out)


@prim
def prev_player(g, f, who):
    for i in range(1, g.n + 1):
        q = (who - i) % g.n
        if g.players[q].alive:
            return q
    return NONE


@prim
def next_seat(g, f, who):
    return g.next_alive(who)


@prim
def seat_number(g, f, who):
    return (who - g.first_seat) % g.n + 1


@prim
def last_regular_turn_player(g, f):
    return g.last_regular


@prim
def player_count(g, f):
    return g.n


@prim
def alive_count(g, f):
    return g.alive_count()


# ---- references: the event ---------------------------------------------------

@prim
def this_event(g, f):
    """此事件: the innermost event flow running this statement."""
    return _event_ctx(g, f)


@prim
def enclosing_damage(g, f):
    """此伤害."""
    return _enclosing(g, f, "伤害")


@prim
def no_event(g, f):
    return None


def frame_timing(f):
    """The timing frame ``f`` generated last, or None: for tools outside prims (the
    rulings runner), which cannot read the X_* indices (C constants when compiled)."""
    return _get(f, X_TIMING)


@prim
def current_timing(g, f):
    ev = _event_ctx(g, f)
    v = _get(ev, X_TIMING) if ev is not None else None
    return -1 if v is None else v


@prim
def damage_source(g, f, ev=None):
    """来源 / 〔事件〕的来源: slot 0 of the 伤害 event (``ev`` or the enclosing
    one)."""
    if ev is None:
        ev = _enclosing(g, f, "伤害")
    return _slot(ev, 0)


@prim
def damage_target(g, f, ev=None):
    if ev is None:
        ev = _enclosing(g, f, "伤害")
    return _slot(ev, 1)


@prim
def damage_value(g, f):
    """伤害值 of the enclosing 伤害."""
    return _slot(_enclosing(g, f, "伤害"), 2, 0)


@prim
def damage_card(g, f):
    return _slot(_enclosing(g, f, "伤害"), 4, None)


@prim
def damage_value_of(g, f, ev):
    """〔事件〕的伤害值: slot 2 of a 伤害 event."""
    return _slot(ev, 2, 0)


@prim
def damage_nature_of(g, f, ev):
    """〔事件〕的属性: slot 3 of a 伤害 event."""
    return _slot(ev, 3, NAT_NONE)


@prim
def damage_channel_of(g, f, ev):
    """〔事件〕的渠道: slot 4 of a 伤害 event (the card or skill it came through)."""
    return _slot(ev, 4, None)


@prim
def is_damage_event(g, f, ev):
    return ev is not None and _T(g).event_of.get(ev.prog) == "伤害"


@prim
def is_nature_damage(g, f, ev):
    return is_damage_event(g, f, ev) and _slot(ev, 3, 0) != NAT_NONE


@prim
def is_chain_damage(g, f, ev):
    return is_damage_event(g, f, ev) and bool(_slot(ev, 5, False))


@prim
def is_prevented(g, f, ev):
    return ev is not None and (ev.flags & E.F_PREVENTED) != 0


@prim
def prevent_event(g, f, strict, who, ev):
    """〔甲〕防止〔事件〕: mark it prevented and terminate its flow."""
    if ev is None:
        return _done(f, False)
    g.prevent(ev)
    g.terminate(ev)
    return _done(f, True)


@prim
def prevent_damage(g, f, strict, who):
    return prevent_event(g, f, strict, who, _enclosing(g, f, "伤害"))


@prim
def damage_plus(g, f, strict, x):
    ev = _enclosing(g, f, "伤害")
    if ev is None:
        return _done(f, False)
    ev.slots[2] = ev.slots[2] + x
    return _done(f, True)


@prim
def damage_set(g, f, strict, who, x):
    ev = _enclosing(g, f, "伤害")
    if ev is None:
        return _done(f, False)
    ev.slots[2] = x
    return _done(f, True)


@prim
def is_first_turn(g, f, ev):
    return g.turn_no == 1


@prim
def is_regular_turn(g, f, ev):
    return not g.turn_extra


@prim
def current_turn(g, f):
    st = g.stack
    i = len(st) - 1
    while i >= 0:
        fr = st[i]
        if fr.flags & _F_TURN:
            return fr
        i -= 1
    return None


# ---- constants -----------------------------------------------------------------

def _const(name, v, doc=""):
    """A constant value primitive (``doc``: the spec word)."""
    def fn(g, f):
        return v
    return alias(name, fn)


for _n in ("heart", "hearts", "suit_heart"):
    _const(_n, E.HEART, "红桃")
for _n in ("spades", "suit_spade"):
    _const(_n, E.SPADE, "黑桃")
_const("clubs", E.CLUB, "梅花")
_const("diamonds", E.DIAMOND, "方块")
# 颜色 values are COLOR_BASE + the core's colour, distinct from 花色 values
COLOR_BASE = 100
_const("red", COLOR_BASE + E.RED, "红色")
_const("black", COLOR_BASE + E.BLACK, "黑色")
_const("faction_wei", "魏")
_const("faction_shu", "蜀")
_const("faction_wu", "吴")
_const("faction_qun", "群")
for _n in ("role_lord", "identity_lord"):
    _const(_n, ROLE_LORD, "主公")
for _n in ("role_loyalist", "identity_loyalist"):
    _const(_n, ROLE_LOYALIST, "忠臣")
for _n in ("role_rebel", "identity_rebel"):
    _const(_n, ROLE_REBEL, "反贼")
_const("role_renegade", ROLE_RENEGADE, "内奸")
_const("nature_ice", NAT_ICE, "冰冻")
# 火焰 is declared `原语 fire` in specs/identity/terms/cards.sgs, which clashes
# with the control primitive P.fire: provided as nature_fire (spec to rename).
_const("nature_fire", NAT_FIRE, "火焰")
_const("thunder", NAT_THUNDER, "雷电")
_const("nature_thunder", NAT_THUNDER, "雷电")
_const("nature_none", NAT_NONE, "普通")
_const("no_character", NONE, "无来源")
_const("bool_true", True)
_const("bool_false", False)
_const("trick", "锦囊牌")
_const("ordinary_trick", "普通锦囊")
_const("weapon", "武器")
_const("horse", "坐骑")


# ---- numbers and logic -----------------------------------------------------------

@prim
def add(g, f, a, b):
    return a + b


@prim
def sub(g, f, a, b):
    return a - b


def _min(g, f, a, b):
    return a if a < b else b


alias("min", _min)


@prim
def eq(g, f, a, b):
    """Equality; a role against a choice (一名角色…) or quantifier: membership."""
    if isinstance(b, Pick):
        pk = b   # typed when compiled: pk.group is a field read
        return a in pk.group
    if isinstance(a, Pick):
        pk = a
        return b in pk.group
    if isinstance(b, int) and isinstance(a, int) and (b == ANY or b == OTHER):
        return a >= 0 and (b == ANY or a != f.owner)
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == 2 and len(b) == 2 and \
            (a[0] == ZK_EQUIP or b[0] == ZK_EQUIP):
        # 乙的装备区 is each of its sub-zones (the 原区域 of an equipment card is one of them)
        k = b[0] if a[0] == ZK_EQUIP else a[0]
        return a[1] == b[1] and (k == ZK_EQUIP or k in E.EQUIP_ZONES)
    return a == b


@prim
def ne(g, f, a, b):
    return a != b


alias("same_character", eq)


@prim
def gt(g, f, a, b):
    return a > b


@prim
def lt(g, f, a, b):
    return a < b


@prim
def le(g, f, a, b):
    return a <= b


@prim
def ge(g, f, a, b):
    return a >= b


# 且/或/并非: the spec names are Python keywords; the emitter must spell the
# call getattr(P, "and") (or use the and_/or_/not_ spellings).
def and_(g, f, a, b):
    return bool(a) and bool(b)


def or_(g, f, a, b):
    return bool(a) or bool(b)


def not_(g, f, a):
    return not a


alias("and", and_)
alias("or", or_)
alias("not", not_)


@prim
def exists(g, f, who):
    return isinstance(who, int) and who >= 0


# ---- roles: state --------------------------------------------------------------------

@prim
def hp(g, f, who):
    return g.players[who].hp


@prim
def max_hp(g, f, who):
    return g.players[who].maxhp


@prim
def hand_limit(g, f, who):
    return g.hand_limit(who)


@prim
def draw_count(g, f, who):
    return g.draw_count(who)


@prim
def distance(g, f, a, b):
    return g.distance(a, b)


@prim
def round_number(g, f):
    return g.round


@prim
def set_round_number(g, f, strict, x):
    g.round = x
    return _done(f, True)


@prim
def is_dead(g, f, who):
    """(a target that is a card is never dead)"""
    if not isinstance(who, int) or who < 0 or who >= g.n:
        return False
    return not g.players[who].alive


@prim
def dying(g, f, who):
    return g.players[who].alive and g.players[who].hp <= 0


@prim
def is_face_down(g, f, who):
    return not g.players[who].face_up


@prim
def flip_general(g, f, strict, who):
    g.flip(who)
    return _done(f, True)


@prim
def is_chained(g, f, who):
    return g.players[who].chained


@prim
def set_chained(g, f, strict, who, v):
    g.players[who].chained = bool(v)
    return _done(f, True)


@prim
def other_chained_exists(g, f):
    ev = _event_ctx(g, f)
    me = _slot(ev, 0)
    for p in g.alive_seats():
        if p != me and g.players[p].chained:
            return True
    return False


@prim
def identity(g, f, who):
    return g.players[who].role


@prim
def has_role(g, f, who, role):
    return g.players[who].role == role


@prim
def characters_with_role(g, f, role):
    return tuple([p for p in range(g.n) if g.players[p].role == role])


@prim
def characters_with_roles(g, f, r1, r2):
    return tuple([p for p in range(g.n) if g.players[p].role == r1 or g.players[p].role == r2])


def _survives(g, p):
    """存活: alive and not dying in a running death flow. A role is dead from the start of its
    death flow (000:513); it leaves the game only at 离场 (000:530), after the game-end check
    (000:528) has asked who is alive."""
    if not g.players[p].alive:
        return False
    cid = _T(g).events.get("死亡", -2)
    for fr in g.stack:
        if fr.prog == cid and _slot(fr, 0) == p:
            return False
    return True


@prim
def all_dead(g, f, group):
    for p in _group_all(g, f, group):
        if _survives(g, p):
            return False
    return True


def _group_all(g, f, v):
    if isinstance(v, int):
        return (v,) if v >= 0 else ()
    return tuple(v)


@prim
def one_alive(g, f):
    return len([p for p in range(g.n) if _survives(g, p)]) == 1


@prim
def sole_survivor(g, f):
    s = [p for p in range(g.n) if _survives(g, p)]
    return s[0] if len(s) == 1 else NONE


@prim
def has_skill(g, f, who, sid):
    return g.has_skill(who, sid)


@prim
def add_skill(g, f, strict, who, sid):
    g.grant_skill(who, sid)
    return _done(f, True)


@prim
def remove_skill(g, f, strict, who, sid):
    if g.players[who].has[sid] == 0:
        return _done(f, False)
    g.revoke_skill(who, sid)
    return _done(f, True)


@prim
def set_hp(g, f, strict, who, x):
    pl = g.players[who]
    g.change_hp(who, x - pl.hp)
    return _done(f, True)


@prim
def set_max_hp(g, f, strict, who, x):
    g.set_maxhp(who, x)
    return _done(f, True)


@prim
def add_marks(g, f, strict, who, n, mark):
    g.add_mark(who, mark, n)
    return _done(f, True)


@prim
def remove_all_marks(g, f, strict, who, mark):
    n = g.mark(who, mark)
    if n == 0:
        return _done(f, False)
    g.add_mark(who, mark, -n)
    return _done(f, True)


@prim
def skip_phase(g, f, strict, who, ph):
    return _done(f, g.skip_phase(ph))


@prim
def win(g, f, strict, group):
    return g.end_game(list(_group_all(g, f, group)), "win")


# ---- HP operations ---------------------------------------------------------------------

def _event_or(g, f, name, args, fallback):
    """Push event ``name`` with ``args`` if the module has it (verdict: not
    prevented), else run ``fallback()`` (a bool) directly."""
    cid = _T(g).events.get(name)
    if cid is not None:
        _push_prog(g, f, cid, args, f.owner, None)
        return _pushed(f)
    return _done(f, fallback())


@prim
def damage(g, f, strict, src, tgt, x):
    """〔来源〕对〔甲〕造成〔X〕点伤害: the 伤害 event (来源，受到伤害的角色，伤害值，
    属性，渠道，连环) or, without one, the HP loss."""
    if _needs_resolve((src, tgt)):
        return _resolve(g, f, "damage", strict, (src, tgt, x))
    if x <= 0 or not g.players[tgt].alive:
        return _done(f, False)
    return _event_or(g, f, "伤害", (src, tgt, x, NAT_NONE, None, False),
                     lambda: g.change_hp(tgt, -x) != 0 or True)


alias("deal_damage", damage)


@prim
def deal_elemental_damage(g, f, strict, src, tgt, x, nature):
    if _needs_resolve((src, tgt)):
        return _resolve(g, f, "deal_elemental_damage", strict, (src, tgt, x, nature))
    return _event_or(g, f, "伤害", (src, tgt, x, nature, None, False),
                     lambda: g.change_hp(tgt, -x) != 0 or True)


@prim
def take_sourceless_damage(g, f, strict, tgt, x, nature):
    return _event_or(g, f, "伤害", (NONE, tgt, x, nature, None, False),
                     lambda: g.change_hp(tgt, -x) != 0 or True)


@prim
def lose_hp(g, f, strict, who, x):
    if _needs_resolve((who,)):
        return _resolve(g, f, "lose_hp", strict, (who, x))
    return _event_or(g, f, "失去体力", (who, x), lambda: g.change_hp(who, -x) != 0 or True)


@prim
def recover(g, f, strict, who, x):
    """回复: nothing to do (not executed) at full HP."""
    if _needs_resolve((who,)):
        return _resolve(g, f, "recover", strict, (who, x))
    pl = g.players[who]
    if pl.hp >= pl.maxhp:
        return _done(f, False)
    return _event_or(g, f, "回复体力", (who, x), lambda: g.change_hp(who, x) > 0)


@prim
def order_recover(g, f, strict, who, tgt, x):
    return recover(g, f, strict, tgt, x)


# ---- cards: values ------------------------------------------------------------------------

def _cards(g, f, v):
    if v is None:
        return ()
    if isinstance(v, int):
        return (v,) if v >= 0 else ()
    if isinstance(v, E.VCard):
        return v.cards
    if isinstance(v, Pick):
        pk = v
        return pk.group
    return tuple(v)


@prim
def suit(g, f, c):
    if isinstance(c, E.VCard):
        return g.vcard_suit(c)
    if _is_v(c):
        return _rec(g, c)[V_SUIT]
    if not isinstance(c, int) or c < 0:
        return E.S_NONE
    return g.card_suit(c)


alias("suit_of", suit)


def _color1(g, c):
    if isinstance(c, E.VCard):
        return g.vcard_color(c)
    if _is_v(c):
        return _rec(g, c)[V_COLOR]
    if not isinstance(c, int) or c < 0:
        return E.C_NONE
    return g.card_color(c)


@prim
def color(g, f, cs):
    """〔牌组〕的颜色: COLOR_BASE + the common colour, or -1."""
    if isinstance(cs, int) or isinstance(cs, E.VCard):
        col = _color1(g, cs)
    else:
        cards = _cards(g, f, cs)
        if not cards:
            return E.C_NONE
        col = _color1(g, cards[0])
        for c in cards:
            if _color1(g, c) != col:
                col = E.C_NONE
    return COLOR_BASE + col if col >= 0 else E.C_NONE


@prim
def same_color(g, f, cs):
    return color(g, f, cs) != E.C_NONE


@prim
def point_of(g, f, c):
    if isinstance(c, E.VCard):
        return g.vcard_point(c)
    if _is_v(c):
        return _rec(g, c)[V_POINT]
    if not isinstance(c, int) or c < 0:
        return 0
    return g.card_point(c)


@prim
def suit_differs(g, f, c, s):
    """〔牌〕不为〔花色〕."""
    return suit(g, f, c) != s


@prim
def differ(g, f, a, b):
    return a != b


def _card_name(g, c):
    return _card_name_any(g, c)


def _name_cat(g, name, v):
    info = _T(g).cards.get(name)
    return info is not None and (info[0] == v or info[1] == v or
                                 (v == "锦囊牌" and info[0] == "锦囊") or
                                 (v == "坐骑" and info[1] in ("进攻坐骑", "防御坐骑")))


@prim
def card_is(g, f, c, v):
    """〔牌〕为〔颜色/花色/类别〕: a category (str, or ("非转化", category)), a
    colour (>= COLOR_BASE) or a suit (0-3)."""
    if c is None or (isinstance(c, tuple) and len(c) == 0):
        return False
    if isinstance(v, tuple):
        if not card_is(g, f, c, v[1]):
            return False
        if _is_v(c):
            r = _rec(g, c)
            return len(r[V_CARDS]) == 1 and g.card_name(r[V_CARDS][0]) == r[V_NAME]
        return True
    if isinstance(v, str):
        return _name_cat(g, _card_name(g, c), v)
    if v >= COLOR_BASE:
        col = _color1(g, c)
        return col >= 0 and col + COLOR_BASE == v
    return suit(g, f, c) == v


@prim
def card_is_not(g, f, c, v):
    return not card_is(g, f, c, v)


@prim
def card_name_is(g, f, c, name):
    """〔牌〕为〔牌名〕: 火/雷【杀】 are 【杀】 (the kinds, finish())."""
    if c is None or (isinstance(c, tuple) and len(c) == 0):
        return False
    return _kind_ok(g, _card_name(g, c), name)


@prim
def card_in(g, f, c, group):
    return c in _cards(g, f, group)


@prim
def count_cards(g, f, cs):
    """〔牌组〕的张数 (a Pick still to be chosen: the number to choose)."""
    if isinstance(cs, Pick):
        return cs.lo
    return len(_cards(g, f, cs))


def _objects_exist(g, f, *vals):
    """The cards an optional skill's 可 clause acts on exist (compiler lower.skill_needs):
    a choice has enough candidates, a card value is a card, a set of cards is not empty."""
    for v in vals:
        if isinstance(v, Pick):
            if len(v.group) < max(v.lo, 1):
                return False
        elif len(_cards(g, f, v)) == 0:
            return False
    return True


_PRIMS["_objects_exist"] = _objects_exist


def _roles_exist(g, f, *vals):
    """The roles an optional skill chooses or names as a group (its 可 clause, its first
    effect) exist (compiler lower.skill_needs): a choice has enough candidates, a group of
    roles is not empty (〖激将〗 without another 蜀 role); a single role is not checked."""
    for v in vals:
        if isinstance(v, Pick):
            if v.kind == "players" and len(v.group) < max(v.lo, 1):
                return False
        elif isinstance(v, tuple) and len(v) == 0:
            return False
    return True


_PRIMS["_roles_exist"] = _roles_exist


def _choices_exist(g, f, *vals):
    """What the first effect of an optional skill still has to choose (cards or roles) has
    enough candidates (compiler lower.skill_needs: 〖突袭〗 when no other role has a hand)."""
    for v in vals:
        if isinstance(v, Pick) and len(v.group) < max(v.lo, 1):
            return False
    return True


_PRIMS["_choices_exist"] = _choices_exist


def _actors_alive(g, f, *vals):
    """The roles who must act in an optional skill's effect (compiler lower.choice_actor: the
    chooser of its 选择一项) are alive roles: 〖刚烈〗 needs a source (002:208, 002:238)."""
    for v in vals:
        if not (isinstance(v, int) and 0 <= v < g.n and g.players[v].alive):
            return False
    return True


_PRIMS["_actors_alive"] = _actors_alive
_PRIMS["_option_ok"] = _option_ok


@prim
def physical_cards(g, f, c):
    if isinstance(c, Pick):
        return c
    return _cards_phys(g, c)


@prim
def these_cards(g, f):
    v = _get(f, X_CARDS)
    return () if v is None else v


# ---- zones ------------------------------------------------------------------------------------

_const("zone_deck", (E.Z_DRAW, -1), "牌堆")
_ZONE_DISCARD = (E.Z_DISCARD, -1)
_ZONE_PROCESS = (E.Z_PROCESS, -1)


@prim
def zone_discard(g, f):
    """弃牌堆 (a plain def, not a _const closure: prims.pxd types it)."""
    return _ZONE_DISCARD


@prim
def zone_processing(g, f):
    """处理区"""
    return _ZONE_PROCESS


@prim
def zone_hand(g, f, who):
    return (E.Z_HAND, who)


@prim
def zone_equip(g, f, who):
    return (ZK_EQUIP, who)


@prim
def zone_judge(g, f, who):
    return (E.Z_JUDGE, who)


@prim
def is_judge_zone(g, f, z):
    return z[0] == E.Z_JUDGE


@prim
def is_hand_zone(g, f, z):
    return z[0] == E.Z_HAND


@prim
def zone_owner(g, f, z):
    return z[1]


@prim
def cards_in_zone(g, f, z):
    if z[0] == ZK_EQUIP:
        out = []
        for k in E.EQUIP_ZONES:
            out.extend(g.zone_cards(k, z[1]))
        return tuple(out)
    return tuple(g.zone_cards(z[0], z[1]))


@prim
def zone_count(g, f, z):
    return len(cards_in_zone(g, f, z))


@prim
def own_cards(g, f, who):
    """甲's hand and equipment cards."""
    return tuple(g.zone_cards(E.Z_HAND, who)) + cards_in_zone(g, f, (ZK_EQUIP, who))


alias("all_cards_of", own_cards)


@prim
def hand_count(g, f, who):
    return len(g.zone_cards(E.Z_HAND, who))


@prim
def no_hand_cards(g, f, who):
    return len(g.zone_cards(E.Z_HAND, who)) == 0


@prim
def has_cards(g, f, who):
    return len(own_cards(g, f, who)) > 0


@prim
def deck_top(g, f, x):
    return tuple(g.top_cards(x))


alias("top_of_deck", deck_top)


@prim
def card_in_zone(g, f, c, z):
    k, o = g.where(c)
    if z[0] == ZK_EQUIP:
        return k in E.EQUIP_ZONES and o == z[1]
    return k == z[0] and (o == z[1] or not g.rs.zone_per_player[k])


@prim
def move_origin(g, f, c):
    """〔牌〕的原区域: recorded by move_cards for the running 移动, else where
    the card is now."""
    ev = _enclosing(g, f, "移动")
    orig = _get(ev, X_JCARD) if ev is not None else None
    if orig:
        for cc, z in orig:
            if cc == c:
                return z
    return g.where(c)


@prim
def choose_cards(g, f, n):
    """〔X〕张牌: a Pick of n of the implied subject's hand and equipment cards
    (the actor of the operation that uses it, when it is another role)."""
    return Pick("cards", own_cards(g, f, f.owner), n, n, -1, "own")


@prim
def choose_hand_cards(g, f, n):
    return Pick("cards", tuple(g.zone_cards(E.Z_HAND, f.owner)), n, n, -1, "hand")


@prim
def owned_by(g, f, who, cs):
    """〔甲〕的〔牌组〕: re-target a card Pick at 甲's cards; the one who chooses
    is the implied subject (the skill's owner)."""
    if isinstance(cs, Pick):
        if not (isinstance(who, int) and who >= 0):
            return Pick("cards", (), cs.lo, cs.hi, f.owner)
        return Pick("cards", _pick_src(g, cs.src, who), cs.lo, cs.hi, f.owner, None,
                    cs.vname)
    return cs


def _retarget(g, cs, who):
    """A Pick of the implied subject's cards used by the operation of ``who``:
    ``who``'s cards, chosen by ``who``."""
    if isinstance(cs, Pick) and cs.src is not None and cs.chooser < 0 and \
            isinstance(who, int) and who >= 0:
        return Pick(cs.kind, _pick_src(g, cs.src, who), cs.lo, cs.hi, who, cs.src, cs.vname)
    return cs


# ---- card operations ----------------------------------------------------------------------------

def _dest_zone(g, c, z):
    """(kind, owner) for putting card c into zone value z."""
    if z is None or z[0] == ZK_GENERAL_DECK:
        return -1, -1
    if z[0] == ZK_EQUIP:
        info = _T(g).cards.get(_card_name_any(g, c))
        k = EQUIP_SUBTYPE_ZONE.get(info[1] if info else "", E.Z_TREASURE)
        return k, z[1]
    return z[0], z[1]


def _move_now(g, cards, z):
    for c in cards:
        k, o = _dest_zone(g, c, z)
        g.move((c,), k, o)


def _move(g, f, actor, cards, x, z):
    """A move of x of ``cards`` to zone z: the 移动 event if the module has one
    (it chooses), else a direct move (all of them, x == len(cards))."""
    cid = _T(g).events.get("移动")
    if cid is not None:
        _push_prog(g, f, cid, (actor, tuple(cards), x, z), f.owner, None)
        return _pushed(f)
    _move_now(g, cards, z)
    _sx(f)[X_CARDS] = tuple(cards)
    return _done(f, len(cards) > 0)


@prim
def draw(g, f, strict, who, x):
    """〔甲〕摸〔X〕张牌 (strict: the draw pile must hold X cards after the
    refill)."""
    if _needs_resolve((who,)):
        return _resolve(g, f, "draw", strict, (who, x))
    if x <= 0:
        return _done(f, False)
    cs = g.top_cards(x)
    if len(cs) == 0 or (strict and len(cs) < x):
        return _done(f, False)
    return _move(g, f, who, cs, len(cs), (E.Z_HAND, who))


@prim
def gain(g, f, strict, who, cs):
    if _needs_resolve((who, cs)):
        return _resolve(g, f, "gain", strict, (who, cs))
    cards = _cards(g, f, cs)
    if not cards:
        return _done(f, False)
    return _move(g, f, who, cards, len(cards), (E.Z_HAND, who))


@prim
def discard(g, f, strict, who, cs):
    """〔甲〕弃置〔牌组〕 (a Pick is asked first)."""
    if isinstance(cs, Pick):
        if strict and len(cs.group) < cs.lo:
            return _done(f, False)
        if len(cs.group) == 0:
            return _done(f, False)
        k = cs.hi if cs.hi < len(cs.group) else len(cs.group)
        lo = cs.lo if cs.lo < k else k
        if lo == len(cs.group):
            return _move(g, f, who, cs.group, lo, (E.Z_DISCARD, -1))
        return _helper(g, f, OP_CARDS_THEN, [cs.group, lo, k, "弃置", "_discard_chosen", who],
                       who)
    cards = _cards(g, f, cs)
    if not cards:
        return _done(f, False)
    return _move(g, f, who, cards, len(cards), (E.Z_DISCARD, -1))


def _discard_chosen(g, f, strict, cards, who):
    return _move(g, f, who, cards, len(cards), (E.Z_DISCARD, -1))


_PRIMS["_discard_chosen"] = _discard_chosen


@prim
def discard_hand(g, f, strict, who, x):
    """〔甲〕弃置〔X〕张手牌: strict and fewer than X hand cards -> nothing, not
    executed; otherwise as many as possible (chosen by 甲 when there is a
    choice)."""
    if _needs_resolve((who,)):
        return _resolve(g, f, "discard_hand", strict, (who, x))
    hand = tuple(g.zone_cards(E.Z_HAND, who))
    if x <= 0 or len(hand) == 0 or (strict and len(hand) < x):
        return _done(f, False)
    k = x if x < len(hand) else len(hand)
    if _T(g).events.get("移动") is not None:
        return _move(g, f, who, hand, k, (E.Z_DISCARD, -1))
    if k == len(hand):
        return _move(g, f, who, hand, k, (E.Z_DISCARD, -1))
    return _helper(g, f, OP_CARDS_THEN, [hand, k, k, "弃置%d张手牌" % k, "_discard_chosen", who],
                   who)


@prim
def system_discard(g, f, strict, cs):
    return _move(g, f, NONE, _cards(g, f, cs), len(_cards(g, f, cs)), (E.Z_DISCARD, -1))


@prim
def give(g, f, strict, who, cs, tgt):
    """〔甲〕将〔乙〕交给〔丙〕 (任意角色: one role 甲 chooses)."""
    if tgt == ANY:
        # 任意角色 (〖遗计〗): each card to a role of 甲's choice, group by group
        cards = _cards_phys(g, cs) if not isinstance(cs, Pick) else ()
        if not cards:
            return _done(f, False)
        return _helper(g, f, OP_GIVE_EACH, [tuple(g.alive_seats()), tuple(cards)], who)
    if isinstance(tgt, int) and tgt < -1:
        tgt = Pick("players", _group(g, f, tgt), 1, 1, who)
    if _needs_resolve((cs, tgt)):
        return _resolve(g, f, "give", strict, (who, _retarget(g, cs, who), tgt))
    cards = _cards_phys(g, cs)
    if not cards or not isinstance(tgt, int) or tgt < 0:
        return _done(f, False)
    if tgt < g.n and not g.players[tgt].alive:
        return _done(f, False)   # 000:540 a dead role takes no part: nothing is given to it (as 获得)
    t = _T(g)
    if _in_play_phase(g) and 0 <= who < g.n and tgt != who:
        g.add_count(E.SC_PHASE, who, t.k_given, len(cards))
    return _move(g, f, who, cards, len(cards), (E.Z_HAND, tgt))


@prim
def choose_move_cards(g, f, strict, who, cards, x):
    """(移动 flow) 甲 chooses X of 乙 as 此次移动的牌 (no question when there is
    no choice)."""
    lo = x
    hi = x
    if isinstance(cards, Pick):
        p = _retarget(g, cards, who)
        chooser = p.chooser if p.chooser >= 0 else who
        lo, hi = p.lo, p.hi
        cards = p.group
    else:
        chooser = who
        cards = _cards_phys(g, cards)
    # 002:27 binds the roles; the system moves them all the same (a dead role's cards, 000:532)
    busy = _equipment_in_use(g) if isinstance(who, int) and who >= 0 else ()
    cards = tuple([c for c in cards if g.where(c)[0] >= 0 and c not in busy])
    _sx(f)[X_FLAG] = False
    if hi > len(cards):
        hi = len(cards)
    if lo > hi:
        lo = hi
    if hi <= 0:
        _sx(f)[X_CARDS] = ()
        return _done(f, False)
    if lo == len(cards) or chooser < 0:
        _sx(f)[X_CARDS] = tuple(cards[:hi])
        _sx(f)[X_FLAG] = hi >= x
        return _done(f, True)
    _sx(f)[X_FLAG] = hi >= x
    return _helper(g, f, OP_CARDS_THEN, [cards, lo, hi, "选择移动的牌", "_set_moving"], chooser)


def _equipment_in_use(g):
    """002:27: equipment whose skill is running (its owner's skill frame on the stack)
    cannot be operated, e.g. discarded to pay 〖贯石斧〗's cost (002:28)."""
    out = ()
    t = _T(g)
    st = g.stack
    for i in range(len(st)):
        fr = st[i]
        if fr.skill < 0 or fr.owner < 0 or t.prog_kind.get(fr.prog) != "skill":
            continue
        sk = g.rs.skills[fr.skill]
        name = sk.name
        for z in E.EQUIP_ZONES:
            for c in g.zone_cards(z, fr.owner):
                info = t.cards.get(g.card_name(c))
                if info is not None and name in info[4]:
                    out = out + (c,)
    return out


def _set_moving(g, f, strict, cards):
    _sx(f)[X_CARDS] = tuple(cards)
    if f.y is not None:
        _sx(f.y)[X_CARDS] = tuple(cards)
    return _done(f, True)


_PRIMS["_set_moving"] = _set_moving


@prim
def moving_cards(g, f):
    ev = _enclosing(g, f, "移动")
    v = _get(ev, X_CARDS) if ev is not None else None
    return () if v is None else v


@prim
def move_destination(g, f, c):
    ev = _enclosing(g, f, "移动")
    d = _get(ev, X_DEST) if ev is not None else None
    if d:
        for cc, z in d:
            if cc == c:
                return z
    return _slot(ev, 3, None)


@prim
def set_move_destination(g, f, strict, who, c, z):
    ev = _enclosing(g, f, "移动")
    if ev is None:
        return _done(f, False)
    x = _sx(ev)
    if x[X_DEST] is None:
        x[X_DEST] = []
    x[X_DEST].append((c, z))
    return _done(f, True)


@prim
def move_cards(g, f, strict, who, cards):
    """THE move (移动 flow): every card to its destination at once."""
    ev = _enclosing(g, f, "移动")
    cards = _cards_phys(g, cards)
    if ev is not None:
        _sx(ev)[X_JCARD] = [(c, g.where(c)) for c in cards]
        if cards:
            ev_x = _sx(ev)
            if ev_x[X_FLAG] is None:
                ev_x[X_FLAG] = True
    t = _T(g)
    proc = _S(g, S_PROC, len(g.cards))
    ids = None
    for c in cards:
        z = move_destination(g, f, c)
        k0, o0 = g.where(c)
        k, o = _dest_zone(g, c, z)
        if k < 0:
            continue
        g.move((c,), k, o)
        if k == E.Z_PROCESS:
            if ids is None:
                ids = tuple([fr.id for fr in g.stack])
            proc[c] = ids
        elif k0 == E.Z_PROCESS:
            proc[c] = None
        # equipment: its skills belong to the role whose 装备区 holds it (000:177)
        if k0 in E.EQUIP_ZONES or k in E.EQUIP_ZONES:
            info = t.cards.get(g.card_name(c))
            if info is not None:
                for sname in info[4]:
                    sid = g.rs.id_of("skill", sname)
                    if k0 in E.EQUIP_ZONES:
                        g.revoke_skill(o0, sid)
                    if k in E.EQUIP_ZONES:
                        g.grant_skill(o, sid)
    _st(g)[S_MOVED] = tuple(cards)
    return _done(f, len(cards) > 0)


# ---- judge ----------------------------------------------------------------------------------------

@prim
def judge(g, f, strict, who):
    """〔甲〕判定: the 判定 event if the module has one, else: the top card of
    the draw pile is the result; it goes to the discard pile."""
    cid = _T(g).events.get("判定")
    if cid is not None:
        c = _push_prog(g, f, cid, (who,), f.owner, None)
        _sx(f)[X_JUDGE] = c
        return _pushed(f)
    cs = g.top_cards(1)
    if not cs:
        return _done(f, False)
    g.move(cs, E.Z_PROCESS)
    g.move(cs, E.Z_DISCARD)
    _sx(f)[X_JUDGE] = cs[0]
    g.log_event({"e": "judge", "p": who, "c": cs[0]})
    return _done(f, True)



# ---- starting flows (触发…: the event's flow as an inserted settlement) -------------------------

def _trigger(g, f, strict, name, args):
    """Push event ``name`` with ``args``; an unknown event is a clear error."""
    cid = _T(g).events.get(name)
    if cid is None:
        raise E.EngineError("the module has no event %r" % (name,))
    _push_prog(g, f, cid, args, f.owner, None)
    return _pushed(f)


@prim
def trigger_event(g, f, strict, ev):
    """触发〔事件〕 with an event value (a Frame not yet run): push it."""
    if ev is None:
        return _done(f, False)
    g.push_frame(ev)
    return _pushed(f)


@prim
def trigger_move(g, f, strict, actor, cards, x, zone):
    """〔甲〕从〔乙〕中将〔X〕张牌移至〔丙〕: 移动（移动者，可选的牌，X，目标区域）."""
    return _trigger(g, f, strict, "移动", (actor, _cards(g, f, cards), x, zone))


@prim
def trigger_deduct_hp(g, f, strict, who, cause, x):
    """〔甲〕因〔乙：事件〕扣减〔X〕点体力: 扣减体力（扣减者，X，起因）."""
    return _trigger(g, f, strict, "扣减体力", (who, x, cause))


@prim
def trigger_chain_damage(g, f, strict, who):
    """A damage like 此伤害 (same source, channel, nature, value) to 甲, 连环."""
    ev = _enclosing(g, f, "伤害")
    if ev is None:
        return _done(f, False)
    return _trigger(g, f, strict, "伤害", (_slot(ev, 0), who, _slot(ev, 2, 0),
                                          _slot(ev, 3, NAT_NONE), _slot(ev, 4, None), True))


@prim
def trigger_lose_hp(g, f, strict, who, x):
    return _trigger(g, f, strict, "失去体力", (who, x))


@prim
def trigger_recover(g, f, strict, who, x):
    return _trigger(g, f, strict, "回复体力", (who, x))


@prim
def trigger_dying(g, f, strict, who, cause):
    return _trigger(g, f, strict, "濒死", (who, cause))


@prim
def trigger_death(g, f, strict, who, cause):
    return _trigger(g, f, strict, "死亡", (who, cause))


@prim
def trigger_delayed_trick_special_use(g, f, strict, card):
    return _trigger(g, f, strict, "延时锦囊牌的特殊使用", (card,))


@prim
def trigger_pre_use(g, f, strict, who, name):
    return _trigger(g, f, strict, "预使用", (who, name))


@prim
def trigger_pre_play(g, f, strict, who, name):
    return _trigger(g, f, strict, "预打出", (who, name))


@prim
def trigger_use(g, f, strict, card):
    """使用（使用者，此牌）: the user is the one of the enclosing 预使用."""
    return _trigger(g, f, strict, "使用", (_slot(_enclosing(g, f, "预使用"), 0, f.owner), card))


@prim
def trigger_play(g, f, strict, card):
    return _trigger(g, f, strict, "打出", (_slot(_enclosing(g, f, "预打出"), 0, f.owner), card))


# ---- game, turns, death -------------------------------------------------------------------------

def _st(g):
    s = _state(g)
    if s is None:
        raise E.EngineError("no root frame (use P.new_game / P.run_event)")
    return s


@prim
def set_current(g, f, strict, who):
    """令〔甲〕为当前回合角色: before the first turn it fixes the first seat
    (seat number 1, where rounds start); later the core's turn order (extra
    turns first, then the next living seat) decides, so it is a no-op."""
    if g.turn_no == 0 and who >= 0:
        g.first_seat = who
        g.referee = who
    return _done(f, True)


@prim
def run_turn(g, f, strict, who):
    """由〔甲〕进行一个回合: push the next turn (event 回合) with ``g.push_turn``."""
    if g.alive_count() == 0:
        return _done(f, False)
    t = _T(g)
    cid = t.events.get("回合", t.dturn)
    tf = g.push_turn(cid, -1)
    if tf.slots:
        tf.slots[0] = tf.owner
    return 1


@prim
def game_running(g, f):
    return g.result is None


@prim
def end_game(g, f, strict):
    s = _state(g)
    w = s[S_WINNERS] if s is not None and s[S_WINNERS] is not None else []
    return g.end_game(list(w), "game over")


@prim
def announce_winners(g, f, strict):
    return end_game(g, f, strict)


@prim
def game_over(g, f):
    """Identity mode end condition (000:9-10); computes the winners."""
    lord = -1
    for p in range(g.n):
        if g.players[p].role == ROLE_LORD:
            lord = p
    if lord < 0:
        alive = g.alive_seats()
        w = alive if len(alive) <= 1 else None
    elif not g.players[lord].alive:
        alive = g.alive_seats()
        if len(alive) == 1 and g.players[alive[0]].role == ROLE_RENEGADE:
            w = alive
        else:
            w = [p for p in range(g.n) if g.players[p].role == ROLE_REBEL]
    else:
        bad = [p for p in range(g.n) if g.players[p].role in (ROLE_REBEL, ROLE_RENEGADE)
               and g.players[p].alive]
        w = [p for p in range(g.n) if g.players[p].role in (ROLE_LORD, ROLE_LOYALIST)] \
            if not bad else None
    if w is None:
        return False
    s = _state(g)
    if s is not None:
        s[S_WINNERS] = list(w)
    return True


@prim
def leave_game(g, f, strict, who):
    if not g.players[who].alive:
        return _done(f, False)
    g.kill(who)
    return _done(f, True)


@prim
def dead_character(g, f):
    return _slot(_enclosing(g, f, "死亡"), 0)


@prim
def killer_of(g, f, who):
    """The source of the damage that caused 甲's death (起因), else none."""
    ev = _enclosing(g, f, "死亡")
    cause = _slot(ev, 1, None)
    if isinstance(cause, E.Frame) and _T(g).event_of.get(cause.prog) == "伤害":
        return _slot(cause, 0)
    return NONE


alias("killer", lambda g, f: killer_of(g, f, dead_character(g, f)))


@prim
def record_killed(g, f, strict, a, b):
    return _done(f, True)


@prim
def terminate_all(g, f, strict):
    for fr in g.stack:
        g.terminate(fr)
    return 3


# ---- the rules' invariants (sgs simulate checks them between turns and at the game's end) ----

def check_game_invariants(g):
    """Check the engine's invariants (Game.check_invariants) and the rules' own; raise
    E.InvariantError naming the seat, the card and the zone. Called with ``g.result`` None,
    it must be between two turns (``g.turn_hook``), when no event runs, and checks them all;
    after the game's end only those that hold at any moment, since the game stops in the
    middle of an event (000:528 终止一切结算和流程)."""
    g.check_invariants()
    between = g.result is None
    if between and len(g.zone_cards(E.Z_PROCESS)) > 0:
        # 000:251 every event that moves cards into the 处理区 puts those still there into the
        # 弃牌堆 before it ends (a skill's use event: skill_default_move)
        raise E.InvariantError("between turns: %s in the 处理区"
                               % _inv_cards(g, g.zone_cards(E.Z_PROCESS)))
    for p in range(g.n):
        pl = g.players[p]
        _inv_equipment(g, p)
        if pl.alive and pl.maxhp < 1:
            # 000:476 a role whose max HP becomes 0 dies
            raise E.InvariantError("seat %d: alive with max hp %d" % (p, pl.maxhp))
        if not between:
            continue
        if pl.alive:
            if pl.hp < 1:
                # 000:443,454: HP at most 0 starts the dying flow, which ends with the role
                # above 0 or dead (000:499,504), within the event that hurt it
                raise E.InvariantError("between turns: seat %d alive with hp %d" % (p, pl.hp))
            _inv_judge(g, p)
        else:
            for zi in range(len(g.zones)):
                if g.zone_owner[zi] == p and len(g.zones[zi]) > 0:
                    # 000:532-533 离场: its hand, equipment, judge and general cards are
                    # discarded or put into the discard pile
                    raise E.InvariantError("between turns: seat %d is dead but has %s in its %s"
                                           % (p, _inv_cards(g, g.zones[zi]),
                                              g.rs.zone_names[g.zone_kind[zi]]))
            if pl.hp > 0:
                # 000:525 a dying role's HP is set to 0
                raise E.InvariantError("between turns: seat %d is dead with hp %d" % (p, pl.hp))
    _inv_result(g)
    return True


def _inv_cards(g, cs):
    names = g.rs.card_names
    return "、".join(["【%s】(card %d)" % (names[g.card_name(c)], c) for c in cs])


def _inv_equipment(g, p):
    """000:158: an equipment card goes into the slot of its subtype, replacing the card there
    (the two move at once), so a slot holds at most one card, of its own subtype."""
    t = _T(g)
    for k in E.EQUIP_ZONES:
        cs = g.zone_cards(k, p)
        zname = g.rs.zone_names[k]
        if len(cs) > 1:
            raise E.InvariantError("seat %d has %d cards in its %s: %s"
                                   % (p, len(cs), zname, _inv_cards(g, cs)))
        for c in cs:
            info = t.cards.get(g.card_name(c))
            if info is None or EQUIP_SUBTYPE_ZONE.get(info[1], -1) != k:
                raise E.InvariantError("seat %d has %s in its %s" % (p, _inv_cards(g, (c,)), zname))


def _inv_judge(g, p):
    """000:158: only delayed tricks enter a 判定区, and 000:81 a role whose 判定区 holds a
    delayed trick is no legal target of one of the same name: no two share a name. (Between
    turns only: the name of a card used as another delayed trick is in the root state.)"""
    t = _T(g)
    st = _state(g)
    corr = st[S_CORR] if st is not None else None
    seen = []
    for c in g.zone_cards(E.Z_JUDGE, p):
        name = g.card_name(c)
        v = corr[c] if corr is not None else None
        if v is not None and _rec(g, v)[V_ALIVE]:
            name = _rec(g, v)[V_NAME]   # e.g. a 方块 card used as 【乐不思蜀】
        info = t.cards.get(name)
        what = "%s as 【%s】" % (_inv_cards(g, (c,)), g.rs.card_names[name]) \
            if name != g.card_name(c) else _inv_cards(g, (c,))
        if info is None or info[1] != "延时锦囊":
            raise E.InvariantError("seat %d has %s, not a delayed trick, in its 判定区" % (p, what))
        if name in seen:
            raise E.InvariantError("seat %d has two delayed tricks named 【%s】 in its 判定区"
                                   % (p, g.rs.card_names[name]))
        seen.append(name)


def _inv_result(g):
    """000:8-10: the game is over exactly when the identity mode's end condition holds (the
    lord is dead, or every rebel and renegade is), with the book's winners. A game without
    a lord (no mode) is not checked."""
    lord = -1
    for p in range(g.n):
        if g.players[p].role == ROLE_LORD:
            lord = p
    if lord < 0:
        return
    over = g.result is not None
    # dead: left the game, or (at the end) the role whose death ended it: its HP was set to 0
    # (000:525) and the game ended (000:528) before it left (000:530)
    dead = [not g.players[p].alive or (over and g.players[p].hp <= 0) for p in range(g.n)]
    living = [p for p in range(g.n) if not dead[p]]
    if dead[lord]:
        if len(living) == 1 and g.players[living[0]].role == ROLE_RENEGADE:
            want = living
        else:
            want = [p for p in range(g.n) if g.players[p].role == ROLE_REBEL]
    elif all([dead[p] for p in range(g.n)
              if g.players[p].role in (ROLE_REBEL, ROLE_RENEGADE)]):
        want = [p for p in range(g.n) if g.players[p].role in (ROLE_LORD, ROLE_LOYALIST)]
    else:
        want = None
    if not over:
        if want is not None:
            raise E.InvariantError("between turns: the game should be over (winners %s)" % (want,))
        return
    if want is None:
        raise E.InvariantError("the game ended (%s) but no end condition holds; alive: %s"
                               % (g.result.reason, living))
    if sorted(g.result.winners) != want:
        raise E.InvariantError("the game ended with winners %s, the book's are %s"
                               % (sorted(g.result.winners), want))


# ---- identity mode setup ------------------------------------------------------------------------

@prim
def role_cards(g, f, strict, a, b, c, d):
    _st(g)[S_ROLES] = [ROLE_LORD] * a + [ROLE_LOYALIST] * b + [ROLE_REBEL] * c + \
        [ROLE_RENEGADE] * d
    return _done(f, True)


def _roles(g):
    return _st(g)[S_ROLES]


@prim
def shuffle_roles(g, f, strict):
    r = _roles(g)
    if r is None:
        return _done(f, False)
    g.rng.shuffle(r)
    return _done(f, True)


@prim
def deal_roles(g, f, strict):
    r = _roles(g)
    if r is None or len(r) < g.n:
        return _done(f, False)
    for p in range(g.n):
        g.players[p].role = r[p]
    g.log_event({"e": "roles", "roles": [g.players[p].role for p in range(g.n)]})
    return _done(f, True)


@prim
def lord_player(g, f):
    for p in range(g.n):
        if g.players[p].role == ROLE_LORD:
            return p
    return NONE


def _noop(g, f, strict, *args):
    """An operation with no effect on the simulated state (showing, facing
    of role cards, seat numbering, …): executed."""
    return _done(f, True)


for _n in ("reveal_role", "hide_roles", "reveal_identity", "counterclockwise_from",
           "reveal_generals", "confirm_gender_faction", "show",
           "reveal", "open_turn_window", "close_turn_window", "clear_card_history",
           "record_caused_damage",
           "record_received_damage", "reset_gender", "reset_faction",
           "reveal_pindian_cards", "sort_pindian_targets"):
    alias(_n, _noop)


@prim
def number_seats(g, f, strict):
    """Seat numbers 1..n from the first seat (set_current / the lord)."""
    lp = lord_player(g, f)
    if lp >= 0 and g.turn_no == 0:
        g.first_seat = lp
        g.referee = lp
    return _done(f, True)


def _general_pool(g):
    s = _st(g)
    used = [g.players[p].general for p in range(g.n) if g.players[p].general >= 0]
    t = _T(g)
    return [i for i in range(len(t.general_order))
            if i not in used and (t.pack is None or t.general_order[i] in t.pack)]


@prim
def lord_general_choices(g, f, x):
    t = _T(g)
    pool = _general_pool(g)
    lords = [i for i in pool if t.generals[t.general_order[i]][3]]
    rest = [i for i in pool if i not in lords]
    g.rng.shuffle(rest)
    return tuple(lords + rest[:x])


@prim
def random_generals(g, f, x):
    pool = _general_pool(g)
    g.rng.shuffle(pool)
    return tuple(pool[:x])


def _set_general_chosen(g, f, strict, chosen, who):
    set_general(g, who, _T(g).general_order[chosen[0]])
    return _done(f, True)


_PRIMS["_set_general_chosen"] = _set_general_chosen


PROMPT_GENERAL = "选择武将"   # the prompt of choose_general (interfaces label its options as generals)


@prim
def choose_general(g, f, strict, who, group):
    """〔甲〕从〔乙〕中选择一张武将牌: general values are general indexes."""
    group = tuple(group)
    if not group:
        return _done(f, False)
    if len(group) == 1:
        return _set_general_chosen(g, f, strict, group, who)
    return _helper(g, f, OP_CARDS_THEN, [group, 1, 1, PROMPT_GENERAL, "_set_general_chosen", who], who)


@prim
def printed_hp(g, f, who):
    gi = general_of(g, who)
    return gi[3] if gi is not None else 4


@prim
def set_initial_max_hp(g, f, strict, who, x):
    g.set_maxhp(who, x)
    return _done(f, True)


@prim
def initial_max_hp(g, f, who):
    return g.players[who].maxhp


@prim
def set_initial_hp(g, f, strict, who, x):
    g.change_hp(who, x - g.players[who].hp)
    return _done(f, True)


@prim
def form_deck(g, f, strict):
    g.shuffle_zone(E.Z_DRAW)
    return _done(f, True)


@prim
def starting_hand(g, f, strict, who, cards, whom):
    """Before the game starts no timing is generated (000:17): a plain move."""
    cs = _cards(g, f, cards)
    g.move(cs, E.Z_HAND, whom)
    return _done(f, len(cs) > 0)


# ---- more values ------------------------------------------------------------------------------------

def _phase_id(g, word):
    """A phase named in a spec: its id, or the word itself if the ruleset has no such phase.
    (The six below are plain defs, not closures: prims.pxd types them.)"""
    k = ("phase", word)
    return g.rs.ids[k] if k in g.rs.ids else word


@prim
def play_phase(g, f):
    return _phase_id(g, "出牌阶段")


@prim
def draw_phase(g, f):
    return _phase_id(g, "摸牌阶段")


@prim
def discard_phase(g, f):
    return _phase_id(g, "弃牌阶段")


@prim
def prepare_phase(g, f):
    return _phase_id(g, "准备阶段")


@prim
def judge_phase(g, f):
    return _phase_id(g, "判定阶段")


@prim
def finish_phase(g, f):
    return _phase_id(g, "结束阶段")


@prim
def this_turns_phase(g, f, ph):
    return ph


_const("weapon_slot", (E.Z_WEAPON, -1), "武器区")
_const("armour_slot", (E.Z_ARMOR, -1), "防具区")
_const("offensive_horse_slot", (E.Z_HORSE_ATK, -1), "进攻坐骑区")
_const("defensive_horse_slot", (E.Z_HORSE_DEF, -1), "防御坐骑区")


@prim
def zone_equip_slot(g, f, who, c):
    return _dest_zone(g, c, (ZK_EQUIP, who))


def _card_info(g, c):
    return _T(g).cards.get(_card_name(g, c))


@prim
def is_equipment(g, f, c):
    i = _card_info(g, c)
    return i is not None and i[0] == "装备"


@prim
def is_delayed_trick(g, f, c):
    i = _card_info(g, c)
    return i is not None and i[1] == "延时锦囊"


@prim
def is_faction_trick(g, f, c):
    i = _card_info(g, c)
    return i is not None and i[1] == "势力锦囊"


@prim
def opposite_sex(g, f, a, b):
    if not (isinstance(a, int) and 0 <= a < g.n and isinstance(b, int) and 0 <= b < g.n):
        return False  # not two characters (a card target: 【无懈可击】's)
    sa, sb = _sex(g, a), _sex(g, b)
    return sa != "" and sb != "" and sa != sb


@prim
def outside_own_turn(g, f, who):
    return g.current != who


@prim
def within_this_turn(g, f, who):
    return During(who, g.turn_no)


@prim
def dying_characters(g, f, group):
    return _regroup(group, [p for p in _group_keep(g, f, group) if g.players[p].hp <= 0])


@prim
def characters_with_cards_in_areas(g, f, group):
    return _regroup(group, [p for p in _group_keep(g, f, group) if own_cards(g, f, p) or g.zone_cards(E.Z_JUDGE, p)])


@prim
def at_distance(g, f, who, x, group):
    free = _tc_free(g, who)
    return _regroup(group, [p for p in _group_keep(g, f, group)
                            if p != who and (free or g.distance(who, p) == x)])


@prim
def all_of(g, f, group):
    return _group(g, f, group)


@prim
def remaining_of(g, f, cs):
    """〔牌组〕中剩余的牌: those still in the 处理区 (亮出的牌 not taken) or, for
    other groups, not among the cards chosen last."""
    cards = _cards_phys(g, cs)
    proc = [c for c in cards if g.where(c)[0] == E.Z_PROCESS]
    if proc or not cards:
        return tuple(proc)
    chosen = _get(f, X_CARDS) or ()
    return tuple([c for c in cards if c not in chosen])


@prim
def choose_among(g, f, cs, x):
    return Pick("cards", _cards_phys(g, cs), x, x)


@prim
def choose_cards_in_areas(g, f, x):
    return Pick("cards", _pick_src(g, "areas", f.owner), x, x, -1, "areas")


@prim
def choose_cards_of(g, f, x, v):
    """〔X〕张〔颜色/花色〕牌."""
    src = ("color", v) if v >= COLOR_BASE else ("suit_own", v)
    if v < COLOR_BASE:
        grp = tuple([c for c in own_cards(g, f, f.owner) if g.card_suit(c) == v])
        return Pick("cards", grp, x, x, -1, None)
    return Pick("cards", _pick_src(g, src, f.owner), x, x, -1, src)


@prim
def choose_hand_cards_of(g, f, x, colour):
    src = ("hand_color", colour)
    return Pick("cards", _pick_src(g, src, f.owner), x, x, -1, src)


@prim
def choose_named_cards(g, f, x, name):
    src = ("name", name)
    return Pick("cards", _pick_src(g, src, f.owner), x, x, -1, src)


@prim
def at_least(g, f, cs):
    if isinstance(cs, Pick):
        pk = cs
        return Pick(pk.kind, pk.group, pk.lo, max(len(pk.group), pk.lo), pk.chooser, pk.src,
                    pk.vname)
    return cs


@prim
def look_at(g, f, strict, who, cs):
    """〔甲〕观看〔乙〕: nothing moves; 这些牌 are these cards."""
    cards = _cards_phys(g, cs)
    _sx(f)[X_CARDS] = cards
    return _done(f, len(cards) > 0)


@prim
def show_cards(g, f, strict, who, cs):
    """〔甲〕展示〔乙〕: 甲 chooses them if still to choose; they are 此牌 /这些牌."""
    if isinstance(cs, Pick):
        cs = _retarget(g, cs, who)
    if _needs_resolve((cs,)):
        return _resolve(g, f, "show_cards", strict, (who, cs))
    cards = _cards_phys(g, cs)
    if not cards:
        return _done(f, False)
    _sx(f)[X_CARDS] = cards
    _sx(f)[X_LASTCARD] = cards[0]
    if f.y is not None and _T(g).prog_kind.get(f.prog) is None:
        pass
    return _done(f, True)


@prim
def choose_characters(g, f, strict, who, group):
    """〔甲〕选择〔乙〕: resolves a Pick (asking 甲) and records the choice."""
    if isinstance(group, Pick):
        p = Pick(group.kind, group.group, group.lo, group.hi, who)
        return _resolve(g, f, "choose_characters", strict, (who, p))
    _sx(f)[X_CHOSEN] = group if isinstance(group, int) else (group[0] if group else NONE)
    return _done(f, True)


@prim
def chosen_character(g, f, who):
    """〔甲〕选择的角色: the character chosen last in this frame, else in a card's effect
    the one its user chose with the current target (目标限制, 【借刀杀人】)."""
    v = _get(f, X_CHOSEN)
    if v is not None:
        return v
    c = _card_ctx(g, f)
    if _is_v(c):
        w = _rec(g, c)[V_WITH]
        t = current_target_character(g, f)
        if t in w:
            return w[t]
    return NONE


@prim
def draw_same_amount(g, f, strict, who):
    """摸等量的牌: as many as the cards of the previous operation (〖制衡〗's 弃置, a term whose
    cards are chosen inside its 移动: found through the frames it pushed)."""
    r, n = _get(f, X_CHILD), 0
    for _ in range(50):
        if r is None:
            break
        v = _get(r, X_CARDS)
        if v is not None:
            n = len(v)
            break
        r = _get(r, X_CHILD)
    if r is None:
        n = len(_get(f, X_CARDS) or ())
    return draw(g, f, strict, who, n)


@prim
def lost_hand_card(g, f, who):
    ev = _enclosing(g, f, "移动")
    return ev is not None and any([move_origin(g, f, c) == (E.Z_HAND, who)
                                   for c in moving_cards(g, f)])


@prim
def lost_equipment_named(g, f, who, name):
    """〔甲〕失去的牌中有装备区里的〔名〕 (000:274,524)."""
    ev = _enclosing(g, f, "移动")
    if ev is None:
        return False
    for c in moving_cards(g, f):
        z = move_origin(g, f, c)
        if z[0] in E.EQUIP_ZONES and z[1] == who and _kind_ok(g, g.card_name(c), name):
            return True
    return False


@prim
def lost_equipment(g, f, who):
    ev = _enclosing(g, f, "移动")
    return ev is not None and any([move_origin(g, f, c)[0] in E.EQUIP_ZONES
                                   for c in moving_cards(g, f)])


# ===========================================================================
# The card-use runtime: virtual cards, use/play flows, responses, status
# skills, judge, turn bookkeeping.  (Primitives of specs/identity/terms/*.)
# ===========================================================================

def _S(g, i, n=0):
    """Root state list i (created on first use; per-role/per-card lists of n)."""
    s = _st(g)
    v = s[i]
    if v is None:
        v = [None] * n if n else []
        s[i] = v
    return v


def _tid(g, name):
    return g.rs.ids.get(("timing", name), -1)


def _is_event(g, fr, name):
    return fr is not None and _T(g).event_of.get(fr.prog) == name


# ---- virtual cards ------------------------------------------------------------

def _is_v(c):
    return isinstance(c, int) and c >= _VBASE


def _rec(g, c):
    return _S(g, S_VC)[c - VBASE]


def _new_vcard(g, name, cards=(), user=NONE):
    if isinstance(name, E.VCard):
        cards = name.cards
        name = name.name
    if isinstance(name, int) and NAME_AS_PHYSICAL < name <= -2:
        name = -2 - name  # a card made as 普【杀】 is a 【杀】
    if _is_v(name):
        name = _rec(g, name)[V_NAME]
    cards = tuple([c for c in _cards_phys(g, cards)])
    if name == NAME_AS_PHYSICAL:
        name = g.card_name(cards[0]) if cards else -1
    r = [None] * NV
    r[V_NAME] = name
    r[V_CARDS] = cards
    r[V_USER] = user
    r[V_TARGETS] = []
    r[V_METHOD] = 0
    r[V_ALIVE] = True
    r[V_INEFF] = []
    r[V_COUNTERED] = []
    r[V_HITS] = []
    r[V_EXTRA] = []
    r[V_NORESP] = []
    r[V_TPLUS] = 0
    r[V_DMG] = 0
    r[V_IGNORE] = []
    r[V_ALLHAND] = -1
    r[V_WITH] = {}
    # 000:114-121: information from the physical cards
    if len(cards) == 1:
        r[V_SUIT] = g.card_suit(cards[0])
        r[V_COLOR] = g.card_color(cards[0])
        r[V_POINT] = g.card_point(cards[0])
    elif len(cards) > 1:
        r[V_SUIT] = E.S_NONE
        r[V_COLOR] = g.vcard_color(E.VCard(name, cards))
        r[V_POINT] = 0
    else:
        r[V_SUIT] = E.S_NONE
        r[V_COLOR] = E.C_NONE
        r[V_POINT] = 0
    lst = _S(g, S_VC)
    lst.append(r)
    return VBASE + len(lst) - 1


def _cards_phys(g, v):
    """Physical card ids of a card value (virtual cards: their physical cards)."""
    out = []
    for c in _cards(g, None, v):
        if _is_v(c):
            out.extend(_rec(g, c)[V_CARDS])
        elif isinstance(c, int) and c >= 0:
            out.append(c)
    return tuple(out)


def _card_name_any(g, c):
    if isinstance(c, E.VCard):
        return c.name
    if _is_v(c):
        return _rec(g, c)[V_NAME]
    if isinstance(c, int) and 0 <= c < len(g.cards):
        return g.card_name(c)
    return -1


def _kind_ok(g, have, want):
    """A card named ``have`` is a 【want】: the same name, or a kind of it
    (火【杀】/雷【杀】, see finish: KINDS)."""
    if have == want:
        return True
    if want <= -2:
        return have == -2 - want
    if have < 0 or want < 0:
        return False
    return want in kinds(g).get(have, ())


# ---- status skills (锁定技 without a timing): evaluated on demand ----------------

Q_DIST = 1      # (a, b): distance delta
Q_UNLIMIT = 2   # (role, name): 于出牌阶段内使用 name 无次数限制
Q_LEGAL = 3     # (card name, target): not a legal target
Q_NODIST = 4    # (user, card): 无距离限制
Q_TLIMIT = 5    # (card): 额定目标数上限+X
Q_RECOVER = 6   # (card, target): 回复值+X
Q_NEEDN = 7     # (card, target): 须依次使用X张…才能抵消
Q_PLAYN = 8     # (role, name): 每次须依次打出X张
Q_LIMIT = 9     # (role, card name, method): a use limit reached (card rules)
Q_KIND = 10     # (card name): the names it is a kind of (card rules)
Q_INEFF = 11    # (card, target): 无效 to the target (card rules, 000:166)

_Q = [None]

# the operations answering each query (the modifier primitives below): a status skill whose
# program runs none of a query's answers, and nothing but known answers, is not read by it
QUERY_ANSWERS = {
    Q_DIST: ("distance_plus", "distance_minus"),
    Q_UNLIMIT: ("no_use_limit_in_play_phase",),
    Q_LEGAL: ("not_legal_target",),
    Q_NODIST: ("no_distance_limit",),
    Q_TLIMIT: ("target_limit_plus",),
    Q_RECOVER: ("recover_value_plus",),
    Q_NEEDN: ("needs_n_to_cancel",),
    Q_PLAYN: ("needs_n_to_play_each_time",),
}
_ANSWERS = frozenset([n for names in QUERY_ANSWERS.values() for n in names])


def _may_answer(t, sid, kind):
    ops = t.skill_ops.get(sid)
    if ops is None or not ops <= _ANSWERS:
        return True  # unknown operations: always read
    for n in QUERY_ANSWERS[kind]:
        if n in ops:
            return True
    return False


# The answers of the status queries during one usability scan (_scan_from): a dict
# {(kind, a, b, c): answer} while a scan runs, else None. A scan only reads the game (card
# conditions and targets, use limits, conversion skills' conditions and the status rules
# they ask all run on probes), so within it a query asked again with the same arguments has
# the same answer: the distances and legality of 【杀】, 火【杀】, 雷【杀】 … are read once.
# What else an answer depends on is left out of the memo: while _AWAY is set (the equipment
# of a card whose targets are chosen provides nothing) nothing is memoized, and an answer
# whose status rules read _TC (the card being targeted: _tc_free, counted by _TC_READ) is
# not kept. Only the query kinds a scan asks, whose arguments are roles and card names.
_MEMO = [None]
_TC_READ = [0]
_MEMO_KINDS = frozenset([Q_DIST, Q_LEGAL, Q_NODIST, Q_UNLIMIT])


# the answers' subject: (argument index of the operation, index in the query it must equal);
# each answer primitive below takes effect only when that argument is the query's role
ANSWER_SUBJECT = {
    "distance_plus": (1, 2),                # 〔甲〕至〔乙〕的距离+X: 乙 is the query's b
    "distance_minus": (0, 1),               # 甲 is the query's a
    "not_legal_target": (0, 2),             # the target
    "no_distance_limit": (0, 1),            # the user
    "no_use_limit_in_play_phase": (0, 1),   # the user
}


def _owner_at(t, sid, kind):
    """The query indices one of which must be status rule sid's owner for it to answer query
    ``kind`` (every answer it can run names its owner as the subject: 〖马术〗 answers only a
    distance from its owner), or None (any query of that kind)."""
    ops = t.skill_ops.get(sid)
    if ops is None or not ops <= _ANSWERS:
        return None
    owner_args = t.skill_owner_args.get(sid, ())
    at = set()
    for op in QUERY_ANSWERS[kind]:
        if op not in ops:
            continue
        subj = ANSWER_SUBJECT.get(op)
        if subj is None or (op, subj[0]) not in owner_args:
            return None
        at.add(subj[1])
    return tuple(sorted(at)) if at else None


def _owner_is_at(q, at, p):
    for i in at:
        if q[i] == p:
            return True
    return False


def _query(g, kind, a=None, b=None, c=None):
    """Run every status skill of the living roles that may answer query ``kind``; the
    modifier primitives add to the answer (index 4)."""
    t = _T(g)
    q = [kind, a, b, c, 0]
    sids = t.status_by_query.get(kind, t.status_skills)
    if not sids or _state(g) is None:
        return 0
    memo = _MEMO[0]
    key = None
    tc_reads = 0
    if memo is not None and not _AWAY[0] and kind in _MEMO_KINDS:
        key = (kind, a, b, c)
        v = memo.get(key)
        if v is not None:
            return v
        tc_reads = _TC_READ[0]
    away = _away_skills(g) if _AWAY[0] else None
    owner_at = t.status_owner_at.get(kind)
    for p in range(g.n):
        pl = g.players[p]
        if not pl.alive:
            continue
        for sid in sids:
            if pl.has[sid] > 0 and pl.invalid[sid] == 0 and \
                    (pl.role == ROLE_LORD or sid not in t.lord_skills):
                if away is not None and pl.has[sid] <= away.get((p, sid), 0):
                    continue   # given only by equipment used as another card (002:22)
                at = owner_at.get(sid) if owner_at is not None else None
                if at is not None and not _owner_is_at(q, at, p):
                    continue   # it answers only about its owner, not asked here
                before = q[4]
                _run_status(g, sid, p, q)
                if q[4] != before:   # the rule changed the answer: it took effect
                    _stats(g)[ST_STATUS][sid] += 1
    if key is not None and _TC_READ[0] == tc_reads:
        memo[key] = q[4]
    return q[4]


ST_USED = 0     # per card name id: cards of that name used (使用)
ST_PLAYED = 1   # per card name id: played (打出)
ST_STATUS = 2   # per skill id: answers of a status query a status skill changed


def _stats(g):
    """Counts for reports (`sgs simulate`); the rules never read them, so they are kept
    apart from g.skill_uses (which the idle points read, 000:55) and outlive the game's
    root state."""
    t = _T(g)
    if t.stats is None:
        t.stats = [[0] * len(g.rs.card_names), [0] * len(g.rs.card_names),
                   [0] * len(g.rs.skills)]
    return t.stats


def stats(g):
    """{"used": {card name: n}, "played": {…}, "status": {skill name: n}} of the game."""
    st = _stats(g)
    names = g.rs.card_names
    return {"used": {names[i]: n for i, n in enumerate(st[ST_USED]) if n},
            "played": {names[i]: n for i, n in enumerate(st[ST_PLAYED]) if n},
            "status": {g.rs.skills[i].name: n for i, n in enumerate(st[ST_STATUS]) if n}}


def _run_status(g, sid, p, q):
    _run_query_program(g, g.rs.skills[sid].prog, p, q, sid, None)


def _run_query_program(g, prog, owner, q, sid, card):
    """Run a status rule's program (a status skill's, or a card rule's with ``card`` as
    its 此牌) to its end with ``q`` as the query it answers; it may not ask anything."""
    old = _Q[0]
    _Q[0] = q
    ll = g.log_level
    g.log_level = 0
    base = len(g.stack)
    # the frames of a query are not part of the game: they take no frame ids, so the
    # log does not depend on how often (or whether) a rule is read
    serial = g.serial
    try:
        c = g.new_frame(prog, owner, None, -1)
        if sid >= 0:
            c.skill = sid
        if card is not None:
            _sx(c)[X_LASTCARD] = card
        g.push_frame(c)
        progs = g.rs.progs
        while len(g.stack) > base:
            top = g.stack[len(g.stack) - 1]
            pr = progs[top.prog]
            st = pr.run(g, top)
            if st == 3:
                g._pop(top)
            elif st == 2 or st == 4:
                raise E.EngineError("a status rule asks a decision (%s)" % g.rs.prog_names[prog])
            elif top.flags & E.F_TERMINATED:
                g._pop(top)
    finally:
        while len(g.stack) > base:
            g._pop(g.stack[len(g.stack) - 1])
        g.log_level = ll
        g.serial = serial
        _Q[0] = old


def _q():
    return _Q[0]


def _in_group(g, f, who, group):
    if isinstance(group, int):
        if group == ANY:
            return who >= 0
        if group == OTHER:
            return who >= 0 and who != f.owner
        return who == group
    if isinstance(group, Pick):
        return who in group.group
    return who in group


def _mod_distance(g, owner, a, b):
    d = _query(g, Q_DIST, a, b)
    return d if d != 0 else None


def _mod_range(g, owner, a, b):
    for c in g.zone_cards(E.Z_WEAPON, a):
        if c in _AWAY[0]:
            continue   # 002:22: used as the card whose targets are chosen
        info = _T(g).cards.get(g.card_name(c))
        if info is not None and info[2] is not None:
            return info[2]
    return None


class _DistanceModifier(Modifier):
    """The runtime's distance modifier: _mod_distance called directly (a C call when
    compiled) by Game.modval."""

    def value(self, g, owner, a, b):
        return _mod_distance(g, owner, a, b)


class _RangeModifier(Modifier):
    """The runtime's attack-range modifier: _mod_range, likewise."""

    def value(self, g, owner, a, b):
        return _mod_range(g, owner, a, b)


@prim
def distance_plus(g, f, strict, group, who, x):
    """〔甲〕至〔乙〕的距离+X (a status rule, read by the distance query)."""
    q = _q()
    if q is not None and q[0] == Q_DIST and q[2] == who and _in_group(g, f, q[1], group):
        q[4] += x
    return _done(f, True)


@prim
def distance_minus(g, f, strict, who, group, x):
    q = _q()
    if q is not None and q[0] == Q_DIST and q[1] == who and _in_group(g, f, q[2], group):
        q[4] -= x
    return _done(f, True)


@prim
def no_use_limit_in_play_phase(g, f, strict, who, name):
    q = _q()
    if q is not None and q[0] == Q_UNLIMIT and q[1] == who and _kind_ok(g, q[2], name):
        q[4] = 1
    return _done(f, True)


@prim
def not_legal_target(g, f, strict, who, name):
    q = _q()
    if q is not None and q[0] == Q_LEGAL and q[2] == who and _kind_ok(g, q[1], name):
        q[4] = 1
    return _done(f, True)


@prim
def no_distance_limit(g, f, strict, who, category):
    q = _q()
    # the query names the card being targeted by its name (_target_value): its category
    cat = category[1] if isinstance(category, tuple) else category
    if q is not None and q[0] == Q_NODIST and q[1] == who and isinstance(cat, str) and \
            _name_cat(g, q[2], cat):
        q[4] = 1
    return _done(f, True)


@prim
def target_limit_plus(g, f, strict, card, x):
    q = _q()
    if q is not None and q[0] == Q_TLIMIT and card == q[1]:
        q[4] += x
    return _done(f, True)


@prim
def recover_value_plus(g, f, strict, cards, x):
    q = _q()
    if q is not None and q[0] == Q_RECOVER and q[1] in _cards(g, f, cards):
        q[4] += x
    return _done(f, True)


@prim
def needs_n_to_cancel(g, f, strict, group, n, name, card):
    """〔甲〕须依次使用X张〔名〕才能抵消〔乙〕 (〖无双①〗)."""
    q = _q()
    if q is not None and q[0] == Q_NEEDN and card == q[1] and _in_group(g, f, q[2], group):
        if n > q[4]:
            q[4] = n
    return _done(f, True)


@prim
def needs_n_to_play_each_time(g, f, strict, group, n, name):
    """〔甲〕每次须依次打出X张〔名〕 (〖无双②〗): read by need_play_each_time."""
    q = _q()
    if q is not None and q[0] == Q_PLAYN and _kind_ok(g, q[2], name) and _in_group(g, f, q[1], group):
        if n > q[4]:
            q[4] = n
    return _done(f, True)


@prim
def need_play_each_time(g, f, strict, who, name):
    """〔甲〕需依次打出每次须打出的〔名〕 (the 轮流打出 of 【决斗】): one need-to-play event
    (000:190) per card 甲 must play this time (〖无双②〗: two, else one), one after another;
    甲 has played only if it played them all (S_NEED keeps the last outcome)."""
    n = _query(g, Q_PLAYN, who, name)
    return _helper(g, f, OP_PLAY_N, [who, name, n if n > 1 else 1], who)


@prim
def cards_used_by(g, f, who, name):
    """〔甲〕使用的〔名〕: the existing virtual cards of that name used by 甲 (a
    query: the queried card if it is one)."""
    q = _q()
    if q is not None and q[0] in (Q_TLIMIT, Q_NEEDN, Q_RECOVER):
        c = q[1]
        if _is_v(c):
            r = _rec(g, c)
            if r[V_USER] == who and _kind_ok(g, r[V_NAME], name):
                return (c,)
        return ()
    out = []
    for c in _S(g, S_LIVE):
        r = _rec(g, c)
        if r[V_USER] == who and _kind_ok(g, r[V_NAME], name):
            out.append(c)
    return tuple(out)


@prim
def cards_used_by_either(g, f, who, n1, n2):
    return cards_used_by(g, f, who, n1) + cards_used_by(g, f, who, n2)


@prim
def cards_used_on(g, f, group, who, name):
    out = []
    q = _q()
    src = [q[1]] if (q is not None and q[0] == Q_RECOVER) else _S(g, S_LIVE)
    for c in src:
        if not _is_v(c):
            continue
        r = _rec(g, c)
        if _kind_ok(g, r[V_NAME], name) and who in r[V_TARGETS] and \
                r[V_USER] >= 0 and _in_group(g, f, r[V_USER], group):
            out.append(c)
    return tuple(out)


@prim
def target_characters(g, f, cards):
    out = []
    for c in _cards(g, f, cards):
        if _is_v(c):
            for p in _rec(g, c)[V_TARGETS]:
                if isinstance(p, int) and 0 <= p < VBASE and p not in out:
                    out.append(p)
    return tuple(out)


@prim
def duel_opponents(g, f, who, name):
    out = []
    for c in _S(g, S_LIVE):
        r = _rec(g, c)
        if _kind_ok(g, r[V_NAME], name):
            if r[V_USER] == who:
                out.extend([p for p in r[V_TARGETS] if p != who])
            elif who in r[V_TARGETS] and r[V_USER] >= 0:
                out.append(r[V_USER])
    return tuple(out)


@prim
def uses_all_hand_cards(g, f, cards, who):
    """〔牌〕对应的实体牌为〔甲〕的所有手牌: recorded when the physical cards were
    chosen (they leave the hand when the use starts)."""
    for c in _cards(g, f, cards):
        if _is_v(c):
            r = _rec(g, c)
            if r[V_ALLHAND] == who and len(r[V_CARDS]) > 0:
                return True
    return False


# ---- the card being resolved --------------------------------------------------

_CARD_EVENTS = ("对当前目标的使用结算", "使用", "打出", "延时锦囊牌的特殊使用", "预使用", "预打出")


def _card_of_event(g, fr):
    name = _T(g).event_of.get(fr.prog)
    if name is None:
        return None
    if name in ("对当前目标的使用结算", "使用", "打出"):
        return _slot(fr, 1, None)
    if name == "延时锦囊牌的特殊使用":
        return _slot(fr, 0, None)
    if name in ("预使用", "预打出"):
        return _get(fr, X_LASTCARD)
    return None


def _card_ctx(g, f):
    """The card of the innermost card event around frame f (its event chain,
    then the stack)."""
    fr = f if _T(g).prog_kind.get(f.prog) in ("event", "mode") else f.ev
    depth = 0
    while fr is not None and depth < 40:
        c = _card_of_event(g, fr)
        if c is not None:
            return c
        fr = fr.ev
        depth += 1
    st = g.stack
    i = len(st) - 1
    while i >= 0:
        c = _card_of_event(g, st[i])
        if c is not None:
            return c
        i -= 1
    return None


@prim
def this_card(g, f):
    """此牌: the card this frame used/played/showed last, else the card of the
    use/play flow it belongs to, else the card moved last (此牌 after 获得…)."""
    v = _get(f, X_LASTCARD)
    if v is not None:
        return v
    c = _card_ctx(g, f)
    if c is not None:
        return c
    m = _st(g)[S_MOVED]
    if m:
        return m[0]
    return NONE


@prim
def this_named_card(g, f, name):
    """此【名】: the card of that name being resolved: the current target when it
    is such a card (【闪】's 【杀】), else 此牌, else an enclosing one."""
    q = _q()
    if q is not None and q[1] is not None and _is_v(q[1]):
        return q[1]
    v = _get(f, X_LASTCARD)
    if v is not None and _kind_ok(g, _card_name_any(g, v), name):
        return v
    fr = f if _T(g).prog_kind.get(f.prog) in ("event", "mode") else f.ev
    chain = []
    while fr is not None and len(chain) < 40:
        chain.append(fr)
        fr = fr.ev
    st = g.stack
    for i in range(len(st) - 1, -1, -1):
        chain.append(st[i])
    for fr in chain:
        if _is_event(g, fr, "对当前目标的使用结算"):
            tgt = _slot(fr, 2, None)
            if _is_v(tgt) and _kind_ok(g, _card_name_any(g, tgt), name):
                return tgt
        c = _card_of_event(g, fr)
        if c is not None and _kind_ok(g, _card_name_any(g, c), name):
            return c
    return NONE


@prim
def this_card_of_category(g, f, cat):
    """此锦囊牌: in a card's 作用效果, its current target when that is a card of the
    category (【无懈可击】, 000:123); else the card being resolved if of it (the trick
    whose 生效前 it is, when choosing the targets)."""
    fr = _event_ctx(g, f) if _T(g).prog_kind.get(f.prog) == "card" else None
    depth = 0
    while fr is not None and depth < 40:
        if _is_event(g, fr, "对当前目标的使用结算"):
            tgt = _slot(fr, 2, None)
            if _is_v(tgt) and card_is(g, f, tgt, cat):
                return tgt
            break
        fr = fr.ev
        depth += 1
    c = _card_ctx(g, f)
    if c is not None and card_is(g, f, c, cat):
        return c
    return ()


@prim
def card_targeting(g, f, who, name):
    """对〔甲〕使用的〔名〕: the card of that name whose current target is 甲."""
    ev = f.ev if f.ev is not None else f
    st = g.stack
    cand = [ev] + [st[i] for i in range(len(st) - 1, -1, -1)]
    for fr in cand:
        if _is_event(g, fr, "对当前目标的使用结算"):
            c = _slot(fr, 1, None)
            if _slot(fr, 2) == who and c is not None and _kind_ok(g, _card_name_any(g, c), name):
                return c
            return ()
    return ()


@prim
def this_card_name(g, f):
    """此牌名 of the running 需要使用牌/需要打出牌/预使用/预打出."""
    for name in ("需要使用牌", "需要打出牌", "预使用", "预打出"):
        fr = f.ev if f.ev is not None else f
        if _is_event(g, fr, name):
            return _slot(fr, 1)
    st = g.stack
    for i in range(len(st) - 1, -1, -1):
        n = _T(g).event_of.get(st[i].prog)
        if n in ("需要使用牌", "需要打出牌", "预使用", "预打出"):
            return _slot(st[i], 1)
    return NONE


@prim
def current_target_character(g, f):
    """目标对应的角色 / 此目标对应的角色: the current target of the innermost
    对当前目标的使用结算; at a 指定目标 timing of the use flow, the target T."""
    fr = f.ev if f.ev is not None else f
    for fr2 in [f, fr] + [g.stack[i] for i in range(len(g.stack) - 1, -1, -1)]:
        if fr2 is None:
            continue
        if _is_event(g, fr2, "对当前目标的使用结算"):
            return _slot(fr2, 2)
        if _is_event(g, fr2, "使用"):
            # 指定目标时/后: the loop variable T of the use flow (slot 4)
            v = _slot(fr2, 4, None)
            if isinstance(v, int) and 0 <= v < VBASE:
                return v
            tg = _rec(g, fr2.slots[1])[V_TARGETS] if _is_v(fr2.slots[1]) else []
            return tg[0] if tg else NONE
    return NONE


@prim
def card_user(g, f, c):
    """〔牌〕的使用者: none in the special use flow of a delayed trick (000:41)."""
    if not _is_v(c):
        return NONE
    for i in range(len(g.stack) - 1, -1, -1):
        fr = g.stack[i]
        if _is_event(g, fr, "延时锦囊牌的特殊使用") and _slot(fr, 0, None) == c:
            return NONE
    return _rec(g, c)[V_USER]


@prim
def target_list(g, f, c):
    if not _is_v(c):
        return ()
    return tuple(_rec(g, c)[V_TARGETS])


@prim
def target_roles(g, f, c):
    if not _is_v(c):
        return ()
    return tuple([p for p in _rec(g, c)[V_TARGETS] if isinstance(p, int) and 0 <= p < VBASE])


@prim
def first_target_role(g, f, c):
    tg = target_list(g, f, c)
    return tg[0] if tg else NONE


@prim
def targets_empty(g, f, c):
    return len(target_list(g, f, c)) == 0


@prim
def target_count(g, f, c):
    return len(target_list(g, f, c))


@prim
def remove_target(g, f, strict, who, c):
    if not _is_v(c):
        return _done(f, False)
    tg = _rec(g, c)[V_TARGETS]
    if who in tg:
        tg.remove(who)
        return _done(f, True)
    return _done(f, False)


@prim
def sort_targets(g, f, strict, c=None):
    """此牌的目标列表重新排序: from the current-turn role counterclockwise (000:122)."""
    if c is None or not _is_v(c):
        return _done(f, True)
    tg = _rec(g, c)[V_TARGETS]
    start = g.current if g.current >= 0 else 0
    tg.sort(key=lambda p: ((p - start) % g.n) if (isinstance(p, int) and p < VBASE) else p)
    return _done(f, True)


@prim
def virtual_card_of(g, f, cards, name=None):
    """〔牌〕对应的虚拟牌 (one argument) / 对应的实体牌为〔牌组〕的〔名〕 (two): the
    virtual card; with a Pick of cards, the cards are asked first."""
    if name is None:
        c = cards
        if _is_v(c):
            return c
        if not isinstance(c, int) or c < 0:
            return NONE
        corr = _S(g, S_CORR, len(g.cards))
        v = corr[c]
        if v is not None and _rec(g, v)[V_ALIVE]:
            return v
        k, o = g.where(c)
        if k == E.Z_JUDGE:
            # a card in a 判定区 is a delayed trick whose virtual card is itself
            v = _new_vcard(g, g.card_name(c), (c,))
            _rec(g, v)[V_TARGETS] = [o]
            corr[c] = v
            return v
        return NONE
    if isinstance(cards, Pick):
        return Pick("cards", cards.group, cards.lo, cards.hi, cards.chooser, cards.src, name)
    return _new_vcard(g, name, _cards_phys(g, cards))


@prim
def virtual_card_same_name(g, f, cards):
    """对应的实体牌为〔牌组〕的牌 (〖鬼才〗): a card named as its physical card."""
    if isinstance(cards, Pick):
        return Pick("cards", cards.group, cards.lo, cards.hi, cards.chooser, cards.src, NAME_AS_PHYSICAL)
    ph = _cards_phys(g, cards)
    return _new_vcard(g, g.card_name(ph[0]) if ph else -1, ph)


@prim
def card_without_physical(g, f, name):
    return _new_vcard(g, name, ())


@prim
def plain_kind(g, f, name):
    """普【名】: the card name itself, not one of its kinds (普【杀】 is not a 火【杀】):
    the name id n written as -2 - n, which _kind_ok matches exactly."""
    return -2 - name if isinstance(name, int) and name >= 0 else name


@prim
def not_converted(g, f, cat):
    """非转化的〔类别〕: as a category (the conversion test is on the card)."""
    return ("非转化", cat)


@prim
def change_kind(g, f, strict, who, c, name):
    if not _is_v(c):
        return _done(f, False)
    _rec(g, c)[V_NAME] = name
    return _done(f, True)


@prim
def has_physical(g, f, c):
    """(预使用/预打出) the standard requires physical cards: a card started by a
    skill has the ones it was given (none for 视为); else one hand card."""
    if not _is_v(c):
        return False
    ctx = _ctx(g, f)
    if ctx is not None and ctx[C_CARD] is not None:
        return len(_rec(g, c)[V_CARDS]) > 0
    return True


@prim
def copy_suit_point(g, f, strict, c, cards):
    ph = _cards_phys(g, cards)
    if not _is_v(c) or not ph:
        return _done(f, False)
    r = _rec(g, c)
    r[V_SUIT] = g.card_suit(ph[0])
    r[V_COLOR] = g.card_color(ph[0])
    r[V_POINT] = g.card_point(ph[0])
    return _done(f, True)


@prim
def set_color(g, f, strict, c, col):
    if not _is_v(c):
        return _done(f, False)
    _rec(g, c)[V_COLOR] = col - COLOR_BASE if col >= COLOR_BASE else col
    return _done(f, True)


@prim
def clear_color(g, f, strict, c):
    if _is_v(c):
        _rec(g, c)[V_COLOR] = E.C_NONE
    return _done(f, True)


@prim
def clear_suit(g, f, strict, c):
    if _is_v(c):
        _rec(g, c)[V_SUIT] = E.S_NONE
    return _done(f, True)


@prim
def clear_point(g, f, strict, c):
    if _is_v(c):
        _rec(g, c)[V_POINT] = 0
    return _done(f, True)


@prim
def break_correspondence(g, f, strict, c, vc):
    corr = _S(g, S_CORR, len(g.cards))
    if isinstance(c, int) and 0 <= c < len(corr):
        v = corr[c]
        corr[c] = None
        if v is not None:
            r = _rec(g, v)
            r[V_CARDS] = tuple([x for x in r[V_CARDS] if x != c])
    return _done(f, True)


@prim
def vanish_virtual_card(g, f, strict, c):
    if not _is_v(c):
        return _done(f, False)
    r = _rec(g, c)
    if not r[V_ALIVE]:
        return _done(f, False)
    r[V_ALIVE] = False
    live = _S(g, S_LIVE)
    if c in live:
        live.remove(c)
    corr = _S(g, S_CORR, len(g.cards))
    for x in r[V_CARDS]:
        if corr[x] == c:
            corr[x] = None
    for p, sid in r[V_IGNORE]:
        g.invalidate_skill(p, sid, False)
    r[V_IGNORE] = []
    return _done(f, True)


@prim
def moved_off_prescribed_zone(g, f, c):
    """(000:278,300) a card moved by a skill's effect away from the zone its
    use/play flow prescribes: the moves of the flows are the prescribed ones;
    skill effects that move a card being used do not exist in the packs."""
    return False


@prim
def set_keep_zone(g, f, strict, z, cards):
    return _done(f, True)


# ---- use / play: contexts of the need and pre flows ----------------------------

C_METHOD = 0
C_RESTRICT = 1   # legal targets restricted to these roles (需对/对…使用), or None
C_CARD = 2       # the card a skill started using/playing (当…使用, 视为), or None
C_STARTED = 3
C_DECLARED = 4
C_EV = 5         # the event of the timing the use answers (【闪】: the 【杀】's settlement)
C_INIT = 6
C_SKILL = 7      # need flows: the frame id of the skill that started the use/play (当…使用): its
                 # use event goes on through this flow's pre flow (skill_default_move)
C_REC = 8        # need flows: this need's record in S_NEED ([name, done, card]; keep_need_result)
NC = 9

_FLOWS = ("预使用", "预打出", "需要使用牌", "需要打出牌")


def _new_ctx(method=0, restrict=None, card=None, started=False, ev=None):
    c = [None] * NC
    c[C_METHOD] = method
    c[C_RESTRICT] = restrict
    c[C_CARD] = card
    c[C_STARTED] = started
    c[C_DECLARED] = started
    c[C_EV] = ev
    c[C_INIT] = False
    return c


def _flow(g, f, names=_FLOWS):
    t = _T(g)
    if t.event_of.get(f.prog) in names:
        return f
    st = g.stack
    for i in range(len(st) - 1, -1, -1):
        if t.event_of.get(st[i].prog) in names:
            return st[i]
    return None


def _ctx(g, f):
    fr = _flow(g, f)
    if fr is None:
        return None
    x = _sx(fr)
    if x[X_CTX] is None:
        up = fr.ev
        name = _T(g).event_of.get(fr.prog)
        if name in ("预使用", "预打出") and up is not None and \
                _T(g).event_of.get(up.prog) in ("需要使用牌", "需要打出牌"):
            x[X_CTX] = _ctx(g, up)
        else:
            x[X_CTX] = _new_ctx()
    return x[X_CTX]


def _fail_pre(g, f):
    """A step of 预使用/预打出 cannot be fulfilled: the pre flow is terminated
    (000:128,225), no use/play event."""
    fr = _flow(g, f, ("预使用", "预打出"))
    if fr is not None:
        g.terminate(fr)
    if fr is f:
        _set_exec(f, False)
        return 1
    return _done(f, False)


def _need_note(g, who, name, done, card=None):
    """A new record of ``who``'s need (S_NEED); returned, so the need flow keeps it (C_REC)."""
    lst = _S(g, S_NEED, g.n)
    if 0 <= who < g.n:
        rec = [name, done, card]
        lst[who] = rec
        return rec
    return None


def _need_init(g, f, who, name):
    ctx = _ctx(g, f)
    if ctx is not None and not ctx[C_INIT]:
        ctx[C_INIT] = True
        ctx[C_REC] = _need_note(g, who, name, False)
    return ctx


@prim
def keep_need_result(g, f, strict):
    """(the end of a need flow) Its own outcome is the role's last need again: what 若其未使用／
    未打出 reads after it (〖借刀杀人〗), even when a need of the same role nested in it (a 【桃】
    asked while its 【杀】 resolves) ended later and left its own."""
    ctx = _ctx(g, f)
    if ctx is not None and ctx[C_REC] is not None:
        who = f.slots[0]
        if isinstance(who, int) and 0 <= who < g.n:
            _S(g, S_NEED, g.n)[who] = ctx[C_REC]
    return 0


@prim
def started_use(g, f, who, name):
    ctx = _need_init(g, f, who, name)
    return bool(ctx[C_STARTED]) if ctx is not None else False


@prim
def started_play(g, f, who, name):
    ctx = _need_init(g, f, who, name)
    return bool(ctx[C_STARTED]) if ctx is not None else False


def _hand_of_name(g, who, name, exact=False):
    out = []
    for c in g.zone_cards(_Z_HAND, who):
        n = g.card_name(c)
        if n == name or (not exact and _kind_ok(g, n, name)):
            out.append(c)
    return out


@prim
def start_default_use(g, f, strict, who, name):
    """以默认方式开始使用: possible when 甲 has a hand card of that name (000:96)."""
    ctx = _ctx(g, f)
    if ctx is None or not _hand_of_name(g, who, name):
        return _done(f, False)
    ctx[C_STARTED] = True
    ctx[C_DECLARED] = True
    return _done(f, True)


@prim
def start_default_play(g, f, strict, who, name):
    return start_default_use(g, f, strict, who, name)


@prim
def not_declared_in_need_flow(g, f, who, n1, n2):
    ctx = _ctx(g, f)
    return ctx is None or not ctx[C_DECLARED]


@prim
def declare_card_name(g, f, strict, who, name):
    ctx = _ctx(g, f)
    if ctx is not None:
        ctx[C_DECLARED] = True
    return _done(f, True)


@prim
def create_virtual_card(g, f, strict):
    fr = _flow(g, f, ("预使用", "预打出"))
    if fr is None:
        return _done(f, False)
    ctx = _ctx(g, f)
    c = ctx[C_CARD] if ctx is not None else None
    if c is None or not _is_v(c):
        c = _new_vcard(g, _slot(fr, 1), ())
    r = _rec(g, c)
    r[V_USER] = _slot(fr, 0)
    if ctx is not None:
        r[V_METHOD] = ctx[C_METHOD]
    _sx(fr)[X_LASTCARD] = c
    return _done(f, True)


@prim
def determine_physical_standard(g, f, strict, who, c):
    return _done(f, True)


@prim
def determine_physical_range(g, f, strict, who, c):
    return _done(f, True)


@prim
def choose_physical_cards(g, f, strict, who, c, c2=None):
    """选择此牌对应的实体牌: a card a skill started with has its cards already;
    else one hand card of this name (000:96; 火/雷【杀】 are 【杀】)."""
    ctx = _ctx(g, f)
    if not _is_v(c):
        return _fail_pre(g, f)
    r = _rec(g, c)
    if ctx is not None and ctx[C_CARD] is not None:
        return _done(f, True)
    cands = _hand_of_name(g, who, r[V_NAME])
    if not cands:
        return _fail_pre(g, f)
    if len(cands) == 1:
        return _set_physical(g, f, True, (cands[0],), who, c)
    return _helper(g, f, OP_CARDS_THEN, [cands, 1, 1, "选择实体牌", "_set_physical", who, c], who)


def _set_physical(g, f, strict, chosen, who, c):
    r = _rec(g, c)
    r[V_CARDS] = tuple(chosen)
    if len(chosen) == 1:
        r[V_NAME] = g.card_name(chosen[0])
    hand = g.zone_cards(E.Z_HAND, who)
    if len(hand) == len(chosen) and all([x in hand for x in chosen]):
        r[V_ALLHAND] = who
    return _done(f, True)


_PRIMS["_set_physical"] = _set_physical


# ---- targets ---------------------------------------------------------------------

_TC = [None]   # (user, card name) while a card's targets are evaluated
# 002:22: the equipment cards among the physical cards of the card whose targets are chosen;
# meanwhile they provide no attack range (_mod_range) and no equipment skill (_query)
_AWAY = [()]


def _away_skills(g):
    """{(owner, skill id): how many of the _AWAY cards in owner's equipment give it}."""
    t = _T(g)
    out = {}
    for c in _AWAY[0]:
        kind, owner = g.where(c)
        info = t.cards.get(g.card_name(c))
        if kind not in E.EQUIP_ZONES or info is None:
            continue
        for nm in info[4]:
            sid = g.rs.ids.get(("skill", nm), -1)
            if sid >= 0:
                out[(owner, sid)] = out.get((owner, sid), 0) + 1
    return out


def _methods(g, name):
    info = _T(g).cards.get(name)
    return info[5] if info is not None else ()


def _legal(g, user, name, p, restrict):
    if not (isinstance(p, int) and 0 <= p < g.n):
        return True
    if not g.players[p].alive:
        return False
    if restrict is not None and p not in restrict:
        return False
    if _query(g, Q_LEGAL, name, p) != 0:
        return False
    info = _T(g).cards.get(name)
    if info is not None and info[1] == "延时锦囊":
        # 000:81 the system's rules for delayed tricks
        for c in g.zone_cards(E.Z_JUDGE, p):
            if _card_name_any(g, virtual_card_of(g, _PROBE, c)) == name:
                return False
        if (E.Z_JUDGE, p) in _S(g, S_SEAL):
            return False
    return True


def _target_value(g, user, name, mi, ev):
    ms = _methods(g, name)
    if mi >= len(ms) or ms[mi][2] is None:
        return None
    tf = _frame0(user, ev)
    old = _TC[0]
    _TC[0] = (user, name)
    try:
        return ms[mi][2](g, tf)
    finally:
        _TC[0] = old


def _target_options(g, user, name, mi, ev, restrict):
    """("all", roles) or ("pick", group, lo, hi) or None."""
    return _target_options_of(g, user, name, _target_value(g, user, name, mi, ev), restrict)


def _target_options_of(g, user, name, v, restrict):
    """_target_options from the evaluated targets ``v``."""
    if v is None:
        return None
    if isinstance(v, Pick):
        grp = [p for p in v.group if _legal(g, user, name, p, restrict)]
        if len(grp) < v.lo or not grp:
            return None
        return ("pick", grp, v.lo, v.hi)
    if isinstance(v, int):
        if v < 0:
            return None
        return ("all", [v]) if _legal(g, user, name, v, restrict) else None
    grp = [p for p in v if _legal(g, user, name, p, restrict)]
    return ("all", grp) if grp else None


@prim
def choose_targets(g, f, strict, who, c):
    """选择此牌的合法目标 (000:122): the 使用目标 of the declared method, the
    legality rules (status skills, 000:81), a restriction (需对…使用)."""
    if not _is_v(c):
        return _fail_pre(g, f)
    r = _rec(g, c)
    ctx = _ctx(g, f)
    restrict = ctx[C_RESTRICT] if ctx is not None else None
    ev = ctx[C_EV] if ctx is not None else None
    if ev is None:
        ev = current_turn(g, f)
    old = _AWAY[0]
    _AWAY[0] = tuple([x for x in r[V_CARDS] if g.where(x)[0] in E.EQUIP_ZONES])
    try:
        opt = _target_options(g, who, r[V_NAME], r[V_METHOD], ev, restrict)
    finally:
        _AWAY[0] = old
    if opt is None:
        return _fail_pre(g, f)
    if opt[0] == "all":
        r[V_TARGETS] = list(opt[1])
        return _done(f, True)
    grp, lo, hi = opt[1], opt[2], opt[3]
    hi = hi + _query(g, Q_TLIMIT, c)
    if hi > len(grp):
        hi = len(grp)
    if lo < 1:
        lo = 1
    if lo == len(grp) and hi == lo:
        r[V_TARGETS] = list(grp)
        return _done(f, True)
    return _helper(g, f, OP_ASK_THEN, [E.D_PLAYERS, grp, lo, hi, "选择目标", "_set_targets", c], who)


def _set_targets(g, f, strict, chosen, c):
    _rec(g, c)[V_TARGETS] = list(chosen)
    return _done(f, True)


_PRIMS["_set_targets"] = _set_targets


# ---- records of use and play ---------------------------------------------------------

def _began(g, who, c, used):
    r = _rec(g, c)
    r[V_USER] = who
    if isinstance(r[V_NAME], int) and r[V_NAME] >= 0:
        _stats(g)[ST_USED if used else ST_PLAYED][r[V_NAME]] += 1
    live = _S(g, S_LIVE)
    if c not in live:
        live.append(c)
    corr = _S(g, S_CORR, len(g.cards))
    for x in r[V_CARDS]:
        corr[x] = c
    lst = _S(g, S_NEED, g.n)
    if 0 <= who < g.n and lst[who] is not None and not lst[who][1] and \
            _kind_ok(g, r[V_NAME], lst[who][0]):
        rec = lst[who]   # in place: the need flow holding it (C_REC) sees it too
        rec[1] = True
        rec[2] = c
    t = _T(g)
    if 0 <= who < g.n and _in_play_phase(g):
        n = r[V_NAME]
        for k in (n,) + kinds(g).get(n, ()):
            if k in t.k_used:
                g.add_count(E.SC_TURN, who, t.k_used[k], 1)
    if used and 0 <= who < g.n:
        # the counts the use limits read (额外说明: 【杀】, 【酒】（使用方法①）)
        n = r[V_NAME]
        for k in (n,) + kinds(g).get(n, ()):
            key = (k, r[V_METHOD] if k == n else 0)
            if key in t.k_use_turn:
                g.add_count(E.SC_TURN, who, t.k_use_turn[key], 1)
                if _in_play_phase(g):
                    g.add_count(E.SC_PHASE, who, t.k_use_phase[key], 1)
    if used and 0 <= who < g.n:
        jiu = _S(g, S_JIU, g.n)
        if jiu[who] is not None and _kind_ok(g, r[V_NAME], jiu[who][2]):
            if jiu[who][0] == g.turn_no:
                r[V_DMG] += jiu[who][1]
            jiu[who] = None


@prim
def record_used(g, f, strict, who, c):
    """使用者使用过此牌 (000:130): the card exists, its user is set."""
    if _is_v(c):
        _began(g, who, c, True)
    return _done(f, True)


@prim
def record_played(g, f, strict, who, c):
    if _is_v(c):
        _began(g, who, c, False)
    return _done(f, True)


@prim
def record_used_on(g, f, strict, who, group, c):
    return _done(f, True)


@prim
def did_not_use_needed(g, f, who, name):
    e = _S(g, S_NEED, g.n)[who] if 0 <= who < g.n else None
    r = e is None or not e[1]
    if r:
        _st(g)[S_FAIL] = who
    return r


@prim
def did_not_play_needed(g, f, who, name):
    return did_not_use_needed(g, f, who, name)


@prim
def first_not_played(g, f, name):
    v = _st(g)[S_FAIL]
    return NONE if v is None else v


@prim
def other_of_pair(g, f):
    """另一名角色: of the two roles of the 【决斗】 being resolved."""
    a = _st(g)[S_FAIL]
    fr = _flow(g, f, ("对当前目标的使用结算",))
    if fr is None:
        return NONE
    u, t = _slot(fr, 0), _slot(fr, 2)
    return t if a == u else u


@prim
def someone_played_thus(g, f, name):
    v = _get(f, X_LASTCARD)
    return v is not None and _kind_ok(g, _card_name_any(g, v), name)


# ---- starting a use or a play ------------------------------------------------------------

def _start_card(g, f, who, card, use, restrict=None):
    """甲使用/打出〔牌〕: inside 甲's need flow of that name, the card starts the
    use/play (000:197); otherwise its pre flow runs now."""
    if not _is_v(card):
        return _done(f, False)
    _sx(f)[X_LASTCARD] = card
    name = _rec(g, card)[V_NAME]
    need = _flow(g, f, ("需要使用牌",) if use else ("需要打出牌",))
    if need is not None and _slot(need, 0) == who and restrict is None:
        ctx = _ctx(g, need)
        if not ctx[C_STARTED] and _kind_ok(g, name, _slot(need, 1)):
            ctx[C_CARD] = card
            ctx[C_STARTED] = True
            ctx[C_DECLARED] = True
            st = g.stack
            t = _T(g)
            for i in range(len(st) - 1, -1, -1):
                fr = st[i]
                if fr is need:
                    break
                if fr.skill >= 0 and t.prog_kind.get(fr.prog) == "skill":
                    ctx[C_SKILL] = fr.id
                    break
            return _done(f, True)
    t = _T(g)
    cid = t.events.get("预使用" if use else "预打出")
    if cid is None:
        raise E.EngineError("the module has no event %s" % ("预使用" if use else "预打出"))
    c = _push_prog(g, f, cid, (who, name), who, None)
    _sx(c)[X_CTX] = _new_ctx(0, restrict, card, True, current_turn(g, f))
    return _pushed(f)


def _fit_equipment(g, f, who, card):
    """002:22-24: of the cards offered for 当〔名〕使用, an equipment card of the user whose
    attack range or skill the new card would need for a legal target cannot be chosen
    (关羽 with 【麒麟弓】 cannot use it as a 【杀】 on a role at distance 2)."""
    name = card.vname
    ms = _methods(g, name) if isinstance(name, int) and name >= 0 else ()
    if not ms:
        return card
    ctx = _ctx(g, f)
    restrict = ctx[C_RESTRICT] if ctx is not None else None
    ev = ctx[C_EV] if ctx is not None else None
    if ev is None:
        ev = current_turn(g, f)
    keep = []
    for c in card.group:
        if isinstance(c, int) and 0 <= c < len(g.cards) and g.where(c)[0] in E.EQUIP_ZONES:
            old = _AWAY[0]
            _AWAY[0] = (c,)
            try:
                ok = any(_target_options(g, who, name, mi, ev, restrict) is not None
                         for mi in range(len(ms)))
            finally:
                _AWAY[0] = old
            if not ok:
                continue
        keep.append(c)
    if len(keep) == len(card.group):
        return card
    return Pick(card.kind, keep, card.lo, card.hi, card.chooser, card.src, name)


@prim
def use_card(g, f, strict, who, card):
    if isinstance(card, Pick) and card.vname is not None:
        card = _fit_equipment(g, f, who, card)
    if _needs_resolve((who, card)):
        return _resolve(g, f, "use_card", strict, (who, card))
    return _start_card(g, f, who, card, True)


@prim
def play_card(g, f, strict, who, card):
    if _needs_resolve((who, card)):
        return _resolve(g, f, "play_card", strict, (who, card))
    return _start_card(g, f, who, card, False)


@prim
def use_card_on(g, f, strict, who, tgt, card):
    if _needs_resolve((who, tgt, card)):
        return _resolve(g, f, "use_card_on", strict, (who, tgt, card))
    if not (isinstance(who, int) and who >= 0 and g.players[who].alive):
        return _done(f, False)
    return _start_card(g, f, who, card, True, (tgt,))


def _push_need(g, f, who, name, use, restrict=None, method=0, ev=None):
    t = _T(g)
    cid = t.events.get("需要使用牌" if use else "需要打出牌")
    if cid is None:
        raise E.EngineError("the module has no event 需要使用牌/需要打出牌")
    c = _push_prog(g, f, cid, (who, name), who, ev)
    _sx(c)[X_CTX] = _new_ctx(method, restrict, None, False, ev if ev is not None
                             else current_turn(g, f))
    return c


@prim
def need_use_on(g, f, strict, who, tgt, name):
    """〔甲〕需对〔乙〕使用〔名〕 (000:86): a need-to-use event in whose pre-use
    nobody but 乙 is a legal target."""
    if _needs_resolve((who, tgt)):
        return _resolve(g, f, "need_use_on", strict, (who, tgt, name))
    if not (isinstance(who, int) and who >= 0 and g.players[who].alive):
        return _done(f, False)
    _need_note(g, who, name, False)
    _push_need(g, f, who, name, True, (tgt,) if isinstance(tgt, int) and tgt >= 0 else ())
    return _pushed(f)


@prim
def is_legal_target(g, f, tgt, who, name):
    """〔乙〕是〔甲〕使用〔名〕的合法目标 (000:78,80): by any of the name's 使用方法."""
    if not (isinstance(who, int) and 0 <= who < g.n and isinstance(tgt, int) and 0 <= tgt < g.n):
        return False
    ev = current_turn(g, f)
    return any(_target_options(g, who, name, mi, ev, (tgt,)) is not None
               for mi in range(len(_methods(g, name))))


@prim
def ask_in_turn_to_play(g, f, strict, who, group, name):
    """〔甲〕令〔乙〕依次选择是否打出〔名〕: each of them in turn (from the
    current-turn role) has a need-to-play event until one plays it; that card
    is then this frame's 此牌 (someone_played_thus)."""
    grp = [p for p in _group(g, f, group) if g.players[p].alive]
    if not grp:
        return _done(f, False)
    return _helper(g, f, OP_IN_TURN, [grp, name])


# ---- the hidden skills that use cards at their 使用时机 -------------------------------

def _usable(g, p, ev, tid, first=False):
    """[(name, method)] that p could start using at timing tid of event ev (with
    ``first``: stop at the first one, for a yes/no test)."""
    out = []
    sc = _scan_begin(g, p, ev, tid)
    if sc is not None:
        _scan_from(g, p, ev, tid, sc, 0, out, first)
    return out


# A scan is _scan_begin (what it reads once: the timing's subject, the 不可响应 list of the
# event's card, p's conversion skills, the names in p's hand) and then _scan_from over the
# timing's (name, method) list from an index on.
SC_SUBJ = 0
SC_NORESP = 1
SC_NAMES = 2   # the card names in p's hand
SC_CONV = 3    # p's conversion skills (_convert_skills_of)
SC_REACH = 4   # the names they can produce (a set; None: any name)
SC_MEMO = 5    # the status queries' answers during the scan (_MEMO)


def _scan_begin(g, p, ev, tid):
    """The scan state of _usable(g, p, ev, tid), or None when nothing can be usable."""
    t = _T(g)
    if not t.use_methods.get(tid, ()) or not g.players[p].alive:
        return None
    subj = NONE
    if ev is not None:
        v = _get(ev, X_SUBJ)
        if isinstance(v, int):
            subj = v
    if tid == t.idle and subj != p:
        return None
    if ev is not None:
        fl = _get(ev, X_FLAG)
        if isinstance(fl, list) and fl[0] is not None and p not in fl[0]:
            return None
    evcard = _card_of_event(g, ev) if ev is not None else None
    noresp = _rec(g, evcard)[V_NORESP] if _is_v(evcard) else ()
    conv = _convert_skills_of(g, p)  # p's conversion skills, collected once per scan
    reach = _NO_NAMES
    for e in conv:
        nm = e[2]
        if nm is None:
            reach = None
            break
        reach = reach | nm
    return [subj, noresp, _hand_names(g, p), conv, reach, {}]


_NO_NAMES = frozenset()


def _hand_names(g, p):
    names = set()
    for c in g.zone_cards(E.Z_HAND, p):
        names.add(g.card_name(c))
    return names


def _scan_from(g, p, ev, tid, sc, i, out, first):
    """Append to ``out`` the usable (name, method) of the timing's list from index i on
    (with ``first``: up to the first one); returns the index after the last one read."""
    old = _MEMO[0]
    _MEMO[0] = sc[SC_MEMO]
    try:
        return _scan_names(g, p, ev, tid, sc, i, out, first)
    finally:
        _MEMO[0] = old


def _scan_names(g, p, ev, tid, sc, i, out, first):
    t = _T(g)
    methods = t.use_methods.get(tid, ())
    subj = sc[SC_SUBJ]
    noresp = sc[SC_NORESP]
    conv = sc[SC_CONV]
    names = sc[SC_NAMES]
    reach = sc[SC_REACH]
    n = len(methods)
    while i < n:
        name, mi, cond = methods[i]
        i += 1
        if name not in names and reach is not None and name not in reach:
            # neither in hand nor a name p's conversion skills can produce: skip the name
            # before its use limits and condition are read (most scans at the 闪/无懈可击
            # window, and most card names at the idle points)
            continue
        blocked = False
        for who, n2 in noresp:
            if (who == p or who == ANY) and _kind_ok(g, name, n2):
                blocked = True
        if blocked:
            continue
        if _use_limited(g, p, name, mi):
            continue
        if cond is not None:
            pf = _frame0(p, ev)
            if not cond(g, pf):
                continue
        if name not in names:
            if not _can_convert(g, p, name, conv):
                continue
        # the targets are evaluated once: the options and the 你…时 test below read them
        v = _target_value(g, p, name, mi, ev)
        if _target_options_of(g, p, name, v, None) is None:
            continue
        if isinstance(v, int) and v == p and subj >= 0 and subj != p and tid != t.idle:
            # 你…时 with the target 你: the timing must be the user's own
            continue
        out.append((name, mi))
        if first:
            break
    return i


def _convert_skills(g):
    """(timing, skill, names) of every skill listening at 需要使用此牌时❶/❸ (fixed once the
    game exists): the conversion skills _can_convert tries, with the card names their
    condition can hold for (t.skill_names; None: any)."""
    t = _T(g)
    cs = t.convert_skills
    if cs is None:
        cs = tuple([(tid, sk, t.skill_names.get(sk.id)) for tid in t.need_use_timings
                    for sk in g.rs.by_timing[tid]])
        t.convert_skills = cs
    return cs


def _convert_skills_of(g, p):
    """The (timing, skill, names) of _convert_skills that p has (and are not invalidated)."""
    pl = g.players[p]
    out = []
    for e in _convert_skills(g):
        sk = e[1]
        sid = sk.id
        if pl.has[sid] > 0 and pl.invalid[sid] == 0:
            out.append(e)
    return out


def _can_convert(g, p, name, conv=None):
    """A skill of p listens at 需要使用此牌时❶/❸ for this card name (``conv``: p's
    _convert_skills_of, when the caller has it)."""
    t = _T(g)
    if conv is None:
        conv = _convert_skills_of(g, p)
    if not conv:
        return False
    cid = t.events.get("需要使用牌")
    if cid is None:
        return False
    pe = E.Frame(cid, 0)
    pe.slots = [p, name]
    pe.x = [None] * NX
    pe.x[X_SUBJ] = p
    for tid, sk, nm in conv:
        if nm is not None and name not in nm:
            continue   # its condition requires another 此牌名
        if sk.cond(g, p, pe, tid):
            return True
    return False


# The scan _use_cond stopped at its first usable card, for _use_run to go on with: (game,
# event, timing, owner, scan state (its query memo included), next index, found so far, and
# the game's serial, steps, pushed and popped counters at the scan).
#
# Why resuming it is as good as scanning again: the dispatcher (Game._dispatch) runs the
# hidden skill's condition in _candidates, asks whether to use it (the hidden skill is not
# forced, so it always asks), and on the answer _fire_skill creates and pushes the skill's
# frame, whose first step is _use_run at pc 0. _use_run resumes only if, since the scan,
#  * exactly two program steps ran through Game.step (g.steps + 2): the dispatcher's
#    resumption and this one;
#  * exactly one frame was created (g.serial + 1, and it is this frame) and pushed
#    (g.pushed + 1), none popped (g.popped): so the step between was the dispatcher's,
#    which only answered the decision and fired this skill (an inline run of programs,
#    _run_term or a status rule, pops what it runs and so changes g.popped);
#  * this frame is the same game, event, timing and owner, and the scan ran outside any
#    target evaluation or status query (_AWAY, _TC, _Q unset, as at a step).
# _fire_skill changes only what no scan reads: the dispatch frame's fired list (f.x), the
# hidden skill's use counts (g.skill_uses, g.n_skill_uses: read by Skill.cond (idle_slot) and
# idle_point_unused at the idle points, never by a card's condition, targets or use limit,
# nor by a conversion skill's condition, which sees a probe event without X_IDLE; the hidden
# skills have no use limit). Game state changes only in program steps: between a decision and
# its answer nothing runs (code that changes a game by hand while a decision is pending
# leaves the decision's own options stale as well). A game copy is another game object.
_RESUME = [None]


def _use_cond(g, owner, ev, t):
    sc = _scan_begin(g, owner, ev, t)
    if sc is None:
        return False
    out = []
    i = _scan_from(g, owner, ev, t, sc, 0, out, True)
    if not out:
        return False
    if not _AWAY[0] and _TC[0] is None and _Q[0] is None:
        _RESUME[0] = (g, ev, t, owner, sc, i, out, g.serial, g.steps, g.pushed, g.popped)
    return True


class _UseSkill(Skill):
    """The hidden card-use skill: Skill.cond's tests, then _use_cond called directly (a C
    call when compiled) rather than through condfn."""

    def test(self, g, owner, ev, t):
        return bool(_use_cond(g, owner, ev, t))


def _resumed(g, f):
    """The usable (name, method) of _use_run's frame f from the scan its condition stopped
    (see _RESUME), or None when that scan cannot be reused."""
    r = _RESUME[0]
    if r is None:
        return None
    _RESUME[0] = None
    if r[0] is not g or r[1] is not f.ev or r[2] != f.a or r[3] != f.owner:
        return None
    if f.id != r[7] + 1 or g.serial != r[7] + 1 or g.steps != r[8] + 2 or \
            g.pushed != r[9] + 1 or g.popped != r[10]:
        return None
    out = r[6]
    _scan_from(g, f.owner, f.ev, f.a, r[4], r[5], out, False)
    return out


def _use_run(g, f):
    t = _T(g)
    p = f.owner
    if f.pc == 0:
        opts = _resumed(g, f)
        if opts is None:
            opts = _usable(g, p, f.ev, f.a)
        if not opts:
            return 3
        _sx(f)[X_TMP] = opts
        if len(opts) == 1:
            f.pc = 2
            f.result = 0
        else:
            f.pc = 1
            labels = [g.rs.card_names[o[0]] for o in opts]
            return g.ask(E.Decision(E.D_OPTION, p, list(range(len(opts))),
                                    prompt="使用：" + "/".join(labels), data=labels))
    if f.pc == 1:
        f.result = g.ans
        f.pc = 2
    if f.pc == 2:
        name, mi = _get(f, X_TMP)[f.result]
        f.pc = 3
        _need_note(g, p, name, False)
        _push_need(g, f, p, name, True, None, mi, f.ev)
        return 1
    # after the use: 令下一个时机于一名角色进行响应后终止 (000:504)
    e = _S(g, S_NEED, g.n)[p]
    ev = f.ev
    if e is not None and e[1] and ev is not None:
        fl = _get(ev, X_FLAG)
        if isinstance(fl, list):
            fl[2] = p
            if fl[1]:
                st = g.stack
                i = len(st) - 2
                if i >= 0 and st[i].prog == 0:
                    g.terminate(st[i])
    return 3


def _idle_used(g, ev):
    v = _get(ev, X_IDLE) if ev is not None else None
    return v is not None and g.n_skill_uses > v


@prim
def idle_point_unused(g, f):
    """此空闲时间点没有发生使用事件: nothing was used at the last idle point the turn
    flow generated (000:55,57)."""
    return not _idle_used(g, _event_ctx(g, f))


# ---- responses: countering, effectiveness ------------------------------------------------

def _settlement_of(g, c, skip=None):
    """The innermost 对当前目标的使用结算 frame of card c."""
    st = g.stack
    for i in range(len(st) - 1, -1, -1):
        fr = st[i]
        if fr is not skip and _is_event(g, fr, "对当前目标的使用结算") and _slot(fr, 1, None) == c:
            return fr
    return None


@prim
def counter(g, f, strict, c):
    """抵消〔牌〕 (000:168-171): for its current target; with 须依次使用X张…才能抵消
    (〖无双①〗) only the X-th counter does, the earlier ones ask for another
    生效前 (000:170)."""
    if not _is_v(c):
        return _done(f, False)
    fr = _settlement_of(g, c)
    if fr is None:
        return _done(f, False)
    tgt = _slot(fr, 2)
    r = _rec(g, c)
    hits = r[V_HITS]
    for h in hits:
        if h[0] == tgt:
            break
    else:
        n = _query(g, Q_NEEDN, c, tgt)
        h = [tgt, 0, n if n > 1 else 1]
        hits.append(h)
    h[1] += 1
    if h[1] >= h[2]:
        if tgt not in r[V_COUNTERED]:
            r[V_COUNTERED].append(tgt)
    elif tgt not in r[V_EXTRA]:
        r[V_EXTRA].append(tgt)
    return _done(f, True)


def _cur_target(g, f):
    fr = _flow(g, f, ("对当前目标的使用结算",))
    return _slot(fr, 2) if fr is not None else NONE


@prim
def countered(g, f, c):
    return _is_v(c) and _cur_target(g, f) in _rec(g, c)[V_COUNTERED]


@prim
def needs_extra_effect_before(g, f, c, who):
    if not _is_v(c):
        return False
    ex = _rec(g, c)[V_EXTRA]
    if who in ex:
        ex.remove(who)
        return True
    return False


@prim
def is_ineffective(g, f, c, who):
    if not _is_v(c):
        return False
    r = _rec(g, c)
    if who in r[V_INEFF]:
        return True
    # the card's own 无效 rules (【桃园结义】) count at the second check only, after
    # 对当前目标使用结算开始时 (000:166-167)
    t = _T(g)
    if r[V_NAME] not in t.card_status or t.target_start < 0:
        return False
    ev = _event_ctx(g, f)
    tc = _get(ev, X_TCOUNT) if ev is not None else None
    if not tc or t.target_start not in tc[0::2]:
        return False
    q = [Q_INEFF, c, who, r[V_METHOD], 0]
    _card_status_run(g, r[V_NAME], r[V_USER], q, c)
    return q[4] != 0


@prim
def ineffective_to(g, f, strict, c, who):
    if not _is_v(c):
        return _done(f, False)
    r = _rec(g, c)
    if who not in r[V_INEFF]:
        r[V_INEFF].append(who)
    return _done(f, True)


@prim
def still_takes_effect(g, f, strict, c, who):
    """〔牌〕依然对〔乙〕生效 (〖贯石斧〗 at 被抵消后): its effect is executed for 乙
    (the use flow then ends for this target, 000:171-172)."""
    return run_card_effect(g, f, strict, who, c)


@prim
def cannot_respond_with(g, f, strict, who, name, c):
    if not _is_v(c):
        return _done(f, False)
    _rec(g, c)[V_NORESP].append((who, name))
    return _done(f, True)


@prim
def cannot_be_responded(g, f, strict, c, name):
    if not _is_v(c):
        return _done(f, False)
    _rec(g, c)[V_NORESP].append((ANY, name))
    return _done(f, True)


@prim
def run_card_effect(g, f, strict, who, c):
    """〔甲〕执行〔牌〕的作用效果 (000:175-176): the effect program of the card's
    method, its 你 = the user, in the settlement of the current target."""
    if not _is_v(c):
        return _done(f, False)
    r = _rec(g, c)
    ms = _methods(g, r[V_NAME])
    mi = r[V_METHOD] if r[V_METHOD] < len(ms) else 0
    if not ms or ms[mi][3] < 0:
        return _done(f, False)
    fr = _flow(g, f, ("对当前目标的使用结算",))
    e = g.new_frame(ms[mi][3], card_user(g, f, c), fr if fr is not None else f, -1)
    g.push_frame(e)
    _sx(f)[X_CHILD] = e
    return _pushed(f)


@prim
def ignore_armour_during(g, f, strict, who, c, tgt):
    """无视〔丙〕的防具技能 until 〔乙〕's use flow ends (002:380)."""
    if not _is_v(c) or not isinstance(tgt, int) or tgt < 0:
        return _done(f, False)
    r = _rec(g, c)
    t = _T(g)
    for z in g.zone_cards(E.Z_ARMOR, tgt):
        info = t.cards.get(g.card_name(z))
        for sname in (info[4] if info else ()):
            sid = g.rs.id_of("skill", sname)
            g.invalidate_skill(tgt, sid, True)
            r[V_IGNORE].append((tgt, sid))
    return _done(f, True)


@prim
def next_use_damage_base_plus(g, f, strict, who, name, x):
    _S(g, S_JIU, g.n)[who] = [g.turn_no, x, name]
    return _done(f, True)


@prim
def effect_channel(g, f):
    """此效果所属的牌或技能 (002:241): the card whose effect (or the skill whose
    sentences) the innermost running program executes."""
    t = _T(g)
    st = g.stack
    for i in range(len(st) - 1, -1, -1):
        fr = st[i]
        k = t.prog_kind.get(fr.prog)
        if k == "card":
            c = _card_ctx(g, fr)
            return c if c is not None else NONE
        if k in ("skill", "delayed"):
            return ("技能", fr.skill)
    return NONE


@prim
def damage_caused_by_effect_of(g, f, ev, cards):
    if ev is None:
        return False
    ch = _slot(ev, 4, None)
    if _slot(ev, 5, False):
        return False
    return ch is not None and not isinstance(ch, tuple) and ch in _cards(g, f, cards)


@prim
def damage_nature_is(g, f, ev, nature):
    return ev is not None and _slot(ev, 3, NAT_NONE) == nature


@prim
def chain_pending(g, f, ev):
    return ev is not None and bool(_get(ev, X_FLAG))


@prim
def set_chain_pending(g, f, strict, ev):
    if ev is None:
        return _done(f, False)
    _sx(ev)[X_FLAG] = True
    return _done(f, True)


# ---- judge --------------------------------------------------------------------------------

def _judge_frame(g, f):
    fr = f.ev if (f.ev is not None and _is_event(g, f.ev, "判定")) else None
    if fr is None and _is_event(g, f, "判定"):
        fr = f
    if fr is None:
        fr = _flow(g, f, ("判定",))
    return fr


@prim
def judge_card(g, f, who=None):
    fr = _judge_frame(g, f)
    v = _get(fr, X_JCARD) if fr is not None else None
    return NONE if v is None else v


@prim
def set_judge_card(g, f, strict, who, cs):
    fr = _judge_frame(g, f)
    cards = _cards_phys(g, cs)
    if fr is None or not cards:
        return _done(f, False)
    _sx(fr)[X_JCARD] = cards[0]
    return _done(f, True)


@prim
def fix_judge_result(g, f, strict):
    fr = _judge_frame(g, f)
    if fr is not None:
        _st(g)[S_LASTJ] = _get(fr, X_JCARD)
    return _done(f, True)


@prim
def judge_result(g, f):
    """结果: the judge card of the 判定 this timing belongs to, else of the last
    finished 判定 (the one the running effect just had done)."""
    if f.ev is not None and _is_event(g, f.ev, "判定"):
        v = _get(f.ev, X_JCARD)
        if v is not None:
            return v
    v = _get(f, X_JUDGE)
    if isinstance(v, int):
        return v
    v = _st(g)[S_LASTJ]
    return NONE if v is None else v


@prim
def replace_judge_card(g, f, strict, who, cards, old):
    """〔甲〕用〔乙〕代替〔丙〕 (〖鬼才〗): 乙 becomes the judge card; the replaced
    card is put into the 弃牌堆."""
    fr = _judge_frame(g, f)
    ph = _cards_phys(g, cards)
    if fr is None or not ph:
        return _done(f, False)
    _sx(fr)[X_JCARD] = ph[0]
    # the new judge card is the 判定 event's now: its default move discards it (判定.sgs,
    # 000:251), not the one of the skill that played it (skill_default_move)
    if g.where(ph[0])[0] == E.Z_PROCESS:
        ids = []
        for x in g.stack:
            ids.append(x.id)
            if x is fr:
                break
        _S(g, S_PROC, len(g.cards))[ph[0]] = tuple(ids)
    oldc = old if isinstance(old, int) and 0 <= old < len(g.cards) else NONE
    if oldc >= 0 and g.where(oldc)[0] == E.Z_PROCESS:
        return _move(g, f, who, (oldc,), 1, (E.Z_DISCARD, -1))
    return _done(f, True)


# ---- zones and moves --------------------------------------------------------------------------

@prim
def judge_zone_cards_lifo(g, f, who):
    return tuple(reversed(g.zone_cards(E.Z_JUDGE, who)))


@prim
def cards_on_general(g, f, who):
    return tuple(g.zone_cards(E.Z_GENERAL, who))


@prim
def generals_of(g, f, who):
    """The general cards are not game cards (no zone holds them): none to move."""
    return ()


ZK_GENERAL_DECK = -11
_const("zone_general_deck", (ZK_GENERAL_DECK, -1), "武将牌堆")


@prim
def cards_moved_to_processing_by(g, f, ev):
    if ev is None:
        return ()
    proc = _S(g, S_PROC, len(g.cards))
    return tuple([c for c in g.zone_cards(E.Z_PROCESS)
                  if proc[c] is not None and ev.id in proc[c]])


def _skill_use(g, fr):
    """Is frame fr a skill's use event: a skill's frame, or a need flow whose use/play a
    skill started (当…使用, 000:197), where that skill's use event goes on (C_SKILL)?"""
    t = _T(g)
    if fr.skill >= 0 and t.prog_kind.get(fr.prog) == "skill":
        return True
    if t.event_of.get(fr.prog) in ("需要使用牌", "需要打出牌"):
        x = fr.x
        return x is not None and x[X_CTX] is not None and x[X_CTX][C_SKILL] is not None
    return False


def _in_skill_use(g, fr):
    """Is some skill's use event running below frame fr (on the stack)?"""
    st = g.stack
    for i in range(len(st)):
        if st[i] is fr:
            return False
        if _skill_use(g, st[i]):
            return True
    return False


@prim
def outside_skill_use(g, f, ev):
    """〔事件〕不在技能的使用事件中 (000:251; see skill_default_move)."""
    return ev is not None and not _in_skill_use(g, ev)


@prim
def started_by_skill(g, f, who, name):
    """〔甲〕因技能而开始使用/打出〔名〕的牌: a skill's 当…使用/打出 started it (C_SKILL)."""
    ctx = _ctx(g, f)
    return ctx is not None and ctx[C_STARTED] and ctx[C_SKILL] is not None


@prim
def skill_default_move(g, f, strict):
    """000:251: before a skill's use event ends (its instant effects done: the last step of
    every skill program, lower.py), the system puts the cards still in the 处理区 that moves
    inside it put there into the 弃牌堆 — a 移动 event, its timings fire. Ruling (000:236,
    〖激将〗 answered through 〖丈八蛇矛〗): a skill use nested in another skill's use event leaves
    this to the enclosing one, so the outermost skill use event enclosing the moves does it;
    cards that moved on (used, discarded, taken) are not touched. A skill that started the
    use/play of a need flow (〖激将〗, 〖龙胆〗) has its use event go on through that flow's pre
    flow: the need flow does the move after it (需要使用.sgs, 需要打出.sgs). No card, no move:
    the skill's own verdict is left as it is."""
    cs = cards_moved_to_processing_by(g, f, f)   # first: the 处理区 is empty at most skill ends
    if not cs:
        return 0
    if _in_skill_use(g, f):   # also when f started the use/play of the need flow below it
        return 0
    _push_prog(g, None, _T(g).events["移动"], (NONE, cs, len(cs), _ZONE_DISCARD), f.owner, None)
    return 1


@prim
def trigger_move_two(g, f, strict, who, a, za, b, zb):
    """ONE 移动 of 乙 to 丙 and 丁 to 戊 (000:158)."""
    ca = _cards_phys(g, a)
    cb = _cards_phys(g, b)
    cid = _T(g).events.get("移动")
    if cid is None:
        raise E.EngineError("the module has no event 移动")
    c = _push_prog(g, f, cid, (who, ca + cb, len(ca) + len(cb), za), f.owner, None)
    x = _sx(c)
    x[X_DEST] = [(cc, zb) for cc in cb]
    return _pushed(f)


@prim
def trigger_move_face_down(g, f, strict, actor, cards, zone):
    cs = _cards_phys(g, cards)
    return _trigger(g, f, strict, "移动", (actor, cs, len(cs), zone))


@prim
def seal_zone(g, f, strict, z):
    s = _S(g, S_SEAL)
    if z not in s:
        s.append(z)
    return _done(f, True)


@prim
def unseal_zone(g, f, strict, z):
    s = _S(g, S_SEAL)
    if z in s:
        s.remove(z)
    return _done(f, True)


@prim
def slot_not_sealed(g, f, slot, group):
    """〔区〕不处于封印状态的〔甲〕."""
    out = []
    seal = _S(g, S_SEAL)
    for p in _group_keep(g, f, group):
        if (slot[0], p) not in seal:
            out.append(p)
    return _regroup(group, out)


@prim
def suppress_trigger_skills(g, f, strict):
    """所有角色的触发类技能于此操作执行时无效: the operations that follow are
    primitives that fire no timing, so nothing can trigger meanwhile."""
    return _done(f, True)


@prim
def put_top_or_bottom(g, f, strict, who, cards):
    """〔甲〕将〔乙〕以任意顺序置于牌堆顶或牌堆底: 甲 chooses the cards that go on top and
    their order, then the order of the others at the bottom (OP_ARRANGE)."""
    cs = [c for c in _cards_phys(g, cards) if g.where(c)[0] == E.Z_DRAW]
    if not cs:
        return _done(f, False)
    return _helper(g, f, OP_ARRANGE, [cs], who)


@prim
def revealed_cards(g, f):
    """亮出的牌: the cards revealed last that nobody took since (a card a target of
    【五谷丰登】 took is no longer among them): still in the 处理区 (or the 牌堆, before
    亮出 puts them into the 处理区)."""
    v = _st(g)[S_REVEALED]
    if v is None:
        return ()
    return tuple([c for c in v if g.where(c)[0] == E.Z_PROCESS or g.where(c)[0] == E.Z_DRAW])


@prim
def set_revealed_cards(g, f, strict, cs):
    _st(g)[S_REVEALED] = list(_cards_phys(g, cs))
    return _done(f, True)


@prim
def transfer_card(g, f, strict, who, c, tgt):
    """〔甲〕将〔乙：牌〕转移给〔丙〕: a card: 丙 replaces 甲 in its target list
    (〖流离〗); a physical card: moved to 丙's same zone."""
    if _needs_resolve((c, tgt)):
        return _resolve(g, f, "transfer_card", strict, (who, c, tgt))
    if _is_v(c):
        tg = _rec(g, c)[V_TARGETS]
        if who not in tg or not isinstance(tgt, int) or tgt < 0:
            return _done(f, False)
        tg[tg.index(who)] = tgt
        return _done(f, True)
    k, o = g.where(c)
    if k == E.Z_JUDGE:
        return _move(g, f, who, (c,), 1, (E.Z_JUDGE, tgt))
    return _move(g, f, who, (c,), 1, (E.Z_HAND, tgt))


@prim
def next_legal_target(g, f, who, c):
    """〔甲〕之后首名为〔乙〕的合法目标的角色 (002:348,409): the system's check only."""
    name = _card_name_any(g, c)
    p = who
    for i in range(g.n):
        p = (p + 1) % g.n
        if g.players[p].alive and _legal(g, NONE, name, p, None):
            return p
    return who


@prim
def equipment_of_category(g, f, who, cat):
    return tuple([c for c in cards_in_zone(g, f, (ZK_EQUIP, who)) if card_is(g, f, c, cat)])


@prim
def choose_equipment_of_category(g, f, who, x, cat):
    return Pick("cards", equipment_of_category(g, f, who, cat), x, x, f.owner)


@prim
def characters_with_equipment_of_category(g, f, cat, group):
    out = [p for p in _group_keep(g, f, group) if equipment_of_category(g, f, p, cat)]
    return _regroup(group, out)


@prim
def choose_hand_cards_of_suit_of(g, f, x, c):
    s = suit(g, f, c)
    hand = g.zone_cards(E.Z_HAND, f.owner)
    return Pick("cards", tuple([h for h in hand if s >= 0 and g.card_suit(h) == s]), x, x,
                -1, ("suit", s))


@prim
def one_each(g, f, group, sub):
    """〔角色组〕的各〔牌组〕: one pick of cards of each chosen role."""
    if isinstance(group, Pick):
        p = Pick("each", group.group, group.lo, group.hi, group.chooser,
                 sub.src if isinstance(sub, Pick) else "own")
        return p
    out = []
    for q in _group(g, f, group):
        out.extend(_pick_src(g, sub.src if isinstance(sub, Pick) else "own", q)[:1])
    return tuple(out)


def _pick_src(g, src, p):
    """The cards of role p a Pick built from ``src`` chooses among."""
    if src == "hand":
        return tuple(g.zone_cards(E.Z_HAND, p))
    if src == "areas":
        return own_cards(g, _PROBE, p) + tuple(g.zone_cards(E.Z_JUDGE, p))
    if isinstance(src, tuple):
        kind, v = src
        base = g.zone_cards(E.Z_HAND, p) if kind in ("hand_color", "suit") else \
            own_cards(g, _PROBE, p)
        out = []
        for c in base:
            if kind in ("color", "hand_color") and g.card_color(c) + COLOR_BASE == v:
                out.append(c)
            elif kind == "suit" and g.card_suit(c) == v:
                out.append(c)
            elif kind == "name" and _kind_ok(g, g.card_name(c), v):
                out.append(c)
        return tuple(out)
    return own_cards(g, _PROBE, p)


# ---- roles, turn, phase -----------------------------------------------------------------------

@prim
def armor(g, f, who):
    v = _S(g, S_ARMOR, g.n)[who]
    return 0 if v is None else v


@prim
def set_armor(g, f, strict, who, x):
    _S(g, S_ARMOR, g.n)[who] = x
    return _done(f, True)


@prim
def is_hidden_name(g, f, who):
    """身份局 has no hidden generals (隐匿 is 国战/其他模式)."""
    return False


@prim
def terminate_this_event(g, f, strict, who):
    fr = _flow(g, f, ("减体力上限", "加体力上限"))
    if fr is None:
        return _done(f, False)
    g.terminate(fr)
    return _done(f, True)


@prim
def remove_every_mark(g, f, strict, who, tgt):
    pl = g.players[tgt]
    for m in range(len(pl.marks)):
        if pl.marks[m]:
            g.add_mark(tgt, m, -pl.marks[m])
    return _done(f, True)


@prim
def timing_count(g, f, timing):
    ev = _event_ctx(g, f)
    tc = _get(ev, X_TCOUNT) if ev is not None else None
    if tc:
        for i in range(0, len(tc), 2):
            if tc[i] == timing:
                return tc[i + 1]
    return 0


def _dying_flag(g, f):
    ev = _event_ctx(g, f)
    x = _sx(ev)
    if not isinstance(x[X_FLAG], list):
        x[X_FLAG] = [None, False, NONE]
    return x[X_FLAG]


@prim
def set_ask_order(g, f, strict, group):
    """令下一个时机的询问顺序为〔甲〕: only these roles may respond (the core
    asks from the current-turn role counterclockwise: the same cyclic order)."""
    _dying_flag(g, f)[0] = tuple(_group(g, f, group))
    return _done(f, True)


@prim
def set_stop_after_response(g, f, strict):
    fl = _dying_flag(g, f)
    fl[1] = True
    fl[2] = NONE
    return _done(f, True)


@prim
def timing_had_response(g, f):
    return _dying_flag(g, f)[2] >= 0


@prim
def timing_responder(g, f):
    return _dying_flag(g, f)[2]


@prim
def any_can_respond(g, f, group):
    ev = _event_ctx(g, f)
    fl = _dying_flag(g, f)
    saved = fl[0]
    fl[0] = None
    try:
        tid = _T(g).dying_timing
        for p in _group(g, f, group):
            if _usable(g, p, ev, tid):
                return True
    finally:
        fl[0] = saved
    return False


def _turn_frame(g):
    st = g.stack
    for i in range(len(st) - 1, -1, -1):
        fr = st[i]
        if fr.flags & _F_TURN:
            return fr
    return None


@prim
def before_turn_end(g, f):
    tf = _turn_frame(g)
    if tf is None:
        return False
    t = _get(tf, X_TIMING)
    return t is None or t < _T(g).turn_end


@prim
def jump_to_turn_end(g, f, strict):
    """(000:542) the current turn goes on at 回合结束前❶ once the timing now
    processed is finished: every later operation of the turn flow before
    回合结束前❶ is skipped (see fire/call)."""
    tf = _turn_frame(g)
    if tf is None:
        return _done(f, False)
    x = _sx(tf)
    x[X_FLAG] = "cut"
    return _done(f, True)


def _turn_cut_skip(g, f, timing):
    """Operations of the turn flow that do not happen: after its role died
    (jump_to_turn_end) until 回合结束前❶.  (A skipped phase is checked by its
    own phase flow: 此阶段已被跳过, 回合.sgs.)"""
    x = _get(f, X_FLAG)
    if x == "cut":
        if timing >= 0 and timing >= _T(g).turn_end:
            _sx(f)[X_FLAG] = None
            return False
        return True
    return False


def _phase_cut(g):
    """The turn a phase flow belongs to is cut (its role died, 000:542)."""
    tf = _turn_frame(g)
    return tf is not None and _get(tf, X_FLAG) == "cut"


def _push_phase_event(g, f, ph, who, extra):
    """执行 准备阶段（甲） … : push the phase's event as a phase frame of the turn
    (F_PHASE, a = phase id; F_EXTRA for an extra phase, 002:359)."""
    t = _T(g)
    c = _push_prog(g, f, t.phase_prog[ph], (who,), f.owner, _event_ctx(g, f))
    c.flags = c.flags | _F_PHASE | (E.F_EXTRA if extra else 0)
    c.a = ph
    g.begin_phase(ph)
    return _pushed(f)


def _phase_frame(g):
    st = g.stack
    for i in range(len(st) - 1, -1, -1):
        fr = st[i]
        if fr.flags & _F_PHASE:
            return fr
        if fr.flags & _F_TURN:
            return None
    return None


@prim
def this_phase_skipped(g, f):
    """此阶段已被跳过 (002:360): the turn's phase of this name is skipped; an
    extra phase never is."""
    pf = _phase_frame(g)
    if pf is None or pf.flags & E.F_EXTRA:
        return False
    return g.is_skipped(pf.a)


@prim
def phase_before_timing_exists(g, f):
    """此阶段开始前这个时机存在 (002:361): not when this phase and the one before
    it in the turn are both skipped (an extra phase always has it)."""
    pf = _phase_frame(g)
    if pf is None or pf.flags & E.F_EXTRA:
        return True
    order = _T(g).phase_list
    prev = -1
    for i in range(len(order)):
        if order[i] == pf.a and i > 0:
            prev = order[i - 1]
    return g.before_timing_exists(prev, pf.a)


# ---- extra turns (002:345) and extra phases (002:359) ------------------------------

@prim
def gain_extra_turn(g, f, strict, who):
    """〔甲〕获得一个额外回合: the core's queue (the last one gained runs first,
    right after the current turn; extra turns never advance the round)."""
    if not isinstance(who, int) or who < 0 or not g.players[who].alive:
        return _done(f, False)
    g.grant_extra_turn(who)
    return _done(f, True)


@prim
def next_turn_player(g, f):
    """下一个进行回合的角色: the core's next turn, not consumed (g.peek_turn)."""
    return g.peek_turn()[0]


def _xph(g, who):
    """The extra-phase queue of the current turn if ``who`` is its role (and the turn
    goes on), else None."""
    tf = _turn_frame(g)
    if tf is None or tf.owner != who or _get(tf, X_FLAG) == "cut" \
            or not g.players[who].alive:
        return None
    x = _sx(tf)
    if x[X_XPH] is None:
        x[X_XPH] = []
    return x[X_XPH]


def _gain_extra_phase(g, f, before, who, a, b):
    q = _xph(g, who)
    if q is None or b not in _T(g).phase_prog:
        return _done(f, False)
    q.append([before, a, b])
    if g.log_level > 0:
        g.log_event({"e": "extra_phase", "p": who, "ph": g.rs.phase_names[b],
                     ("before" if before else "after"): g.rs.phase_names[a]})
    return _done(f, True)


@prim
def gain_extra_phase_before(g, f, strict, who, a, b):
    return _gain_extra_phase(g, f, True, who, a, b)


@prim
def gain_extra_phase_after(g, f, strict, who, a, b):
    return _gain_extra_phase(g, f, False, who, a, b)


def _xph_find(g, who, before, a):
    q = _xph(g, who)
    if q is None:
        return -1
    for i in range(len(q)):
        if q[i][0] == before and (a is None or q[i][1] == a):
            return i
    return -1


@prim
def has_extra_phase_before(g, f, who, a):
    return _xph_find(g, who, True, a) >= 0


@prim
def has_extra_phase_after(g, f, who, a):
    return _xph_find(g, who, False, a) >= 0


@prim
def has_late_extra_phase(g, f, who):
    return _xph_find(g, who, False, None) >= 0


def _run_extra_phase(g, f, who, before, a):
    i = _xph_find(g, who, before, a)
    if i < 0:
        return _done(f, False)
    q = _xph(g, who)
    b = q[i][2]
    del q[i]
    return _push_phase_event(g, f, b, who, True)


@prim
def run_extra_phase_before(g, f, strict, who, a):
    return _run_extra_phase(g, f, who, True, a)


@prim
def run_extra_phase_after(g, f, strict, who, a):
    return _run_extra_phase(g, f, who, False, a)


@prim
def run_late_extra_phase(g, f, strict, who):
    return _run_extra_phase(g, f, who, False, None)


def _push_turn_event(g, f, cid, args):
    """执行 回合（甲）: the core's turn bookkeeping (push_turn: turn number, round,
    counters, extra turns); it must be 甲's turn."""
    tf = g.push_turn(cid, -1)
    want = args[0] if args else NONE
    if tf.slots:
        tf.slots[0] = tf.owner
    if isinstance(want, int) and want >= 0 and want != tf.owner:
        raise E.EngineError("执行 回合（%d）: the core's turn order gives seat %d"
                            % (want, tf.owner))
    _st(g)[S_LASTTURN] = tf.owner
    _sx(f)[X_CHILD] = tf
    return _pushed(f)


def _in_play_phase(g):
    tf = _turn_frame(g)
    if tf is None:
        return False
    t = _get(tf, X_TIMING)
    tt = _T(g)
    return t is not None and tt.play_lo <= t <= tt.play_hi


@prim
def end_phase(g, f, strict, who):
    tf = _turn_frame(g)
    if tf is None:
        return _done(f, False)
    _sx(tf)[X_FLAG] = "ended"
    return _done(f, True)


@prim
def phase_not_ended(g, f):
    tf = _turn_frame(g)
    if tf is None:
        return False
    if not g.players[tf.owner].alive or _get(tf, X_FLAG) in ("ended", "cut"):
        return False
    return not _turn_cut_skip(g, tf, -1)


@prim
def end_phase_effects(g, f, strict):
    tf = _turn_frame(g)
    if tf is not None and _get(tf, X_FLAG) == "ended":
        _sx(tf)[X_FLAG] = None
    return _done(f, True)


@prim
def not_used_or_played_in_play_phase(g, f, who, name):
    t = _T(g)
    k = t.k_used.get(name, -1)
    return k < 0 or g.count(E.SC_TURN, who, k) == 0


@prim
def given_thus_this_phase(g, f, who):
    return g.count(E.SC_PHASE, who, _T(g).k_given)


@prim
def not_recovered_thus_this_phase(g, f, who):
    return g.count(E.SC_PHASE, who, _T(g).k_recovered) == 0


@prim
def draw_count_plus(g, f, strict, who, x):
    return _draw_mod(g, f, who, x, False)


@prim
def draw_count_minus(g, f, strict, who, x):
    return _draw_mod(g, f, who, -x, False)


@prim
def draw_count_set(g, f, strict, who, x):
    return _draw_mod(g, f, who, x, True)


def _draw_mod(g, f, who, x, setv):
    """令额定摸牌数…: for this 摸牌阶段 (a per-turn record the draw reads)."""
    tf = _turn_frame(g)
    if tf is None:
        return _done(f, False)
    k = _T(g).k_draw
    cur = g.count(E.SC_TURN, who, k)
    if setv:
        g.add_count(E.SC_TURN, who, _T(g).k_drawset, 1)
        g.add_count(E.SC_TURN, who, k, x - cur)
    else:
        g.add_count(E.SC_TURN, who, k, x)
    return _done(f, True)


def _mod_draw(g, owner, a, b):
    t = _T(g)
    if g.count(E.SC_TURN, a, t.k_drawset):
        return None
    d = g.count(E.SC_TURN, a, t.k_draw)
    return d if d != 0 else None


def _mod_draw_set(g, owner, a, b):
    t = _T(g)
    if g.count(E.SC_TURN, a, t.k_drawset):
        return g.count(E.SC_TURN, a, t.k_draw)
    return None


@prim
def repeat_skill(g, f, strict, who):
    """〔甲〕重复此流程 (〖洛神〗): the skill's program runs again from its start."""
    st = g.stack
    for i in range(len(st) - 1, -1, -1):
        fr = st[i]
        if fr.skill >= 0 and _T(g).prog_kind.get(fr.prog) == "skill":
            c = g.new_frame(fr.prog, fr.owner, fr.ev, -1)
            c.skill = fr.skill
            g.push_frame(c)
            _sx(f)[X_CHILD] = c
            return _pushed(f)
    # a delayed effect's frame: rerun the skill that added it
    return _done(f, False)


@prim
def order_choose_suit(g, f, strict, who, tgt):
    if _needs_resolve((tgt,)):
        return _resolve(g, f, "order_choose_suit", strict, (who, tgt))
    if not isinstance(tgt, int) or tgt < 0:
        return _done(f, False)
    _sx(f)[X_CHOSEN] = tgt
    return _helper(g, f, OP_ASK_THEN, [E.D_OPTION, [0, 1, 2, 3], 1, 1,
                                       ("选择一种花色", list(SUIT_TEXT)),
                                       "_set_suit", tgt], tgt)


def _set_suit(g, f, strict, ans, tgt):
    _S(g, S_SUIT, g.n)[tgt] = ans
    _sx(f)[X_CHOSEN] = tgt
    return _done(f, True)


_PRIMS["_set_suit"] = _set_suit


@prim
def chosen_suit(g, f, who):
    v = _S(g, S_SUIT, g.n)[who]
    return E.S_NONE if v is None else v


@prim
def first_chosen(g, f):
    """先选择的角色: the first of the roles chosen last (〖离间〗 "后选择的角色对先选择的角色…")."""
    ch = _st(g)[S_CHOSEN] or ()
    return ch[0] if ch else NONE


@prim
def last_chosen(g, f):
    """后选择的角色: the last of the roles chosen last."""
    ch = _st(g)[S_CHOSEN] or ()
    return ch[len(ch) - 1] if ch else NONE


# ---- 拼点 -----------------------------------------------------------------------------------------

@prim
def choose_pindian_targets(g, f, strict, who, x):
    grp = [p for p in g.alive_seats() if p != who and g.zone_cards(E.Z_HAND, p)]
    if not grp or not g.zone_cards(E.Z_HAND, who):
        fr = _flow(g, f, ("拼点",))
        if fr is not None:
            g.terminate(fr)
        return _done(f, False)
    return _helper(g, f, OP_ASK_THEN, [E.D_PLAYERS, grp, 1, x if x < len(grp) else len(grp), "拼点目标",
                                       "_set_pd_targets"], who)


def _set_pd_targets(g, f, strict, chosen):
    fr = _flow(g, f, ("拼点",))
    _sx(fr)[X_TMP] = [list(chosen), []]
    return _done(f, True)


_PRIMS["_set_pd_targets"] = _set_pd_targets


@prim
def pindian_targets(g, f):
    fr = _flow(g, f, ("拼点",))
    v = _get(fr, X_TMP) if fr is not None else None
    return tuple(v[0]) if v else ()


@prim
def choose_pindian_cards(g, f, strict, who, group):
    roles = [who] + list(_group(g, f, group))
    return _helper(g, f, OP_PINDIAN, [roles])


@prim
def pindian_cards(g, f, who, group):
    fr = _flow(g, f, ("拼点",))
    v = _get(fr, X_TMP) if fr is not None else None
    return tuple([c for p, c in v[1]]) if v else ()


@prim
def pindian_result(g, f, strict, a, b):
    fr = _flow(g, f, ("拼点",))
    v = _get(fr, X_TMP) if fr is not None else None
    if not v:
        return _done(f, False)
    pa = [c for p, c in v[1] if p == a]
    pb = [c for p, c in v[1] if p == b]
    if not pa or not pb:
        return _done(f, False)
    _sx(fr)[X_JUDGE] = (a, b, g.card_point(pa[0]) - g.card_point(pb[0]))
    return _done(f, True)


# ---- more helper ops ---------------------------------------------------------------------------------

def _helper_more(g, h, op, parent, s):
    if op == OP_PLAY_N:
        # slots: [who, name, n]; h.result: how many were played
        who = s[0]
        if h.pc == 1:
            e = _S(g, S_NEED, g.n)[who]
            if e is None or not e[1]:
                _set_exec(parent, False)
                return 3
            h.result += 1
        if h.result >= s[2]:
            _set_exec(parent, True)
            return 3
        h.pc = 1
        _push_prog(g, h, _T(g).events["需要打出牌"], (who, s[1]), h.owner, None)
        return 1
    if op == OP_GIVE_EACH:
        # slots: [roles, cards left]; X_TMP: the group chosen. 甲将这些牌交给任意角色: a group
        # of the cards, the role who gets it, the move; again until no card is left
        x = _sx(h)
        left = [c for c in s[1] if g.where(c)[0] >= 0]
        if h.pc == 1:
            x[X_TMP] = tuple(g.ans)
            h.pc = 2
            return g.ask(E.Decision(E.D_PLAYERS, h.b, list(s[0]), 1, 1, prompt="交给一名角色"))
        if h.pc == 2:
            tgt = g.ans[0] if isinstance(g.ans, (tuple, list)) else g.ans
            grp = x[X_TMP]
            s[1] = tuple([c for c in left if c not in grp])
            h.pc = 0
            return _move(g, h, h.b, grp, len(grp), (E.Z_HAND, tgt))
        left = [c for c in s[1] if g.where(c)[0] >= 0]
        if not left:
            _set_exec(parent, True)
            return 3
        if len(left) == 1:
            x[X_TMP] = tuple(left)
            h.pc = 2
            return g.ask(E.Decision(E.D_PLAYERS, h.b, list(s[0]), 1, 1, prompt="交给一名角色"))
        h.pc = 1
        return g.ask(E.Decision(E.D_CARDS, h.b, left, 1, len(left), prompt="交给一名角色的牌"))
    if op == OP_ARRANGE:
        # slots: [cards of the draw pile]; X_TMP: those chosen for the top. Who puts several
        # cards on the top or the bottom of the draw pile decides their order (001:479): two
        # ordered choices, each listed from the top down; the bottom's only when it has two.
        x = _sx(h)
        if h.pc == 0:
            h.pc = 1
            return g.ask(E.Decision(E.D_CARDS, h.b, list(s[0]), 0, len(s[0]),
                                    prompt="置于牌堆顶的牌（由上至下）", ordered=True))
        if h.pc == 1:
            top = tuple(g.ans)
            rest = [c for c in s[0] if c not in top]
            x[X_TMP] = top
            h.pc = 2
            if len(rest) > 1:
                return g.ask(E.Decision(E.D_CARDS, h.b, rest, len(rest), len(rest),
                                        prompt="置于牌堆底的牌（由上至下）", ordered=True))
            bottom = tuple(rest)
        else:
            top = x[X_TMP]
            bottom = tuple(g.ans)
        if top:
            g.move(tuple(reversed(top)), E.Z_DRAW, -1)   # the last one moved is the top
        if bottom:
            g.move(bottom, E.Z_DRAW, -1, True)           # the last one moved is the bottom
        _set_exec(parent, True)
        return 3
    if op == OP_ASK_THEN:
        # slots: [kind, options, lo, hi, prompt or (prompt, labels), then-name, then-args...]
        if h.pc == 0:
            h.pc = 1
            prompt = s[4]
            labels = None
            if isinstance(prompt, tuple):
                prompt, labels = prompt
            return g.ask(E.Decision(s[0], h.b, list(s[1]), s[2], s[3], prompt=prompt,
                                    data=labels))
        if h.pc == 1:
            h.pc = 2
            st = _PRIMS[s[5]](g, h, True, g.ans, *s[6:])
            if st:
                return st
        _copy_verdict(g, h, parent)
        return 3
    if op == OP_IN_TURN:
        # slots: [roles, name]; X_TMP: index of the next role
        x = _sx(h)
        if h.pc == 0:
            x[X_TMP] = 0
            h.pc = 1
        else:
            who = s[0][x[X_TMP] - 1]
            e = _S(g, S_NEED, g.n)[who]
            if e is not None and e[1] and e[2] is not None:
                _sx(parent)[X_LASTCARD] = e[2]
                _set_exec(parent, True)
                return 3
        while x[X_TMP] < len(s[0]):
            who = s[0][x[X_TMP]]
            x[X_TMP] += 1
            if not g.players[who].alive:
                continue
            _need_note(g, who, s[1], False)
            _push_need(g, h, who, s[1], False)
            return 1
        _set_exec(parent, False)
        return 3
    if op == OP_PINDIAN:
        # slots: [roles]; each chooses one hand card (in order; answers are secret)
        fr = _flow(g, parent, ("拼点",))
        tmp = _get(fr, X_TMP) if fr is not None else None
        if tmp is None:
            _set_exec(parent, False)
            return 3
        if h.pc > 0:
            tmp[1].append((s[0][h.pc - 1], g.ans[0]))
        while h.pc < len(s[0]):
            who = s[0][h.pc]
            h.pc += 1
            hand = g.zone_cards(E.Z_HAND, who)
            if hand:
                return g.ask(E.Decision(E.D_CARDS, who, list(hand), 1, 1, prompt="拼点的牌"))
        _set_exec(parent, True)
        return 3
    raise E.EngineError("bad helper op %r" % op)


# ---- fire hooks ------------------------------------------------------------------------------------

def _first_timing(g, f):
    """The first timing an event generates: 伤害值基数 and 回复值 modifiers of
    the card that causes it (【酒】, 〖救援〗)."""
    t = _T(g)
    name = t.event_of.get(f.prog)
    if name == "伤害":
        ch = _slot(f, 4, None)
        if _is_v(ch) and not _slot(f, 5, False):
            d = _rec(g, ch)[V_DMG]
            if d:
                f.slots[2] = f.slots[2] + d
    elif name == "回复体力":
        who = _slot(f, 0)
        c = _card_ctx(g, f)
        if _is_v(c):
            d = _query(g, Q_RECOVER, c, who)
            if d:
                f.slots[1] = f.slots[1] + d
        if _in_play_phase(g) and who >= 0:
            g.add_count(E.SC_PHASE, who, t.k_recovered, 1)


def _after_fire(g, f, timing, st):
    """The card rules (执行动作, 额外说明) of 此牌 at this timing of a flow about it
    (【五谷丰登】's 亮出, 【闪电】 被抵消后): they run before the skills of the timing."""
    t = _T(g)
    if timing not in t.flow_rule_timings:
        return st
    c = _card_of_event(g, f)
    if not _is_v(c):
        return st
    r = _rec(g, c)
    rules = t.card_flow_rules.get((r[V_NAME], r[V_METHOD], timing))
    if rules is None:
        return st
    owner = r[V_USER]
    pushed = 0
    for k in range(len(rules) - 1, -1, -1):
        cond, prog = rules[k]
        if cond is not None:
            pf = _frame0(owner, f)
            if not cond(g, pf):
                continue
        a = g.new_frame(prog, owner, f, -1)
        _sx(a)[X_LASTCARD] = c
        g.push_frame(a)
        pushed = 1
    return 1 if pushed else st


# ---- card rules (额外说明 / 执行动作 sentences, docs/decisions/0005-card-rules.md) --------------

def _finish_card_rules(rs, t):
    """Index the card rules registered with the cards (register_card)."""
    timings = set()
    for n in sorted(t.cards):
        ms = t.cards[n][5]
        for mi in range(len(ms)):
            for rt, kind, rc, rp in ms[mi][4]:
                if kind == "status":
                    t.card_status[n] = t.card_status.get(n, ()) + ((mi, rp),)
                elif kind == "targets":
                    t.card_target_rules[(n, mi)] = t.card_target_rules.get((n, mi), ()) + (rp,)
                elif kind == "flow":
                    key = (n, mi, rt)
                    t.card_flow_rules[key] = t.card_flow_rules.get(key, ()) + ((rc, rp),)
                    timings.add(rt)
    t.flow_rule_timings = frozenset(timings)


def everyones_skills(t):
    """The hidden skills every character has: using cards at their 使用时机, the card
    rules offered to a holder."""
    return [t.use_skill[tid] for tid in sorted(t.use_skill)] + sorted(t.held_rules)


def kinds(g):
    """Card name id -> the names it is a kind of: the status rules "此牌是一种【名】"
    (000:92 火【杀】、雷【杀】), asked once per ruleset."""
    t = _T(g)
    if t.kinds is None:
        t.kinds = {}
        for n in sorted(t.card_status):
            q = [Q_KIND, n, None, -1, ()]
            _card_status_run(g, n, -1, q)
            if q[4]:
                t.kinds[n] = tuple(q[4])
        # the names a status rule may speak for (their own, or one of their kinds')
        t.rule_names = frozenset([n for n in t.cards if n in t.card_status or
                                  any([k in t.card_status for k in t.kinds.get(n, ())])])
    return t.kinds


def _card_status_run(g, name, owner, q, card=None):
    """Run the status rules of card name ``name`` for query q (q[3]: the method,
    -1 for every method) with ``owner`` as their 你."""
    for mi, prog in _T(g).card_status.get(name, ()):
        if q[3] < 0 or q[3] == mi:
            _run_rule(g, prog, owner, q, card)


def _run_rule(g, prog, owner, q, card):
    _run_query_program(g, prog, owner, q, -1, card)


def _use_limited(g, p, name, mi):
    """A use limit of the card (额外说明 "你于…使用【名】的次数上限为X") is reached for p
    using ``name`` by method ``mi`` at its 使用时机; the rules of the names it is a kind
    of apply too (火【杀】 counts as a 【杀】)."""
    ks = kinds(g).get(name, ())  # (computes t.rule_names once)
    t = _T(g)
    if name not in t.rule_names:
        return False
    for k in range(-1, len(ks)):
        n = name if k < 0 else ks[k]
        if n in t.card_status:
            q = [Q_LIMIT, p, name, mi if k < 0 else 0, 0]
            _card_status_run(g, n, p, q)
            if q[4]:
                return True
    return False


def _limit_reached(g, q, who, name, x, scope):
    if q is None or q[0] != Q_LIMIT or q[1] != who or not _kind_ok(g, q[2], name):
        return
    t = _T(g)
    key = (name, q[3])
    if scope == E.SC_PHASE:
        if not _in_play_phase(g):
            return
        k = t.k_use_phase.get(key, -1)
    else:
        k = t.k_use_turn.get(key, -1)
    if k >= 0 and g.count(scope, who, k) >= x:
        if scope == E.SC_PHASE and _query(g, Q_UNLIMIT, who, q[2]):
            return  # 无次数限制 (〖诸葛连弩〗, 〖咆哮〗)
        q[4] = 1


@prim
def use_limit_in_play_phase(g, f, strict, who, name, x):
    """〔甲〕于出牌阶段内使用〔名〕的次数上限为X (【杀】; lifted by 无次数限制)."""
    _limit_reached(g, _q(), who, name, x, E.SC_PHASE)
    return _done(f, True)


@prim
def use_limit_per_turn(g, f, strict, who, name, x):
    """〔甲〕于每回合内使用〔名〕的次数上限为X (【酒】（使用方法①）)."""
    _limit_reached(g, _q(), who, name, x, E.SC_TURN)
    return _done(f, True)


@prim
def kind_of(g, f, strict, c, name):
    """〔此牌〕是一种〔名〕 (000:92): answers the kinds query (kinds())."""
    q = _q()
    if q is not None and q[0] == Q_KIND and name not in q[4]:
        q[4] = tuple(q[4]) + (name,)
    return _done(f, True)


@prim
def ineffective_to_unhurt_targets(g, f, strict, c):
    """〔此牌〕对对应的角色未受伤的目标无效 (【桃园结义】, 000:167): answers the 无效
    query of the second check (is_ineffective)."""
    q = _q()
    if q is not None and q[0] == Q_INEFF and isinstance(q[2], int) and 0 <= q[2] < g.n:
        pl = g.players[q[2]]
        if pl.hp >= pl.maxhp:
            q[4] = 1
    return _done(f, True)


def _held_cond(n, rc):
    """A card rule offered to a holder: owner has a hand card of card name n and the
    rule's timing conditions hold."""
    def cond(g, owner, ev, tid):
        if not _hand_of_name(g, owner, n, True):
            return False
        return rc is None or rc(g, probe(g, owner, ev, tid))
    return cond


def _held_run(g, f):
    """Run the rule with 此牌 = the hand card of its name the holder chooses."""
    n, rc, rp = _T(g).held_rules[f.skill]
    if f.pc == 0:
        cards = _hand_of_name(g, f.owner, n, True)
        if not cards:
            return 3
        f.pc = 1
        if len(cards) > 1:
            return g.ask(E.Decision(E.D_CARDS, f.owner, cards, 1, 1, prompt=g.rs.skills[f.skill].name))
        g.ans = [cards[0]]
    if f.pc == 1:
        a = g.ans
        c = a[0] if isinstance(a, (list, tuple)) else a
        f.pc = 2
        ch = g.new_frame(rp, f.owner, f.ev, -1)
        _sx(ch)[X_LASTCARD] = c
        g.push_frame(ch)
        return 1
    return 3


@prim
def apply_target_restrictions(g, f, strict, who, c):
    """〔甲〕按〔此牌〕的目标限制进行选择 (000:122): the card's 目标限制 sentences, once per
    chosen target in list order, with 其 = that target (【借刀杀人】 同时选择…)."""
    if not _is_v(c):
        return _done(f, True)
    r = _rec(g, c)
    progs = _T(g).card_target_rules.get((r[V_NAME], r[V_METHOD]))
    if not progs:
        return _done(f, True)
    pushed = 0
    tg = list(r[V_TARGETS])
    for i in range(len(tg) - 1, -1, -1):
        if not isinstance(tg[i], int) or tg[i] < 0:
            continue
        for k in range(len(progs) - 1, -1, -1):
            a = g.new_frame(progs[k], who, _event_ctx(g, f), -1)
            _sx(a)[X_CHOSEN] = tg[i]
            _sx(a)[X_LASTCARD] = c
            g.push_frame(a)
            pushed = 1
    return _pushed(f) if pushed else _done(f, True)


@prim
def legal_targets(g, f, who, name):
    """〔甲〕使用〔名〕的合法目标 (000:80,122): the characters 甲 could choose as targets
    of a card of that name (its 使用目标 and the legality rules)."""
    if isinstance(who, Pick):
        who = who.group[0] if len(who.group) == 1 else NONE
    if not isinstance(who, int) or who < 0:
        return ()
    opt = _target_options(g, who, name, 0, current_turn(g, f), None)
    return () if opt is None else tuple(opt[1])


@prim
def choose_with_use(g, f, strict, who, group):
    """〔甲〕同时选择〔乙〕 (目标限制, 【借刀杀人】): 甲 chooses one character of the group
    with the current target 其; 甲选择的角色 in the card's effect is it."""
    grp = _group(g, f, group)
    c = _get(f, X_LASTCARD)
    tgt = _get(f, X_CHOSEN)
    if not grp or not _is_v(c):
        return _fail_pre(g, f) if strict else _done(f, False)
    return _helper(g, f, OP_ASK_THEN, [E.D_PLAYERS, list(grp), 1, 1, "同时选择", "_set_with", c, tgt], who)


def _set_with(g, f, strict, chosen, c, tgt):
    _rec(g, c)[V_WITH][tgt] = chosen[0] if chosen else NONE
    return _done(f, True)


_PRIMS["_set_with"] = _set_with
_PRIMS["choose_option"] = choose_option
_PRIMS["_call_resolved"] = _call_resolved
_PRIMS["add_delayed"] = add_delayed
_PRIMS["ask_yesno"] = ask_yesno

# The primitives prims.pxd declares cpdef (typed, C calls from the generated units): Cython
# drops their @prim decorator when compiling, so they are registered here as well
_TYPED_PRIMS = (
    eq, owner, moving_cards, this_card_name, move_origin, zone_equip, this_card,
    other_characters, count_cards, move_destination, targets_empty, distance_minus,
    all_players, is_delayed_trick, virtual_card_of, is_judge_zone, target_list,
    is_faction_trick, not_legal_target, moved_off_prescribed_zone, card_name_is, card_is,
    all_of, choose_move_cards, choose_one_character, move_cards, set_keep_zone,
    physical_cards, zone_hand, distance_plus, has_extra_phase_before, has_extra_phase_after,
    this_phase_skipped, phase_before_timing_exists, cards_in_zone, started_use, lt,
    phase_not_ended, in_attack_range, gt, idle_point_unused, is_ineffective, is_equipment,
    enclosing_damage, zone_discard, zone_processing, alive_characters, play_phase, draw_phase,
    discard_phase, prepare_phase, judge_phase, finish_phase, use_limit_in_play_phase,
    use_limit_per_turn, kind_of, own_cards, current_turn, seat_number, choose_hand_cards,
    is_damage_event, hand_limit, at_least,
)
for _fn in _TYPED_PRIMS:
    _PRIMS[_fn.__name__] = _fn

IMPLEMENTED = frozenset([n for n in _PRIMS if not n.startswith("_")])


def missing(names):
    """The names among ``names`` (e.g. a module's PRIMITIVES) not implemented."""
    return sorted([n for n in names if n not in IMPLEMENTED])
