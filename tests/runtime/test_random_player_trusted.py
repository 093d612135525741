"""play() answers an exact RandomPlayer's choice without Decision.normalize's check (decision
0190, step 207b): its answers are legal as it makes them, as run_random's sample draws are. A
question's `valid` test counts the calls: sample asks it once of each candidate, normalize once
more of the answer."""
import pytest

from core import prims as P
from core.agents import Agent, RandomPlayer, play
from core.engine import EngineError

import generated.identity as M


class _Wrapped(Agent):
    """The same player behind another agent type: play() answers it through Game.answer."""

    def __init__(self, seed):
        self.p = RandomPlayer(seed)

    def choose(self, g, d, /):
        return self.p.choose(g, d)


def _calls(agent):
    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    d = g.step()
    seen = {}

    def valid(game, v):
        seen[v] = seen.get(v, 0) + 1
        return True

    d.valid = valid
    with pytest.raises(EngineError, match="too many decisions"):
        play(g, agent, 0)   # the first question answered, then stopped
    assert g.pending is not d and seen
    return seen, g.ans


def test_the_random_players_answer_is_not_checked_again():
    seen, ans = _calls(RandomPlayer(1))
    assert set(seen.values()) == {1}
    seen2, ans2 = _calls(_Wrapped(1))   # the same draw, checked by normalize
    assert ans2 == ans and seen2[ans] == 2
    assert all(n == 1 for v, n in seen2.items() if v != ans)


def test_a_card_names_question_without_options_is_answered_at_random():
    """A question worded as the card names with no option: RandomPlayer does not decline it
    (option 0 would not be an answer) but asks sample, which has none."""
    from core.agents import CARD_NAMES
    from core.decision import Decision
    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    p = RandomPlayer(1)
    p.plan, p.others, p.cancel, p.chose = [None] * 3, [None, None, [7]], bytearray(3), bytearray(3)
    with pytest.raises(EngineError, match="no legal answer"):
        p.choose(g, Decision(1, 2, [], prompt=CARD_NAMES + "杀"))
    assert p.others[2] == [7]
