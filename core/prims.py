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
args)`` pushes the root frame with one event instead (tests, rulings).

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
"""
import cython

from core import engine as E

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

ZK_EQUIP = -10   # (ZK_EQUIP, p): the whole 装备区 of p

SUIT_NAMES = {"黑桃": 0, "梅花": 1, "红桃": 2, "方块": 3, "spade": 0, "club": 1,
              "heart": 2, "diamond": 3}
EQUIP_SUBTYPE_ZONE = {"武器": E.Z_WEAPON, "防具": E.Z_ARMOR, "进攻坐骑": E.Z_HORSE_ATK,
                      "-1马": E.Z_HORSE_ATK, "防御坐骑": E.Z_HORSE_DEF, "+1马": E.Z_HORSE_DEF,
                      "宝物": E.Z_TREASURE}

# frame flags (from E.F_USER up)
F_NOTEXEC = 512      # the last operation of this frame was not executed
F_CHILDEXEC = 1024   # the last operation pushed a frame: its verdict is g.ret

# scratch indexes of f.x
X_SUBJ = 0     # subject of the timing this frame fired last
X_TIMING = 1   # id of that timing
X_JUDGE = 2    # the last judge of this frame: a card id, or the 判定 event frame
X_CHOSEN = 3   # the role chosen last (其)
X_CARDS = 4    # the cards chosen/moved last (这些牌 / 此次移动的牌)
X_JCARD = 5    # judge event frames: the judge card; move events: [(card, origin)]
X_DEST = 6     # move event frames: per-card destination overrides [(card, zone)]
X_STATE = 7    # root frame: game-level runtime state (a list, see S_*)
NX = 8

S_DELAYED = 0  # active delayed effects: [owner, timing, program, subject]
S_WINNERS = 1
S_ROLES = 2    # the role cards of the identity mode (身份牌), before dealing
NS = 3

# helper op codes
OP_OPTION = 1
OP_CARDS_THEN = 2
OP_RESOLVE = 3
OP_EVENT_VERDICT = 4
OP_YESNO = 5


class SpecRuntimeError(Exception):
    """An exception raised while running a generated program, with the spec
    position (``path:line:col``) of the instruction first in its message."""


class AbiMismatch(E.EngineError):
    pass


class Pick:
    """A choice still to be made: ``kind`` "players"/"cards", candidates
    ``group`` (a tuple), ``lo``..``hi`` of them; ``chooser`` -1 = the owner."""

    def __init__(self, kind, group, lo=1, hi=1, chooser=-1):
        self.kind = kind
        self.group = tuple(group)
        self.lo = lo
        self.hi = hi
        self.chooser = chooser

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
        self.event_params = {}  # event name -> parameter names in slot order
        self.skill_tags = {}    # skill id -> tags
        self.skill_owner = {}   # skill id -> general name
        self.cards = {}         # card name id -> (type, subtype, range, effect prog, skills)
        self.decks = {}         # deck name -> tuple of (name id, suit, point)
        self.deck_order = []
        self.generals = {}      # name -> (faction, sex, hp, lord, skills)
        self.general_order = []
        self.helper = -1        # core id of the <prims> helper program
        self.root = -1
        self.turnloop = -1
        self.dturn = -1         # the trivial turn program
        self.delayed_skill = {}  # timing id -> hidden skill id
        self.delayed_prog = -1
        self.finished = False


class Rules(E.Ruleset):
    """A Ruleset with room for the runtime tables (the compiled Ruleset has
    no ``__dict__``; this Python subclass has)."""

    def __init__(self):
        E.Ruleset.__init__(self)
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
    return g.rs.sgs


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


def register_skill(rs, sid, name, owner, timings, prog, cond, tags, optional, limit):
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
    return got


def register_card(rs, cid, ctype, subtype, attack_range, skills, methods=()):
    """A card name's facts. ``methods``: one (timing id or -1, condition fn or None,
    targets fn or None, effect program or None, action program or None) per 使用方法;
    the first method's effect is also the card's effect (index 3 of the tuple)."""
    t = tables(rs)
    ms = tuple((tid, cond, targets,
                t.prog[effect] if effect is not None else -1,
                t.prog[action] if action is not None else -1)
               for tid, cond, targets, effect, action in methods)
    t.cards[cid] = (ctype, subtype, attack_range, ms[0][3] if ms else -1, tuple(skills), ms)


def register_event(rs, name, pid, params=()):
    """Event `name` runs program `pid`; `params` are its parameter names in slot order."""
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
    for tid in range(len(rs.timing_names)):
        t.delayed_skill[tid] = rs.skill("<延时>" + rs.timing_names[tid], tid, t.delayed_prog,
                                        cond=_delayed_cond, forced=True, dead_ok=True)
    t.finished = True
    return t


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
        x = [None] * NX
        f.x = x
    return x


def _get(f, i):
    x = f.x
    if x is None or type(x) is not list:
        return None
    return x[i]


def _set_exec(f, ok):
    fl = f.flags & ~(F_NOTEXEC | F_CHILDEXEC)
    if not ok:
        fl |= F_NOTEXEC
    f.flags = fl


def _done(f, ok):
    """An operation finished without pushing: record the verdict, status 0."""
    _set_exec(f, ok)
    return 0


def _pushed(f):
    """An operation pushed a generated frame: its verdict is read from g.ret."""
    f.flags = (f.flags & ~F_NOTEXEC) | F_CHILDEXEC
    return 1


def executed(g):
    """Did the last operation of the running frame execute (fully, when
    strict)?"""
    f = g.stack[len(g.stack) - 1]
    fl = f.flags
    if fl & F_CHILDEXEC:
        r = g.ret
        if r is None:
            return True
        if r.flags & (E.F_PREVENTED | E.F_TERMINATED):
            return False
        kind = _T(g).prog_kind.get(r.prog, "other")
        if kind == "term" and (r.flags & F_NOTEXEC):
            return False
        return True
    return not (fl & F_NOTEXEC)


_PROBE = E.Frame(0, 0)


def probe(g, owner, ev, t):
    """The reusable frame skill conditions evaluate in (no allocation)."""
    p = _PROBE
    p.owner = owner
    p.ev = ev
    p.a = t
    return p


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
        return subj in who.group
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
    x[X_SUBJ] = subject
    x[X_TIMING] = timing
    return g.fire(timing, f)


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
    return c


def call(g, f, program, args):
    """Push a frame of generated program ``program`` with ``args`` in its
    first slots; owner and event context are inherited."""
    cid = _T(g).prog[program]
    _push_prog(g, f, cid, args, f.owner, _event_ctx(g, f))
    return _pushed(f)


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
        return list(v.group)
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
    f.flags = f.flags & ~(F_NOTEXEC | F_CHILDEXEC)
    return 1


def _helper_run(g, h):
    op = h.a
    parent = h.y
    s = h.slots
    if op == OP_OPTION:
        # slots: [n]; who = chooser
        if h.pc == 0:
            h.pc = 1
            return g.ask(E.Decision(E.D_OPTION, h.b, list(range(s[0])), prompt="选择一项"))
        parent.result = g.ans
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
            if isinstance(a, Pick):
                if h.result == 0:
                    h.result = 1
                    who = a.chooser if a.chooser >= 0 else h.owner
                    kind = E.D_PLAYERS if a.kind == "players" else E.D_CARDS
                    if len(a.group) < a.lo:
                        _set_exec(parent, False)
                        return 3
                    hi = a.hi if a.hi < len(a.group) else len(a.group)
                    return g.ask(E.Decision(kind, who, list(a.group), a.lo, hi, prompt=s[0]))
                h.result = 0
                v = g.ans
                if a.kind == "players":
                    if a.hi == 1:
                        v = v[0]
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
    raise E.EngineError("bad helper op %r" % op)


def _copy_verdict(g, h, parent):
    if h.flags & F_CHILDEXEC:
        st = g.stack
        # h is on top again: executed(g) reads h's flags / g.ret
        ok = executed(g) if len(st) > 0 and st[len(st) - 1] is h else True
    else:
        ok = not (h.flags & F_NOTEXEC)
    _set_exec(parent, ok)
    if h.x is not None:
        px = _sx(parent)
        hx = h.x
        for i in (X_JUDGE, X_CHOSEN, X_CARDS):
            if hx[i] is not None:
                px[i] = hx[i]


def _needs_resolve(args):
    for a in args:
        if isinstance(a, Pick):
            return True
    return False


def _resolve(g, f, name, strict, args):
    return _helper(g, f, OP_RESOLVE, [name, strict] + list(args))


def choose_option(g, f, strict, chooser, n):
    """X选择一项: ask ``chooser`` for an option index (0-based) into f.result."""
    if isinstance(chooser, Pick):
        return _resolve(g, f, "choose_option", strict, (chooser, n))
    if n <= 1:
        f.result = 0
        return _done(f, True)
    return _helper(g, f, OP_OPTION, [n], chooser)


def ask_yesno(g, f, strict, who, prompt=""):
    """可: ask ``who`` yes/no; answer in f.result, executed = yes."""
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


def _delayed_find(g, owner, ev, t):
    s = _state(g)
    if s is None or s[S_DELAYED] is None:
        return -1
    lst = s[S_DELAYED]
    subj = NONE
    if ev is not None:
        v = _get(ev, X_SUBJ)
        if v is not None:
            subj = v
    for i in range(len(lst)):
        d = lst[i]
        if d[0] == owner and d[1] == t:
            p = _PROBE
            p.owner = owner
            if subj < 0 or _matches(g, p, d[3], subj):
                return i
    return -1


def _delayed_cond(g, owner, ev, t):
    return _delayed_find(g, owner, ev, t) >= 0


def _delayed_run(g, f):
    # every delayed effect of this owner due at this timing runs, one after the other
    # (the dispatcher runs the hidden skill once per timing)
    i = _delayed_find(g, f.owner, f.ev, f.a)
    if i < 0:
        return 3
    lst = _state(g)[S_DELAYED]
    d = lst.pop(i)
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


def new_game(module, nplayers, seed=0, mode="身份局", deck=None, generals=None, hand=4,
             shuffle=True, first=0, start=True, log_level=1, debug=False):
    """Build a Ruleset, register ``module``, create and lay out the Game and
    start the mode (see the module docstring)."""
    rs = new_ruleset()
    module.register(rs)
    t = finish(rs)
    cards = _deck_cards(rs, t, deck)
    g = E.Game(rs, nplayers, seed, cards, first=first, log_level=log_level, debug=debug,
               setup={"mode": mode, "generals": list(generals) if generals else None})
    if shuffle:
        g.shuffle_zone(E.Z_DRAW)
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
    t = _T(g)
    i = g.players[p].general
    if i < 0:
        return None
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
                      "register_deck", "register_general"])


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
        if st[i].prog == cid:
            return st[i]
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


alias("alive_characters", all_players)


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
    return Pick("players", _group(g, f, group), 0, n)


@prim
def choose_between_n_characters(g, f, lo, hi, group):
    return Pick("players", _group(g, f, group), lo, hi)


def _group(g, f, v):
    """A role group as a tuple of living seats (ANY/OTHER expanded)."""
    if isinstance(v, int):
        if v == ANY:
            return tuple(g.alive_seats())
        if v == OTHER:
            return tuple([p for p in g.alive_seats() if p != f.owner])
        return (v,) if v >= 0 else ()
    if isinstance(v, Pick):
        return v.group
    return tuple(v)


@prim
def characters_except(g, f, who, group):
    return tuple([p for p in _group(g, f, group) if p != who])


@prim
def wounded_characters(g, f, group):
    return tuple([p for p in _group(g, f, group) if g.players[p].hp < g.players[p].maxhp])


@prim
def characters_with_hand(g, f, group):
    return tuple([p for p in _group(g, f, group) if len(g.zone_cards(E.Z_HAND, p)) > 0])


@prim
def male_characters(g, f, group):
    return tuple([p for p in _group(g, f, group) if _sex(g, p) == "男"])


def _sex(g, p):
    gi = general_of(g, p)
    return gi[2] if gi is not None else ""


def _faction(g, p):
    gi = general_of(g, p)
    return gi[1] if gi is not None else ""


@prim
def other_faction_characters(g, f, faction):
    return tuple([p for p in g.alive_seats() if p != f.owner and _faction(g, p) == faction])


@prim
def in_attack_range(g, f, who, group):
    return tuple([p for p in _group(g, f, group) if g.in_range(who, p)])


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
        if st[i].flags & E.F_TURN:
            return st[i]
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
_const("red", E.RED, "红色")
_const("black", E.BLACK, "黑色")
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


@prim
def all_dead(g, f, group):
    for p in _group_all(g, f, group):
        if g.players[p].alive:
            return False
    return True


def _group_all(g, f, v):
    if isinstance(v, int):
        return (v,) if v >= 0 else ()
    return tuple(v)


@prim
def one_alive(g, f):
    return g.alive_count() == 1


@prim
def sole_survivor(g, f):
    s = g.alive_seats()
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
        return (v,)
    if isinstance(v, E.VCard):
        return v.cards
    if isinstance(v, Pick):
        return v.group
    return tuple(v)


@prim
def suit(g, f, c):
    if isinstance(c, E.VCard):
        return g.vcard_suit(c)
    if c is None or c < 0:
        return E.S_NONE
    return g.card_suit(c)


alias("suit_of", suit)


@prim
def color(g, f, cs):
    if isinstance(cs, int):
        return g.card_color(cs) if cs >= 0 else E.C_NONE
    return g.vcard_color(E.VCard(None, _cards(g, f, cs)))


@prim
def same_color(g, f, cs):
    return color(g, f, cs) != E.C_NONE


@prim
def point_of(g, f, c):
    if isinstance(c, E.VCard):
        return g.vcard_point(c)
    return g.card_point(c)


@prim
def suit_differs(g, f, c, s):
    """〔牌〕不为〔花色〕."""
    return suit(g, f, c) != s


@prim
def differ(g, f, a, b):
    return a != b


def _card_name(g, c):
    if isinstance(c, E.VCard):
        return c.name
    return g.card_name(c)


@prim
def card_is(g, f, c, v):
    """〔牌〕为〔颜色/花色/牌名/类别〕: a colour/suit (int 0-3) is ambiguous with a
    card name id, so a value from the colour/suit constants is compared with
    the card's suit first (花色 and 颜色 constants are distinct only by
    type; the checker resolves the reading, the primitive compares both)."""
    if c is None:
        return False
    if isinstance(v, str):
        info = _T(g).cards.get(_card_name(g, c))
        return info is not None and (info[0] == v or info[1] == v or
                                     (v == "锦囊牌" and info[0] == "锦囊"))
    return suit(g, f, c) == v or _card_name(g, c) == v


@prim
def card_is_not(g, f, c, v):
    return suit(g, f, c) != v


@prim
def card_name_is(g, f, c, name):
    return _card_name(g, c) == name


@prim
def card_in(g, f, c, group):
    return c in _cards(g, f, group)


@prim
def count_cards(g, f, cs):
    return len(_cards(g, f, cs))


@prim
def physical_cards(g, f, c):
    if isinstance(c, E.VCard):
        return c.cards
    return _cards(g, f, c)


@prim
def these_cards(g, f):
    v = _get(f, X_CARDS)
    return () if v is None else v


# ---- zones ------------------------------------------------------------------------------------

_const("zone_deck", (E.Z_DRAW, -1), "牌堆")
_const("zone_discard", (E.Z_DISCARD, -1), "弃牌堆")
_const("zone_processing", (E.Z_PROCESS, -1), "处理区")


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
    """〔X〕张牌: a Pick of n of the implied subject's hand and equipment cards."""
    return Pick("cards", own_cards(g, f, f.owner), n, n)


