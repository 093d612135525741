# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""The foundation every room speaks: value encodings (seats, ANY/OTHER, Pick, the frame scratch
indexes X_*, the root state S_*, virtual-card fields V_*), the runtime tables (Tables, Rules, _T),
the registry of primitives (prim, alias) and the executed flag of docs/ir.md.

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import array
import sys

import cython

from core import engine as E
from core.engine import Frame
from core.ruleset import Ruleset

if cython.compiled:   # the slot lists dead frames left (base._sx takes its scratch there)
    from cython.cimports.core.spares import (SCRATCH_N, kept_scratch, kept_scratch_at,
                                             kept_slots_at)
    from cython.cimports.cpython.ref import Py_REFCNT, PyObject
    # spares' pointers to its spare scratches and slot lists: _sx takes one inline (spares.pxd's
    # kept_scratch)
    _SLOTS_AT = cython.declare(cython.pointer(cython.pointer(PyObject)), kept_slots_at())
    _SCRATCH_AT = cython.declare(cython.pointer(cython.pointer(PyObject)), kept_scratch_at())
    # a kept frame answered again as a new one (keptframe.pxd: _frame0's, usable's _scan_frame's)
    from cython.cimports.core.prims.keptframe import (bare_frame, frame_ints_new,
                                                      frame_objs_new, kept_evs_let_go)
    # the dead Picks new_pick takes (pickpool.pxd, step 149d)
    from cython.cimports.core.prims.pickpool import (pick_clear, pick_dealloc0, pick_group,
                                                     pick_keeps, pick_own, pick_set_given,
                                                     pick_take)
    from cython.cimports.cpython.ref import Py_DECREF
    from cython.cimports.cpython.object import PyTypeObject
    from cython.cimports.cpython.list import PyList_GET_ITEM
    # an int of one digit read in place (subject_matches)
    from cython.cimports.core.prims.smallint import one_digit_long
    # the game's stack's size and item, borrowed (executed)
    from cython.cimports.core.engine import stack_at, stack_size
else:
    PyObject = object   # (_pick_dealloc's annotation: a C type compiled)


CORE_ABI = 1


# ---- values ----------------------------------------------------------------------------------


# The roles by which the runtime reads the frames of a flow whose name the books do not share
# (`事件 … 原语 ROLE`, compiler.checker.EVENT_ROLES): Tables.events maps a role to its flow too.
EV_CARD_MOVE = "card_move"     # moving cards (000 移动, 001 巧变)


EV_PIECE_MOVE = "piece_move"   # moving a piece on the board (001 移动)


EVENT_ROLES = (EV_CARD_MOVE, EV_PIECE_MOVE)


NONE = -1


ANY = -2      # 一名角色 / 任意角色 as a timing subject: anybody


OTHER = -3    # 其他角色 as a timing subject: anybody but the skill's owner


ROLE_LORD = 0


ROLE_LOYALIST = 1


ROLE_REBEL = 2


ROLE_RENEGADE = 3


# 战棋 (001:23,31): a role's 身份 is its camp, 暖方 or 冷方 (ROLE_WARM + the camp's index)
ROLE_WARM = 4


ROLE_COLD = 5


ROLE_NAMES = ("主公", "忠臣", "反贼", "内奸", "暖方", "冷方")


NAT_NONE = 0


NAT_FIRE = 1


NAT_THUNDER = 2


NAT_ICE = 3


NATURE_NAMES = ("普通", "火焰", "雷电", "冰冻")   # by NAT_* (people-facing texts)


ZK_EQUIP = -10   # (ZK_EQUIP, p): the whole 装备区 of p


ZK_GENERAL_DECK = -11   # (ZK_GENERAL_DECK, -1): 武将牌堆 (zones.zone_general_deck)


# ---- the kinds of status query (Status._query): here, so that every room asking one reads
# its kind as a global of its own (a room's attribute was a lookup at every query)


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


Q_SUIT = 12     # (physical card, its holder, printed suit): the suit it counts as + 1 (〖红颜〗)


Q_HANDLIMIT = 13  # (role): 手牌上限+X (〖血裔〗)


Q_USEPLUS = 14  # (role, card name): 使用…的次数上限+X


Q_NOUSE = 15    # (role, card name): 不能使用


Q_EQUIP = 16    # (role, card name): 视为装备着 (〖八阵〗)


Q_DISTPLUS = 17  # (user, card name): its 使用目标's 距离为X reaches +X further (〖断粮〗)


SUIT_TEXT = ("黑桃", "梅花", "红桃", "方块")   # by suit id (E.SPADE …)


SUIT_NAMES = {"黑桃": 0, "梅花": 1, "红桃": 2, "方块": 3, "spade": 0, "club": 1,
              "heart": 2, "diamond": 3}


EQUIP_SUBTYPE_ZONE = {"武器": E.Z_WEAPON, "防具": E.Z_ARMOR, "进攻坐骑": E.Z_HORSE_ATK,
                      "-1马": E.Z_HORSE_ATK, "防御坐骑": E.Z_HORSE_DEF, "+1马": E.Z_HORSE_DEF,
                      "宝物": E.Z_TREASURE,
                      # 战棋 (001:297): one 坐骑区 for both kinds of 坐骑
                      "坐骑": E.Z_HORSE_ATK}


# frame flags (from E.F_USER up)
F_NOTEXEC = 512      # the last operation of this frame was not executed


F_CHILDEXEC = 1024   # the last operation pushed a frame: its verdict is g.ret


# a turn frame's state (core.prims.turns, which alone writes them; at most one of the two): its
# turn is cut (its role died, 000:542: jump_to_turn_end), or its current phase ended (end_phase).
# Bits of its flags, which flow and decisions test at every timing and operation of the turn flow
F_CUT = 2048


F_ENDED = 4096


# the zone kinds the move flow tests at every card (moves, zones, values); compiled, base.pxd's
# enum (gcc's constants, step 267a), checked here to be the engine's; the equipment kinds are one
# range (checked here: the tests are two compares)
_ZONE_KINDS = (E.Z_HAND, E.Z_DISCARD, E.Z_PROCESS, E.Z_GENERAL, E.EQUIP_ZONES[0],
               E.EQUIP_ZONES[-1], ZK_EQUIP, ZK_GENERAL_DECK)
if not cython.compiled:
    (_Z_HAND, _Z_DISCARD, _Z_PROCESS, _Z_GENERAL, _Z_EQUIP_FIRST, _Z_EQUIP_LAST, _ZK_EQUIP,
     _ZK_GENERAL_DECK) = _ZONE_KINDS
elif _ZONE_KINDS != (_Z_HAND, _Z_DISCARD, _Z_PROCESS, _Z_GENERAL, _Z_EQUIP_FIRST, _Z_EQUIP_LAST,
                     _ZK_EQUIP, _ZK_GENERAL_DECK):
    raise ImportError("core.prims.base: base.pxd's zone kinds (_Z_HAND … _ZK_GENERAL_DECK) are "
                      "not the engine's")


