"""The runtime's root state (core.prims.base._state, the S_* tables) is the list the root frame
holds in its scratch; a game keeps it in Game.root_state once read (docs/decisions/0033). Each
game reads its own root frame's list — a clone its copy —, and none once its stack is empty."""
from core import prims as P
from core.agents import RandomPlayer, play

from test_clone import _to_decision
from test_games import DECK, identity  # noqa: F401  (the fixture)


def _held_by_root_frame(g, s):
    """Is list s one of the values in the scratch of g's root frame (the bottom of its stack)?"""
    x = g.stack[0].x
    return x is not None and any(v is s for v in x)


def test_the_root_state_is_the_root_frames_list(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    _to_decision(g, RandomPlayer(1), 60)
    s = P._state(g)
    assert len(s) == P.NS and _held_by_root_frame(g, s)
    assert g.root_state is s and P._st(g) is s


def test_a_clone_reads_its_own_root_state(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=2, deck=DECK, log_level=0)
    _to_decision(g, RandomPlayer(2), 80)
    s = P._state(g)
    c = g.clone()
    assert c.root_state is None   # found in the clone's root frame when first read
    cs = P._state(c)
    assert cs is not s and cs == s and _held_by_root_frame(c, cs) and c.root_state is cs
    # a write to the clone's root state is not seen in the original, nor the reverse
    cs[P.S_FAIL] = "the clone's"
    assert s[P.S_FAIL] != "the clone's"
    s[P.S_LASTTURN] = "the original's"
    assert cs[P.S_LASTTURN] != "the original's"


def test_no_root_state_once_the_stack_is_empty(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=3, deck=DECK, log_level=0)
    assert P._state(g) is not None and g.root_state is not None
    play(g, RandomPlayer(3))
    assert g.result is not None and not g.stack
    assert g.root_state is None and P._state(g) is None
