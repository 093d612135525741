"""sgs scheduling core: frames on one explicit stack, timing dispatch, state,
asking decisions, the log (the RNG: core/rng.py; the codes: core/codes.py).

Pure-Python-mode Cython: this file runs as plain CPython; ``engine.pxd`` adds
the C types when it is compiled (see ``core/build.py``).  The core knows no
skill, card or flow by name; generated modules register them in a ``Ruleset``
(core/ruleset.py). A decision is core/decision.py, a game's clone core/clone.py.
See docs/core-api.md for the contract.
"""
import array
import cython

# the engine's vocabulary (core/codes.py) and errors (core/errors.py): every name is read
# here as E.<name>, and most by the engine itself
from core.codes import (  # noqa: F401
    CONTINUE, PUSH, WAIT, DONE, GAMEOVER, F_TERMINATED, F_PREVENTED, F_NULLIFIED, F_TURN,
    F_PHASE, F_EXTRA, F_USER, SC_PHASE, SC_TURN, SC_ROUND, SC_GAME, Z_DRAW, Z_DISCARD, Z_PROCESS,
    Z_HAND, Z_WEAPON, Z_ARMOR, Z_HORSE_ATK, Z_HORSE_DEF, Z_TREASURE, Z_JUDGE, Z_GENERAL,
    EQUIP_ZONES, S_NONE, SPADE, CLUB, HEART, DIAMOND, C_NONE, BLACK, RED, D_YESNO, D_OPTION,
    D_CARDS, D_PLAYERS, D_TRIGGER, D_RESPOND, KIND_NAMES, M_BASE, M_DELTA, M_SET, MK_DISTANCE,
    MK_RANGE, MK_HANDLIMIT, MK_DRAW, MK_POINT)
from core.errors import EngineError, IllegalAnswer, InvariantError, TooManyAnswers  # noqa: F401

if cython.compiled:   # C functions (pure Python: imported at the end of this module)
    from cython.cimports.core.checks import check_engine_state, innermost_phase, innermost_turn
    from cython.cimports.core.clone import (clone_game, frame_copy, init_game, mark_listen,
                                            own_game_tables, own_player_tables, player_copy)
    from cython.cimports.core.dispatch import (_cands, _skill_ready, candidates, dispatch_run,
                                               next_asked, seats_with)
    from cython.cimports.core.held import (_attack_range, _base_distance, _distance,
                                           _distances_changed, _held_of, _make_seats, _modval,
                                           _seat_skills_changed, _skill_changed)
    from cython.cimports.core.decision import new_decision_list, options_of_skills
    from cython.cimports.cpython.list import PyList_GET_ITEM, PyList_GET_SIZE
    from cython.cimports.cpython.ref import Py_INCREF
    from cython.cimports.cpython.tuple import PyTuple_New, PyTuple_SET_ITEM
    from cython.cimports.core.spares import (child_slots_dropped, kept_frames_at, kept_slots_at,
                                             made_frame, pushed_frame)
    from cython.cimports.core.ruleset import _Dispatch, run_program   # (run_program: inline)
    from cython.cimports.core.prims.lists import ints_append
    from cython.cimports.core.prims.handname import hand_moved
    from cython.cimports.core.prims.smallint import small_int
    from cython.cimports.core import turnbook as Turnbook
else:   # compiled, engine.pxd cimports the class
    from core.rng import Rng

    # compiled: C functions of engine.pxd and core/prims/lists.pxd (see core/engine_pure.py)
    from core.engine_pure import (PyList_GET_ITEM, PyList_GET_SIZE, append_in_room,  # noqa: F401
                                  ints_append, hand_moved, pop_keep_room, prog_at, stack_at,
                                  stack_size, take_card)

    # compiled: C constants of engine.pxd (core/codes.py's statuses and flags, named for step)
    RUN_CONTINUE, RUN_PUSH, RUN_WAIT, RUN_DONE, RUN_GAMEOVER = CONTINUE, PUSH, WAIT, DONE, GAMEOVER
    FL_TERMINATED, FL_TURN, FL_PHASE, FL_EXTRA = F_TERMINATED, F_TURN, F_PHASE, F_EXTRA
    FL_TURN_PHASE = F_TURN | F_PHASE
    FL_STEP = F_TERMINATED | F_TURN | F_PHASE
    # compiled: engine.pxd's bits of Game.gbits
    G_DEBUG, G_TURN_EXTRA, G_TURN_CUT, G_PLAIN = 1, 2, 4, 8
    LISTEN_COUNT, LISTEN_MARKS = 0x0fffffff, 28   # compiled: engine.pxd's (Game.listen's)

DISPATCH_PROG = 0


# the deepest stack at which Game.run_pushed runs a pushed frame at once (its C calls nest;
# beyond, step runs it): the six games' stacks reach 29
RUN_PUSHED_DEPTH = cython.declare(cython.int, 64)

# the most runs Game.step's budget counts (its end, g.steps + budget, stays a C long long)
STEP_MOST = cython.declare(cython.longlong, 1 << 60)


# ---------------------------------------------------------------------------
# The game's integer tables (per-player skills and marks, listeners per timing, holders and
# uses per skill, each card's zone) are array.array('i'): one block of C ints, which a clone
# copies with one memcpy and the garbage collector never walks (a list of ints is a list of
# objects). Compiled, the engine reads and writes them through these accessors as C arrays;
# in pure Python they index as lists do.
# _ints's template: an empty C int array, whose type and item kind array.clone copies
_INTS0 = array.array("i")


def _ints(n):
    """n zeroed C ints. Compiled, array.clone of an empty one (an allocation and a memset), where
    the array type was called with "i" and a list [0] and its answer repeated, ~2,900
    instructions at each of ~34 tables a new game makes (its players' four each; step 196b)."""
    if cython.compiled:
        return array.clone(_INTS0, n, True)
    return array.array("i", [0]) * n


def _copy_ints(a):
    """A copy of the C int array a (compiled: one allocation and a memcpy; a slice went through
    the array type's generic subscript, ~1,300 instructions)."""
    if cython.compiled:
        return array.copy(a)
    return a[:]


# Copy on write: a clone shares these tables with its original (clone_game), and each side
# copies one at its first write to it (docs/decisions/0026). ``shared`` holds the bits of the
# tables a clone may share: clone_game sets them on both games and every Player of both; a
# writer calls _own first, which copies the tables of its bits still shared and clears them.
# Every write to these tables is in this module (grant/revoke/invalidate_skill, add_mark,
# note_skill_use, move, refill_draw, add_count/_reset_scope) and core.dispatch's _fire_skill:
# readers elsewhere read them through their holder (pl.has[sid], g.count(…)), never a
# reference kept across a write.
OWN_HAS = 1         # Player.has
OWN_INVALID = 2     # Player.invalid
OWN_MARKS = 4       # Player.marks
OWN_HAND = 8        # Player.hand_names
OWN_PLAYER = 15
OWN_CARD_ZONE = 1   # Game.card_zone
OWN_LISTEN = 2      # Game.listen
OWN_HOLDERS = 4     # Game.holders
OWN_SKILL_USES = 8  # Game.skill_uses
OWN_CNT = 16        # Game.cnt and cnt_touched: the lists of the scopes (each scope's: cnt_shared)
OWN_GAME = 31


if not cython.compiled:   # compiled: engine.pxd's inline forms (a C array's item in place)
    def _ai(a, i):
        return a[i]

    def _ai_add(a, i, d):
        """a[i] += d; returns the new value."""
        a[i] += d
        return a[i]

    def _ai_set(a, i, v):
        a[i] = v

    def _aq(a, i):
        return a[i]


