"""此次移动的牌 read once a run (docs/performance.md, step 216a; docs/decisions/0212): a program's
loop start over 此次移动的牌 reads nothing when its flag says that its items local holds them and
nothing since may have written a frame's X_CARDS — a timing that did not suspend or an operation of
compiler.programflow.KEEP_CARDS. Held here in played games (pure, where the units call the rooms'
functions by name): each such call that goes on (status 0) leaves every frame's X_CARDS as it was
(tests/backend/test_moving_cards_kept.py holds the same to a scan of core's source)."""
from compiler import programflow
from seeded_games import play_script, run_python

WATCH = r"""
import sys
from compiler import programflow, simulate as S
from compiler.rulebooks import by_key
from core import prims as P
from core.agents import RandomPlayer, play
from core.prims import base as B, flow, identity_mode, moves, resolving

per = {}
_NONE = object()


def cards_of_frames(g):
    # each frame's X_CARDS item as it is (the object: the flag keeps that very tuple)
    out = []
    for fr in g.stack:
        x = fr.x
        out.append((fr, x[B.X_CARDS] if x is not None and len(x) > B.X_CARDS else None))
    return out


def kept(name, fn):
    def run(g, f, *args):
        before = cards_of_frames(g)
        st = fn(g, f, *args)
        if not st:   # went on: the program's function runs on with its flag
            for fr, v in before:
                x = fr.x
                now = x[B.X_CARDS] if x is not None and len(x) > B.X_CARDS else None
                assert now is v, (name, fr.prog, v, now)
            per[name] = per.get(name, 0) + 1
        return st
    return run


for name in sorted(programflow.KEEP_CARDS | {"fire"}):
    hit = False
    for mod in (P, flow, moves, resolving, identity_mode):
        if name in vars(mod):
            setattr(mod, name, kept(name, vars(mod)[name]))
            hit = True
    assert hit, name
""" + play_script(3, 1, 0) + r"""
print(games, per.get('fire', 0), per.get('move_cards', 0), per.get('set_keep_zone', 0))
"""


def test_kept_operations_and_timings_leave_the_moving_cards_in_played_games():
    games, fires, moves, keeps = map(int, run_python(WATCH, pure=True).split())
    assert games == 4 and fires > 5000 and moves > 500 and keeps > 500, (games, fires, moves, keeps)
    assert {"move_cards", "set_keep_zone"} <= programflow.KEEP_CARDS
