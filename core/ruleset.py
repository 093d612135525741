"""The registry a generated module fills: programs, triggered skills, modifiers and the ids of
timings, zones, card names, counters, marks and phases (``Ruleset``), and the classes of what it
holds (``Program``, ``Skill``, ``Modifier``) and of the functions the runtime calls in a unit
(``Condition``: whether a skill or a delayed effect is offered; ``Reading``: a value read on a
frame, a card method's condition or targets): a unit subclasses each with a C switch on its
function's number, as its programs (docs/decisions/0020).

Pure-Python-mode Cython like core/engine.py (``ruleset.pxd`` adds the C types). The engine and
this module cimport each other: a ``Game`` runs these programs and skills, and they take the
game. See docs/core-api.md for the contract.
"""
import array

import cython

# a modifier kind's ceiling when it has none (Ruleset.modkind)
INF = 1 << 20


class Program:
    """Base of all programs.  Generated Cython code subclasses it and overrides
    ``run`` (a cpdef method, so the core calls it through the vtable)."""

    def __init__(self, name=""):
        self.name = name

    def run(self, g, f):
        raise NotImplementedError


def has_c_fn(p, /):
    """Whether the engine runs program ``p`` by its C function (Program.fn_c, ruleset.pxd's
    run_program): every program of a compiled unit; never uncompiled. Likewise a Condition's or
    a Reading's (their fn_c: every condition and reading of a compiled unit)."""
    if cython.compiled:
        if isinstance(p, Condition):
            return cython.cast(Condition, p).fn_c != cython.NULL
        if isinstance(p, Reading):
            return cython.cast(Reading, p).fn_c != cython.NULL
        return cython.cast(Program, p).fn_c != cython.NULL
    return False


if not cython.compiled:   # compiled: ruleset.pxd's inline function
    def run_program(p, g, f, /):
        return p.run(g, f)


class FnProgram(Program):
    """Wraps a plain function ``fn(g, f) -> int``."""

    def __init__(self, name, fn):
        self.name = name
        self.fn = fn

    def run(self, g, f):
        return self.fn(g, f)


class _Dispatch(Program):
    def run(self, g, f):
        # the engine's method itself (docs/decisions/0178: Game._fire_heard calls it so too),
        # without the cpdef method's override test at each of ~3,200 runs in the six games of
        # `sgs bench --what instructions`
        if cython.compiled:
            return Game._dispatch(g, f)
        return E.Game._dispatch(g, f)


class Condition:
    """Whether something listening at timing ``t`` of event ``ev`` (a skill's condition, a
    delayed effect's timing condition) holds for ``owner``. A generated unit's ``_Condition``
    sets its function in ``__init__`` (compiled: ``fn_c`` with its id table ``ids_c``, chosen by
    a C switch once; uncompiled: ``fn_py`` and ``ids_py``), which ``test`` calls here: where the
    unit's own ``test`` was a C switch on the condition's number at each call, compiled at the
    units' -O0 (docs/decisions/0106). The runtime's own conditions override ``test``
    (core.prims.register)."""

    def test(self, g, owner, ev, t, /):
        # an error inside names the condition's spec line (the unit's ``raised``), from the finally
        # clause: a try with an except clause saved the exception state at every call
        done = False
        try:
            if cython.compiled and self.fn_c != cython.NULL:
                r = self.fn_c(g, owner, ev, t, self.ids_c)
            else:   # (an uncompiled unit's, over the compiled core too)
                if getattr(self, "fn_py", None) is None:
                    raise NotImplementedError
                r = bool(self.fn_py(g, owner, ev, t, self.ids_py))
            done = True
        finally:
            if not done:
                self.raised()
        return r

    def raised(self, /):
        """In ``test``'s finally clause that an exception leaves: a unit's condition raises its
        spec error (core.prims.base.spec_error_raised); here the exception goes on."""


class FnCondition(Condition):
    """Wraps a plain function ``fn(g, owner, ev, t)`` (tests, tools: Python-level rules)."""

    def __init__(self, fn):
        self.fn = fn

    def test(self, g, owner, ev, t, /):
        return bool(self.fn(g, owner, ev, t))


