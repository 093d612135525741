"""Skill.own_names (docs/decisions/0210): of a card-use skill's hand_need, the names whose every
method at its timing is the timing subject's own. core.dispatch's hand pre-test leaves them out
at a seat other than the event's subject (an int >= 0): such a seat is asked only when it holds,
or a conversion of its makes, a name of what is left; none left, it is not asked at all. At the
subject, or a subject None, -1 or a group, the pre-test is the one of decision 0114."""
from core import engine as E
from core.decision import Decision
from toy import Toy


def _setup():
    t = Toy(nturns=0)
    t.rs.card_name("牌")   # name 0: every toy card's
    asked = []

    def cond(g, owner, ev, tm):
        asked.append(owner)
        return False   # (asked only: nothing fires)

    s = t.skill("S", t.T_DEATH, forced=True, dead_ok=True, cond=cond)
    sk = t.rs.skills[s]
    g = t.game(n=3)
    for p in range(3):
        g.grant_skill(p, s)
    for p in range(3):   # a name-0 card in each hand
        g.move_one(g.zone_cards(E.Z_DRAW)[-1], E.Z_HAND, p)
    root = g.stack[0]

    def dispatch(subject):
        del asked[:]
        g.push(t.P_DEATH, -1, root, [0])
        g.stack[-1].subject = subject
        while len(g.stack) > 1:
            assert not isinstance(g.step(1), Decision)
        return list(asked)

    return g, sk, dispatch


def test_the_subjects_own_names_are_left_out_at_another_seats_subject():
    g, sk, dispatch = _setup()
    sk.hand_need = 0b11   # names 0 and 1; name 0's methods the subject's own
    sk.hand_or_convert = True
    sk.own_names = 0b01
    g.seat_convert = [(), (), (), None]   # no conversion skills at any seat
    assert dispatch(1) == [1]               # seats 0 and 2 hold name 0 only: not asked
    for subject in (None, -1, (0, 2)):      # not a seat: every seat asked
        assert dispatch(subject) == [0, 1, 2], subject
    # a conversion making name 1 (left) asks the seat, one making name 0 only does not
    g.seat_convert = [((0, None, (1,)),), (), ((0, None, (0,)),), None]
    assert dispatch(1) == [0, 1]
    sk.own_names = 0   # without the word: the hand's name 0 asks each seat
    assert dispatch(1) == [0, 1, 2]
    assert g.check_invariants()


def test_a_seat_is_not_asked_when_every_name_is_the_subjects_own():
    g, sk, dispatch = _setup()
    sk.hand_need = 0b1
    sk.hand_or_convert = True
    sk.own_names = 0b1
    # conversions not found yet (None), or making any name: still no name's method can hold at
    # another seat's subject
    g.seat_convert = None
    assert dispatch(2) == [2]
    g.seat_convert = [((0, None, None),), ((0, None, None),), (), None]
    assert dispatch(0) == [0]
    assert dispatch(None) == [0, 1, 2]
    assert g.check_invariants()