if E.EQUIP_ZONES != tuple(range(E.EQUIP_ZONES[0], E.EQUIP_ZONES[-1] + 1)):
    raise AssertionError("the equipment zone kinds are not one range: %r" % (E.EQUIP_ZONES,))


# scratch indexes of f.x (a frame's last timing, its subject and the timings so far, and the
# frame its last operation pushed, are fields of the Frame: core/engine.pxd); compiled,
# base.pxd's enum (gcc's constants, step 284), checked here to be these ints
_X_INDEXES = tuple(range(13))
if not cython.compiled:
    X_JUDGE = 0    # the last judge of this frame: a card id, or the 判定 event frame
    X_CHOSEN = 1   # the role chosen last (其)
    X_CARDS = 2    # the cards chosen/moved last (这些牌 / 此次移动的牌)
    # judge event frames: the judge card; move events: [card, origin, card, origin …], one
    # card's a tuple (card, origin) (decision 0129)
    X_JCARD = 3
    X_DEST = 4     # move event frames: per-card destination overrides [card, zone, card, zone …]
    X_STATE = 5    # root frame: game-level runtime state (a list, see S_*)
    X_XPH = 6      # turn frames: the extra phases gained this turn, [before?, A, B, role] in order
    X_LASTCARD = 7  # the card this frame used/played/showed last (此牌 of a skill)
    # unused since step 161 (free for another slot): a use or need flow's context is its frame's
    # field y (use._ctx, decision 0133)
    X_CTX = 8
    X_TMP = 9      # helper scratch
    # frame-specific flags/data (a move: its verdict; 伤害: 连环 pending; 濒死: ask order …)
    X_FLAG = 10
    # turn frames: the skill uses so far when its last 出牌阶段内的空闲时间点 was fired
    X_IDLE = 11
    # move events: the cards moved (move_cards' tuple) when no origin in X_JCARD is an equipment
    # zone, else None: written with X_JCARD (zones.roles_losing_equipment)
    X_KEPTEQUIP = 12
elif (X_JUDGE, X_CHOSEN, X_CARDS, X_JCARD, X_DEST, X_STATE, X_XPH, X_LASTCARD, X_CTX, X_TMP, X_FLAG,
      X_IDLE, X_KEPTEQUIP) != _X_INDEXES:
    raise ImportError("core.prims.base: base.pxd's scratch indices (X_*) are not base.py's")


NX = 13


# base.pxd's constants of five of them (_sx's fill, fire's quiet path, the verdicts): the same
if cython.compiled and (NX, NX, X_FLAG, F_CUT, F_NOTEXEC, F_CHILDEXEC) != (
        NX_CONST, SCRATCH_N, X_FLAG_CONST, F_CUT_CONST, NOTEXEC_CONST, CHILDEXEC_CONST):
    raise ImportError("core.prims.base: base.pxd's NX_CONST, spares.pxd's SCRATCH_N, "
                      "X_FLAG_CONST, F_CUT_CONST, NOTEXEC_CONST, CHILDEXEC_CONST are not NX, NX, "
                      "X_FLAG, F_CUT, F_NOTEXEC, F_CHILDEXEC")


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


S_ORDER = 18   # (skill frame id, guard): that frame's choice of roles is ordered (order_matters)


S_DYING_ALONE = 19  # True: in a dying settlement only its own role counts as dying (003:43)


S_BOARD = 20   # the board of a game played on one (core.prims.board: squares, pieces, flags, scores)


S_PILE = 21    # per physical card on a general: the id of its name (名称 “创”), or None


S_LASTPILE = 22  # per name id: the card that got that name last (此“创”)


S_LASTING = 23   # lasting effects (Status.add_lasting): [owner, program, turn number]


S_PINDIAN = 24   # the results of the last 拼点: [initiator, [(target, initiator's point - target's)], flow, cards]


S_REGARDED = 25  # per role: the card names it is regarded as equipping (〖八阵〗), their skills held


S_TRANSFER = 26  # [pending, damage frames that are transfers] (000:399-400, mark_next_damage_transferred)


S_DISCARDED = 27  # per physical card put from a role's hand or equipment into the discard pile
#                   by that role (its 弃置): (role, id of the phase frame then), else None


S_AVATAR = 28  # per role: [{名称 id: [general indexes held aside]}, the general declared, its skill ids]
#                (〖化身〗: general cards not in play, one declared, one of its skills had)


NS = 29


VBASE = 1 << 20   # virtual card handles: VBASE + record index


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


V_NODIST = 19    # made 无距离限制 (〖神速〗's 视为使用无距离限制的【杀】): its targets ignore distance


V_SRC = 20       # the source of the damage it causes, set by a skill (〖祸首②〗, 002:239), or None


NV = 21


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


OP_QUESTION = 12   # 质疑: each role of a group in turn answers yes/no (〖蛊惑〗)


class SpecRuntimeError(Exception):
    """An exception raised while running a generated program, with the spec
    position (``path:line:col``) of the instruction first in its message."""


class NoSuchRole(Exception):
    """A spec read an attribute of a role that does not exist (NONE: 来源 of a damage without a
    source, 其 before a role was chosen …); spec_error puts the spec line in front."""


class AbiMismatch(E.EngineError):
    pass


# Picks come and go at every choice and card test (~3,500 in sgs bench's six games): compiled, a
# freelist keeps the memory of 16 dead ones for the next (no allocator call; the directive must be
# here, with cclass, not in base.pxd: decision 0033). Not known to the garbage collector (no_gc:
# no tracking at each Pick's birth and death, step 149c): a Pick holds values only — a kind and
# a card name (str), counts and a chooser (int), a group of seats, cards or names (a tuple), a
# source pair of ints, names and None — nothing that can hold it back, so no cycle passes through
# it (docs/decisions/0124)
@cython.no_gc
@cython.freelist(16)
@cython.cclass
class Pick:
    """A choice still to be made: ``kind`` "players"/"cards", candidates
    ``group`` (a tuple), ``lo``..``hi`` of them; ``chooser`` -1 = the owner."""

    def __init__(self, kind, group, lo=1, hi=1, chooser=-1, src=None, vname=None):
        _pick_fill(self, kind, group, lo, hi, chooser, src, vname)

    def __repr__(self):
        return "Pick(%s, %r, %d..%d)" % (self.kind, self.group, self.lo, self.hi)


