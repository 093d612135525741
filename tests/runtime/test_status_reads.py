"""The generated units' status reads (docs/performance.md step 107c; tests/backend/
test_status_code.py for the emitter): compiled, an operation's status is flow.pxd's status_int (a
macro reading an int of one digit in place) — seeded games of the three rulebooks play the same,
to the timing, frame and log line, as built and pure (where _st is the value itself).
Compiled when `sgs build` ran, else pure (both sides the same)."""
from seeded_games import run_python

GAMES = r"""
import hashlib
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.agents import RandomPlayer, play

for key, seeds in (("identity", (1, 2)), ("identity_old", (1,)), ("zhanqi", (1,))):
    M, P = S.load_engine(key)
    rb = by_key(key)
    for seed in seeds:
        g = P.new_game(M, rb.players, seed=seed, mode=rb.mode, deck=rb.deck, log_level=1)
        play(g, RandomPlayer(seed))
        print(key, seed, g.n_timings, g.serial, g.pushed, g.popped, g.n_decisions, len(g.log),
              hashlib.md5(g.log_text().encode()).hexdigest())
"""


def test_games_play_alike_as_built_and_pure():
    built = run_python(GAMES).splitlines()
    pure = run_python(GAMES, pure=True).splitlines()
    assert len(built) == 4
    assert built == pure
