"""The cyclic garbage the games make (a 伤害 frame's child chain whose 濒死 names the 伤害) is freed
by Python's collector, whatever rulebooks a process ran before, pure and as built: the frames
alive after a collection (compiled, the dead ones kept for reuse, at most 64, and the rooms' kept
frames; the most after any of games 26–40 against the most after any of games 11–25) do not
grow, and nothing is frozen out of its reach (no `gc.freeze()`: the engine's pools revive dead
frames and questions, and a frozen one in a new game's cycle would never be freed;
docs/decisions/0274). The most of a window: what the last game's kept objects name varies by
game (pure 4 to 6 frames), and since step 260a (decision 0296) the dead frames kept for reuse
reach their most after the 10th game (they die one at a time)."""
from tests.runtime.seeded_games import run_both

SCRIPT = r"""
import gc
from core.engine import Frame
from core.agents import RandomPlayer, play
from compiler import simulate as S
from compiler.rulebooks import by_key


def games(key, seeds):
    M, P = S.load_engine(key)
    rb = by_key(key)
    for s in seeds:
        g = P.new_game(M, rb.players, seed=s, mode=rb.mode, deck=rb.deck, log_level=0)
        play(g, RandomPlayer(s))


def frames():
    gc.collect()
    return sum(type(o) is Frame for o in gc.get_objects())


def most_frames(seeds):
    most = 0
    for s in seeds:
        games("identity", (s,))
        most = max(most, frames())
    return most


games("identity_old", range(1, 3))   # another rulebook first: the pools hold its dead objects
games("identity", range(1, 11))
before = most_frames(range(11, 26))
print("frames do not grow:", most_frames(range(26, 41)) <= before)
print("nothing frozen:", gc.get_freeze_count() == 0)
"""


def test_the_games_cycles_are_freed_and_nothing_frozen():
    assert run_both(SCRIPT).splitlines() == [
        "frames do not grow: True",
        "nothing frozen: True",
    ]
