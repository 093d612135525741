"""moves._frame_ids (S_PROC's entry of a card put into the 处理区, decision 0074): the ids of the
stack's frames from the bottom to ``last`` (to the top when ``last`` is None or not on the stack),
read compiled without the index's bounds and sign tests (step 164). At each of a seeded game's
decisions, every stack depth asked: the array is the frames' ids, as many as asked — pure and as
built."""
from seeded_games import run_python

SCRIPT = r"""
from core import prims as P
from core.agents import RandomPlayer
from core.prims import moves as M
import generated.identity as G
print(not M.__file__.endswith('.py'))
g = P.new_game(G, 5, seed=3, deck="标准版加军争", log_level=0)
a = RandomPlayer(3)
asked = bad = 0
while g.turn_no < 10:
    d = g.step()
    if d is None:
        break
    st = list(g.stack)
    want = [f.id for f in st]
    cases = [(None, want), (object(), want)] + [(st[k], want[:k + 1]) for k in range(len(st))]
    for last, ids in cases:
        got = M._frame_ids(g, last)
        asked += 1
        if type(got).__name__ != "array" or got.typecode != "i" or list(got) != ids:
            bad += 1
    g.answer(a.choose(g, d))
print(asked > 500, bad)
"""


def test_the_frame_ids_are_the_stacks_up_to_the_frame_asked():
    for pure in (True, False):
        lines = run_python(SCRIPT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "True 0", lines
