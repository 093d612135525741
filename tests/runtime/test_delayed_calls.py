"""The delayed effects' program and search as C code (docs/performance.md, steps 273c and 273d):
<delayed> is a flow.DelayedProgram whose run calls _delayed_run in C (an FnProgram called it
through Python); _delayed_find tells an effect already run from an equal one by identity (a C
loop, where any() read a list of truth values) and drops a 于此回合内 effect (flow.During, an
extension type compiled) once its turn is over. Held as built and pure (SGS_PURE=1)."""
import generated.identity as M
from core import prims as P
from core.prims import flow as Flow
from core.ruleset import FnProgram


def _game():
    g = P.new_game(M, 5, seed=4, deck="标准版加军争", log_level=0)
    t = P.finish(g.rs)
    # a program with no timing condition (the helper's: never run here) at 伤害结算结束后
    return g, t, g.rs.id_of("timing", "伤害结算结束后"), t.helper


def test_the_delayed_effects_program_is_the_rooms_own():
    g, t, _, _ = _game()
    prog = g.rs.progs[t.delayed_prog]
    assert type(prog) is Flow.DelayedProgram and not isinstance(prog, FnProgram)
    assert prog.name == "<delayed>"


def test_an_effect_run_already_is_told_from_an_equal_one_by_identity():
    g, t, tid, prog = _game()
    src = g.new_frame(0, 1, None, 0)   # owned by seat 1
    P.add_delayed(g, src, True, tid, prog, 1)
    P.add_delayed(g, src, True, tid, prog, 1)
    lst = P._state(g)[P.S_DELAYED]
    assert lst[0] == lst[1] and lst[0] is not lst[1]
    assert Flow._delayed_find(g, 1, None, tid) == 0
    assert Flow._delayed_find(g, 1, None, tid, [lst[0]]) == 1
    assert Flow._delayed_find(g, 1, None, tid, (lst[1], lst[0])) == -1
    assert Flow._delayed_find(g, 2, None, tid) == -1   # another owner's


def test_an_effect_for_the_rest_of_a_turn_is_dropped_once_the_turn_is_over():
    g, t, tid, prog = _game()
    src = g.new_frame(0, 1, None, 0)
    during = Flow.During(1, g.turn_no)
    assert (during.who, during.turn) == (1, g.turn_no)
    P.add_delayed(g, src, True, tid, prog, during)
    assert Flow._delayed_find(g, 1, None, tid) == 0
    assert g.players[1].has[t.delayed_skill[tid]] == 1
    g.turn_no += 1
    assert Flow._delayed_find(g, 1, None, tid) == -1
    assert P._state(g)[P.S_DELAYED] == [] and g.players[1].has[t.delayed_skill[tid]] == 0
