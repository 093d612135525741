"""A helper frame's step (core/prims/decisions.py: _helper_run, the yes/no, and _helper_ops, the
other ops, step 214a) and its push (_helper): run through HelperProgram.run on a frame _helper
pushed, each asks its question and gives the answer to the frame that asked, pure and compiled;
_helper marks the asking frame executed; HelperProgram.run refuses a game or a frame of None
(compiled, _helper_run reads them unchecked)."""
import pytest

from core import prims as P
from core.decision import Decision
from core.prims import decisions as D
from core.prims.base import F_CHILDEXEC, F_NOTEXEC, OP_OPTION, OP_YESNO

import generated.identity as M

WHO = 3


@pytest.fixture
def game():
    return P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)


def _pushed(g, op, slots, who):
    """The root frame, marked not executed, and the helper frame _helper pushes for it."""
    f = g.stack[-1]
    f.flags |= F_NOTEXEC | F_CHILDEXEC
    assert D._helper(g, f, op, slots, who) == 1
    h = g.stack[-1]
    assert h is not f and h.y is f and h.a == op and h.b == who and h.slots is slots
    assert not f.flags & (F_NOTEXEC | F_CHILDEXEC)   # _helper's verdict: executed
    return f, h


def test_a_yes_no_is_asked_then_given_to_its_frame(game):
    for ans in (1, 0):
        g = game
        f, h = _pushed(g, OP_YESNO, ["是否发动"], WHO)
        run = D.HelperProgram("helper").run
        assert run(g, h) == 2
        d = g.pending
        assert isinstance(d, Decision) and (d.kind, d.who, d.options, d.prompt) == (
            0, WHO, [], "是否发动")
        g.answer(ans)
        assert run(g, h) == 3
        assert f.result == ans and bool(f.flags & F_NOTEXEC) == (ans == 0)
        g.stack.pop()


def test_an_option_is_asked_then_given_to_its_frame(game):
    g = game
    f, h = _pushed(g, OP_OPTION, [[0, 2], ["甲", "乙", "丙"]], WHO)
    f.flags |= F_NOTEXEC
    run = D.HelperProgram("helper").run
    assert run(g, h) == 2
    d = g.pending
    assert (d.kind, d.who, d.options, d.data) == (1, WHO, [0, 2], ["甲", "丙"])
    g.answer(1)
    assert run(g, h) == 3
    assert f.result == 2 and not f.flags & F_NOTEXEC   # the option offered second: index 2


def test_run_refuses_a_game_or_a_frame_of_none(game):
    run = D.HelperProgram("helper").run
    f = game.stack[-1]
    for g, h in ((game, None), (None, f)):
        with pytest.raises(TypeError):
            run(g, h)
