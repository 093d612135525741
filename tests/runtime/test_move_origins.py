"""moves.move_cards reads each card's zone before the move from the pairs the move records
(X_JCARD), not from the engine again — unless a card is listed twice, when its second move
starts where its first one put it (docs/performance.md, step 23e). Seen through what a move of
a hand card to the discard pile records: 弃置 (S_DISCARDED), which a move out of the discard pile
clears. Compiled when `sgs build` ran, else pure."""
import pytest

from core import engine as E
from core import prims as P
from core.prims import base as B

from test_games import identity  # noqa: F401  (the fixture)


def _discard(identity, cards):  # noqa: F811
    g = P.new_game(identity, 2, seed=1, deck=[("杀", "红桃", 7), ("闪", "黑桃", 2)], generals=["关羽", "张飞"],
                   mode=None, hand=0, shuffle=False, start=False)
    g.move((0, 1), E.Z_HAND, 0)
    P.run_event(g, "移动", (0, tuple(cards), len(cards), (E.Z_DISCARD, -1)))
    state = B._st(g)   # the root frame's state: gone from the stack once the move is over
    assert isinstance(g.step(), E.GameResult)
    return g, state[B.S_DISCARDED]


def test_each_card_moved_once_is_discarded_from_its_zone(identity):  # noqa: F811
    g, dis = _discard(identity, (0, 1))
    assert sorted(g.zone_cards(E.Z_DISCARD)) == [0, 1]
    assert dis[0] is not None and dis[0][0] == 0 and dis[1] is not None and dis[1][0] == 0


def test_a_card_listed_twice_moves_the_second_time_from_the_discard_pile(identity):  # noqa: F811
    g, dis = _discard(identity, (0, 0))
    assert list(g.zone_cards(E.Z_DISCARD)) == [0]
    assert dis[0] is None   # its second move is out of the discard pile: its 弃置 cleared


def test_each_card_is_read_from_its_own_origin(identity):  # noqa: F811
    """Cards of one move from different zones: each is read with its own origin (X_JCARD holds
    [card, origin, …], step 72c), so only the hand card is the mover's 弃置."""
    g = P.new_game(identity, 2, seed=1, deck=[("杀", "红桃", 7), ("闪", "黑桃", 2), ("桃", "红桃", 3)],
                   generals=["关羽", "张飞"], mode=None, hand=0, shuffle=False, start=False)
    g.move((0,), E.Z_HAND, 0)
    assert g.where(1)[0] == E.Z_DRAW
    P.run_event(g, "移动", (0, (0, 1), 2, (E.Z_DISCARD, -1)))
    state = B._st(g)
    assert isinstance(g.step(), E.GameResult)
    dis = state[B.S_DISCARDED]
    assert sorted(g.zone_cards(E.Z_DISCARD)) == [0, 1]
    assert dis[0] is not None and dis[0][0] == 0 and dis[1] is None


@pytest.mark.parametrize("owner,mover,noted", [(1, 1, True), (1, 0, False), (0, 1, False)])
def test_a_card_is_its_movers_discard_when_its_zone_is_the_movers_own(identity, owner, mover,  # noqa: F811
                                                                      noted):
    """The origin's owner compared with the mover (move_cards reads it from the card's zone index
    before the move, step 199b): a hand card moved into the discard pile is the mover's 弃置 when
    the hand is the mover's own, nobody's when it is another seat's."""
    g = P.new_game(identity, 2, seed=1, deck=[("杀", "红桃", 7), ("闪", "黑桃", 2)], generals=["关羽", "张飞"],
                   mode=None, hand=0, shuffle=False, start=False)
    g.move((0,), E.Z_HAND, owner)
    P.run_event(g, "移动", (mover, (0,), 1, (E.Z_DISCARD, -1)))
    state = B._st(g)
    assert isinstance(g.step(), E.GameResult)
    dis = state[B.S_DISCARDED]
    assert list(g.zone_cards(E.Z_DISCARD)) == [0]
    if noted:
        assert dis is not None and dis[0] is not None and dis[0][0] == mover
    else:
        assert dis is None or dis[0] is None   # no table made, or no entry


def test_the_cards_of_one_roles_discard_share_one_pair(identity):  # noqa: F811
    # step 281d: the (who, phase id) pair of the last card noted is the next one's when it is
    # the same role in the same phase, where each card had a tuple of its own
    g = P.new_game(identity, 2, seed=1, deck=[("杀", "红桃", 7), ("闪", "黑桃", 2), ("杀", "黑桃", 3)],
                   generals=["关羽", "张飞"], mode=None, hand=0, shuffle=False, start=False)
    g.move((0, 1), E.Z_HAND, 0)
    g.move((2,), E.Z_HAND, 1)
    P.run_event(g, "移动", (0, (0, 1), 2, (E.Z_DISCARD, -1)))
    P.run_event(g, "移动", (1, (2,), 1, (E.Z_DISCARD, -1)))
    state = B._st(g)
    assert isinstance(g.step(), E.GameResult)
    dis = state[B.S_DISCARDED]
    assert dis[0] == (0, dis[0][1]) and dis[2] == (1, dis[0][1]) and dis[1] is dis[0]
    assert dis[2] is not dis[0]