def as_condition(cond, /):
    """``cond`` as a Condition: itself, a plain function wrapped, or None (always holds)."""
    if cond is None or isinstance(cond, Condition):
        return cond
    return FnCondition(cond)


class Reading:
    """A value read on a frame ``f`` (its 你 is ``f.owner``, its event ``f.ev``): a card
    method's condition or targets, a card rule's condition. A generated unit's ``_Reading`` sets
    its function in ``__init__`` (``fn_c`` and ``ids_c`` compiled, ``fn_py`` and ``ids_py``
    uncompiled), which ``value`` calls here, as ``Condition.test`` does."""

    def value(self, g, f, /):
        done = False   # (an error inside: the unit's ``raised``, as in Condition.test)
        try:
            if cython.compiled and self.fn_c != cython.NULL:
                v = self.fn_c(g, f, self.ids_c)
            else:
                if getattr(self, "fn_py", None) is None:
                    raise NotImplementedError
                v = self.fn_py(g, f, self.ids_py)
            done = True
        finally:
            if not done:
                self.raised()
        return v

    def raised(self, /):
        """In ``value``'s finally clause that an exception leaves (Condition.raised)."""


class FnReading(Reading):
    """Wraps a plain function ``fn(g, f)``."""

    def __init__(self, fn):
        self.fn = fn

    def value(self, g, f, /):
        return self.fn(g, f)


def as_reading(fn, /):
    """``fn`` as a Reading: itself, a plain function wrapped, or None."""
    if fn is None or isinstance(fn, Reading):
        return fn
    return FnReading(fn)


class Skill:
    """A triggered skill (or effect) listening at one or more timings."""

    def __init__(self, sid, name, timings, prog, condition, forced, limit_scope,
                 limit, times_slot, dead_ok):
        self.id = sid
        # the int the engine stores for a firing and offers in a decision (dispatch._fire_skill,
        # _dispatch), made once: an id past the small ints was a new int at each (step 138)
        self.id_int = int(sid)
        self.name = name
        self.timings = tuple(timings)
        self.prog = prog
        self.condition = as_condition(condition)   # its own condition (None: none)
        self.forced = forced
        self.limit_scope = limit_scope
        self.limit = limit
        self.times_slot = times_slot
        self.dead_ok = dead_ok
        # tests the runtime puts before the condition (set by prims when the rules are
        # finished; tested here, in C, rather than by conditions wrapping its own), in this order:
        # the event's frame-scratch index holding the skill uses at its idle point (000:55:
        # nothing more once a use happened there); the role the owner must have (主公技); and
        # for a skill used at the idle points (出牌阶段限一次 …), that timing: there the
        # timing's subject (the event frame's field subject, read through prims' probe frame as
        # timing_subject reads it) must be the owner
        self.idle_slot = -1
        self.lord_role = -1
        self.active_idle = -1
        self.probe = None
        # a skill that stands for another's (a hidden 〖名·授〗 for the skill granting it): it
        # is a candidate only while somebody holds that one (-1: no such skill)
        self.needs = -1
        # the compiler's word that the condition begins with "the timing's subject is the
        # owner" (register_skill's own_subject, pretests.skill_own_subject): the dispatcher then
        # answers False without calling it when the event's subject is another seat, as its
        # first conjunct would (docs/decisions/0103)
        self.own_subject = False
        # the runtime's word (register.finish) that the condition is False while the owner holds
        # no hand card named any of hand_need (card name ids below 64, as bits; 0: no such word)
        # and, with hand_or_convert, has no conversion skill either (the card-use skills): the
        # dispatcher answers it from the owner's Player.hand_bits without the call (decision 0114)
        self.hand_need = 0
        self.hand_or_convert = False
        # of a card-use skill's hand_need, the names whose every method at its timing is its
        # subject's own (register.finish, from the compiler's method own_subject): the
        # dispatcher's hand pre-test leaves them out at another seat's subject (decision 0210)
        self.own_names = 0

    def cond(self, g, owner, ev, t, /):
        """Whether the skill is offered to ``owner`` at timing ``t`` of event ``ev``: the
        runtime's tests above (Game.skill_ready), then the skill's own condition (test). A
        subclass overrides test, not this: the dispatcher (Game._candidates) runs the two
        itself."""
        return g.skill_ready(self, owner, ev, t) and self.test(g, owner, ev, t)

    def test(self, g, owner, ev, t, /):
        """The skill's own condition (a C method call of its Condition when compiled; a
        subclass may call its condition directly)."""
        if self.condition is None:
            return True
        if cython.compiled and self.condition.fn_c != cython.NULL:
            # a unit's condition (its _Condition is final and keeps Condition.test): that test's
            # body (ruleset.pxd's condition_fn_answer), without the method's call (~1,060 of the
            # dispatch's ~1,500 conditions in the six games of `sgs bench --what instructions`,
            # ~40 instructions each)
            return condition_fn_answer(self.condition, g, owner, ev, t)
        return self.condition.test(g, owner, ev, t)