@prim
def choose_hand_cards(g, f, n):
    return Pick("cards", tuple(g.zone_cards(E.Z_HAND, f.owner)), n, n)


@prim
def owned_by(g, f, who, cs):
    """〔甲〕的〔牌组〕: re-target a card Pick at 甲's cards."""
    if isinstance(cs, Pick):
        hand_only = all([g.where(c)[0] == E.Z_HAND for c in cs.group]) and len(cs.group) > 0
        group = tuple(g.zone_cards(E.Z_HAND, who)) if hand_only else own_cards(g, f, who)
        return Pick("cards", group, cs.lo, cs.hi, f.owner)
    return cs


# ---- card operations ----------------------------------------------------------------------------

def _dest_zone(g, c, z):
    """(kind, owner) for putting card c into zone value z."""
    if z[0] == ZK_EQUIP:
        info = _T(g).cards.get(g.card_name(c))
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
    if _needs_resolve((cs, tgt)):
        return _resolve(g, f, "give", strict, (who, cs, tgt))
    cards = _cards(g, f, cs)
    if not cards:
        return _done(f, False)
    return _move(g, f, who, cards, len(cards), (E.Z_HAND, tgt))


@prim
def choose_move_cards(g, f, strict, who, cards, x):
    """(移动 flow) 甲 chooses X of 乙 as 此次移动的牌 (no question when there is
    no choice)."""
    cards = _cards(g, f, cards)
    if x >= len(cards):
        _sx(f)[X_CARDS] = tuple(cards)
        return _done(f, len(cards) > 0)
    if x <= 0:
        _sx(f)[X_CARDS] = ()
        return _done(f, False)
    return _helper(g, f, OP_CARDS_THEN, [cards, x, x, "选择移动的牌", "_set_moving"], who)


