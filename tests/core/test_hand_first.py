"""core.dispatch's hand pre-test asked first (step 259b): right after a seat's own tables (has,
invalid), a skill that needs a hand card (Skill.hand_need) at a seat holding none of its names
and no conversion to one is answered no, before the tests that follow (the subject, the times,
the limit, _ready's idle point); the rest of the pre-test, by the event's card, stays after
them. The later tests only read, so the answers are the same; what shows the order is a later
test that raises: an idle slot past the event's scratch (_skill_ready's IndexError)."""
import pytest

from core import engine as E
from test_candidates_walk import _asking, _names
from toy import Toy


def test_a_seat_without_the_hand_is_answered_before_the_later_tests():
    t = Toy(nturns=1)
    t.rs.card_name("牌")   # name 0: every toy card's
    g, f, ids = _asking(t, ["A", "H"])
    h = g.rs.skills[ids["H"]]
    h.hand_need = 0b10   # name 1: no toy card's
    h.idle_slot = 7      # past the scratch below: _ready's read of it raises
    ev = f.ev
    x = ev.x
    ev.x = []
    try:
        assert _names(g, g._candidates(f, 0)) == ["A"]   # answered by the hand: nothing read
        assert _names(g, g._candidates(f, 1)) is None
        h.hand_need = 0b11
        g.move_one(g.zone_cards(E.Z_DRAW)[-1], E.Z_HAND, 0)   # a name-0 card: H asked on
        with pytest.raises(IndexError):
            g._candidates(f, 0)
        h.hand_or_convert = True   # seat 1: no name-0 card, but a conversion making name 1
        g.grant_skill(1, ids["H"])
        g.seat_convert = [(), ((0, None, (1,)),), None]   # (two seats: [n] the flags, None)
        with pytest.raises(IndexError):
            g._candidates(f, 1)
        g.seat_convert = [(), ((0, None, (5,)),), None]   # one making another name
        assert _names(g, g._candidates(f, 1)) is None
    finally:
        ev.x = x