@cython.cfunc
@cython.inline
@cython.exceptval(-1)
def _pick_fill(pk: "Pick", kind, group, lo, hi, chooser, src, vname, /) -> cython.int:
    """A Pick's fields (Pick.__init__ and new_pick). Compiled, a static function of this module
    (base.pxd does not declare it) that gcc inlines in new_pick (~3,000 Picks in the six games of
    `sgs bench --what instructions`: no call each, step 114c4)."""
    pk.kind = kind
    pk.group = tuple(group)
    pk.lo = lo
    pk.hi = hi
    pk.chooser = chooser
    # src: how the group was built from the implied subject's cards (zones.SRC_*: a
    # (kind, value) pair): an operation whose actor is another role rebuilds it from the
    # actor's cards (choose_move_cards, owned_by)
    pk.src = src
    # vname: a card name: the answer becomes a virtual card of that name (当…使用)
    pk.vname = vname
    return 0


def new_pick(kind, group, lo, hi, chooser, src, vname, /):
    """Pick(kind, group, lo, hi, chooser, src, vname) for the rooms: compiled, a C call that
    makes the object without the type's call (its arguments packed, __init__ called through
    the type: ~600 instructions a Pick), a dead Pick kept by _pick_dealloc when there is one,
    its fields written raw (pickpool.pxd, step 149d)."""
    if cython.compiled:
        # tuple(group) as a new reference the kept Pick's field takes (pickpool.pxd: no
        # reference taken and dropped by a local, step 162)
        grp: cython.pointer(PyObject) = pick_group(group)
        o: cython.pointer(PyObject) = pick_take()
        if o != cython.NULL:
            pick_set_given(o, kind, grp, lo, hi, chooser, src, vname)
            return cython.cast(Pick, pick_own(o))
        Py_DECREF(cython.cast(object, grp))
    pk: Pick = Pick.__new__(Pick)
    _pick_fill(pk, kind, group, lo, hi, chooser, src, vname)
    return pk


@cython.cfunc
@cython.exceptval(check=False)
def _pick_dealloc(o: cython.pointer(PyObject), /) -> cython.void:
    """Compiled, Pick's tp_dealloc: a dead Pick (not a subclass's) kept for new_pick while the
    pool has room, its fields dropped (pickpool.pxd), else Cython's (its freelist). A C function
    in the type's slot, as spares' _frame_dealloc."""
    if pick_keeps(o, cython.cast(cython.pointer(PyObject), Pick)):
        pick_clear(o)
        return
    pick_dealloc0(o)


if cython.compiled:   # Pick's tp_dealloc made _pick_dealloc (Cython's kept for the rest)
    pick_dealloc0 = cython.cast(cython.pointer(PyTypeObject), Pick).tp_dealloc
    cython.cast(cython.pointer(PyTypeObject), Pick).tp_dealloc = _pick_dealloc


# ---- the runtime's registers -----------------------------------------------------------------
# What a target evaluation, a status query or a usability scan in progress tells the primitives
# it runs: one-element lists, set and restored around the call. Here in base (not in the rooms
# that set them) so that every room reads them as C globals when compiled (base.pxd), not as
# another module's attributes.

class _Targeting:
    """The card whose targets are evaluated or chosen now: one object (_TG) whose fields the
    rooms set and restore around the evaluation; compiled, a C struct's fields (base.pxd),
    so setting and reading them makes no tuple and boxes no flag (step 47: they were three
    one-element lists, the first holding a (user, name, free) tuple made at every
    Targets._target_value)."""

    def __init__(self):
        # on: a card's targets are evaluated (Targets._target_value), by ``user``, of the card
        # named ``name``; ``free``: a use 对乙 on the target of a card the user is using
        # (000:90), whose distance-relation rules do not apply (Roles._tc_free)
        self.on = False
        self.user = None
        self.name = None
        self.free = False
        # the card whose targets are chosen (Targets.choose_targets) was made 无距离限制
        # (V_NODIST, 〖神速〗's 视为使用无距离限制的【杀】)
        self.nodist = False
        # the card whose targets are chosen, the c of the Q_LEGAL queries it asks: a status
        # rule on its colour (〖帷幕〗, Status.not_legal_target_of_colour); None otherwise
        self.card = None
        # the evaluation only asks whether the card has a legal target (the usability scan,
        # Targets._target_value's ``first``): a filter under a pick of one role may answer the
        # first legal target it finds instead of its whole group (Roles.in_attack_range_one)
        self.first = False

    def evaluated(self, /):
        """(user, name, free) of the evaluation in progress, or None (the form of the register
        it replaced: what usable._Needed saves, and tests read)."""
        return (self.user, self.name, self.free) if self.on else None

    def set_evaluated(self, tc, /):
        """Sets what evaluated() answered (None: no evaluation)."""
        if tc is None:
            self.on, self.user, self.name, self.free = False, None, None, False
        else:
            self.on = True
            self.user, self.name, self.free = tc


_TG = _Targeting()


def _targeting():
    """_TG, for Python code (tests): compiled, the register is a C global of this module, not
    one of its attributes."""
    return _TG


# 002:22: the equipment cards among the physical cards of the card whose targets are chosen;
# meanwhile they provide no attack range (Status._mod_range) and no equipment skill (_query)
_AWAY = [()]


# the status query being answered (Status._query: [kind, a, b, c, answer])
_Q = [None]


# ---- tables ----------------------------------------------------------------------------------


