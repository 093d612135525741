"""Agents: thin loops over the decision API (Game.step / Game.answer).

Compiled with the core (agents.pxd): Agent and RandomPlayer are extension types, so the random
player of `sgs simulate` and `sgs bench` answers with C calls into the engine (Decision.sample
draws from the engine's Rng as C calls; play() steps and answers the game as C calls). Any
object with a choose(g, d) method is an agent to play()."""
import cython

from .decision import Decision
if not cython.compiled:   # C functions when compiled (agents.pxd cimports them)
    from .decision import _below, prompt_of, prompt_starts
from .engine import Game, EngineError, KIND_NAMES, Z_HAND
from .rng import Rng
from .ruleset import Skill


class Agent:
    def choose(self, g, d, /):
        raise NotImplementedError


class RandomAgent(Agent):
    """Uniformly random legal answers from its own seeded Rng."""

    def __init__(self, seed=0):
        self.rng = Rng(seed)

    def choose(self, g, d, /):
        v = d.sample(self.rng)
        if v is None:
            raise EngineError("no legal answer for %s" % (d.describe(),))
        return v


# The decisions RandomPlayer recognises, as the specs word them (prompts are the specs' text:
# a trigger decision's prompt is its timing, an ask's prompt the sentence that asks).
IDLE_POINT = "出牌阶段内的空闲时间点"                 # 回合.sgs, 000:52
END_PHASE = "进行此回合的角色可结束此阶段"             # 回合.sgs, 000:57
DEFAULT_WAY = ("需要使用者可以默认方式开始使用此牌名的牌",  # 需要使用.sgs
               "需要打出者可以默认方式开始打出此牌名的牌")  # 需要打出.sgs
CARD_USE = "<使用牌>"     # the hidden skills that use cards at their timings (prims.finish)
CARD_NAMES = "使用："      # prims._use_run: which card name to use
END = -1                  # a planned action: end the play phase
# the prompts RandomPlayer.choose compares at each of its questions (~1,430 in the six games of
# `sgs bench --what instructions`): compiled, C variables of type str, compared as str with str
# (identity, length, then the text), where each read was a lookup of the module's dict and each
# test a rich comparison of two objects (step 176b)
_IDLE_POINT = cython.declare(str, IDLE_POINT)
_END_PHASE = cython.declare(str, END_PHASE)
_USE_DEFAULT = cython.declare(str, DEFAULT_WAY[0])
_PLAY_DEFAULT = cython.declare(str, DEFAULT_WAY[1])
_CARD_NAMES = cython.declare(str, CARD_NAMES)
_CARD_USE = cython.declare(str, CARD_USE)
_END = cython.declare(cython.int, END)   # (_idle's: a C int, where END was looked up)
_END_OBJ = cython.declare(object, END)   # (its int, for others_of)


# the last skill list read and its card-use skills' flags by skill id (1: the skill's name starts
# with CARD_USE): a game's new agent (sgs simulate, sgs bench) reads the ruleset's ~300 skill
# names once per ruleset, not once per agent (compiled: C variables, where a list of the two, a
# module global, was looked up and indexed twice at each of ~340 calls in the six games of
# `sgs bench --what instructions`; step 176b). The flags a bytearray read in C (step 207a: the ids
# were a frozenset, an option's test a hash lookup of its int)
_LAST_SKILLS = cython.declare(object, None)
_LAST_FLAGS = cython.declare(bytearray, bytearray())


def _card_use_flags(sk, /):
    global _LAST_SKILLS, _LAST_FLAGS
    if _LAST_SKILLS is not sk:
        flags = bytearray(len(sk))   # (compiled: each byte written in C)
        i = 0
        for s in sk:
            # a Skill's name a C read (its attribute looked up by name was ~100 instructions)
            if _starts(cython.cast(Skill, s).name if type(s) is Skill else s.name, _CARD_USE):
                flags[i] = 1
            i += 1
        _LAST_FLAGS = flags
        _LAST_SKILLS = sk
    return _LAST_FLAGS


@cython.cfunc
@cython.inline
def _use_flags(g: Game, /) -> bytearray:
    """The card-use flags of g's skills (a C call from RandomPlayer.choose and _idle, where a
    method's call through the type's table read them)."""
    sk = g.rs.skills
    if sk is not _LAST_SKILLS:
        _card_use_flags(sk)
    return _LAST_FLAGS


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _is_use(flags: bytearray, o, /) -> cython.bint:
    """Whether option ``o`` of an idle point (a skill id; -1 the pass) is a card-use skill's:
    compiled, its int read in C and its byte (``o in`` the ids' frozenset was a hash lookup)."""
    if cython.compiled:
        x: cython.long
        return (isinstance(o, int) and compact_int(o, cython.address(x)) and 0 <= x < len(flags)
                and flags[x] != 0)
    return isinstance(o, int) and 0 <= o < len(flags) and flags[o] != 0