class Modifier:
    def __init__(self, kind, mode, fn, skill):
        self.kind = kind
        self.mode = mode
        self.fn = fn
        self.skill = skill

    def value(self, g, owner, a, b, /):
        """fn(g, owner, a, b): int or None (a subclass may compute it directly)."""
        return self.fn(g, owner, a, b)


# copy.copy'd by prims.games._game_rules: Cython's pickling kept for it (the core's other classes
# have none: auto_pickle=False, core/build.py)
@cython.auto_pickle(True)
@cython.cclass
class Ruleset:
    """Registry of integer ids.  Names are for logs and debugging only."""

    def __init__(self):
        self.frozen = False
        self.ids = {}
        self.timing_names = []
        self.by_timing = []
        self.progs = []
        self.prog_names = []
        self.prog_log = []
        self.prog_nslots = []
        # the same as a C int array (flow._push_args, _push_prog read it as C data at each call:
        # the list's item was a Python int unboxed there)
        self.nslots_at = array.array("i")
        self.skills = []
        self.zone_names = []
        self.zone_per_player = []
        self.zone_face_up = []
        self.card_names = []
        self.counter_names = []
        self.mark_names = []
        self.phase_names = []
        self.phase_progs = []
        self.modkind_names = []
        # by modifier kind: its bounds as C long longs (Game.modval reads them in C) and its
        # modifiers
        self.mod_floor = array.array("q")
        self.mod_ceil = array.array("q")
        self.mods = []
        # by skill id: the skills that need it (Skill.needs), made by the engine when first
        # needed (the ruleset frozen); None until then
        self.needed_by = None
        # called with a game before each clone of it: the runtime library marks the tables a
        # clone may share with its original (core.prims.base._share_tables, docs/decisions/0026)
        # and answers 1 when nobody reads the game's last finished frame (Game.ret) before
        # another frame finishes — the clone then leaves it out (docs/decisions/0027) —, else 0
        self.share_tables = None
        self.program("<dispatch>", _Dispatch("<dispatch>"), log=False)
        for name, pp, up in (("牌堆", False, False), ("弃牌堆", False, True),
                             ("处理区", False, True), ("手牌区", True, False),
                             ("武器栏", True, True), ("防具栏", True, True),
                             ("进攻坐骑栏", True, True), ("防御坐骑栏", True, True),
                             ("宝物栏", True, True), ("判定区", True, True),
                             ("武将牌上", True, True)):
            self.zone(name, pp, up)
        for name, lo, hi in (("距离", 1, INF), ("攻击范围", 0, INF),
                             ("手牌上限", 0, INF), ("额定摸牌数", 0, INF),
                             ("点数", 1, 13)):
            self.modkind(name, lo, hi)

    # -- helpers
    def _new(self, ns, name, lst, /):
        if self.frozen:
            raise E.EngineError("Ruleset is frozen (a Game was created from it)")
        key = (ns, name)
        if key in self.ids:
            return -1
        i = len(lst)
        self.ids[key] = i
        return i

    def id_of(self, ns, name, /):
        return self.ids[(ns, name)]

    # -- registration
    def timing(self, name, /):
        i = self.ids.get(("timing", name))
        if i is not None:
            return i
        i = self._new("timing", name, self.timing_names)
        self.timing_names.append(name)
        self.by_timing.append([])
        return i

    def program(self, name, fn, log=True, nslots=0):
        i = self._new("prog", name, self.progs)
        if i < 0:
            raise E.EngineError("program %r registered twice" % (name,))
        if not isinstance(fn, Program):
            fn = FnProgram(name, fn)
        self.progs.append(fn)
        self.prog_names.append(name)
        self.prog_log.append(bool(log))
        self.prog_nslots.append(int(nslots))
        self.nslots_at.append(int(nslots))
        return i

    def skill(self, name, timings, run, cond=None, forced=False, limit_scope=-1,
              limit=0, times_slot=-1, dead_ok=False, skill_class=None):
        """Register a triggered skill.  ``run`` is a program id or a function
        ``run(g, f)``; ``cond`` a Condition or a function ``cond(g, owner, ev, t) -> bool``."""
        if isinstance(timings, int):
            timings = (timings,)
        if not isinstance(run, int):
            run = self.program("skill:" + name, run)
        i = self._new("skill", name, self.skills)
        if i < 0:
            raise E.EngineError("skill %r registered twice" % (name,))
        cls = skill_class if skill_class is not None else Skill
        sk = cls(i, name, timings, run, cond, bool(forced), limit_scope, limit,
                 times_slot, bool(dead_ok))
        self.skills.append(sk)
        for t in sk.timings:
            self.by_timing[t].append(sk)
        return i

    def zone(self, name, per_player=True, face_up=True, /):
        i = self._new("zone", name, self.zone_names)
        if i < 0:
            return self.ids[("zone", name)]
        self.zone_names.append(name)
        self.zone_per_player.append(bool(per_player))
        self.zone_face_up.append(bool(face_up))
        return i

    def _named(self, ns, name, names, /):
        """The id of ``name`` in namespace ``ns``, registering it (in ``names``) if new."""
        i = self._new(ns, name, names)
        if i < 0:
            return self.ids[(ns, name)]
        names.append(name)
        return i

    def card_name(self, name, /):
        return self._named("card", name, self.card_names)

    def counter(self, name, /):
        return self._named("counter", name, self.counter_names)

    def mark(self, name, /):
        return self._named("mark", name, self.mark_names)

    def phase(self, name, prog=-1, /):
        """A phase id (< 60).  ``prog`` is the program push_phase runs."""
        i = self._new("phase", name, self.phase_names)
        if i < 0:
            raise E.EngineError("phase %r registered twice" % (name,))
        if i >= 60:
            raise E.EngineError("too many phases")
        self.phase_names.append(name)
        self.phase_progs.append(prog)
        return i

    def modkind(self, name, floor=0, ceil=INF, /):
        i = self._new("modkind", name, self.modkind_names)
        if i < 0:
            return self.ids[("modkind", name)]
        self.modkind_names.append(name)
        self.mod_floor.append(floor)
        self.mod_ceil.append(ceil)
        self.mods.append([])
        return i

    def modifier(self, kind, mode, fn, skill=-1, modifier_class=None, /):
        """``fn(g, owner, a, b) -> int or None`` (None = does not apply).
        With skill >= 0 it is evaluated for every player holding the skill
        (and not invalidated); with skill == -1 once, with owner -1.
        ``modifier_class``: a Modifier subclass whose ``value`` computes it."""
        if self.frozen:
            raise E.EngineError("Ruleset is frozen")
        cls = modifier_class if modifier_class is not None else Modifier
        self.mods[kind].append(cls(kind, mode, fn, skill))


# the engine, by module (it imports this module's classes: core/engine.py's last lines); the
# names above read E.<name> only when they run, once both modules are loaded
from core import engine as E  # noqa: E402
