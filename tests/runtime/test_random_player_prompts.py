"""RandomPlayer.choose recognises each question it acts on by its prompt's text (core/agents.py:
compiled, the prompts compared are C variables of type str, step 176b): a prompt equal to
IDLE_POINT, END_PHASE, either of DEFAULT_WAY or starting with CARD_NAMES — a str of its own, not
the constant itself, as a game's prompts are the specs' text — takes its branch; any other
prompt is answered at random."""
import pytest

from core import prims as P
from core.agents import CARD_NAMES, DEFAULT_WAY, END, END_PHASE, IDLE_POINT, RandomPlayer
from core.decision import Decision

import generated.identity as M

WHO = 2


def _own(s):
    """s as another str object (the same text)."""
    t = "".join(list(s))
    assert t == s and t is not s
    return t


@pytest.fixture(scope="module")
def game():
    return P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)


def _player():
    p = RandomPlayer(1)
    n = WHO + 1   # its per-seat state, as its first question at seat WHO grows it
    p.plan, p.others, p.cancel, p.chose = [None] * n, [None] * n, bytearray(n), bytearray(n)
    return p


def test_the_idle_point_is_recognised(game):
    p = _player()
    p.plan[WHO] = END   # planned: end the phase, which the idle point's pass does
    d = Decision(4, WHO, [5, 6], can_pass=True, prompt=_own(IDLE_POINT))
    assert p.choose(game, d) == -1 and p.plan[WHO] is None


def test_the_end_of_the_phase_is_recognised(game):
    p = _player()
    p.cancel[WHO] = 1   # (the end of the phase is a yes, whatever the other states)
    assert p.choose(game, Decision(0, WHO, prompt=_own(END_PHASE))) == 1
    assert p.cancel[WHO] == 1


@pytest.mark.parametrize("way", DEFAULT_WAY)
def test_each_default_way_is_recognised(game, way):
    p = _player()
    p.cancel[WHO] = p.chose[WHO] = 1   # a use declined: the default way's no
    assert p.choose(game, Decision(0, WHO, prompt=_own(way))) == 0
    assert p.cancel[WHO] == 0 and p.chose[WHO] == 0


def test_the_card_names_are_recognised(game):
    p = _player()
    p.others[WHO] = [7]   # the idle point's other action, drawn among the names
    d = Decision(1, WHO, [0, 1], prompt=_own(CARD_NAMES) + "杀/闪")
    assert p.choose(game, d) in (0, 1) and p.others[WHO] is None


def test_another_prompt_is_answered_at_random(game):
    p = _player()
    p.cancel[WHO] = 1
    p.others[WHO] = [7]
    for prompt in (_own(END_PHASE)[:-1], _own(DEFAULT_WAY[0]) + "。", "其他"):
        assert p.choose(game, Decision(0, WHO, prompt=prompt)) in (0, 1)
        assert p.cancel[WHO] == 1
    assert p.choose(game, Decision(1, WHO, [0, 1], prompt="使用")) in (0, 1)
    assert p.others[WHO] == [7]


class _Skill:
    def __init__(self, name):
        self.name = name


def test_the_card_use_flags_are_the_skill_lists_read_last():
    """_card_use_flags keeps the last list's flags by skill id (compiled: C variables): a list
    read again answers them, another list its own."""
    from core.agents import CARD_USE, _card_use_flags
    a = [_Skill(CARD_USE + "杀"), _Skill("其他"), _Skill(CARD_USE + "闪")]
    b = [_Skill("其他"), _Skill(CARD_USE + "桃")]
    assert _card_use_flags(a) == bytearray([1, 0, 1])
    assert _card_use_flags(a) is _card_use_flags(a)   # kept, not made again
    assert _card_use_flags(b) == bytearray([0, 1])
    assert _card_use_flags(a) == bytearray([1, 0, 1])
    assert _card_use_flags([]) == bytearray()


def test_the_idle_point_finds_its_card_use_skill_by_its_flag(game):
    """RandomPlayer._idle takes the first card-use skill offered (compiled: its flag a byte read
    from the option's int, step 207a) and keeps the other actions, the pass as END: an int past
    the flags, a big int, an int subclass and another skill are not card-use skills, and only the
    skill chosen leaves the rest (and what equals it, as `!=` compares)."""
    from core.agents import _card_use_flags
    flags = _card_use_flags(game.rs.skills)
    uses = [i for i in range(len(flags)) if flags[i]]
    other = next(i for i in range(len(flags)) if not flags[i])

    class _Int(int):
        pass

    odd = [len(flags), 2 ** 70, _Int(other), other]
    p = _player()
    d = Decision(4, WHO, odd + [uses[1], _Int(uses[1]), uses[0]], can_pass=True,
                 prompt=_own(IDLE_POINT))
    assert p.choose(game, d) == uses[1]
    assert p.others[WHO] == odd + [uses[0], END] and p.chose[WHO] == 1
    p = _player()
    d = Decision(4, WHO, list(odd), prompt=_own(IDLE_POINT))   # no card use: a drawn option
    assert p.choose(game, d) in odd and p.others[WHO] is None and p.chose[WHO] == 0


def test_the_card_use_flags_of_a_rulesets_skills(game):
    """A ruleset's Skill objects are read by their C field (step 207c), other objects by their
    attribute: the same flags as the names' test written out."""
    from core.agents import CARD_USE, _card_use_flags
    sk = list(game.rs.skills)   # (a list of its own: not the one read last)
    want = bytearray([1 if s.name.startswith(CARD_USE) else 0 for s in sk])
    assert 0 < sum(want) < len(sk)
    assert _card_use_flags(sk) == want
    from core.ruleset import Skill
    named = []
    for name in (CARD_USE + "杀", "其他", None):   # Skill objects of their own, by their names
        s = Skill.__new__(Skill)
        s.name = name
        named.append(s)
    assert _card_use_flags(named + [_Skill(CARD_USE + "杀")]) == bytearray([1, 0, 0, 1])