def _set_moving(g, f, strict, cards):
    _sx(f)[X_CARDS] = tuple(cards)
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
    cards = _cards(g, f, cards)
    if ev is not None:
        _sx(ev)[X_JCARD] = [(c, g.where(c)) for c in cards]
    for c in cards:
        z = move_destination(g, f, c)
        k, o = _dest_zone(g, c, z)
        g.move((c,), k, o)
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


@prim
def judge_result(g, f):
    """结果: the judge card of this frame's last judge (or of the 判定 event
    this frame belongs to)."""
    v = _get(f, X_JUDGE)
    if v is None and f.ev is not None:
        v = _get(f.ev, X_JCARD)
    if v is None:
        return NONE
    if isinstance(v, int):
        return v
    r = _get(v, X_JCARD)
    return NONE if r is None else r


@prim
def judge_card(g, f, who=None):
    ev = _enclosing(g, f, "判定")
    v = _get(ev, X_JCARD) if ev is not None else None
    return NONE if v is None else v


@prim
def set_judge_card(g, f, strict, who, cs):
    ev = _enclosing(g, f, "判定")
    cards = _cards(g, f, cs)
    if ev is None or not cards:
        return _done(f, False)
    _sx(ev)[X_JCARD] = cards[0]
    return _done(f, True)