# copy.copy'd by prims.games._game_rules: Cython's pickling kept for it (the core's other classes
# have none: auto_pickle=False, core/build.py)
@cython.auto_pickle(True)
@cython.cclass
class Tables:
    """What ``register(rs)`` builds: generated id -> core id maps and the
    data of events, cards, decks and generals."""

    def __init__(self):
        self.prog = []          # the core ids of the generated programs, in registration order
        self.prog_kind = {}     # core program id -> "event"/"term"/"skill"/"card"/"mode"/"delayed"
        self.events = {}        # event name -> core program id
        self.event_of = {}      # core program id -> event name
        # the same by program id, as tables the hot paths index (no hash; register.py keeps
        # them with the dicts; decision 0028): its kind as its PK_* int (PROG_KINDS), its
        # event's EVI_* id (EVENT_IDS) or EVI_NONE, the phase its event is (or -1), whether its
        # frame is an event context (1: an event or a mode). C int arrays, read by _by_prog as
        # C data when compiled (step 52: a list's item was a Python int unboxed at each of
        # ~36,000 reads in six games)
        self.prog_kinds = array.array("i")
        self.prog_evis = array.array("i")
        self.prog_phases = array.array("i")
        self.prog_is_ev = array.array("i")
        self.event_params = {}  # event name -> (parameter name, type) in slot order
        self.event_role = {}    # core program id -> its runtime role (EVENT_ROLES), if any
        self.skill_tags = {}    # skill id -> tags
        self.skill_owner = {}   # skill id -> general name
        self.cards = {}         # card name id -> (type, subtype, range, effect prog, skills)
        self.decks = {}         # deck name -> tuple of (name id, suit, point)
        self.deck_order = []
        self.generals = {}      # name -> (faction, sex, hp, lord, skills)
        self.general_order = []
        self.maps = {}          # map name -> (width, height, square kinds) (地图, core.prims.board)
        self.map_order = []
        self.map_texts = {}     # map name -> each square's text (board.square_texts)
        self.pack = None        # names of the generals the mode deals from (None: the default)
        self.general_pack = {}  # name -> its pack (the folder under specs/generals/)
        self.pile_names = ()    # 名称 “创”: the names cards on a general may have, by id
        self.suit_rules = ()    # the status rules that change suits (〖红颜〗): Cards.phys_suit
        self.grant_skills = []  # skills granting other characters an action (〖黄天〗)
        self.target_timings = frozenset()   # timings of a card's current target whose 其 is it
        self.delayed_conds = {}  # core program id of a delayed effect -> its timing's condition
        self.offered_delayed = []   # (program, timing, skill name) of delayed effects offered as skills
        self.equip_names = ()   # the card names whose cards have equipment skills (视为装备)
        self.opt_delayed = {}   # such a program -> its hidden skill 〖名·延时〗
        self.opt_delayed_prog = {}  # the hidden skill -> its program
        self.granted = {}       # hidden skill 〖名·授〗 id -> (the granting skill's id, its condition)
        self.default_pack = None   # the names of the DEFAULT_PACK's generals (None: all)
        self.helper = -1        # core id of the <prims> helper program
        self.root = -1
        self.turnloop = -1
        self.dturn = -1         # the trivial turn program
        self.delayed_skill = {}  # timing id -> hidden skill id
        self.delayed_prog = -1
        self.finished = False
        self.kinds = None       # card name id -> names it is a kind of (火【杀】 -> 【杀】); see kinds()
        self.card_status = {}   # card name id -> ((method, program, answer_bits, one operation or None), …): status rules (额外说明)
        self.use_limits = None  # by card name id: the names whose status rules speak for it (Status.kinds)
        # by card name id (register.finish, from ``cards``; None before): its methods, ``cards``'
        # entry's item 5 or () (Targets._methods), and 1 where it is a 延时锦囊 (Targets._is_delayed)
        self.name_methods = None
        self.delayed_names = None
        # by card name id: its entry of ``cards`` or None (register.finish, cards._card_info),
        # and the names it is a kind of or None (``kinds`` by id: cards._kinds_by_id, at a game's
        # first ask; None before)
        self.card_infos = None
        self.kind_names = None
        self.card_flow_rules = {}  # Register._flow_rule_key(card name id, method, timing id) -> ((condition, program), …)
        self.flow_rule_timings = frozenset()
        self.flow_rule_at = array.array("i")  # by timing id: 1 where flow_rule_timings has it, 2 the idle point
        self.held_rules = {}    # hidden skill id -> (card name id, condition, program)
        self.card_target_rules = {}  # (card name id, method) -> programs of its 目标限制
        self.target_start = -1  # 对当前目标使用结算开始时
        self.aim_timings = frozenset()  # 指定目标时, 指定目标后 (其 = the target)
        self.source_timings = frozenset()  # the source's timings of a damage (其 = the damaged)
        self.k_use_phase = []   # by card name id: by method, the counter of uses in this play phase
        self.k_use_turn = []    # by card name id: by method, the counter of uses in this turn
        self.use_skill = {}     # timing id -> hidden skill using cards at that timing
        self.use_prog = -1      # their program (<使用牌>): a use it starts is at the card's 使用时机
        self.use_methods = {}   # timing id -> [(card name id, method index, condition)]
        self.use_index = {}     # timing id -> by card name id: its indices in use_methods[tid]
        self.status_skills = ()  # 锁定技 without a timing: rules read on demand
        self.lord_skills = frozenset()  # 主公技: only while the owner's role is 主公
        self.skill_ops = {}     # skill id -> operations its program can run (register_skill)
        self.skill_names = {}   # skill id -> the card names its condition can hold for (register_skill)
        self.status_by_query = []  # by query kind: the status skills that may answer it
        self.held_owners = []   # by query kind: what its held rules read (Status._held_owners)
        self.skill_direct = {}  # status skill id -> (operation, readings) of a program of one (register_skill)
        self.status_direct = {}  # status skill id -> its one operation (Status.direct_rule)
        self.skill_owner_args = {}  # status skill id -> {(operation, argument index) holding 你}
        self.status_owner_at = {}  # query kind -> {status skill id: the query's indices its owner must be at}
        self.active_skills = ()  # skills without a timing used at the idle points
        self.need_use_timings = ()
        self.convert_skills = None  # (timing, skill, names) at need_use_timings (_convert_skills)
        self.convert_held = None  # those somebody has, kept per held_skills list (usable._convert_skills_of)
        self.idle = self.turn_end = self.play_lo = self.play_hi = -1
        self.ev_move = -2       # the program of the event playing EV_CARD_MOVE (register_event*)
        self.ev_turn = -2       # the program of the event 回合 (register_event)
        self.dying_timing = self.prep_done = -1
        self.k_given = self.k_recovered = self.k_draw = self.k_drawset = -1
        self.k_sha = -1
        self.phase_ranges = ()  # (phase id, first timing, last timing)
        self.phase_ids = ()     # turns._PHASE_KEYS' ids (turns._phase_ids), once finished
        self.phase_list = ()    # phase ids in turn order (准备阶段 … 结束阶段)
        self.phase_prev = array.array("i")   # by phase id: the phase before it in phase_list, or -1
        self.phase_event = {}   # core program id of a phase's event (事件 准备阶段 …) -> phase id
        self.phase_prog = {}    # phase id -> core program id of its event
        self.k_used = []        # by card name id: the counter of uses/plays in the play phase


# copy.copy'd by prims.games._game_rules: Cython's pickling kept for it (the core's other classes
# have none: auto_pickle=False, core/build.py)
@cython.auto_pickle(True)
@cython.cclass
class Rules(Ruleset):
    """A Ruleset with room for the runtime tables (``sgs``; the engine's Ruleset has none)."""

    def __init__(self):
        Ruleset.__init__(self)
        self.sgs = None


E.plain_rules(Rules)   # a game of exactly this kind may be plain (G_PLAIN: engine.plain_bit)


def _T(g, /):
    rs = g.rs
    if type(rs) is not Rules:
        _no_tables(g)
    return cython.cast(Rules, rs).sgs


def _no_tables(g, /):
    """_T of a game whose ruleset has no runtime tables (the core's own rulesets: core.bench,
    the core's toy)."""
    raise TypeError("the runtime's primitives need a game of a P.new_ruleset() ruleset, not %r"
                    % type(g.rs).__name__)


# ---- errors ----------------------------------------------------------------------------------