@cython.cfunc
@cython.inline
@cython.exceptval(-1)
def _other(o, use, u: cython.long, /) -> cython.bint:
    """``o != use`` for an option o and the card-use skill's id ``use`` (u: its int, compact):
    compiled, an exact int's value compared in C, where each was a rich comparison."""
    if cython.compiled:
        x: cython.long
        if type(o) is int and compact_int(o, cython.address(x)):
            return x != u
    return o != use


@cython.cfunc
@cython.inline
@cython.exceptval(-1)
def _put(l: list, i: cython.Py_ssize_t, v, /) -> cython.int:
    """``l[i] = v``: compiled, a C store when i is an index of l (the per-seat lists, grown to
    the seat by RandomPlayer._seats), where __Pyx_SetItemInt_Fast was a call at -O1."""
    if cython.compiled and 0 <= i < len(l):
        list_put(l, i, v)
    else:
        l[i] = v
    return 0


def _starts(s, prefix, /):
    """``s.startswith(prefix)`` for a str ``s`` (False for anything else): compiled, a C call
    (the method called by name was ~800 instructions, at each of the ruleset's ~300 skills and
    each card-name choice), the prefix's code points compared in place (str_starts, step 221a;
    decision.pxd's since step 229a)."""
    if cython.compiled and type(s) is str and type(prefix) is str:
        return str_starts(s, prefix) != 0
    return isinstance(s, str) and cython.cast(str, s).startswith(prefix)


if not cython.compiled:   # compiled: agents.pxd's C test (step 221a)
    def _is_text(p, t, /):
        """``p == t``, a question's prompt and one of the texts RandomPlayer.choose recognises."""
        return p == t


