"""The runtime's process-wide caches keep no finished game alive (step 141): _away_skills'
entry (core.prims.targets._AWAY_SKILLS) is released when the target choice it was made for ends;
before, it kept its game until another choice with equipment used, games later, and that game's
objects were among those the garbage collector walked."""
from core import prims as P
from core.agents import RandomPlayer, play
from core.prims import targets as T
import generated.identity as M


def test_a_target_choice_keeps_no_answer_of_its_game():
    # the random player's game 5 ends with a choice whose targets read an equipment used
    g = P.new_game(M, 5, seed=5, deck="标准版加军争", log_level=0)
    play(g, RandomPlayer(5))
    assert g.result is not None
    assert T._AWAY_SKILLS[1] is None