def spec_error(exc, where, pc, /):
    """The exception to raise for ``exc`` raised at instruction ``pc`` of a
    program whose positions are ``where``."""
    if isinstance(exc, SpecRuntimeError):
        return exc
    pos = where[pc] if 0 <= pc < len(where) else "<pc %d>" % pc
    return SpecRuntimeError("%s: %s: %s" % (pos, type(exc).__name__, exc))


def spec_error_raised(where, pc, /):
    """In a finally clause that an exception leaves (a unit's program, condition or reading): raise
    spec_error of that exception, from it, as an ``except Exception`` clause would; an EngineError,
    a spec error already (a program run within its caller's run, Game.run_pushed, raised it: it
    names its own line and its cause) and what is not an Exception go on as they are."""
    exc = sys.exc_info()[1]
    if isinstance(exc, Exception) and not isinstance(exc, (E.EngineError, SpecRuntimeError)):
        raise spec_error(exc, where, pc) from exc


# ---- frames, scratch, executed flag, timing subjects -----------------------------------------


def _sx(f, /):
    """Frame f's scratch: a list of NX slots (made on first use; compiled, a dead frame's list
    when there is one: spares.pxd's kept_scratch, inline, ~3,900 scratches in the six games of
    `sgs bench --what instructions`), which the rooms write unchecked at an X_* index
    (put_slot): a shorter list (a dispatcher frame's, dispatch._fire_skill) is refused here,
    never written past its end."""
    if cython.compiled:
        # (f.x read in place, no reference taken and dropped by a local; the refusal a call of
        # its own, which the common path's registers do not pay for; step 162)
        if cython.cast(cython.pointer(PyObject), f.x) == cython.cast(cython.pointer(PyObject), None):
            # a dead frame's scratch, its Nones as they are, else a slot list of Nones (step 276a)
            f.x = kept_scratch(_SCRATCH_AT, _SLOTS_AT)
            return cython.cast(list, f.x)
    x = f.x
    if x is None:   # (uncompiled)
        x = [None] * _NX
        f.x = x
    elif len(x) < _NX:
        return _no_scratch(f)
    return x


@cython.cfunc
def _no_scratch(f: Frame, /) -> list:
    """_sx's refusal of a shorter scratch (its EngineError)."""
    raise E.EngineError("frame %d (program %d) has no scratch of %d slots" % (f.id, f.prog, _NX))


def put_slot(s, i, v, /):
    """s[i] = v: the slot write of the rooms and the units uncompiled (a unit uncompiled may run
    on the compiled core: tests/flows). Compiled code cimports the C macro of
    core/prims/slots.pxd instead."""
    s[i] = v


# The units' id readings uncompiled (compiled, core/prims/idtable.pxd's C forms; compiler.emit's
# boxed_ref, ids_block and owner_ref): an id of the unit's table as it is, a seat as its int, the
# table's boxed ids a tuple of its ints.
def _idbox(ids, k, n, /):
    return ids[k]


def _intbox(v, /):
    return v


def box_ids(o, v, n, /):
    return tuple(v)


@cython.boundscheck(False)   # i is tested against the list's length below
@cython.wraparound(False)
def _get(f, i, /):
    """Scratch slot i of frame f (X_*), None when f has no scratch list or a shorter one (the
    dispatcher's frames keep the skills they fired in theirs: dispatch._fire_skill)."""
    x = f.x
    if type(x) is not list:
        return None
    xs = cython.cast(list, x)
    if i < 0 or i >= len(xs):
        return None
    return xs[i]


def _set_exec(f, ok, /):
    fl = f.flags & ~(_NOTEXEC | _CHILDEXEC)
    if not ok:
        fl |= _NOTEXEC
    f.flags = fl


def _done(f, ok, /):
    """An operation finished without pushing: record the verdict, status 0."""
    _set_exec(f, ok)
    return 0


def _pushed(f, /):
    """An operation pushed a generated frame: its verdict is read from g.ret."""
    f.flags = (f.flags & ~_NOTEXEC) | _CHILDEXEC
    return 1


def executed(g, /):
    """Did the last operation of the running frame execute (fully, when
    strict)?"""
    if not g.stack:
        # the core reads lists unchecked once compiled (core/build.py): no frame, no operation
        raise E.EngineError("executed: no frame is running")
    if cython.compiled:
        # the running frame's flags read in place (the stack holds frames only): no reference
        # taken and dropped by a local, no type test (~1,300 asks; step 180b), the stack read
        # borrowed (engine.pxd's stack_size and stack_at: Cython's temporaries took a reference
        # for the len and the item; step 189e)
        fl = cython.cast(Frame, stack_at(g, stack_size(g) - 1)).flags
    else:
        f = g.stack[len(g.stack) - 1]
        fl = f.flags
    if fl & _CHILDEXEC:
        return _verdict(g, g.ret, 0)
    return not (fl & _NOTEXEC)


def _verdict(g, r, depth, /):
    """Was the finished frame r's operation executed?  Prevented/terminated
    flows are not; a term's verdict is the one of its last operation (through
    the frame that operation pushed); a 移动 that moved no card is not."""
    if r is None:
        return True
    if r.flags & (_F_PREVENTED | _F_TERMINATED):
        return False
    t = _T(g)
    kind = _prog_kind(t, r.prog)
    if kind == _PK_TERM:
        if r.flags & _NOTEXEC:
            return False
        if (r.flags & _CHILDEXEC) and depth < 50:
            return _verdict(g, r.child, depth + 1)
        return True
    if kind == _PK_EVENT and t.ev_move == r.prog:
        v = _get(r, X_FLAG)
        return v is None or bool(v)
    return True


_PROBE = E.Frame(0, 0)


def probe(g, owner, ev, t, skill=-1, /):
    """The reusable frame skill conditions evaluate in (no allocation); ``skill``: the skill
    whose condition it is (002:27: the equipment giving it is in use, Moves.equipment_busy)."""
    p = _PROBE
    p.owner, p.ev, p.a, p.skill = owner, ev, t, skill
    return p


# the frames _frame0 answers when nothing else holds them (compiled; steps 118a, 162): a
# reading's frame lives for one evaluation (~3,500 in the six games of `sgs bench --what
# instructions`), each a spare frame taken and reset at its death where one of these is taken
# again; two, for an evaluation inside another (a status query's reading: ~500 a new frame each)
_F0 = E.Frame(0, 0)
if cython.compiled:
    _F1 = cython.declare(Frame, E.Frame(0, 0))


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _frame0_free(f: Frame, /) -> cython.bint:
    """Compiled: whether the kept frame f (_frame0's local copy of _F0 or _F1) may be answered
    again: the kept reference and that local's are its only two (no caller still evaluates in
    it, none kept it: a frame that escaped is never written again) and no clone copies it (twin:
    a clone's pointer). Its fields _frame0 writes again (keptframe.pxd: an object field a
    reading wrote, its scratch or slots, dropped — nobody else can read it; decision 0134)."""
    return Py_REFCNT(f) == 2 and f.twin == cython.NULL


