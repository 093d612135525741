"""Game.listen's marks (docs/decisions/0248, docs/performance.md "Step 235"): by timing, its
listeners' count in the low bits (engine.pxd's LISTEN_COUNT) and, from bit 28 (LISTEN_MARKS) up,
its ruleset's marks, Tables.flow_rule_at's (1: a card's flow rule names it, 2: the idle point; 1 at
a timing past the array's end), which clone.mark_listen writes when the game is made and when its
ruleset is replaced (Game.set_rules), so that flow.fire's quiet path reads one C int a timing.
Whether anybody hears a timing is its count alone (Game._timing_heard, fast.pxd's
_timing_heard_fast): a marked timing nobody hears pushes no dispatch frame. A clone shares the
array (marks and counts) until one side writes it. Pure and as built: the same answers."""
import pytest

from seeded_games import identity_game, run_python

MARKS = identity_game(1) + r"""
from core.agents import RandomPlayer, play
from core.prims import base as B, flow as Flow
from core.ruleset import Ruleset
t = B._T(g)
COUNT = 0x0fffffff   # engine.pxd's LISTEN_COUNT (LISTEN_MARKS: 28)


def counts(g):
    # listeners by timing: grant_skill's one a timing of each skill a seat has
    n = [0] * len(g.listen)
    for pl in g.players:
        for sid in range(g.nskills):
            if pl.has[sid] > 0:
                for tm in g.rs.skills[sid].timings:
                    n[tm] += 1
    return n


def held(g, marks, n=None):
    return len(g.listen) == len(marks) and \
        all(g.listen[x] & COUNT == c and g.listen[x] >> 28 == m
            for x, (c, m) in enumerate(zip(counts(g) if n is None else n, marks)))


marks = list(t.flow_rule_at)
print("new", held(g, marks), marks[t.idle], sum(1 for m in marks if m == 1) > 0)
# a clone shares them; its ruleset replaced, its own copy is re-marked (none: the engine's own
# Ruleset has no tables), the original's untouched; its ruleset back, its marks back
c = g.clone()
n = counts(g)   # (the clone's: another ruleset's skills are not the game's)
print("clone shares", c.listen is g.listen)
c.set_rules(Ruleset())
print("no marks", c.listen is not g.listen, held(c, [0] * len(marks), n), held(g, marks))
c.set_rules(g.rs)
print("marks back", held(c, marks))
# a timing past the marks' end is marked 1 (not quiet: _fire's, as the quiet path's bounds did)
kept = t.flow_rule_at
try:
    t.flow_rule_at = kept[:5]
    c.set_rules(g.rs)
    print("past the end", held(c, marks[:5] + [1] * (len(marks) - 5)))
finally:
    t.flow_rule_at = kept
# the idle point nobody hears (its count 0, its mark kept): no dispatch frame pushed, by the
# engine's fire (Game._timing_heard) nor by flow's (fast.pxd's _timing_heard_fast when built)
c.listen[t.idle] &= ~COUNT
f = c.new_frame(t.ev_move, 0, None)
f.slots = [None] * 8
pushed = c.pushed
print("idle unheard", c.fire(t.idle, f), Flow.fire(c, f, t.idle, None), c.pushed == pushed)
# counts and marks kept through a game's grants and revocations, to its end
play(g, RandomPlayer(1))
print("played", g.result is not None, held(g, marks))
"""

WANT = ["new True 2 True", "clone shares True", "no marks True True True", "marks back True",
        "past the end True", "idle unheard 0 0 True", "played True True"]


@pytest.mark.parametrize("pure", [False, True])
def test_listen_holds_counts_and_marks(pure):
    assert run_python(MARKS, pure=pure).split("\n")[:-1] == WANT