class RandomPlayer(Agent):
    """A uniformly random *player* (``sgs simulate --agents random``).

    RandomAgent answers every decision uniformly, which makes a poor player: at an idle point
    of its play phase it ends the phase as often as it uses a card (pass, then "end?" yes),
    and it cancels half of the card uses it starts (the "use it the default way?" question
    that follows choosing a card name), so healing outpaces damage and games run for
    thousands of turns. RandomPlayer instead picks uniformly among the *actions* of an idle
    point: every card name it can use there, every other skill offered, and ending the phase;
    and it carries out what it chose. Everything else is a uniformly random legal answer.
    Its answers are always legal: they come from ``d.legal()``/``d.sample()`` or are the
    pass of a passable decision, an option or a yes/no of the question; play() answers them
    without checking them again (docs/decisions/0190). See docs/decisions/0004-random-player.md.

    The card names usable at an idle point are only listed by the decision that follows
    choosing the card-use skill, so the agent chooses that skill first and draws the action
    there (or at the "default way?" question when a single name is usable); if the draw is
    another skill or ending the phase, it declines the use (nothing happens; the flow goes on
    at the next idle point, 000:55) and does the planned action there."""

    def __init__(self, seed=0):
        self.rng = Rng(seed)
        # by seat, grown to a game's seats at its first question (_seats): lists read and
        # written in place, where dicts were popped at each idle point (~0.2 M instructions in
        # the six games of `sgs bench --what instructions`: docs/performance.md step 113d); the
        # flags 0/1 in bytearrays, compiled a byte read or written in place where a list's item
        # was a bool object taken, tested and swapped (step 192b)
        self.plan = []      # seat -> the action (skill id or END) for its next idle point, or None
        self.others = []    # seat -> the other actions of the idle point being decided, or None
        self.cancel = bytearray()   # seat -> 1: decline the card use just started (drawn: another)
        self.chose = bytearray()    # seat -> 1: it chose a card-use skill: carry the use out

    def _seats(self, who, /):
        """The per-seat lists grown to hold seat ``who``."""
        while len(self.plan) <= who:
            self.plan.append(None)
            self.others.append(None)
            self.cancel.append(0)
            self.chose.append(0)

    def _random(self, d, /):
        v = d.sample(self.rng)
        if v is None:
            raise EngineError("no legal answer for %s" % (d.describe(),))
        return v

    def choose(self, g, d, /):
        who = d.who
        if who >= len(self.plan):
            self._seats(who)
        k = d.kind
        if k == 4:
            if _is_text(prompt_of(d), _IDLE_POINT):
                return self._idle(g, d)
            v = self._random(d)
            if _is_use(_use_flags(g), v):
                self.chose[who] = 1
            return v
        if k == 1 and self.others[who] is not None and len(d.options) > 0 \
                and prompt_starts(d, _CARD_NAMES):
            # the card names usable at this idle point: draw among them and the other actions
            # (some, or the decline, option 0, would not be an answer: play trusts these)
            return self._draw(who, len(d.options), d)
        if k == 0:
            p = prompt_of(d)
            if _is_text(p, _END_PHASE):
                # asked only after this seat passed its idle point, which it does to end
                # the phase (or when nothing at all is offered: then end too)
                return 1
            if _is_text(p, _USE_DEFAULT) or _is_text(p, _PLAY_DEFAULT):   # `p in DEFAULT_WAY`
                if self.cancel[who]:
                    self.cancel[who] = 0
                    self.chose[who] = 0
                    return 0
                if self.others[who] is not None:   # one usable card name: the draw is here
                    self.chose[who] = 0
                    return 1 if self._draw(who, 1, d) == 0 else 0
                if self.chose[who]:
                    self.chose[who] = 0
                    return 1
        return self._random(d)

    def _idle(self, g, d, /):
        who = d.who
        _put(self.others, who, None)
        self.cancel[who] = 0
        self.chose[who] = 0
        plan = self.plan[who]
        _put(self.plan, who, None)
        opts = d.options
        if plan is not None:
            if plan == _END and d.can_pass:
                return -1
            if plan in opts:
                return plan
        # the first card-use skill offered (its flag a byte) and the other actions
        flags = _use_flags(g)
        n = len(opts)
        j = 0
        while j < n and not _is_use(flags, opts[j]):
            j += 1
        if j < n:
            # learn the usable card names first (see the class comment)
            use = opts[j]
            u = 0   # its int (compiled: _other's; _is_use read it so)
            if cython.compiled:
                compact_int(use, cython.address(u))
            # the other actions: compiled, a list made for them all and cut to what it holds
            # (agents.pxd's others_of), where the comprehension's appends grew an empty list
            # (step 285d)
            if cython.compiled:
                rest = others_of(opts, use, u, d.can_pass, _END_OBJ)
            else:
                rest = [o for o in opts if _other(o, use, u)]
                if d.can_pass:
                    rest.append(_END)
            _put(self.others, who, rest)
            self.chose[who] = 1
            return use
        i = _below(self.rng, n + (1 if d.can_pass else 0))   # rng.below(n): a C call for the engine's Rng
        if i < n:
            return opts[i]
        return -1   # the pass: the phase ends (END_PHASE's yes)

    def _draw(self, who, ncards, d, /):
        """Draw one of ``ncards`` card names or one of the other actions of the idle point.
        Returns the card index, or plans the other action and returns the index to decline."""
        rest = self.others[who]
        _put(self.others, who, None)
        i = _below(self.rng, ncards + len(rest))
        if i < ncards:
            return i
        _put(self.plan, who, rest[i - ncards])
        # an option cannot be declined: decline the next ask
        self.cancel[who] = 1 if d.kind == 1 else 0
        return 0 if d.kind == 1 else -1


class _FirstDraw:
    """An Rng stand-in whose every draw is the first option."""

    def below(self, n, /):
        return 0


class FirstPlayer(RandomPlayer):
    """RandomPlayer with every draw at its first option (``sgs simulate --agents first``):
    deterministic; at an idle point it uses the first usable card name (or the first skill),
    and ends the phase when nothing is usable or when its hand is as it was at its previous
    idle point (the first action changed nothing: e.g. 【杀】 offered through 〖激将〗 and
    nobody played one — drawing it again would loop forever). FirstLegalAgent, which answers
    "no" to "use it the default way?", never ends a play phase of the identity engine."""

    def __init__(self):
        RandomPlayer.__init__(self, 0)
        self.rng = _FirstDraw()
        self.last = {}      # seat -> (turn, hand) at its previous idle point

    def _idle(self, g, d, /):
        who = d.who
        now = (g.turn_no, tuple(g.zone_cards(Z_HAND, who)))
        if self.last.get(who) == now and d.can_pass:
            self.plan[who] = END
        self.last[who] = now
        return RandomPlayer._idle(self, g, d)