@prim
def fix_judge_result(g, f, strict):
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
def trigger_move_face_down(g, f, strict, actor, cards, zone):
    cs = _cards(g, f, cards)
    return _trigger(g, f, strict, "移动", (actor, cs, len(cs), zone))


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
           "reveal_generals", "confirm_gender_faction", "show", "show_cards", "look_at",
           "reveal", "open_turn_window", "close_turn_window", "clear_card_history",
           "record_used", "record_used_on", "record_played", "record_caused_damage",
           "record_received_damage", "reset_gender", "reset_faction", "sort_targets",
           "reveal_pindian_cards", "sort_pindian_targets", "fix_judge_result"):
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
    return [i for i in range(len(_T(g).general_order)) if i not in used]


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


@prim
def choose_general(g, f, strict, who, group):
    """〔甲〕从〔乙〕中选择一张武将牌: general values are general indexes."""
    group = tuple(group)
    if not group:
        return _done(f, False)
    if len(group) == 1:
        return _set_general_chosen(g, f, strict, group, who)
    return _helper(g, f, OP_CARDS_THEN, [group, 1, 1, "选择武将", "_set_general_chosen", who], who)


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

def _phase_const(name, word):
    def fn(g, f):
        k = ("phase", word)
        return g.rs.ids[k] if k in g.rs.ids else word
    return alias(name, fn)


