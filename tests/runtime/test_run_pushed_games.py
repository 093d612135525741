"""Game.run_pushed in the rulebooks' games (docs/decisions/0086): a frame a call pushes runs at
once, and its caller goes on at once when it ran to its end. Seeded games (two rulebooks, both
agents) play the same with it as with every pushed frame left to step (the pure engine, its
Game.run_pushed replaced by one answering 1): the same log at level 2 (every timing, push,
question and answer), and at each decision the same counts (steps, frames pushed, popped,
made) and stack (each frame's program, pc and id). Pure, and as built against the pure engine
without it; in the pure games with it, thousands of calls finish at once."""
import pytest

from seeded_games import run_python

SCRIPT = r"""
import sys
import core
from compiler import simulate as S
from compiler.rulebooks import by_key
from core import engine as E
from core.agents import RandomPlayer
from core.decision import Decision
from core.rng import Rng
mode = sys.argv[1]
done = [0]
if mode == "off":
    assert core.uncompiled_reason() is not None
    E.Game.run_pushed = lambda self, f: 1   # every pushed frame left to step
elif mode == "count":
    run = E.Game.run_pushed
    def counted(self, f):
        st = run(self, f)
        done[0] += st == 0
        return st
    E.Game.run_pushed = counted
out = []
for key, seed in (("identity", 1), ("identity", 1001), ("zhanqi", 2)):
    M, P = S.load_engine(key)
    rb = by_key(key)
    g = P.new_game(M, rb.players, seed=seed, mode=rb.mode, deck=rb.deck, log_level=2)
    a, rng = RandomPlayer(seed), Rng(seed)
    while True:
        r = g.step()
        out.append(repr((g.steps, g.pushed, g.popped, g.serial,
                         [(f.prog, f.pc, f.id) for f in g.stack])))
        if not isinstance(r, Decision):
            break
        g.answer(a.choose(g, r) if seed < 1000 else r.sample(rng))
    out.append(g.log_text() + repr(r))
out.append(repr(done[0]))
sys.stdout.write("\n".join(out))
"""


@pytest.fixture(scope="module")
def without():
    return run_python(SCRIPT, "off", pure=True).splitlines()


@pytest.mark.parametrize("pure", [False, True], ids=["built", "pure"])
def test_games_play_as_with_every_pushed_frame_left_to_step(without, pure):
    got = run_python(SCRIPT, "count" if pure else "on", pure=pure).splitlines()
    assert len(got) == len(without) and got[:-1] == without[:-1]
    if pure:
        assert int(got[-1]) > 1000   # calls finished at once (the mechanism ran)