# ---------------------------------------------------------------------------
# Frames come and go at every timing (~16,500 in sgs bench's six games): compiled, Game.new_frame
# takes the dead frames core.spares keeps alive, and tp_new a freelist of 64 (the directive must
# be here: in engine.pxd Cython ignores it without a word; docs/decisions/0033).
@cython.freelist(64)
@cython.cclass
class Frame:
    # (compiled, Game.new_frame builds frames without calling __init__: keep the two in step)
    def __init__(self, prog, nslots):
        self.prog = prog
        self.pc = 0
        self.owner = -1
        self.skill = -1
        self.a = 0
        self.b = 0
        self.c = 0
        self.flags = 0
        self.term_pc = -1
        self.jump_pc = -1
        self.id = 0
        self.result = 0
        self.ev = None
        self.child = None   # the frame its last operation pushed (core.prims.flow._push_prog)
        self.timing = -1   # its last timing id (core.prims.flow.fire), -1 before the first
        self.subject = None   # … that timing's subject
        self.timings = None   # the timings fired so far, in order (one entry each time)
        if not cython.compiled:   # compiled, a C pointer (NULL from tp_new)
            self.twin = None   # its copy while a clone is made (core/clone.py)
        self.x = None
        self.y = None
        if nslots > 0:
            self.slots = [0] * nslots
        else:
            self.slots = None

    def copy(self):
        return frame_copy(self)   # its fields, its values shared (core/clone.py)


# the frame Game.fire(..., settled=True) asks the seats in, on top of the stack while it asks
# (_candidates reads its a, ev, result and x): a dispatch frame's state at its first run, reused
_ASKING = Frame(0, 0)

# the timing lists Game._pop kept (compiled), at most 64: engine.pxd says more
_SPARE_TIMINGS = []

if cython.compiled:   # core.spares' spare frames and slot lists, through its pointers (new_frame)
    _FRAMES_AT = kept_frames_at()
    _SLOTS_AT = kept_slots_at()


# a game's cards (clone.init_game: 160 in 标准版加军争) die with it: a freelist room for a deck's
# worth lets the next game's be taken back, where each was allocated (~120 instructions) and freed
@cython.freelist(256)
@cython.cclass
class Card:
    def __init__(self, cid, name, suit, point):
        self.id = cid
        self.name = name
        self.suit = suit
        self.point = point


class VCard:
    """A virtual card: a name and the physical cards it corresponds to."""

    def __init__(self, name, cards=()):
        self.name = name
        self.cards = tuple(cards)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _suit_color(suit: cython.int) -> cython.int:
    """A suit's colour: -1 for none (suit < 0), 0 black (suits 0 and 1), else 1 red. A C call
    from Game.card_color (~850 asks in the six games, each a Python call of suit_color before)."""
    if suit < 0:
        return -1
    if suit == 0 or suit == 1:
        return 0
    return 1


def suit_color(suit):
    return _suit_color(suit)


class Player:
    def __init__(self, seat, nskills, nmarks, nnames=0):
        self.seat = seat
        self.hp = 0
        self.maxhp = 0
        self.role = -1
        self.general = -1
        self.alive = True
        self.face_up = True
        self.chained = False
        self.has = _ints(nskills)        # per skill id: how many times the player has it
        self.invalid = _ints(nskills)    # per skill id: how many 无效 are on it
        self.marks = _ints(nmarks)       # per mark id
        self.hand_names = _ints(nnames)  # per card name id: its hand cards of the name
        self.hand_bits = 0               # the names below 64 it has a hand card of, as bits
        self.shared = 0                  # OWN_* of the tables above a clone shares
        self.range_kept = 0              # its attack range kept + 1 (core.held._attack_range)

    def copy(self):
        return player_copy(self)   # for a clone: its tables shared (core/clone.py)

    def _own(self, bits):
        """Make the tables of ``bits`` (OWN_*) this player's own before a write to them."""
        if self.shared & bits:
            own_player_tables(self, bits)   # copied (core/clone.py)
        return 0


class GameResult:
    def __init__(self, winners, reason):
        self.winners = winners
        self.reason = reason

    def __repr__(self):
        return "GameResult(winners=%r, reason=%r)" % (self.winners, self.reason)


