"""turns' stack scans: the innermost turn frame (_turn_frame, current_turn) and the innermost
phase frame of the innermost turn (_phase_frame), read unchecked from the engine's stack.
Compiled when `sgs build` ran, else pure."""
from core import engine as E
from core import prims as P
from core.prims import turns as Turns

from test_games import DECK, identity  # noqa: F401  (the fixture)


def _frame(flags):
    f = E.Frame(0, 0)
    f.flags = flags
    return f


def test_the_innermost_turn_and_phase_frames(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    saved = list(g.stack)
    try:
        g.stack[:] = []
        assert Turns._turn_frame(g) is None and Turns._phase_frame(g) is None
        outer, phase, inner = _frame(E.F_TURN), _frame(E.F_PHASE), _frame(E.F_TURN)
        g.stack[:] = [_frame(0), outer, _frame(0), phase, _frame(0)]
        assert Turns._turn_frame(g) is outer and Turns.current_turn(g, None) is outer
        assert Turns._phase_frame(g) is phase
        g.stack.append(inner)   # a turn inside the phase: its own phase is none yet
        assert Turns._turn_frame(g) is inner and Turns._phase_frame(g) is None
        g.stack.append(_frame(E.F_PHASE | E.F_EXTRA))
        assert Turns._phase_frame(g) is g.stack[-1]
    finally:
        g.stack[:] = saved