def _frame0(owner, ev, /):
    """E.Frame(0, 0) with its owner and event: the frame a card method's condition, targets or
    rule is evaluated in. Compiled, the kept frame _F0, else _F1, when nothing else holds it
    (_frame0_free), its fields made a new frame's, else a new one without the type call
    (keptframe.pxd's bare_frame), which becomes _F1 (_F1 then _F0, the older left to its
    holders). The caller's reference makes it its own while it evaluates: an evaluation inside
    another takes the other kept frame, a third level a new one."""
    global _F0
    if cython.compiled:
        global _F1
        f = _F0
        if not _frame0_free(f):
            f = _F1
            if not _frame0_free(f):
                f = bare_frame()
                _F0 = _F1
                _F1 = f
                f.owner = owner
                f.ev = ev
                return f
        frame_objs_new(f)   # (keptframe.pxd: each a test when None, as a new frame's)
        frame_ints_new(f)
        f.owner = owner
        f.ev = ev
        return f
    f = Frame(0, 0)
    f.owner = owner
    f.ev = ev
    return f


def release_kept_frames(c, /):   # compiled: usable's release of a finished frame (step 260a)
    kept_evs_let_go(cython.cast(cython.p_void, _PROBE), cython.cast(cython.p_void, _F0),
                    cython.cast(cython.p_void, _F1), c)   # by pointer (step 266a)


# a program's kind (its name's prefix: register._kind_of_name) as an int, its place in
# PROG_KINDS: what Tables.prog_kinds holds and _prog_kind answers, so the rooms compare C ints
# where they compared the kind's name (t.prog_kind keeps the names, for the tools)
PROG_KINDS = ("event", "term", "skill", "delayed", "card", "mode", "other")
PK_NONE = -1   # a program registered without a kind (rs.program, not register_program)
PK_EVENT, PK_TERM, PK_SKILL, PK_DELAYED, PK_CARD = 0, 1, 2, 3, 4
# the frame flags, program kinds, the virtual cards' index and base as the rooms read them:
# compiled, base.pxd's enum (gcc's constants, step 270a), checked here to be these ints
_CONSTS = (NX, F_NOTEXEC, F_CHILDEXEC, F_CUT, F_ENDED, E.F_TERMINATED, E.F_PREVENTED, E.F_TURN,
           E.F_PHASE, E.F_EXTRA, PK_NONE, PK_EVENT, PK_TERM, PK_SKILL, PK_DELAYED, PK_CARD, S_VC,
           VBASE)
if not cython.compiled:
    (_NX, _NOTEXEC, _CHILDEXEC, _F_CUT, _F_ENDED, _F_TERMINATED, _F_PREVENTED, _F_TURN, _F_PHASE,
     _F_EXTRA, _PK_NONE, _PK_EVENT, _PK_TERM, _PK_SKILL, _PK_DELAYED, _PK_CARD, _S_VC,
     _VBASE) = _CONSTS
elif _CONSTS != (_NX, _NOTEXEC, _CHILDEXEC, _F_CUT, _F_ENDED, _F_TERMINATED, _F_PREVENTED,
                 _F_TURN, _F_PHASE, _F_EXTRA, _PK_NONE, _PK_EVENT, _PK_TERM, _PK_SKILL,
                 _PK_DELAYED, _PK_CARD, _S_VC, _VBASE):
    raise ImportError("core.prims.base: base.pxd's constants (_NX … _VBASE) are not base's")


def _by_prog(a, cid, none, /):
    """Item ``cid`` of a table by program id (Tables.prog_kinds …, a C int array), or ``none``
    past its end (a program registered without that entry). Compiled, the item is read as C
    data, as the engine reads its int tables (no Python int to unbox)."""
    if 0 <= cid < len(a):
        if cython.compiled:
            return a.data.as_ints[cid]
        return a[cid]
    return none


def _prog_kind(t, cid, /):
    """The kind of program ``cid`` (PK_*: t.prog_kind's name's place in PROG_KINDS; PK_NONE for
    a program registered without one), read from the table by program id."""
    return _by_prog(t.prog_kinds, cid, _PK_NONE)   # _PK_NONE: a C constant (PK_NONE a global)


# the events the rooms test a frame for (its program's event), each as an int, its place here:
# what Tables.prog_evis holds by program id (register_event fills it) and _prog_evi answers, so
# the rooms compare C ints where they compared the event's name. A ruleset without one of them
# (a test's toy ruleset) has no program of that id: the test answers no
EVENT_IDS = ("对当前目标的使用结算", "使用", "打出", "延时锦囊牌的特殊使用", "预使用", "预打出",
             "需要使用牌", "需要打出牌", "伤害", "判定", "回复体力", "拼点", "减体力上限", "加体力上限")
EVI_NONE = -1
(EVI_TARGET_USE, EVI_USE, EVI_PLAY, EVI_DELAYED_USE, EVI_PRE_USE, EVI_PRE_PLAY, EVI_NEED_USE,
 EVI_NEED_PLAY, EVI_DAMAGE, EVI_JUDGE, EVI_RECOVER, EVI_PINDIAN, EVI_MAXHP_DOWN,
 EVI_MAXHP_UP) = range(len(EVENT_IDS))


def _prog_evi(t, cid, /):
    """The EVI_* id of the event program ``cid`` runs (its name's place in EVENT_IDS), or
    EVI_NONE, read from the table by program id."""
    return _by_prog(t.prog_evis, cid, -1)   # EVI_NONE (the module global read at each call)


def _prog_evi_in(t, cid, evs, /):
    """Program ``cid`` runs one of the events ``evs`` (a set of EVI_* bits: 1 << EVI_*)."""
    e = _prog_evi(t, cid)
    return e >= 0 and (evs >> e) & 1 != 0


def _prog_phase(t, cid, /):
    """The phase whose event program ``cid`` runs (t.phase_event's value), or -1."""
    return _by_prog(t.prog_phases, cid, -1)


def _put_prog(lst, cid, v, fill, /):
    """Set ``lst[cid] = v``, growing the table with ``fill`` (a table by program id: a list or
    a C int array)."""
    while len(lst) <= cid:
        lst.append(fill)
    lst[cid] = v


def _event_ctx(g, f, /):
    """The event frame a frame belongs to (itself for an event frame)."""
    if _by_prog(_T(g).prog_is_ev, f.prog, 0):
        return f
    return f.ev


def timing_subject(g, f, /):
    """The subject of the timing being dispatched for frame f (probe or skill
    frame: of its event; an event frame: of its own last timing)."""
    ev = f.ev if f.ev is not None else f
    v = ev.subject
    return NONE if v is None else v


def _matches(g, f, who, subj, /):
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