class FirstLegalAgent(Agent):
    def choose(self, g, d, /):
        if d.kind in (2, 3) and d.count() > 100000:
            # the first combination in option order
            v = tuple(d.options[:d.lo])
            d.normalize(v)
            return v
        res = d.legal()
        if not res:
            raise EngineError("no legal answer for %s" % (d.describe(),))
        return res[0]


class ScriptError(EngineError):
    pass


class ScriptedAgent(Agent):
    """Answers from a list, in order.  Strict: an unscripted decision raises
    ScriptError naming the decision."""

    def __init__(self, answers):
        self.answers = list(answers)
        self.i = 0

    def choose(self, g, d, /):
        if self.i >= len(self.answers):
            raise ScriptError("unscripted decision #%d: %s" % (self.i, d.describe()))
        v = self.answers[self.i]
        self.i += 1
        return v

    @property
    def exhausted(self):
        return self.i >= len(self.answers)


class HumanAgent(Agent):
    """A simple numbered prompt at the terminal; re-asks on bad input."""

    def __init__(self, input_fn=input, print_fn=print, names=None):
        self.input = input_fn
        self.print = print_fn
        self.names = names

    def _label(self, g, d, o, /):
        if d.kind == 4:
            name = g.rs.skills[o].name
            # the hidden card-use skill of a timing (prims: "<使用牌>" + the timing's name)
            return "使用一张牌" if name.startswith("<使用牌>") else name
        if d.kind == 1:
            # the option's text when the decision carries it (Decision.data: 选择一项 as written)
            i = d.options.index(o)
            if isinstance(d.data, list) and i < len(d.data):
                return str(d.data[i])
            return str(o)
        if d.kind in (2, 3, 5) and self.names is not None:
            return self.names(g, d, o)
        return str(o)

    def choose(self, g, d, /):
        while True:
            self.print("seat %d, %s: %s" % (d.who, KIND_NAMES[d.kind], d.prompt))
            if d.kind == 0:
                raw = self.input("  yes/no [y/n]: ").strip().lower()
                if raw in ("y", "yes", "1"):
                    v = 1
                elif raw in ("n", "no", "0"):
                    v = 0
                else:
                    self.print("  please answer y or n")
                    continue
            else:
                for i, o in enumerate(d.options):
                    self.print("  %d) %s" % (i + 1, self._label(g, d, o)))
                if d.kind in (2, 3):
                    raw = self.input("  choose %d..%d numbers separated by spaces%s: "
                                     % (d.lo, d.hi, ", in order" if d.ordered else ""))
                else:
                    raw = self.input("  number%s: " % (" (0 = pass)" if d.can_pass else ""))
                try:
                    nums = [int(x) for x in raw.replace(",", " ").split()]
                except ValueError:
                    self.print("  not a number")
                    continue
                if any(k < 0 or k > len(d.options) for k in nums):
                    self.print("  out of range")
                    continue
                if d.kind in (2, 3):
                    if 0 in nums:
                        self.print("  out of range")
                        continue
                    v = tuple(d.options[k - 1] for k in nums)
                elif len(nums) != 1:
                    self.print("  enter one number")
                    continue
                elif d.kind == 1:
                    if nums[0] == 0:
                        self.print("  out of range")
                        continue
                    v = nums[0] - 1
                else:
                    v = -1 if nums[0] == 0 else d.options[nums[0] - 1]
            try:
                return d.normalize(v)
            except EngineError as e:
                self.print("  illegal: %s" % (e,))


def play(g, agents, max_decisions=10000000):
    """Run ``g`` to the end.  ``agents`` is one Agent for everybody or a list
    indexed by seat.  Returns the GameResult."""
    k = 0
    seats = isinstance(agents, (list, tuple))
    while True:
        r = g.step()
        if r is None:
            raise EngineError("step budget spent")
        if not isinstance(r, Decision):
            return r
        d = cython.cast(Decision, r)
        a = agents[d.who] if seats else agents
        if type(a) is RandomPlayer:
            # its answers are legal as it makes them (sample's draws, or an option, the pass,
            # a yes or a no it read from the question): answered as run_random answers
            # sample's, without normalize's check of each (decision 0190); its own choose
            # called as such (the class itself: no override to look for, step 221b)
            g._answer_trusted(d, RandomPlayer.choose(cython.cast(RandomPlayer, a), g, d))
        elif isinstance(a, Agent):
            g.answer(cython.cast(Agent, a).choose(g, d))   # a C call when compiled
        else:
            g.answer(a.choose(g, d))
        k += 1
        if k > max_decisions:
            raise EngineError("too many decisions")
