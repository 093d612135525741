"""A finished frame drops its event context (Game._pop, Game.end_game: docs/performance.md,
"A finished frame is no reference cycle"), so what the rules read must never be a popped
frame's ``ev``: the games would then see None where they saw the event. Checked on the pure
engine, where a frame's ``ev`` can be watched: seeded random-player games of the three
rulebooks (identity, the old edition, 战棋), every read of ``ev`` on a frame after it was popped
(and before it was pushed again) counted.

And a game does not depend on the games played before it in the same process (the engine
keeps no per-game state across games, the garbage collector's timing included): three seeded
games in one process log exactly as each alone in its own process (the engine as built:
compiled after `sgs build`)."""
from seeded_games import play_script, run_python

WATCH = r"""
import collections, os, sys, traceback
import core.engine as E
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.agents import RandomPlayer, play
assert not E.cython.compiled
reads = collections.Counter()
def get(self):
    d = self.__dict__
    if d.get("_popped"):
        st = traceback.extract_stack(limit=5)[:-1]
        reads[" <- ".join("%s:%d" % (os.path.basename(s.filename), s.lineno) for s in reversed(st))] += 1
    return d.get("_ev")
def set_(self, v):
    self.__dict__["_ev"] = v
E.Frame.ev = property(get, set_)
pop, push, end = E.Game._pop, E.Game.push_frame, E.Game.end_game
def popped(self, f):
    pop(self, f)
    f.__dict__["_popped"] = True
def pushed(self, f):
    f.__dict__.pop("_popped", None)
    return push(self, f)
def ended(self, winners, reason=""):
    fs = list(self.stack)
    r = end(self, winners, reason)
    for f in fs:
        f.__dict__["_popped"] = True
    return r
E.Game._pop, E.Game.push_frame, E.Game.end_game = popped, pushed, ended
""" + play_script(12, 4, 4) + r"""
print(games)
for where, n in reads.most_common(5):
    print(n, where)
"""

GAMES = r"""
import sys
import generated.identity as M
from core import prims as P
from core.agents import RandomPlayer, play
for seed in map(int, sys.argv[1:]):
    g = P.new_game(M, 5, seed=seed, deck="标准版加军争", log_level=2)
    play(g, RandomPlayer(seed))
    sys.stdout.write(g.log_text() + "\n")
"""


def test_nothing_reads_a_finished_frames_event():
    out = run_python(WATCH, pure=True).splitlines()
    assert out[0] == "20"          # every game played to its end
    assert out[1:] == []           # no read of a popped frame's ev, or where it happened


def test_games_in_one_process_log_as_games_alone():
    seeds = (3, 8, 14)
    together = run_python(GAMES, *seeds)
    alone = "".join(run_python(GAMES, s) for s in seeds)
    assert together.count('"e":"end"') == len(seeds)
    assert together == alone