_phase_const("play_phase", "出牌阶段")
_phase_const("draw_phase", "摸牌阶段")
_phase_const("discard_phase", "弃牌阶段")


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
    sa, sb = _sex(g, a), _sex(g, b)
    return sa != "" and sb != "" and sa != sb


@prim
def outside_own_turn(g, f, who):
    return g.current != who


@prim
def within_this_turn(g, f, who):
    return who


@prim
def dying_characters(g, f, group):
    return tuple([p for p in _group(g, f, group) if g.players[p].hp <= 0])


@prim
def characters_with_cards_in_areas(g, f, group):
    return tuple([p for p in _group(g, f, group)
                  if own_cards(g, f, p) or g.zone_cards(E.Z_JUDGE, p)])


@prim
def at_distance(g, f, who, x, group):
    return tuple([p for p in _group(g, f, group) if g.distance(who, p) == x])


@prim
def all_of(g, f, group):
    return _group(g, f, group)


@prim
def remaining_of(g, f, cs):
    chosen = _get(f, X_CARDS) or ()
    return tuple([c for c in _cards(g, f, cs) if c not in chosen])


@prim
def choose_among(g, f, cs, x):
    return Pick("cards", _cards(g, f, cs), x, x)


@prim
def choose_cards_in_areas(g, f, x):
    return Pick("cards", own_cards(g, f, f.owner) + tuple(g.zone_cards(E.Z_JUDGE, f.owner)), x, x)