# ---------------------------------------------------------------------------
class Game:
    """The state and the stack.  ``step()`` runs until a decision, the end of
    the game, or ``budget`` frame runs are spent. Its own calls of its methods are written
    ``Game.m(self, …)``: compiled, a C call of the method itself (no test for a Python override,
    no vtable), which gcc may inline; nothing overrides them (``fire`` alone is overridden)."""

    def __init__(self, rs, nplayers, seed=0, cards=(), first=0, log_level=1,
                 debug=False, setup=None):
        # its state laid out (core/clone.py, beside the clone that copies it field by field)
        init_game(self, rs, nplayers, seed, cards, first, log_level, debug, setup)
        # step's: the count of runs at which it stops (run_pushed reads it); outside step, no end
        self.step_end = STEP_MOST

    # ------------------------------------------------------------- yes/no fields, log level
    # C fields read in C (gbits' bits, _log_level); as properties for Python, which keep G_PLAIN
    @property
    def log_level(self):
        return self._log_level

    @log_level.setter
    def log_level(self, v):
        set_log_level(self, v)

    @property
    def debug(self):
        return (self.gbits & G_DEBUG) != 0

    @debug.setter
    def debug(self, v):
        self.gbits = self.gbits | G_DEBUG if v else self.gbits & ~G_DEBUG

    @property
    def turn_extra(self):
        return (self.gbits & G_TURN_EXTRA) != 0

    @turn_extra.setter
    def turn_extra(self, v):
        self.gbits = self.gbits | G_TURN_EXTRA if v else self.gbits & ~G_TURN_EXTRA

    @property
    def turn_cut(self):
        return (self.gbits & G_TURN_CUT) != 0

    @turn_cut.setter
    def turn_cut(self, v):
        self.gbits = self.gbits | G_TURN_CUT if v else self.gbits & ~G_TURN_CUT

    def set_rules(self, rs):
        """The game's ruleset replaced (``rs`` is readonly to Python, compiled), G_PLAIN kept."""
        self.rs = rs
        self.gbits = self.gbits & ~G_PLAIN | plain_bit(self)
        mark_listen(self)   # (its timings' marks: rs's)

    # ------------------------------------------------------------- logging
    def _log(self, obj):
        self.log.append(log_line(obj))

    def log_event(self, obj, level=1):
        """Append a custom structured entry (a JSON-able dict)."""
        if self._log_level >= level:
            self._log(obj)

    def log_text(self):
        return "".join([s + "\n" for s in self.log])

    # ------------------------------------------------------------- frames
    def new_frame(self, prog, owner=-1, ev=None, nslots=-1):
        if nslots < 0:
            nslots = self.rs.prog_nslots[prog]
        if cython.compiled:   # Frame(prog, nslots) from the dead frames kept (spares.pxd)
            f = made_frame(_FRAMES_AT, _SLOTS_AT, prog, nslots)
        else:
            f = Frame(prog, nslots)
        f.owner = owner
        f.ev = ev
        self.serial += 1
        f.id = self.serial
        return f

    def push_frame(self, f):
        if f.prog < 0 or f.prog >= self.nprogs:
            # step reads progs[f.prog] unchecked (compiled): a frame enters the stack only here
            raise EngineError("a frame of program %d, which the ruleset does not have" % f.prog)
        append_in_room(self.stack, f)   # the stack keeps its room (no realloc up and down)
        self.pushed += 1
        fl = f.flags
        if fl & FL_TURN_PHASE:  # a turn: the innermost turn frame now, no phase yet; a phase: its
            if fl & FL_TURN:
                self.turn_frame = f
            self.phase_frame = f if fl & FL_PHASE else None
        if self._log_level > 0 and self.rs.prog_log[f.prog]:
            self._log({"e": "push", "f": f.id, "p": self.rs.prog_names[f.prog],
                       "owner": f.owner, "s": log_value(f.slots)})
        return f

    def push(self, prog, owner=-1, ev=None, slots=None):
        """Create and push a frame; the caller returns PUSH (1)."""
        if slots is not None and 0 <= prog < len(self.rs.prog_nslots) and \
                len(slots) < self.rs.prog_nslots[prog]:
            # generated programs read and write their slots unchecked once compiled
            # (compiler.emit.check_slots proves every index below the program's nslots)
            raise EngineError("program %s takes %d slots, given %d"
                              % (self.rs.prog_names[prog], self.rs.prog_nslots[prog], len(slots)))
        f = Game.new_frame(self, prog, owner, ev, -1 if slots is None else 0)
        if slots is not None:
            f.slots = list(slots)
        return Game.push_frame(self, f)

    def _pop(self, f):
        return _pop_frame(self, f)   # step inlines it at a finished frame (compiled)

    @cython.boundscheck(False)   # stack[n - 2], stack[n - 1] with n >= 2; progs[c.prog] as in step
    @cython.wraparound(False)
    def run_pushed(self, f):
        """The frame running frame ``f`` just pushed (the top, ``f`` below it) run now, as step
        would run it next (docs/decisions/0086). 0: it ran to its end, popped, and ``f`` goes on
        where step would resume it; else what ``f`` returns: 1 for step (a push, a rerun, ``f``
        terminated or its turn cut, step's budget spent), 2 asked, 4 over. Deeper than
        RUN_PUSHED_DEPTH: 1. Each run is one of step's budget (step_end): none is run once it is
        spent, so that step(k) runs k frames, as when step ran them itself (step 101a)."""
        # the stack and (below) the programs read in place, borrowed (engine.pxd): the game holds
        # them and nothing here replaces them (a local took and dropped a reference)
        n = stack_size(self)
        if n < 2 or n > RUN_PUSHED_DEPTH or cython.cast(Frame, stack_at(self, n - 2)) is not f:
            return RUN_PUSH
        # the frame run borrowed, as in step (docs/decisions/0182): the stack holds it, and
        # end_game keeps what it pops (_ENDED)
        cp: cython.pointer(PyObject) = stack_at(self, n - 1)
        fl = cython.cast(Frame, cp).flags
        # step's cases first (a terminated frame, a cut turn): step does them; and its budget
        if fl & FL_STEP and (fl & FL_TERMINATED or self.gbits & G_TURN_CUT) or self.steps >= self.step_end:
            return RUN_PUSH
        self.steps += 1
        st = run_program(cython.cast(Program, prog_at(self, cython.cast(Frame, cp).prog)), self,
                         cython.cast(Frame, cp))
        if st == RUN_DONE:  # popped as step pops it, and f resumed as step would resume it
            _pop_frame(self, cython.cast(Frame, cp))
            fl = f.flags
            if fl & FL_STEP and (fl & FL_TERMINATED or self.gbits & G_TURN_CUT) or \
                    self.steps >= self.step_end:
                return RUN_PUSH
            self.steps += 1
            return 0   # f goes on
        if st == RUN_PUSH or st == RUN_WAIT or st == RUN_GAMEOVER:
            return st
        if st == RUN_CONTINUE:   # step runs it again
            return RUN_PUSH
        raise EngineError("program %s returned bad status %r"
                          % (self.rs.prog_names[cython.cast(Frame, cp).prog], st))

    # ------------------------------------------------------------- the loop
    @cython.boundscheck(False)   # stack[n - 1] with n > 0; progs[f.prog]: a frame's program
    @cython.wraparound(False)    # id is one the ruleset registered (new_frame, push)
    def step(self, budget=1000000000):
        if self.result is not None:
            return self.result
        if self.pending is not None:
            cython.cast(Decision, self.pending).game = self   # a clone's copy (clone)
            return self.pending
        progs = self.rs.progs
        stack = self.stack
        # the budget as the count of runs (g.steps) at which to stop: run_pushed and a settled
        # timing's first step (_fire_heard), frames run within a run of this loop, spend it as
        # this loop's turns would have, and run nothing once it is spent; a turn that pops a
        # frame without running it spends one (the end moved back). Outside step (its returns,
        # a new game, a clone) there is no end: a rule's inline runs between two steps (a scan, a
        # status query) nest as they did
        if budget > STEP_MOST:
            budget = STEP_MOST
        self.step_end = self.steps + budget
        while self.steps < self.step_end:
            n = PyList_GET_SIZE(stack)   # (the stack a list: len tested it for None at each run)
            if n == 0:
                self.step_end = STEP_MOST
                if _ENDED:   # (an end_game's frames, when its program went on)
                    del _ENDED[:]
                self.result = GameResult([], "flow ended")
                if self._log_level > 0:
                    self._log({"e": "end", "winners": [], "reason": "flow ended"})
                return self.result
            # only push_frame's Frames; compiled, borrowed: the stack holds the frame while it
            # runs, and end_game, which empties the stack, keeps what it pops until this loop
            # returns (_ENDED; docs/decisions/0182): no reference taken and dropped at each run
            fp: cython.pointer(PyObject) = PyList_GET_ITEM(stack, n - 1)
            fl = cython.cast(Frame, fp).flags
            if fl & FL_STEP:
                if fl & FL_TERMINATED:
                    tpc = cython.cast(Frame, fp).term_pc
                    if tpc >= 0:
                        if cython.cast(Frame, fp).pc < tpc:
                            cython.cast(Frame, fp).pc = tpc
                    else:
                        Game._pop(self, cython.cast(Frame, fp))
                        self.step_end -= 1
                        continue
                if self.gbits & G_TURN_CUT:
                    if fl & FL_PHASE:  # phase frames of the turn are abandoned
                        Game._pop(self, cython.cast(Frame, fp))
                        self.step_end -= 1
                        continue
                    if fl & FL_TURN:
                        jpc = cython.cast(Frame, fp).jump_pc
                        if cython.cast(Frame, fp).pc < jpc:
                            cython.cast(Frame, fp).pc = jpc
                        self.gbits &= ~G_TURN_CUT
            self.steps += 1
            # compiled, the program borrowed (no reference taken and dropped at each step): the
            # ruleset's list, which this call holds, keeps its programs
            pp: cython.pointer(PyObject) = PyList_GET_ITEM(progs, cython.cast(Frame, fp).prog)
            if cython.compiled and cython.cast(Program, pp).fn_c == cython.NULL and \
                    type(cython.cast(Program, pp)) is _Dispatch:
                # a dispatch frame's run (~3,200 in the six games of `sgs bench --what
                # instructions`): _Dispatch.run's body, core.dispatch.dispatch_run, called here,
                # without that method's call through its vtable (tested after fn_c: a unit's
                # program has one)
                st = dispatch_run(self, cython.cast(Frame, fp))
            else:
                st = run_program(cython.cast(Program, pp), self, cython.cast(Frame, fp))
            if st <= RUN_PUSH:  # CONTINUE / PUSH
                continue
            if st == RUN_DONE:
                _pop_frame(self, cython.cast(Frame, fp))
                continue
            if st == RUN_WAIT:
                if self.pending is None:
                    raise EngineError("program %s returned WAIT without g.ask()"
                                      % self.rs.prog_names[cython.cast(Frame, fp).prog])
                self.step_end = STEP_MOST
                return self.pending
            if st == RUN_GAMEOVER:
                self.step_end = STEP_MOST
                if _ENDED:   # the frames end_game popped: none runs now
                    del _ENDED[:]
                return self.result
            raise EngineError("program %s returned bad status %r"
                              % (self.rs.prog_names[cython.cast(Frame, fp).prog], st))
        self.step_end = STEP_MOST
        return None

    def start(self, prog, slots=None):
        """Push the root frame (e.g. the game flow)."""
        self.push(prog, -1, None, slots)

    # ------------------------------------------------------------- decisions
    def ask(self, d):
        """Register a pending decision; the program returns WAIT (2) with its
        pc already set to the resume point, and reads ``g.ans`` there."""
        if d.who < 0 or d.who >= self.n:
            # a rule asked nobody (a role that does not exist): a bug of the rules, not an answer
            raise EngineError("a decision for seat %d, which does not exist (%s)" % (d.who, d.describe()))
        d.game = self
        self.pending = d
        self.n_decisions += 1
        if self._log_level > 0:
            self._log({"e": "ask", "who": d.who, "k": KIND_NAMES[d.kind],
                       "o": log_value(d.options), "lo": d.lo, "hi": d.hi,
                       "pass": bool(d.can_pass), "prompt": log_value(d.prompt)})
        return 2

    def answer(self, choice):
        d = self.pending
        if d is None:
            raise IllegalAnswer("no decision is pending")
        d.game = self   # a clone's copy of its pending decision (clone)
        v = d.normalize(choice)
        self.pending = None
        self.ans = v
        if self._log_level > 0:
            self._log({"e": "ans", "who": d.who, "v": log_value(v)})

    def _answer_trusted(self, d, v):
        """Answer the pending decision ``d`` with ``v``, an answer it drew itself (``sample``)."""
        self.pending = None
        self.ans = v
        if self._log_level > 0:
            self._log({"e": "ans", "who": d.who, "v": log_value(v)})

    def run_random(self, seed, max_steps=10000000):
        """Play to the end answering every decision with a uniformly random
        legal answer from a private Rng(seed).  Returns the GameResult."""
        rng = Rng(seed)
        while True:
            r = self.step(max_steps)
            if r is None:
                raise EngineError("step budget spent in run_random")
            if isinstance(r, Decision):
                d = cython.cast(Decision, r)   # sample and the answer as C calls
                v = d.sample(rng)
                if v is None:
                    raise EngineError("decision without legal answer: %s" % (d.describe(),))
                self._answer_trusted(d, v)
            else:
                return r

    # ------------------------------------------------------------- timings
    def fire(self, t, ev, settled=False):
        """Fire timing ``t`` for event frame ``ev``.  Returns CONTINUE (0)
        when nobody listens (no allocation), else pushes the dispatch frame
        and returns PUSH (1).  The caller sets its pc first and returns the
        status.

        ``settled``: the caller vouches that nothing runs between this call and the dispatch
        frame's first step, and that the running frame, resumed after that frame's pop, goes on
        as it would on 0 (core.prims.flow.fire says when). Then the seats are asked here, in the
        dispatch's order: when none has a candidate (most listened timings), no dispatch frame
        is made, pushed, run and popped; it would have asked the same seats in the same state
        and popped itself (docs/performance.md, step 46). Else the frame is pushed and its first
        step run at once: 1 (a forced skill's frame pushed) or WAIT (2, a seat asked; step 95)."""
        if not Game._timing_heard(self, t):
            return 0
        return Game._fire_heard(self, t, ev, settled)

    # Game.fire's two steps, C methods: core.prims.flow.fire, which fires every timing, takes them
    # without fire's call (its optional argument, its override test: ~60 instructions at each of
    # ~30,000 timings in the six games of `sgs bench --what instructions`, ~27,000 of them heard
    # by nobody) when the game's class is Game (RulingGame overrides fire)
    def _timing_heard(self, t):
        """Timing t counted (and logged at log level 2); whether anybody listens to it."""
        self.n_timings += 1
        if self._log_level > 1:
            self._log({"e": "t", "t": self.rs.timing_names[t]})
        return (_ai(self.listen, t) & LISTEN_COUNT) != 0

    def _fire_heard(self, t, ev, settled):
        """fire(t, ev, settled) past its first step, for a timing somebody listens to."""
        # (_ASKING in use: a condition asked at a settled timing ran a term inline that fires
        # a timing of its own, which then pushes its dispatch frame as before)
        # (step's budget spent: the dispatch frame pushed for step, which runs nothing more)
        if settled and _ASKING.ev is None and self.steps < self.step_end:
            # the dispatch frame's id taken, its push and its first step counted, before any
            # seat is asked, as before (a condition's scan notes the counters: usable._RESUME)
            self.serial += 1
            fid = self.serial
            self.pushed += 1
            self.steps += 1
            c = self.current if self.current >= 0 else self.referee
            if self._log_level == 1:
                self._log({"e": "t", "t": self.rs.timing_names[t]})
            n = self.n
            b = 0
            cands = None
            # a seat without a skill of the timing has no candidate: not asked, stepped over;
            # with none to ask (m 0: ~600 of the ~2,900 settled timings in the six games of `sgs
            # bench --what instructions`), the frame's push and pop are counted and nothing else
            # is done (_ASKING not set up): the loop below would ask no seat (next_asked: all n
            # stepped over) and nothing runs between (_seats_with reads no frame)
            m: cython.int = seats_with(self, t, ev)
            if m == 0:
                b = n
            else:
                # a dispatch frame's first run: seats asked from c on, none declined, none fired,
                # the frame on top of the stack while they are asked (a condition that runs a
                # term inline pushes and pops above it, and the debug invariants count it)
                q = _ASKING
                q.a = t
                q.ev = ev
                q.c = c
                q.id = fid
                append_in_room(self.stack, q)   # the stack keeps its room (step 53)
                # seat (c + b) % n, wrapped as b goes up: no division each, nor at c, a seat
                p = c if 0 <= c < n else (c % n if n > 0 else 0)
                while b < n:
                    k: cython.int = next_asked(m, p, n - b, n)
                    if k > 0:
                        b += k
                        if b == n:
                            break
                        p = p + k - (n if p + k >= n else 0)
                    q.b = b
                    cands = _cands(self, q, p)
                    if cands is not None:
                        break
                    m = seats_with(self, t, ev)   # read again: a condition may change who has what
                    b += 1
                    p = p + 1 if p + 1 < n else 0
                pop_keep_room(self.stack)
                q.ev = None
            if b == n:
                # as after the dispatch frame's pop: counted, and g.ret, read by executed()
                # (core.prims.base), gives the same verdict for no frame as for a finished
                # dispatch frame (True)
                self.popped += 1
                self.ret = None
                if self.gbits & G_DEBUG:
                    self.check_invariants()
                return 0
            # a seat with a candidate: the dispatch frame starts at it with its candidates (the
            # seats before have none, as it would have found), and its first step (counted
            # above) runs now, as step would run it next: nothing runs before it (settled). With
            # a seat's candidates it fires a forced skill (1: the skill's frame pushed) or asks (2)
            self.pushed -= 1   # counted again by push_frame
            self.serial -= 1   # its id is the one taken above, which new_frame takes again
            if cython.compiled:   # new_frame and push_frame inline (spares.pxd)
                f = pushed_frame(self, _FRAMES_AT, 0, -1, ev, None)
            else:
                f = Game.new_frame(self, 0, -1, ev, 0)
                Game.push_frame(self, f)
            f.a = t
            f.c = c
            f.b = b
            f.y = cands   # _dispatch's first run reads them instead of asking the seat again
            return dispatch_run(self, f)
        if self._log_level == 1:
            self._log({"e": "t", "t": self.rs.timing_names[t]})
        if cython.compiled:
            f = pushed_frame(self, _FRAMES_AT, 0, -1, ev, None)
        else:
            f = Game.new_frame(self, 0, -1, ev, 0)
            Game.push_frame(self, f)
        f.a = t
        f.c = self.current if self.current >= 0 else self.referee
        return 1

    def _candidates(self, f, p):
        """The skills of timing f.a's held list that are seat p's candidates for dispatch frame f,
        or None (core.dispatch.candidates)."""
        if p < 0 or p >= self.n:   # candidates reads players[p] unchecked
            raise EngineError("no seat %d" % p)
        return candidates(self, f, p)

    def skill_ready(self, s, owner, ev, t):
        """Skill.cond's tests before skill ``s``'s own condition, for ``owner`` at timing ``t``
        of event ``ev`` (_skill_ready)."""
        return _skill_ready(self, s, owner, ev, t)

    def _dispatch(self, f):
        """Dispatch frame f's run (core.dispatch.dispatch_run, which step calls in C)."""
        return dispatch_run(self, f)

    # ------------------------------------------------------------- skills
    def _own(self, bits):
        """Make the tables of ``bits`` (OWN_*) this game's own before a write to them."""
        if self.shared & bits:
            own_game_tables(self, bits)   # copied (core/clone.py)
        return 0

    def zone_w(self, z):
        """Zone z's list, to write: a clone shares the zones' lists with its original until
        one side writes one (zshared[z]: copied first). Every write to a zone is in this
        module (move, shuffle_zone, refill_draw); zone_cards' lists are read-only."""
        return _zone_w(self, z)

    def grant_skill(self, p, sid):
        pl = self.players[p]
        Player._own(pl, OWN_HAS)
        Game._own(self, OWN_LISTEN | OWN_HOLDERS)
        if _ai_add(pl.has, sid, 1) == 1:
            _seat_skills_changed(self, p, sid)
            for t in cython.cast(Skill, self.rs.skills[sid]).timings:
                _ai_add(self.listen, t, 1)
            # the caches of this skill's timings, and when its holders go from none to some
            # those of the held lists and of held_skills too
            _skill_changed(self, sid, _ai_add(self.holders, sid, 1) == 1)

    def grant_everyone(self, sids):
        """grant_skill(p, sid) for every seat p and each skill id of the list ``sids`` (a new
        game's hidden skills: core.prims.games.new_game), by skill: each seat's count written as
        its grant writes it, the timings' listeners and the holders by the seats that gained it,
        and what depends on them forgotten once (_skill_changed), where each seat's grant forgot
        it again; nothing reads them between the grants (step 250b)."""
        n = self.n
        Game._own(self, OWN_LISTEN | OWN_HOLDERS)
        for sid in sids:
            k = 0   # the seats that gained it
            for p in range(n):
                pl = self.players[p]
                Player._own(pl, OWN_HAS)
                if _ai_add(pl.has, sid, 1) == 1:
                    _seat_skills_changed(self, p, sid)
                    k += 1
            if k > 0:
                for t in cython.cast(Skill, self.rs.skills[sid]).timings:
                    _ai_add(self.listen, t, k)
                _skill_changed(self, sid, _ai_add(self.holders, sid, k) == k)

    def revoke_skill(self, p, sid):
        pl = self.players[p]
        if _ai(pl.has, sid) > 0:
            Player._own(pl, OWN_HAS)
            Game._own(self, OWN_LISTEN | OWN_HOLDERS)
            if _ai_add(pl.has, sid, -1) == 0:
                _seat_skills_changed(self, p, sid)
                for t in cython.cast(Skill, self.rs.skills[sid]).timings:
                    _ai_add(self.listen, t, -1)
                _skill_changed(self, sid, _ai_add(self.holders, sid, -1) == 0)

    def held_skills(self, key, sids):
        """The skill ids of ``sids`` that somebody has, in their order (the others fail
        has_skill for every role): cached under ``key`` (one key, one list of skills) until
        a skill's holders change between none and some."""
        k = key if type(key) is int else -1
        if k >= 0:
            # a status query's kind (~12,000 calls in the six games of `sgs bench --what
            # instructions`): a list index, where the dict hashed the boxed kind
            byk = self.held_by_kind
            if k < len(byk):
                c = byk[k]
                if c is not None:
                    return c
            else:
                byk.extend([None] * (k + 1 - len(byk)))
            c = _held_of(self, sids)
            byk[k] = c
            return c
        c = self.held_lists.get(key)
        if c is None:
            c = _held_of(self, sids)
            self.held_lists[key] = c
        return c

    def has_skill(self, p, sid):
        pl = self.players[p]
        return _ai(pl.has, sid) > 0 and _ai(pl.invalid, sid) == 0

    def invalidate_skill(self, p, sid, on=True):
        """无效 for a skill (nestable: call again with on=False to undo)."""
        pl = self.players[p]
        Player._own(pl, OWN_INVALID)
        _ai_add(pl.invalid, sid, 1 if on else -1)
        _seat_skills_changed(self, p, sid)

    def skill_available(self, p, sid):
        s = cython.cast(Skill, self.rs.skills[sid])
        if s.limit <= 0:
            return True
        return self.count(s.limit_scope, p, self.ncounters + sid) < s.limit

    def note_skill_use(self, p, sid):
        s = cython.cast(Skill, self.rs.skills[sid])
        if s.limit > 0:
            self.add_count(s.limit_scope, p, self.ncounters + sid, 1)

    # ------------------------------------------------------------- flow control
    def terminate(self, f):
        """终止 the flow of frame f (it stops when next resumed, or jumps to
        its term_pc if that is >= 0)."""
        f.flags |= 1

    def prevent(self, f):
        """防止: the flow program checks ``f.flags & F_PREVENTED``."""
        f.flags |= 2

    def nullify(self, f):
        f.flags |= 4

    def nullify_target(self, f, i):
        """无效 of a card on its i-th target (bit i of f.c)."""
        f.c |= (1 << i)

    def target_nullified(self, f, i):
        return (f.c >> i) & 1 == 1

    def end_game(self, winners, reason=""):
        self.result = GameResult(list(winners), reason)
        while self.stack:
            f = self.stack.pop()
            f.ev = None   # as in _pop: the frames still running are no reference cycles
            f.child = None   # (nor their children, whose slots may name them: step 130b)
            self.popped += 1
            # kept alive until step returns: step and run_pushed run their frame borrowed, and
            # the frames popped here are running (their programs write pc after this call)
            _ENDED.append(f)
        self.root_state = None
        self.turn_frame = self.phase_frame = None
        self.pending = None
        if self._log_level > 0:
            self._log({"e": "end", "winners": list(winners), "reason": reason})
        if self.gbits & G_DEBUG:
            self.check_invariants()
        return 4

    # ------------------------------------------------------------- turns
    def next_alive(self, p):
        # the player's alive read as its C field (a Player, as set_alive writes it), where the
        # attribute was looked up by name through its descriptor and a bool made: ~290 of the
        # ~320 instructions of each of ~540 calls in the six games (the turn order's)
        n: cython.int = self.n
        for i in range(1, n + 1):
            q = (p + i) % n
            if cython.cast(Player, self.players[q]).alive:
                return q
        return -1

    def alive_seats(self, start=-1):
        """alive_tuple's seats as a list."""
        return list(self.alive_tuple(start))

    @cython.boundscheck(False)   # players[q] with 0 <= q < n: the game has n players
    @cython.wraparound(False)
    def alive_tuple(self, start=-1):
        """Alive seats counterclockwise from ``start`` (default: current or referee), as a tuple
        (a role group's value: 存活角色, ANY expanded), made in place when compiled: a list made
        and copied into a tuple cost ~950 instructions a call. Each start's answer is kept
        (alive_memos) while the alive seats (alive_bits, which set_alive keeps; n <= 50) stay
        the same: one memo alone missed 278 of 1,762 calls, one per start (step 138)."""
        if start < 0:
            start = self.current if self.current >= 0 else self.referee
        n = self.n
        # then (start + i) % n at each i, wrapped by a test; a seat itself without a division
        q = start if 0 <= start < n else (start % n if n > 0 else 0)
        memos = None
        if n <= 50:
            if cython.compiled and self.alive_key == self.alive_bits:
                # the kept answer read in place, borrowed (the list holds it; no reference taken
                # and dropped on the list, no type test: only this function writes a tuple there):
                # ~1,700 of ~1,760 calls in the six games of `sgs bench --what instructions`
                ml: cython.pointer(PyObject) = cython.cast(cython.pointer(PyObject),
                                                           self.alive_memos)
                if ml != cython.cast(cython.pointer(PyObject), None):
                    hit: cython.pointer(PyObject) = PyList_GET_ITEM(cython.cast(list, ml), q)
                    if hit != cython.cast(cython.pointer(PyObject), None):
                        return cython.cast(tuple, hit)
            memos = self.alive_memos
            if memos is None or self.alive_key != self.alive_bits:
                memos = [None] * n   # a new list: a clone may hold the old one
                self.alive_memos = memos
                self.alive_key = self.alive_bits
            elif memos[q] is not None:
                return memos[q]
        q0 = q
        k = 0
        for i in range(n):   # players holds Players only
            if cython.cast(Player, self.players[i]).alive:
                k += 1
        res = PyTuple_New(k) if cython.compiled else [None] * k
        j = 0
        for i in range(n):
            if cython.cast(Player, self.players[q]).alive:
                v = q
                if cython.compiled:   # the tuple's item: a reference of its own
                    Py_INCREF(v)
                    PyTuple_SET_ITEM(res, j, v)
                else:
                    res[j] = v
                j += 1
            q += 1
            if q == n:
                q = 0
        res = res if cython.compiled else tuple(res)
        if memos is not None:
            memos[q0] = res
        return res

    # ------------------------------------------------------------- turns and phases
    # (core/turnbook.py, which the turns room calls in C: these are docs/core-api.md's calls)
    def grant_extra_turn(self, p):
        Turnbook.grant_extra_turn(self, p)

    def peek_turn(self):
        return Turnbook.peek_turn(self)

    def push_turn(self, prog, jump_pc=-1):
        return Turnbook.push_turn(self, prog, jump_pc)

    def push_phase(self, ph, extra=False, prog=-1):
        return Turnbook.push_phase(self, ph, extra, prog)

    def skip_phase(self, ph):
        return Turnbook.skip_phase(self, ph)

    # ------------------------------------------------------------- counters
    def _reset_scope(self, sc):
        if cython.compiled and 0 <= sc < 4:
            # most resets (~2,100 of ~2,300 in the six games of `sgs bench --what
            # instructions`) find nothing counted: the scope's indices read in place, borrowed
            # (the game's list holds its four arrays; no index test, reference or type test)
            if cython.cast(array.array, PyList_GET_ITEM(self.cnt_touched, sc)).ob_size == 0:
                return
        touched = self.cnt_touched[sc]
        n = touched.ob_size if cython.compiled else len(touched)
        if n == 0:
            return   # nothing counted since the scope began: its counts are all 0
        if (self.cnt_shared >> sc) & 1:   # a clone shares the scope's counters
            Game._own_scope(self, sc)
            touched = self.cnt_touched[sc]
        c = self.cnt[sc]
        for k in range(n):
            _ai_set(c, _ai(touched, k), 0)
        if cython.compiled:   # emptied, its room kept
            touched.ob_size = 0
        else:
            del touched[:]

    def _own_scope(self, sc):
        """Make scope sc's counters this game's own before a write to them: a clone shares
        each scope until one side writes it, which copies that scope alone (~8.7 KB of C ints
        in 身份局, where the four were ~35 KB)."""
        Game._own(self, OWN_CNT)
        self.cnt[sc] = _copy_ints(self.cnt[sc])
        self.cnt_touched[sc] = _copy_ints(self.cnt_touched[sc])
        self.cnt_shared &= ~(1 << sc)

    def count(self, sc, p, key):
        if not (0 <= sc < 4 and 0 <= p < self.n and 0 <= key < self.K):
            return 0   # no such counter: never counted
        return _ai(self.cnt[sc], p * self.K + key)

    def add_count(self, sc, p, key, d=1):
        if not (0 <= sc < 4 and 0 <= p < self.n and 0 <= key < self.K):
            raise EngineError("no counter %d of player %d in scope %d" % (key, p, sc))
        if (self.cnt_shared >> sc) & 1:   # a clone shares the scope's counters
            Game._own_scope(self, sc)
        i = p * self.K + key
        c = self.cnt[sc]
        if _ai(c, i) == 0:
            ints_append(cython.cast(array.array, self.cnt_touched[sc]), i)
        _ai_add(c, i, d)

    def mark(self, p, m):
        return _ai(cython.cast(Player, self.players[p]).marks, m)

    def add_mark(self, p, m, d=1):
        pl = self.players[p]
        Player._own(pl, OWN_MARKS)
        if _ai_add(pl.marks, m, d) < 0:
            _ai_set(pl.marks, m, 0)
        if self._log_level > 0:
            self._log({"e": "mark", "p": p, "m": self.rs.mark_names[m], "v": pl.marks[m]})

    # ------------------------------------------------------------- modifiers
    def modval(self, kind, a, b, base):
        """Generic glossary formula: SET wins; else max(B0+ΣΔ, floor) capped
        by ceil, where B0 is the last BASE value or ``base`` (_modval, which the engine's own
        callers call in C)."""
        return _modval(self, kind, a, b, base)

    def base_distance(self, a, b):
        return _base_distance(self, a, b)   # core.held: with the modifiers' formula

    def distance(self, a, b):
        if a == b:
            return 0
        return _distance(self, a, b)   # core.held: the base and the modifiers, kept by pair

    def attack_range(self, p):
        return _attack_range(self, p)   # core.held: the modifiers' answer, kept by seat

    def in_range(self, a, b):
        return a != b and self.attack_range(a) >= self.distance(a, b)

    def hand_limit(self, p):
        return _modval(self, 2, p, -1, cython.cast(Player, self.players[p]).hp)

    def draw_count(self, p):
        return _modval(self, 3, p, -1, 2)

    def card_point(self, cid):
        return _modval(self, 4, cid, -1, cython.cast(Card, self.cards[cid]).point)

    # ------------------------------------------------------------- cards
    def zone_id(self, kind, owner=-1):
        return _zone_index(self, kind, owner)

    def zone_cards(self, kind, owner=-1):
        """The live list of a zone (last element = top).  Do not mutate."""
        return self.zones[_zone_index(self, kind, owner)]

    def where(self, cid):
        return self.zone_at[_ai(self.card_zone, cid)]   # (kind, owner): a tuple made once

    def where_kind(self, cid):
        # where(cid)[0] without the tuple, read from a C int array (no int object to unbox)
        return _ai(self.zkind_at, _ai(self.card_zone, cid))

    def move(self, cards, kind, owner=-1, bottom=False):
        """Primitive move (no timings): put ``cards`` into zone (kind, owner),
        on top (end of list) or at the bottom."""
        to = _zone_index(self, kind, owner)
        dest = Game.zone_w(self, to)
        moved = [] if self._log_level > 0 else None
        Game._own(self, OWN_CARD_ZONE)
        for c in cards:
            Game._put(self, c, to, dest, bottom)
            if moved is not None:
                moved.append(c)
        if self._log_level > 0:
            self._log({"e": "move", "c": moved, "to": self.rs.zone_names[kind], "owner": owner})

    def move_one(self, c, kind, owner=-1, bottom=False):
        """move((c,), kind, owner, bottom): card c alone, without the tuple (the 移动 flow,
        moves.move_cards, moves its cards one at a time: ~4,400 tuples in the six games), the
        same zone writes and the same log entry."""
        to = _zone_index(self, kind, owner)
        dest = _zone_w(self, to)
        Game._own(self, OWN_CARD_ZONE)
        Game._put(self, c, to, dest, bottom)
        if self._log_level > 0:
            self._log({"e": "move", "c": [c], "to": self.rs.zone_names[kind], "owner": owner})

    def _put(self, c, to, dest, bottom, /):
        """Card c out of its zone into ``dest``, zone ``to`` (move and move_one; the caller
        owns the card-zone table): on top (the list's end), or at the bottom."""
        # the int the zone held moves to dest: no int made for c. A card on its zone's top (a
        # draw's, most of the 处理区's) is popped: no search, no memmove of nothing (take_card)
        src: list = _zone_w(self, _ai(self.card_zone, c))
        n: cython.Py_ssize_t = PyList_GET_SIZE(src)
        top: cython.bint = n > 0
        if cython.compiled:   # the top's int read in place (smallint.pxd)
            top = top and small_int(cython.cast(object, PyList_GET_ITEM(src, n - 1))) == c
        else:
            top = top and src[n - 1] == c
        x = pop_keep_room(src) if top else take_card(src, c)
        if bottom:
            dest.insert(0, x)
        else:
            append_in_room(dest, x)
        hand_moved(self, c, to, OWN_HAND)   # the hands' counts by name (before card_zone's write)
        _ai_set(self.card_zone, c, to)
        return 0

    def shuffle_zone(self, kind, owner=-1):
        self.rng.shuffle(self.zone_w(_zone_index(self, kind, owner)))

    def refill_draw(self):
        """Shuffle the discard pile into the draw pile (牌堆耗尽)."""
        if not self.zones[self.zbase[1]]:
            return
        dz = self.zone_w(self.zbase[1])
        cards = list(dz)
        self.rng.shuffle(cards)
        d = self.zone_w(self.zbase[0])
        self._own(OWN_CARD_ZONE)
        z = self.zbase[0]
        for c in cards:
            _ai_set(self.card_zone, c, z)
        # the shuffled cards under the pile, the last one lowest: as each was inserted at the
        # bottom in turn, in one slice assignment (step 273a: each insert moved the whole pile)
        cards.reverse()
        d[0:0] = cards
        del dz[:]
        if self._log_level > 0:
            self._log({"e": "refill", "n": len(cards)})

    def top_cards(self, n):
        """Up to n cards from the top of the draw pile (refilling once)."""
        # the pile's list read by its index as a C int (the boxed index went through the list's
        # generic subscript, twice a call), its top k cards sliced off at once and reversed in
        # place (top first), where each was appended (~400 calls in the six games)
        z: cython.Py_ssize_t = self.zbase[0]
        if len(cython.cast(list, self.zones[z])) < n:
            self.refill_draw()
        d = self.zones[z]   # after the refill, which may have copied it (zone_w)
        m: cython.Py_ssize_t = len(d)
        k = min(n, m)
        if k <= 0:
            return []
        res: list = d[m - k:m]
        res.reverse()
        return res

    def draw(self, p, n):
        cs = self.top_cards(n)
        self.move(cs, 3, p)
        return cs

    def card_suit(self, cid):
        return cython.cast(Card, self.cards[cid]).suit

    def card_color(self, cid):
        return _suit_color(cython.cast(Card, self.cards[cid]).suit)

    def card_name(self, cid):
        return cython.cast(Card, self.cards[cid]).name

    def vcard_suit(self, vc):
        if len(vc.cards) == 1:
            return self.card_suit(vc.cards[0])
        return -1

    def vcard_color(self, vc):
        if len(vc.cards) == 0:
            return -1
        c = self.card_color(vc.cards[0])
        for x in vc.cards:
            if self.card_color(x) != c:
                return -1
        return c

    def vcard_point(self, vc):
        """0 = no point."""
        if len(vc.cards) == 1:
            return self.card_point(vc.cards[0])
        return 0

    # ------------------------------------------------------------- HP & life
    def set_maxhp(self, p, v):
        pl = self.players[p]
        pl.maxhp = v
        if pl.hp > v:
            pl.hp = v
        if self._log_level > 0:
            self._log({"e": "maxhp", "p": p, "v": v, "hp": pl.hp})

    def change_hp(self, p, d):
        """Primitive HP change, clamped to max HP.  Returns the actual delta."""
        pl = self.players[p]
        old = pl.hp
        pl.hp += d
        if pl.hp > pl.maxhp:
            pl.hp = pl.maxhp
        if self._log_level > 0:
            self._log({"e": "hp", "p": p, "d": pl.hp - old, "hp": pl.hp})
        return pl.hp - old

    def kill(self, p):
        """Mark p dead.  If p is the current-turn player, the turn is cut:
        unfinished flows continue, phase frames are abandoned when resumed,
        and the turn frame jumps to its jump_pc (回合结束前❶) unless already
        at/after it."""
        Game.set_alive(self, p, False)
        if p == self.current:
            self.gbits |= G_TURN_CUT
        if self._log_level > 0:
            self._log({"e": "die", "p": p})

    def set_alive(self, p, alive):
        """Seat p's alive flag (kill, a revival): its writer, which keeps alive_bits (the
        invariants check that no flag was written otherwise) and forgets held_seats (a dead
        seat's bits count its dead_ok skills only: core.held._make_seats)."""
        cython.cast(Player, self.players[p]).alive = alive
        self.held_seats = None
        if self.n <= 50:
            if alive:
                self.alive_bits |= cython.cast(cython.longlong, 1) << p
            else:
                self.alive_bits &= ~(cython.cast(cython.longlong, 1) << p)
        # the kept distances (core.held) count the living seats: those p's change may change
        # (read from alive_bits, written above)
        _distances_changed(self, p)

    def flip(self, p):
        pl = self.players[p]
        pl.face_up = not pl.face_up
        if self._log_level > 0:
            self._log({"e": "flip", "p": p, "up": bool(pl.face_up)})

    def alive_count(self):
        k = 0
        for pl in self.players:
            if cython.cast(Player, pl).alive:
                k += 1
        return k

    # ------------------------------------------------------------- invariants
    def check_invariants(self):
        """The scheduling core's invariants (core/checks.py); raises InvariantError."""
        return check_engine_state(self)

    # ------------------------------------------------------------- clone
    def clone(self):
        """Deep copy of state and stack (core/clone.py's clone_game says what is copied)."""
        return clone_game(self)

    def __dealloc__(self):
        # Compiled only (pure Python's collector frees the cycles). A running frame names its
        # parent event frame (ev), which names it in its field child: a cycle per frame of the
        # stack, so a dropped game (a search's clone) was left to the garbage collector (~7 k
        # instructions a clone). Its frames' ev links are dropped: they go by reference counting.
        # So are their child links: a child's slots may name its frame (step 130b)
        stack = self.stack
        if stack is not None:
            for f in stack:
                cython.cast(Frame, f).ev = None
                cython.cast(Frame, f).child = None