def subject_matches(g, f, who, /):
    """Is ``who`` (a seat, ANY/OTHER, a group or a Pick) the subject of the
    timing being dispatched?  A timing without subject (-1) matches anyone."""
    if cython.compiled:
        # the event frame (f's own when it has none) and its subject read borrowed, where a
        # local took a reference to each (f holds the one, it the other, and the tests below
        # run no code); a seat asked of a seat read in place (smallint.pxd): Cython's unboxing
        # of a subject of -1 asked PyErr_Occurred (~440 of ~1,250 calls in the six games of
        # `sgs bench --what instructions`; step 189b)
        evp: cython.pointer(PyObject) = cython.cast(cython.pointer(PyObject), f.ev)
        if evp == cython.cast(cython.pointer(PyObject), None):
            evp = cython.cast(cython.pointer(PyObject), f)
        sp: cython.pointer(PyObject) = cython.cast(cython.pointer(PyObject),
                                                   cython.cast(Frame, evp).subject)
        if sp == cython.cast(cython.pointer(PyObject), None):
            return True
        sv: cython.long
        wv: cython.long
        if type(cython.cast(object, sp)) is int and type(who) is int and \
                one_digit_long(cython.cast(object, sp), cython.address(sv)) and \
                one_digit_long(who, cython.address(wv)):
            if sv < 0:
                return True
            if wv >= 0:
                return sv == wv
        subj = cython.cast(object, sp)
    else:
        ev = f.ev if f.ev is not None else f   # timing_subject's read, in place
        subj = ev.subject
        if subj is None:
            return True
    if type(subj) is int and type(who) is int:
        # a seat asked of a seat (most of ~3,000 asks in the six games of `sgs bench --what
        # instructions`, each from a skill's condition): compared as C ints, where _matches
        # compared Python ints after a call
        s: cython.Py_ssize_t = subj
        w: cython.Py_ssize_t = who
        if s < 0:
            return True
        if w >= 0:
            return s == w
    if isinstance(subj, int) and subj < 0:
        return True
    return _matches(g, f, who, subj)


# ---- the root frame's game state -------------------------------------------------------------


def _state(g, /):
    """The root state (S_*): the list the root frame, at the bottom of the stack, holds in its
    scratch (X_STATE), made on first use; None without a root frame. Kept in g.root_state once
    found (~47,000 reads in six games, each a call, a type test and three list reads before);
    the engine forgets it when its stack empties, a clone finds its own."""
    s = g.root_state
    if s is not None:
        return s
    st = g.stack
    if len(st) == 0:
        return None
    r = st[0]
    if r.prog != _T(g).root:
        return None
    x = _sx(r)
    if x[X_STATE] is None:
        x[X_STATE] = [None] * NS
    s = x[X_STATE]
    g.root_state = s
    return s


# ---- the registry of primitives --------------------------------------------------------------
# Every function registered with prim (or alias, _const) is a primitive of the specs (原语 NAME);
# core.prims.IMPLEMENTED lists them. Operations take (g, f, strict, *args) and return a status,
# values take (g, f, *args). Each declares the spec types of its parameters by name and of its
# value (``returns``): ``@prim(who="角色", x="数")``, ``@prim(c="牌", returns="花色")``
# ("颜色|花色": either, "*": any). `sgs check` reads these declarations from the rooms' sources
# (compiler/primitives.py, docs/decisions/0013) and checks every term bound to a primitive
# against them; _TYPES keeps them at run time too (not for a compiled cpdef function, whose
# decorator Cython drops: its room's `prim(…)` line registers it).

_PRIMS = {}
_TYPES = {}
# Each primitive's id, fixed at its name's first registration, and by id what is registered
# under the name now and its C function's capsule (docs/decisions/0250): helper frames run a
# primitive by its id (decisions._then, _helper_resolve). The names interned: a literal is the key.
_IDS, _BY_ID, _CAPI = {}, [], []


def _register(name, fn, /):
    name = sys.intern(name)
    _PRIMS[name] = fn
    k = _IDS.setdefault(name, len(_BY_ID))
    if k == len(_BY_ID):   # a new name (registered again, an alias keeps its id)
        _BY_ID.append(None)
        _CAPI.append(None)
    _BY_ID[k] = fn
    _CAPI[k] = _capsule(fn)


def _capsule(fn, /):
    """The capsule of ``fn``'s C function in its module's __pyx_capi__ (Cython's exports for
    cimports) if ``fn`` is its module's function of its name, else None (pure, a def, a lambda)."""
    name = getattr(fn, "__name__", None)
    mod = sys.modules.get(getattr(fn, "__module__", None) or "")
    ns = getattr(mod, "__dict__", None)   # (read as a dict: no exception raised and dropped)
    if name is None or ns is None or ns.get(name) is not fn:
        return None
    return (ns.get("__pyx_capi__") or {}).get(name)


# the id of the primitive registered as a name (what helper frames' slots hold)
prim_id = _IDS.__getitem__


def prim(*fns, **types):
    """Register primitives (the functions a term's ``原语 NAME`` may name) by their names; as a
    decorator, ``@prim(param="类型", …, returns="类型")`` declares its types too. Returns the
    first function (or, with types only, the decorator)."""
    if not fns:
        def declare(fn):
            _register(fn.__name__, fn)
            _TYPES[fn.__name__] = dict(types)
            return fn
        return declare
    for fn in fns:
        _register(fn.__name__, fn)
    return fns[0]


CONTRACT = frozenset(["fire", "call", "terminate", "executed", "probe", "subject_matches",
                      "choose_option", "add_delayed", "check_abi", "expect_id", "spec_error",
                      "register_program", "register_skill", "register_card", "register_event",
                      "register_deck", "register_general", "register_timing_alias",
                      "skill_default_move", "preselect_targets", "order_matters", "card_named",
                      "link_ids", "register_event_role", "register_map"])


def alias(name, fn, ns, **types):
    """Register ``fn`` as the primitive ``name`` too, and bind it in the namespace ``ns`` (the
    calling room's globals()). ``types``: as prim's, over those ``fn`` declares."""
    if name in CONTRACT:
        raise E.EngineError("primitive %r would shadow the control function P.%s" % (name, name))
    _register(name, fn)
    _TYPES[name] = dict(_TYPES.get(getattr(fn, "__name__", ""), {}), **types)
    ns[name] = fn
    return fn


def _enclosing(g, f, evname, /):
    """The innermost running frame of event ``evname`` for frame f."""
    return _enclosing_prog(g, f, _T(g).events.get(evname, -2))


def _enclosing_move(g, f, /):
    """The innermost running 移动 (EV_CARD_MOVE) for frame f: its program read as a C int (the
    move flow's primitives ask at every card of every move)."""
    return _enclosing_prog(g, f, _T(g).ev_move)


def _enclosing_prog(g, f, cid, /):
    """The innermost running frame of program ``cid`` for frame f."""
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


