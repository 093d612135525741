"""What one ruling may spend before it fails with SGS506: decisions answered, engine steps,
the engine's stack depth and wall time. A ruling of the book takes a few dozen decisions and
a few hundred steps; a spec that loops (a skill that triggers itself, a use that never
starts) spends one of these in seconds instead of running on (issue 17: a cut flow made
`sgs check` run for more than 600 s)."""
from __future__ import annotations

import time
from dataclasses import dataclass

from .model import RulingFailure


@dataclass(frozen=True)
class Budget:
    decisions: int = 1000     # decisions asked after the ruling's start (answered or declined)
    steps: int = 1_000_000    # frame runs of the engine (Game.steps)
    depth: int = 1000         # frames on the engine's stack at once (a flow that calls itself)
    seconds: float = 20.0     # wall time of the whole ruling, table included

    def describe(self):
        return "%d decisions, %d engine steps, a stack of %d frames, %g s" % (
            self.decisions, self.steps, self.depth, self.seconds)


DEFAULT = Budget()
# engine steps run between two looks at the budget (g.step's own budget)
CHUNK = 2000


class Meter:
    """The budget of one ruling in one game: ``check`` raises SGS506 once a limit is passed."""

    def __init__(self, budget: Budget, g):
        self.budget = budget
        self.g = g
        self.t0 = time.monotonic()
        self.d0 = g.n_decisions
        self.s0 = g.steps

    def spent(self):
        """The limit passed, as a sentence, or None."""
        b, g = self.budget, self.g
        if g.n_decisions - self.d0 > b.decisions:
            return "%d decisions were asked and the ruling does not come to rest" % b.decisions
        if g.steps - self.s0 > b.steps:
            return "the engine ran %d steps" % b.steps
        if len(g.stack) > b.depth:
            return "the engine's stack is %d frames deep (a flow or skill that triggers itself?)" % len(g.stack)
        if time.monotonic() - self.t0 > b.seconds:
            return "it ran for %g s" % b.seconds
        return None

    def check(self, rn, span):
        why = self.spent()
        if why is not None:
            notes = ["a ruling may spend %s" % self.budget.describe()]
            if self.g.pending is not None:
                notes.append("pending decision: " + rn.describe(self.g.pending))
            notes.extend(rn.log_tail())
            raise RulingFailure("SGS506", "the ruling's budget is spent: %s" % why, span, notes)