@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
@cython.locals(g=Game, f=Frame, fl=cython.int, p=cython.p_void, tl=cython.p_void,
               n=cython.Py_ssize_t)
def _pop_frame(g, f) -> cython.int:
    """Game._pop: frame f, the stack's top, leaves it. A C function that step and run_pushed
    inline where a frame is done (~12,900 pops in the six games of `sgs bench --what
    instructions`)."""
    # compiled, the stack's reference to f moved to g.ret (engine.pxd's pop_to_ret), where it was
    # dropped and another taken; the stack read borrowed (len tested it for None). Its size read
    # once, before (pop_to_ret's read of it, the same): the stack read again after the old
    # g.ret's drop was ~2 instructions a pop (step 196a)
    n = stack_size(g)
    if cython.compiled:
        pop_to_ret(g, f)
    else:
        pop_keep_room(g.stack)
        g.ret = f
    if n == 1:   # the root frame is gone, and its state with it
        g.root_state = None
    g.popped += 1
    # its last child (popped before it), held by that field alone, is read now only by the
    # verdict's and 摸等量的牌's walks (flags, scratch, child), never for its slots, which may
    # name f (an event's cause: 伤害 → 扣减体力), a cycle: compiled, dropped (step 130a, 130c)
    if cython.compiled:   # (core/spares.pxd: in C)
        # a child held beyond that field (a room's kept scan or evaluation frame naming it as its
        # event: stale once it is done) let go by the rooms first, so that its slots drop too
        # (step 260a: the 伤害 → 扣减体力 → 濒死 cycles, decision 0296)
        if child_held_elsewhere(f) and _RELEASE_FINISHED != cython.NULL:
            _RELEASE_FINISHED(cython.cast(cython.pointer(PyObject), f.child))
        child_slots_dropped(f, _SLOTS_AT[0])
    # a finished frame drops its event context: nothing reads a popped frame's ev (its verdict
    # and results are read through g.ret and the parent's scratch), and child.ev -> parent ->
    # child (its field child) was a cycle left to the garbage collector (docs/performance.md)
    if f.ev is not None:
        f.ev = None
    # … and its timing list (an event's, read through a running frame's context, on the
    # stack). Compiled, its array kept, emptied, for the next event's first timing (flow.fire),
    # when the frame holds it alone: kept before the field lets it go (no local holds it; the
    # lists read through a local pointer: a field or a global passed to a C function was taken
    # into a temporary, a reference taken and dropped). None tested first: ~60 % of the pops
    # have no list (one test, where the type's and then None's were two; step 189a)
    if f.timings is not None:
        if cython.compiled and type(f.timings) is array.array:
            p = cython.cast(cython.p_void, _SPARE_TIMINGS)
            tl = cython.cast(cython.p_void, f.timings)
            keep_spare_ints(cython.cast(list, p), cython.cast(array.array, tl), 64)
        f.timings = None
    fl = f.flags
    if fl & FL_TURN_PHASE:   # the phase frame left: the one it was within, or its outer turn's
        g.phase_frame = innermost_phase(g.stack)   # (a walk)
        if fl & FL_TURN:
            g.turn_frame = innermost_turn(g.stack)   # None, or a turn it was within
            g.current = -1
            g.gbits &= ~G_TURN_CUT
            g.phase = -1
        elif not (fl & FL_EXTRA):  # a phase, not an extra one
            g.phase = -1
    if g.gbits & G_DEBUG:
        g.check_invariants()
    return 0


