"""RandomPlayer's texts compared in C (core/agents.pxd, step 221a): a prompt is one of the texts it
recognises exactly when str's == says so (the same length, kind and code points: a text of the
same length that differs in its last character is another prompt; a str subclass or an object
that is not a str compares as Python compares it), and a skill's name starts with CARD_USE
exactly when str.startswith says so (names of another kind than the prefix, shorter ones, the
prefix itself)."""
import pytest

from core import prims as P
from core.agents import CARD_USE, DEFAULT_WAY, END_PHASE, IDLE_POINT, RandomPlayer, _card_use_flags
from core.decision import Decision

import generated.identity as M

WHO = 1


@pytest.fixture(scope="module")
def game():
    return P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)


def _player():
    p = RandomPlayer(1)
    n = WHO + 1
    p.plan, p.others, p.cancel, p.chose = [None] * n, [None] * n, bytearray(n), bytearray(n)
    return p


def _last_changed(s):
    """s with its last character another, of the same kind: the same length."""
    return s[:-1] + ("甲" if s[-1] != "甲" else "乙")


class _Str(str):
    pass


class _Text:
    """Not a str: equal to the text it holds."""

    def __init__(self, t):
        self.t = t

    def __eq__(self, other):
        return other == self.t

    __hash__ = None


def test_a_prompt_of_the_same_length_that_differs_is_another(game):
    p = _player()
    p.cancel[WHO] = 1
    for text in (END_PHASE, DEFAULT_WAY[0], DEFAULT_WAY[1]):
        other = _last_changed(text)
        assert len(other) == len(text) and other != text
        for _ in range(8):   # (a random answer, never the branch's: cancel kept)
            assert p.choose(game, Decision(0, WHO, prompt=other)) in (0, 1)
        assert p.cancel[WHO] == 1
    p.plan[WHO] = 5   # the idle point's plan is not read at another prompt
    d = Decision(4, WHO, [5, 6], prompt=_last_changed(IDLE_POINT))
    assert p.choose(game, d) in (5, 6) and p.plan[WHO] == 5


def test_a_prompt_not_exactly_a_str_is_compared_as_python_does(game):
    p = _player()
    p.cancel[WHO] = 1
    assert p.choose(game, Decision(0, WHO, prompt=_Str(END_PHASE))) == 1   # its ==: equal
    assert p.choose(game, Decision(0, WHO, prompt=_Text(END_PHASE))) == 1
    p.cancel[WHO] = p.chose[WHO] = 1
    assert p.choose(game, Decision(0, WHO, prompt=_Text(DEFAULT_WAY[1]))) == 0
    assert p.cancel[WHO] == 0
    for prompt in (None, 3, _Text("其他")):
        p.cancel[WHO] = 1
        assert p.choose(game, Decision(0, WHO, prompt=prompt)) in (0, 1)
        assert p.cancel[WHO] == 1


class _Skill:
    def __init__(self, name):
        self.name = name


def test_the_card_use_names_are_those_that_start_with_its_prefix():
    names = [CARD_USE + "杀", CARD_USE, CARD_USE[:-1], "<使用", CARD_USE + "😀",   # kind 4
             "<abc>x", "", "x" + CARD_USE, _last_changed(CARD_USE) + "杀", CARD_USE[1:],
             _Str(CARD_USE + "闪"), None]
    want = bytearray([1 if isinstance(n, str) and n.startswith(CARD_USE) else 0 for n in names])
    assert want == bytearray([1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0])
    assert _card_use_flags([_Skill(n) for n in names]) == want