def _player(g, who, /):
    """The record of role ``who``. A role that does not exist (NONE, −1) is a spec error, never a
    silent read of the last seat (Python's index −1): the predicates asked of NONE (存活, 为你,
    comparisons, 是否存在) do not come here and keep answering false."""
    if who < 0 or who >= g.n:
        raise NoSuchRole("no such role (%d): the value has no role here — guard it with "
                         "若有来源 / 若其存在 …" % who)
    return g.players[who]


def _slot(ev, i, default=NONE, /):
    if ev is None or ev.slots is None or i >= len(ev.slots):
        return default
    v = ev.slots[i]
    return default if v is None else v


def _const(name, v, doc="", ns=None, returns=None):
    """A constant value primitive (``doc``: the spec word) of spec type ``returns``, bound in
    ``ns`` (the calling room's globals())."""
    def fn(g, f):
        return v
    return alias(name, fn, ns, returns=returns)


# 颜色 values are COLOR_BASE + the core's colour, distinct from 花色 values
COLOR_BASE = 100


# ---- enclosing frames and root state ---------------------------------------------------------


# what a game keeps beyond its root frame (Game.kept): per game, not in the tables, which a clone
# shares with the original
K_STATS = 0   # counts for reports (Status._stats)
K_BOARD = 1   # the board of a game played on one, kept once its stack is empty (Board._board)
NK = 2


def _kept(g, /):
    k = g.kept
    if k is None:
        k = [None] * NK
        g.kept = k
    return k


def _st(g, /):
    s = g.root_state
    if s is not None:
        return s
    s = _state(g)
    if s is None:
        raise E.EngineError("no root frame (use P.new_game / P.run_event)")
    return s


# skills, judge, turn bookkeeping.  (Primitives of specs/identity/terms/*.)

def _S(g, i, n=0, /):
    """Root state list i (created on first use; per-role/per-card lists of n). A table of
    SHARED_TABLES may be a Shared tuple here: read it; write it through _Sw."""
    s = _st(g)
    v = s[i]
    if v is None:
        v = [None] * n if n else []
        s[i] = v
    return v


# ---- tables a clone shares with its original (docs/decisions/0026) ---------------------------


class Shared(tuple):
    """A table a clone and its original share (the root state's SHARED_TABLES, the report
    counts of Game.kept): read-only until one of them writes it, when its write accessor (_Sw,
    Status._stats) replaces it with a list of its own. Its items are never written in place
    (ints, None, tuples of ints; the counts' arrays only through Status._stats), so a clone
    shares it as it is (core/clone.py shares what it does not know) — and a write behind the
    accessor raises a TypeError (a tuple) instead of passing silently."""
    __slots__ = ()


def _all_frozen(recs, /):
    """Every record of the list recs is frozen (cards.Frozen: a tuple type)."""
    for r in recs:
        if type(r) is list:
            return False
    return True


# the root state's per-card and per-name tables (and S_VC, see _share_tables): written only
# through _Sw (a write through _S
# or _st(g)[i] raises once a clone shares the table)
SHARED_TABLES = (S_CORR, S_PROC, S_DISCARDED, S_PILE, S_LASTPILE,
                 # the per-role tables and short lists most games hold (step 15)
                 S_ROLES, S_LIVE, S_JIU, S_SEAL, S_ARMOR, S_SUIT)


def _Sw(g, i, n=0, /):
    """Root state table i of SHARED_TABLES, to write: _S's list, or, when a clone shares it
    with its original, a list copied from it (the first write by either side)."""
    s = _st(g)
    v = s[i]
    if v is None:
        v = [None] * n if n else []
        s[i] = v
    elif type(v) is Shared:
        v = list(v)
        s[i] = v
    return v


def _share_tables(g, /):
    """Before a clone of g (Ruleset.share_tables): g's SHARED_TABLES and report counts become
    Shared, which the clone takes as they are; the first write by either game copies one. So
    does the list of virtual-card records while every record in it is frozen (no virtual card
    exists: cards._frozen), which would otherwise grow with the game in every clone."""
    s = _state(g)
    if s is not None:
        for i in SHARED_TABLES:
            j = cython.cast(cython.Py_ssize_t, i)   # a C index (compiled): the list's own slot
            v = s[j]
            if type(v) is list:
                s[j] = Shared(v)
        v = s[S_VC]
        if type(v) is list and _all_frozen(v):
            s[S_VC] = Shared(v)
    k = g.kept
    if k is not None and type(k[K_STATS]) is list:
        k[K_STATS] = Shared(k[K_STATS])
    return 0 if _ret_read(g) else 1


@cython.ccall   # a C call from _share_tables (compiled), before every clone
@cython.locals(n=cython.Py_ssize_t, f=Frame)
def _ret_read(g, /):
    """May g.ret, the frame that finished last, still be read (docs/decisions/0027)? Only
    executed(g) reads it, for the running frame — the top of the stack — whose last operation
    pushed a frame (_CHILDEXEC). A frame gets on top either by a push — a new frame, whose
    flags have no _CHILDEXEC before it pushes a frame of its own, and whose operations cannot
    read g.ret before that frame has finished and replaced it — or by a pop, which replaces
    g.ret. So when the top frame has no _CHILDEXEC, g.ret is read by nobody before the next
    frame finishes: a clone need not copy it (with the frames it names, the verdict chain of
    a finished flow: a third of a clone at sgs bench's state)."""
    st = g.stack
    n = len(st)
    if n == 0:
        return False
    f = st[n - 1]   # a Frame: only push_frame's Frames are on the stack
    return (f.flags & _CHILDEXEC) != 0


def _tid(g, name, /):
    return g.rs.ids.get(("timing", name), -1)


def _is_event(g, fr, evi, /):
    """Frame ``fr`` runs the event of id ``evi`` (EVI_*)."""
    return fr is not None and _prog_evi(_T(g), fr.prog) == evi


# ---- virtual card handles --------------------------------------------------------------------


def _is_v(c, /):
    # compared as C ints (c >= _VBASE with an object c boxed the constant at every call)
    if not isinstance(c, int):
        return False
    v = c
    return v >= _VBASE


def _rec(g, c, /):
    """The record (V_*) of virtual card c (VBASE + its index: a C index when compiled). An id
    past the records made is an IndexError, tested here: compiled, the list's index is not
    checked (the build's boundscheck is off) and read past its end."""
    vs = _S(g, _S_VC)
    i = c - _VBASE
    if i < 0 or i >= len(vs):
        raise IndexError(f"no virtual card {c}")
    return vs[i]


def _field(r, i, /):
    """Field i (V_*) of a virtual card's record r (_rec): a list while the card exists, a
    Frozen tuple after. The rooms read it through fast._field_fast when compiled (a list's
    item by a C index, step 47); this is its definition, and what pure mode runs."""
    return r[i]