def release_finished_by(fn):
    """Compiled: ``fn`` made the release _pop_frame calls for a finished child held beyond its
    parent's field (engine.pxd, step 260a; core.prims.usable registers it at its import)."""
    global _RELEASE_FINISHED
    _RELEASE_FINISHED = fn
    return 0


# the frames end_game took off the stack, kept until step returns GAMEOVER (or the flow's end):
# step and run_pushed read the frame they run borrowed, from the stack, and the frames end_game
# pops are those running (docs/decisions/0182). Emptied by the step that ends a game; frames
# popped by an end_game called outside step wait for the next game's end (no game's state:
# their ev and child dropped)
_ENDED = []


# the rooms' ruleset class (core.prims.base.Rules: the engine's layer cannot import it), which
# base registers at its import; None before (no game is plain then)
_PLAIN_RULES = None


def plain_rules(cls):
    """Register ``cls`` (core.prims.base.Rules) as the ruleset kind of a plain game (G_PLAIN)."""
    global _PLAIN_RULES
    _PLAIN_RULES = cls



@cython.cfunc
@cython.exceptval(check=False)
def plain_bit(g: Game) -> cython.int:
    """G_PLAIN when g is exactly a Game logging at level 1 or less whose ruleset is exactly the
    rooms' Rules: what fire's quiet path asks (core/prims/fast.pxd), one bit tested where four
    tests were; else 0."""
    return G_PLAIN if type(g) is Game and g._log_level <= 1 and \
        type(g.rs) is _PLAIN_RULES else 0


