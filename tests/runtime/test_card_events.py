"""resolving._card_of_event: the card of a card event's frame (the slot its event keeps it in,
or the card its scratch names last), None for any other frame. It tests the events by their ids
(base.EVENT_IDS): each must be an event of the rulebooks. Compiled when `sgs build` ran, else
pure."""
from core import engine as E
from core import prims as P
from core.prims import base as B, resolving as Resolving

from test_games import DECK, identity  # noqa: F401  (the fixture)


def _frame(g, event, slots):
    f = E.Frame(B._T(g).events[event], len(slots))
    f.slots = list(slots)
    return f


def test_every_event_the_rooms_name_is_an_event_of_the_rulebook(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    assert set(B.EVENT_IDS) <= set(B._T(g).events)


def test_the_card_of_each_card_event(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    for event in ("对当前目标的使用结算", "使用", "打出"):
        assert Resolving._card_of_event(g, _frame(g, event, (0, 17, 2))) == 17
    assert Resolving._card_of_event(g, _frame(g, "延时锦囊牌的特殊使用", (23, 0))) == 23
    for event in ("预使用", "预打出"):
        f = _frame(g, event, (0, 5))
        assert Resolving._card_of_event(g, f) is None   # no card named yet
        x = B._sx(f)
        x[:] = [31] * len(x)   # its scratch names card 31 (X_LASTCARD is a C constant compiled)
        assert Resolving._card_of_event(g, f) == 31
    assert Resolving._card_of_event(g, _frame(g, "移动", (0, (9,), 1, None))) is None
