"""Game._reset_scope: a scope's counters zeroed at its reset, the other scopes' kept; a reset that
finds nothing counted in its scope returns at once (compiled: the scope's indices read in place,
step 257b), one that finds counts zeroes them, also after another scope's empty reset."""
import pytest

from core import engine as E
from toy import Toy

SCOPES = (E.SC_PHASE, E.SC_TURN, E.SC_ROUND, E.SC_GAME)


def _game():
    t = Toy(nturns=0)
    s = t.skill("S", t.T_TURN_START)
    return t.game(n=3), s


@pytest.mark.parametrize("sc", SCOPES)
def test_a_reset_zeroes_its_scope_only(sc):
    g, s = _game()
    key = g.ncounters + s
    for other in SCOPES:
        if other != sc:
            g._reset_scope(other)   # nothing counted there: nothing to do
    for k in SCOPES:
        g.add_count(k, 1, key, k + 1)
        g.add_count(k, 2, key, 5)
    for other in SCOPES:   # the scopes before sc counted, not reset: each its own counts
        assert g.count(other, 1, key) == other + 1
    g._reset_scope(sc)
    for k in SCOPES:
        want = (0, 0) if k == sc else (k + 1, 5)
        assert (g.count(k, 1, key), g.count(k, 2, key)) == want
    g._reset_scope(sc)   # nothing counted since: nothing to do, the rest kept
    g.add_count(sc, 0, key, 2)
    g._reset_scope(sc)
    assert g.count(sc, 0, key) == 0
    for k in SCOPES:
        if k != sc:
            assert g.count(k, 2, key) == 5


def test_a_clones_reset_leaves_the_game_it_was_cloned_from():
    g, s = _game()
    key = g.ncounters + s
    g.add_count(E.SC_TURN, 1, key, 3)
    c = g.clone()
    c._reset_scope(E.SC_TURN)
    c._reset_scope(E.SC_PHASE)   # (nothing counted)
    assert c.count(E.SC_TURN, 1, key) == 0 and g.count(E.SC_TURN, 1, key) == 3