@cython.cfunc
@cython.exceptval(check=False)
def set_log_level(g: Game, v: cython.int) -> cython.int:
    """The log's level written and G_PLAIN kept (the property's setter; a C call from rooms)."""
    g._log_level = v
    g.gbits = g.gbits & ~G_PLAIN | plain_bit(g)
    return 0


@cython.cfunc
@cython.inline
def _zone_w(g: Game, z: cython.Py_ssize_t) -> list:
    """Game.zone_w's definition, inline where a card moves (move_one and _put: two calls a card,
    ~4,100 in the six games of `sgs bench --what instructions`, each ~40 instructions of a cpdef
    method's frame and its override test)."""
    if _ai(g.zshared, z) != 0:
        g.zones[z] = cython.cast(list, g.zones[z])[:]
        _ai_set(g.zshared, z, 0)
    return g.zones[z]


@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
@cython.locals(k=cython.Py_ssize_t)
def _zone_index(g: Game, kind: cython.int, owner: cython.int) -> cython.int:
    """Zone (kind, owner)'s index in g.zones: Game.zone_id's definition, a C computation that
    zone_cards, move and move_one inline (compiled) where each called the method (its optional
    argument, its override test: ~60 instructions at each of ~20,000 calls in the six games of
    `sgs bench --what instructions`, zone_cards' own among them; docs/performance.md, step 54).
    zkinds is read unchecked: a kind outside the ruleset's (a pseudo-kind such as the runtime's
    ZK_EQUIP, or a bad value) is an error, never a read outside the array."""
    if kind < 0 or kind >= len(g.zbase):
        raise EngineError("no zone kind %d in this ruleset" % kind)
    k = kind + kind
    if _ai(g.zkinds, k + 1):
        return _ai(g.zkinds, k) + owner
    return _ai(g.zkinds, k)


