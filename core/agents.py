"""Agents: thin loops over the decision API (Game.step / Game.answer)."""
from .engine import Decision, Rng, EngineError, KIND_NAMES


class Agent:
    def choose(self, g, d):
        raise NotImplementedError


class RandomAgent(Agent):
    """Uniformly random legal answers from its own seeded Rng."""

    def __init__(self, seed=0):
        self.rng = Rng(seed)

    def choose(self, g, d):
        v = d.sample(self.rng)
        if v is None:
            raise EngineError("no legal answer for %s" % (d.describe(),))
        return v


class FirstLegalAgent(Agent):
    def choose(self, g, d):
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

    def choose(self, g, d):
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

    def _label(self, g, d, o):
        if d.kind == 4:
            return g.rs.skills[o].name
        if d.kind == 1:
            return str(o)
        if d.kind in (2, 5) and self.names is not None:
            return self.names(g, o)
        return str(o)

    def choose(self, g, d):
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
    while True:
        r = g.step()
        if r is None:
            raise EngineError("step budget spent")
        if not isinstance(r, Decision):
            return r
        a = agents[r.who] if isinstance(agents, (list, tuple)) else agents
        g.answer(a.choose(g, r))
        k += 1
        if k > max_decisions:
            raise EngineError("too many decisions")