@prim
def choose_cards_of(g, f, x, v):
    """〔X〕张〔颜色/花色〕牌 (v: a colour 0/1 or a suit 0-3: suits are tested
    first when v > 1, else colours — 颜色 and 花色 constants overlap in 0/1)."""
    own = own_cards(g, f, f.owner)
    return Pick("cards", tuple([c for c in own if g.card_color(c) == v or g.card_suit(c) == v]),
                x, x)


@prim
def choose_hand_cards_of(g, f, x, colour):
    hand = g.zone_cards(E.Z_HAND, f.owner)
    return Pick("cards", tuple([c for c in hand if g.card_color(c) == colour]), x, x)


@prim
def choose_named_cards(g, f, x, name):
    own = own_cards(g, f, f.owner)
    return Pick("cards", tuple([c for c in own if g.card_name(c) == name]), x, x)


@prim
def at_least(g, f, cs):
    if isinstance(cs, Pick):
        return Pick(cs.kind, cs.group, cs.lo, len(cs.group), cs.chooser)
    return cs


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
    v = _get(f, X_CHOSEN)
    return NONE if v is None else v


@prim
def transfer_card(g, f, strict, who, c, tgt):
    k, o = g.where(c)
    if k == E.Z_JUDGE:
        return _move(g, f, who, (c,), 1, (E.Z_JUDGE, tgt))
    return _move(g, f, who, (c,), 1, (E.Z_HAND, tgt))


@prim
def draw_same_amount(g, f, strict, who):
    n = len(_get(f, X_CARDS) or ())
    return draw(g, f, strict, who, n)


@prim
def lost_hand_card(g, f, who):
    ev = _enclosing(g, f, "移动")
    return ev is not None and any([move_origin(g, f, c) == (E.Z_HAND, who)
                                   for c in moving_cards(g, f)])


@prim
def lost_equipment(g, f, who):
    ev = _enclosing(g, f, "移动")
    return ev is not None and any([move_origin(g, f, c)[0] in E.EQUIP_ZONES
                                   for c in moving_cards(g, f)])


_PRIMS["choose_option"] = choose_option
_PRIMS["add_delayed"] = add_delayed
_PRIMS["ask_yesno"] = ask_yesno

IMPLEMENTED = frozenset([n for n in _PRIMS if not n.startswith("_")])


def missing(names):
    """The names among ``names`` (e.g. a module's PRIMITIVES) not implemented."""
    return sorted([n for n in names if n not in IMPLEMENTED])