# what moved from this module to the modules split from it (docs/decisions/0019): E.Decision …
# still find it, alike compiled (where a cimported class is no attribute of this module) and pure
_MOVED = {"Decision": "core.decision", "Ruleset": "core.ruleset", "Program": "core.ruleset",
          "FnProgram": "core.ruleset", "Skill": "core.ruleset", "Modifier": "core.ruleset",
          "INF": "core.ruleset", "clone_game": "core.clone", "Rng": "core.rng",
          "MAX_FIRINGS": "core.dispatch"}


def __getattr__(name):
    """A name of _MOVED, from its module (PEP 562: only names this module lacks come here)."""
    home = _MOVED.get(name)
    if home is None:
        raise AttributeError("module 'core.engine' has no attribute %r" % (name,))
    import importlib
    return getattr(importlib.import_module(home), name)


# The ruleset's and decision's classes and the clone, held, spares: they and this module cimport
# each other (engine.pxd; the top), so compiled C; in pure Python imported here, last, when every
# name they import from this one is defined. The log's encoding reads Frame and VCard from here.
from core.logjson import log_line, log_value  # noqa: E402
if not cython.compiled:
    from core.checks import check_engine_state, innermost_phase, innermost_turn  # noqa: E402
    from core.clone import (clone_game, frame_copy, init_game, mark_listen,  # noqa: E402
                            own_game_tables, own_player_tables, player_copy)
    from core.decision import Decision, new_decision_list, options_of_skills  # noqa: E402
    from core.held import (_attack_range, _base_distance, _distance,  # noqa: E402
                           _distances_changed, _held_of, _make_seats, _modval,
                           _seat_skills_changed, _skill_changed)
    from core.dispatch import (_cands, _skill_ready, candidates, dispatch_run,  # noqa: E402
                               next_asked, seats_with)
    from core.ruleset import Modifier, Program, Skill, run_program  # noqa: E402
    from core.spares import new_slots  # noqa: E402
    from core import turnbook as Turnbook  # noqa: E402
