"""play() asks each agent's own choose (core/agents.py): an exact RandomPlayer's by a direct C
call of RandomPlayer.choose (step 221b: its type is the class itself, no override to look for),
a subclass's that overrides choose by the override, which answers every question of the game."""
import pytest

from core import prims as P
from core.agents import RandomPlayer, play
from core.engine import EngineError

import generated.identity as M


class _Counting(RandomPlayer):
    """RandomPlayer whose choose counts its questions and answers as the random player does."""

    def __init__(self, seed):
        RandomPlayer.__init__(self, seed)
        self.n = 0

    def choose(self, g, d, /):
        self.n += 1
        return RandomPlayer.choose(self, g, d)


def _played(agent, most):
    g = P.new_game(M, 5, seed=2, deck="标准版加军争", log_level=0)
    with pytest.raises(EngineError, match="too many decisions"):
        play(g, agent, most)
    return g


def test_a_subclass_that_overrides_choose_answers_every_question():
    a = _Counting(2)
    g = _played(a, 40)
    assert a.n == 41 == g.n_decisions
    b = _Counting(2)
    g2 = _played([b] * 5, 40)   # (by seat)
    assert b.n == 41 and g2.ans == g.ans


def test_the_random_player_plays_as_its_subclass_that_only_counts():
    g = _played(RandomPlayer(2), 40)
    g2 = _played(_Counting(2), 40)
    assert g.n_decisions == g2.n_decisions == 41
    assert g.ans == g2.ans and g.steps == g2.steps
