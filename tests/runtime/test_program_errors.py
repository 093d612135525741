"""A spec error inside a generated program names its instruction's spec line, pure and as built:
the program's function raises ``spec_error`` of it from its finally clause when the loop was not
left (P.spec_error_raised, step 66 of docs/performance.md), where an ``except Exception`` clause
saved the exception state at every run. A program run while an exception is being handled (in
sys.exc_info(), read by that clause) plays as it does outside. The conditions' and readings' paths
are test_unit_conditions.py's and test_reading_errors.py's."""
from seeded_games import identity_game, run_python

SCRIPT = identity_game(1, start=False) + r"""
import re
from core.agents import RandomPlayer, play
P.run_event(g, "回复体力", (0, "x"))   # X a string: 甲的体力值+X in 一次性回复's program
try:
    g.step()
except Exception as e:
    print(type(e).__name__, bool(re.match(r"specs/common/terms/flows\.sgs:\d+:\d+: TypeError: ", str(e))),
          type(e.__cause__).__name__, e.__cause__ is e.__context__)


def game():
    g = P.new_game(M, rb.players, seed=2, mode=rb.mode, deck=rb.deck, log_level=1)
    play(g, RandomPlayer(2))
    return list(g.log), g.result is not None


outside = game()
try:
    raise ValueError("handled while the game plays")
except ValueError:
    inside = game()
print(outside[1], inside == outside, len(outside[0]) > 100)
"""


def test_a_program_error_names_its_spec_line_and_a_handled_exception_is_not_one():
    for pure in (True, False):
        out = run_python(SCRIPT, pure=pure).strip().splitlines()
        assert out == ["SpecRuntimeError True TypeError True", "True True True"], (pure, out)
