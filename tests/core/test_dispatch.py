"""Timing dispatch: order, several skills, forced/optional, re-check, counts."""
import pytest

import core
from core import engine as E
from core.decision import Decision
from toy import Toy, fired, events


def run_answers(g, answers):
    answers = list(answers)
    while True:
        r = g.step()
        if isinstance(r, Decision):
            assert answers, "unexpected decision %r" % (r,)
            g.answer(answers.pop(0))
        else:
            assert not answers, "unused answers %r" % answers
            return r


def test_order_from_current_player_counterclockwise_skipping_dead():
    t = Toy(nturns=1)
    s = t.skill("S", t.T_TURN_START, forced=True)
    g = t.game(n=5)
    g.first_seat = g.referee = 2
    for p in range(5):
        g.grant_skill(p, s)
    g.set_alive(4, False)
    run_answers(g, [])
    assert fired(g) == [("S", 2), ("S", 3), ("S", 0), ("S", 1)]


def test_a_dead_seat_is_asked_at_a_timing_only_for_its_dead_ok_skills():
    # Game.held_seats[t] (the seats a timing's dispatch asks) counts a dead seat only for a
    # skill of t that is dead_ok, and set_alive forgets the table: a death or a revival is seen
    # at the next dispatch (step 117a)
    t = Toy(nturns=0)
    s = t.skill("S", t.T_DEATH, forced=True)
    d = t.skill("D", t.T_DEATH, forced=True, dead_ok=True)
    g = t.game(n=4)
    for p in (0, 1, 3):
        g.grant_skill(p, s)
    g.grant_skill(2, d)
    root = g.stack[0]

    def death(p):   # seat p's death and its timing's dispatch, the root frame left
        g.push(t.P_DEATH, -1, root, [p])
        while len(g.stack) > 1:
            assert not isinstance(g.step(1), Decision)

    death(2)   # dead seat 2 asked for its D
    assert g.held_seats[t.T_DEATH] == 0b1111
    assert fired(g) == [("S", 0), ("S", 1), ("D", 2), ("S", 3)]
    death(1)   # dead seat 1 not asked (its S is not dead_ok)
    assert g.held_seats[t.T_DEATH] == 0b1101
    assert fired(g)[4:] == [("S", 0), ("D", 2), ("S", 3)]
    g.set_alive(1, True)   # a revival: the table forgotten
    assert g.held_seats is None
    death(3)
    assert g.held_seats[t.T_DEATH] == 0b0111
    assert fired(g)[7:] == [("S", 0), ("S", 1), ("D", 2)]


def test_referee_order_without_current_player():
    t = Toy(nturns=0)
    s = t.skill("S", t.T_DEATH, forced=True, dead_ok=True)
    g = t.game(n=3)
    for p in range(3):
        g.grant_skill(p, s)
    root = g.stack[0]
    g.push(t.P_DEATH, -1, root, [1])
    run_answers(g, [])
    # no current player: referee seat 0 first; dead_ok lets seat 1 (dead) fire
    assert fired(g) == [("S", 0), ("S", 1), ("S", 2)]


def test_player_orders_own_skills_and_may_decline_optional():
    t = Toy(nturns=1)
    a = t.skill("A", t.T_TURN_START)
    b = t.skill("B", t.T_TURN_START)
    c = t.skill("C", t.T_TURN_START)
    g = t.game(n=3)
    for s in (a, b, c):
        g.grant_skill(0, s)
    d = g.step()
    assert d.kind == E.D_TRIGGER and d.who == 0 and d.can_pass
    assert sorted(d.options) == sorted([a, b, c])
    g.answer(c)
    d = g.step()
    assert sorted(d.options) == sorted([a, b])   # C already used at this timing
    g.answer(a)
    d = g.step()
    assert d.options == [b]
    g.answer(-1)                                  # decline B
    r = g.step()
    assert isinstance(r, E.GameResult)
    assert fired(g) == [("C", 0), ("A", 0)]


def test_forced_runs_without_asking_and_cannot_be_declined():
    t = Toy(nturns=1)
    f1 = t.skill("F", t.T_TURN_START, forced=True)
    o1 = t.skill("O", t.T_TURN_START)
    g = t.game(n=2)
    g.grant_skill(0, f1)
    g.grant_skill(0, o1)
    d = g.step()
    assert d.kind == E.D_TRIGGER and not d.can_pass
    with pytest.raises(E.IllegalAnswer):
        g.answer(-1)
    g.answer(o1)
    # only the forced one is left: it runs without asking
    assert isinstance(g.step(), E.GameResult)
    assert fired(g) == [("O", 0), ("F", 0)]


def test_the_dispatch_question_owns_its_list_of_skill_ids():
    # _dispatch's question keeps the list of ids it made, not a copy (step 106a: new_decision_list):
    # each question has a list of its own, its prompt the timing's name, can_pass unless forced
    t = Toy(nturns=1)
    a = t.skill("A", t.T_TURN_START)
    b = t.skill("B", t.T_TURN_START)
    g = t.game(n=2)
    g.grant_skill(0, a)
    g.grant_skill(0, b)
    d = g.step()
    assert type(d.options) is list and sorted(d.options) == sorted([a, b]) and d.can_pass
    assert d.prompt == t.rs.timing_names[t.T_TURN_START] and (d.lo, d.hi) == (1, 1)
    h = g.clone()
    d.options.append(99)   # the question's own list: the clone's copy and the game's next ask
    assert sorted(h.pending.options) == sorted([a, b])
    g.answer(a)
    d2 = g.step()
    assert d2.options == [b] and d2.options is not d.options


def test_single_optional_is_a_yes_no_trigger():
    t = Toy(nturns=1)
    o1 = t.skill("O", t.T_TURN_START)
    g = t.game(n=2)
    g.grant_skill(1, o1)
    d = g.step()
    assert d.who == 1 and d.options == [o1] and d.can_pass
    assert d.legal() == [o1, -1]
    g.answer(-1)
    assert isinstance(g.step(), E.GameResult)
    assert fired(g) == []


def test_conditions_rechecked_after_each_resolution():
    t = Toy(nturns=1)
    flag = t.rs.mark("flag")
    # X (seat 0) sets the mark; Y (seat 0) and Z (seat 1) need no mark; W (seat 2) needs it
    x = t.skill("X", t.T_TURN_START, forced=True,
                effect=lambda g, f: g.add_mark(0, flag, 1))
    y = t.skill("Y", t.T_TURN_START, cond=lambda g, o, ev, tt: g.mark(0, flag) == 0)
    z = t.skill("Z", t.T_TURN_START, forced=True,
                cond=lambda g, o, ev, tt: g.mark(0, flag) == 0)
    w = t.skill("W", t.T_TURN_START, forced=True,
                cond=lambda g, o, ev, tt: g.mark(0, flag) == 1)
    g = t.game(n=3)
    g.grant_skill(0, x)
    g.grant_skill(0, y)
    g.grant_skill(1, z)
    g.grant_skill(2, w)
    d = g.step()
    assert sorted(d.options) == sorted([x, y])
    g.answer(x)
    # after X resolved, Y's condition fails: no more question for seat 0
    assert isinstance(g.step(), E.GameResult)
    assert fired(g) == [("X", 0), ("W", 2)]


def test_no_listener_costs_no_frame():
    t = Toy(nturns=0)
    s = t.skill("S", t.T_END2, forced=True)
    g = t.game(n=2)
    root = g.stack[0]
    pushed = g.pushed
    assert g.fire(t.T_END1, root) == E.CONTINUE
    assert g.fire(t.T_END2, root) == E.CONTINUE   # registered but nobody holds it
    assert g.pushed == pushed
    g.grant_skill(1, s)
    assert g.fire(t.T_END2, root) == E.PUSH
    g.revoke_skill(1, s)
    assert g.listen[t.T_END2] == 0


def test_invalid_skill_does_not_trigger():
    t = Toy(nturns=1)
    s = t.skill("S", t.T_TURN_START, forced=True)
    g = t.game(n=2)
    g.grant_skill(0, s)
    g.invalidate_skill(0, s)
    assert not g.has_skill(0, s)
    run_answers(g, [])
    assert fired(g) == []


def test_per_point_trigger_fires_n_times():
    t = Toy(nturns=0)
    s = t.skill("遗计", t.T_DMG_AFTER, times_slot=2,
                cond=lambda g, o, ev, tt: ev.slots[1] == o)
    g = t.game(n=2)
    g.grant_skill(1, s)
    g.push(t.P_DAMAGE, -1, None, [0, 1, 3])
    for _ in range(3):
        d = g.step()
        assert d.kind == E.D_TRIGGER and d.options == [s]
        g.answer(s)
    assert isinstance(g.step(), E.GameResult)
    assert fired(g) == [("遗计", 1)] * 3
    assert g.players[1].hp == 1


def test_a_skill_firing_without_end_at_one_timing_is_an_engine_error():
    # a forced per-point skill on 10**6 points of damage (its target survives them): past
    # E.MAX_FIRINGS firings at the timing the engine stops with an error naming the timing,
    # where a skill whose count never ran out would fire on and on
    t = Toy(nturns=0)
    s = t.skill("遗计", t.T_DMG_AFTER, times_slot=2, forced=True,
                cond=lambda g, o, ev, tt: ev.slots[1] == o)
    g = t.game(n=2)
    g.grant_skill(1, s)
    g.players[1].hp = g.players[1].maxhp = 2 * 10 ** 6
    g.push(t.P_DAMAGE, -1, None, [0, 1, 10 ** 6])
    with pytest.raises(E.EngineError, match="more than 1000 skill firings at one timing"):
        g.step()
    assert len(fired(g)) == E.MAX_FIRINGS


def test_per_point_declining_stops_remaining_points():
    t = Toy(nturns=0)
    s = t.skill("遗计", t.T_DMG_AFTER, times_slot=2,
                cond=lambda g, o, ev, tt: ev.slots[1] == o)
    g = t.game(n=2)
    g.grant_skill(1, s)
    g.push(t.P_DAMAGE, -1, None, [0, 1, 2])
    run_answers(g, [s, -1])
    assert fired(g) == [("遗计", 1)]


def test_limit_once_per_turn():
    t = Toy(nturns=2)
    s = t.skill("L", (t.T_PH_START[t.PH_PREP], t.T_PH_START[t.PH_PLAY]), forced=True,
                limit_scope=E.SC_TURN, limit=1, cond=lambda g, o, ev, tt: g.current == o)
    g = t.game(n=2)
    g.grant_skill(0, s)
    g.grant_skill(1, s)
    run_answers(g, [])
    assert fired(g) == [("L", 0), ("L", 1)]
    assert g.count(E.SC_TURN, 1, g.ncounters + s) == 1


def test_limit_once_per_phase_resets_each_phase():
    t = Toy(nturns=1)
    s = t.skill("L", (t.T_PH_START[t.PH_PREP], t.T_PH_END[t.PH_PREP],
                      t.T_PH_START[t.PH_PLAY]), forced=True,
                limit_scope=E.SC_PHASE, limit=1)
    g = t.game(n=2)
    g.grant_skill(0, s)
    run_answers(g, [])
    assert fired(g) == [("L", 0), ("L", 0)]


def test_the_seats_hold_players_only_which_the_dispatch_reads_unchecked():
    # Game._candidates reads players[p] as a Player without a type test (compiled): the
    # invariants (checked after every pop of a debug game) hold the list to that, clones too
    t = Toy(nturns=1)
    s = t.skill("S", t.T_TURN_START, forced=True)
    g = t.game(n=3)
    g.grant_skill(1, s)
    run_answers(g, [])
    assert fired(g) == [("S", 1)]
    assert g.check_invariants() and g.clone().check_invariants()
    g.players[2] = g.players[2].copy()   # a copy is a Player: still sound
    assert g.check_invariants()
    g.players[2] = 2
    with pytest.raises(E.InvariantError, match="seat 2 holds 2, not a Player"):
        g.check_invariants()


def _recording_cond(asked, name):
    """A condition that holds, recording (name, owner) in ``asked`` at each ask."""
    def cond(g, owner, ev, tm):
        asked.append((name, owner))
        return True
    return cond


def test_a_skill_whose_condition_begins_with_its_owners_subject_is_asked_at_its_subject_only():
    # Skill.own_subject (the compiler's word that the condition begins with subject_matches of
    # the owner): the dispatch answers False without calling the condition at a seat other than
    # the event's subject (an int >= 0), and calls it as before for a subject that is None or
    # -1 (subject_matches holds for anyone then) or not a seat (docs/decisions/0103)
    t = Toy(nturns=0)
    asked = []
    s = t.skill("S", t.T_DEATH, forced=True, dead_ok=True, cond=_recording_cond(asked, "S"))
    o = t.skill("O", t.T_DEATH, forced=True, dead_ok=True, cond=_recording_cond(asked, "O"))
    t.rs.skills[s].own_subject = True
    g = t.game(n=3)
    for p in (1, 2):
        g.grant_skill(p, s)
    g.grant_skill(0, o)   # a skill without the flag: asked wherever it is held
    root = g.stack[0]
    every = [("O", 0), ("S", 1), ("S", 2)]
    for subject, want in ((1, [("O", 0), ("S", 1)]), (0, [("O", 0)]),
                          (2, [("O", 0), ("S", 2)]), (None, every), (-1, every),
                          ((1, 2), every)):
        del asked[:]
        n = len(fired(g))
        g.push(t.P_DEATH, -1, root, [0])
        g.stack[-1].subject = subject
        while len(g.stack) > 1:
            assert not isinstance(g.step(1), Decision)
        assert asked == want, subject
        assert fired(g)[n:] == want, subject


def test_a_skill_that_needs_a_hand_card_is_asked_by_a_seat_holding_one_only():
    # Skill.hand_need (docs/decisions/0114): the dispatch answers False without calling the
    # condition while the seat holds no hand card of those names (Player.hand_bits, which
    # Game._put keeps), and asks it once it holds one; with hand_or_convert a seat whose
    # conversion skills are not found (Game.seat_convert None) or are some is asked as well
    t = Toy(nturns=0)
    t.rs.card_name("牌")   # name 0: every toy card's
    asked = []
    s = t.skill("S", t.T_DEATH, forced=True, dead_ok=True, cond=_recording_cond(asked, "S"))
    t.rs.skills[s].hand_need = 1
    g = t.game(n=3)
    for p in range(3):
        g.grant_skill(p, s)
    root = g.stack[0]

    def dispatch():
        del asked[:]
        g.push(t.P_DEATH, -1, root, [0])
        while len(g.stack) > 1:
            assert not isinstance(g.step(1), Decision)
        return list(asked)

    assert dispatch() == []
    c = g.zone_cards(E.Z_DRAW)[-1]
    g.move_one(c, E.Z_HAND, 1)
    assert [pl.hand_bits for pl in g.players] == [0, 1, 0]
    assert dispatch() == [("S", 1)]
    t.rs.skills[s].hand_or_convert = True
    assert dispatch() == [("S", 0), ("S", 1), ("S", 2)]   # conversions not found: asked
    # conversion entries (timing, skill, names): seat 2's makes name 0, seat 0's name 5 only
    # (step 150: no needed name, answered False), seat 1's conversions are not found yet
    g.seat_convert = [((0, None, (5,)),), None, ((0, None, (3, 0)),), None]
    assert dispatch() == [("S", 1), ("S", 2)]
    g.move_one(c, E.Z_DISCARD)
    assert [pl.hand_bits for pl in g.players] == [0, 0, 0]
    assert dispatch() == [("S", 1), ("S", 2)]
    g.seat_convert = [((0, None, None),), (), ((0, None, (5, 70)),), None]   # None: any name
    assert dispatch() == [("S", 0)]
    assert g.check_invariants()


def test_a_seat_with_own_subject_skills_only_is_not_asked_at_another_seats_subject(monkeypatch):
    # Game.held_seats' second half (T + t): the seats with a skill of timing t without
    # Skill.own_subject; the dispatch asks those and the event's subject only, when the subject
    # is a seat (core.dispatch.seats_asked): the others' candidates would be None (step 126a).
    # A seat whose held list has an own_subject skill first and another after it is open.
    t = Toy(nturns=0)
    asked = []
    s = t.skill("S", t.T_DEATH, forced=True, dead_ok=True, cond=_recording_cond(asked, "S"))
    o = t.skill("O", t.T_DEATH, forced=True, dead_ok=True, cond=_recording_cond(asked, "O"))
    t.rs.skills[s].own_subject = True
    g = t.game(n=4)
    for p in (0, 1, 3):
        g.grant_skill(p, s)
    g.grant_skill(1, o)
    calls = []
    pure = core.uncompiled_reason() is not None
    if pure:   # pure: the dispatch calls the method (compiled: core.dispatch.candidates)
        method = E.Game._candidates
        monkeypatch.setattr(E.Game, "_candidates",
                            lambda g, f, p: calls.append(p) or method(g, f, p))
    root = g.stack[0]
    nt = len(g.rs.timing_names)
    # (subject 1, None or -1: seat 1 asked both, as every seat, and asked to order them)
    for subject, want, seats in ((2, [("O", 1)], [1]), (3, [("O", 1), ("S", 3)], [1, 3]),
                                 (0, [("S", 0), ("O", 1)], [0, 1])):
        del asked[:], calls[:]
        g.push(t.P_DEATH, -1, root, [0])
        g.stack[-1].subject = subject
        while len(g.stack) > 1:
            assert not isinstance(g.step(1), Decision)
        assert g.held_seats[t.T_DEATH] == 0b1011
        assert g.held_seats[nt + t.T_DEATH] == 0b0010
        assert asked == want, subject
        if pure:
            assert sorted(set(calls)) == seats, subject   # (a seat asked again after its firing)


def test_the_candidates_list_is_answered_again_only_once_nobody_holds_it():
    # core.dispatch.candidates (step 157c), compiled: the list it answered last, emptied and
    # filled again, once nothing else holds it; a list held (the caller's, a frame's y) is never
    # touched — a new one is answered in its place. Pure: a new list each time, the same skills.
    t = Toy(nturns=1)
    a = t.skill("A", t.T_TURN_START)
    b = t.skill("B", t.T_TURN_START)
    g = t.game(n=2)
    g.grant_skill(0, a)
    g.grant_skill(0, b)
    d = g.step()
    f = g.stack[-1]   # the dispatch frame asking seat 0
    assert d is not None and f.a == t.T_TURN_START
    first = g._candidates(f, 0)
    want = list(first)
    assert sorted(s.id for s in want) == sorted([a, b])
    kept = id(first)
    del first
    junk = [[] for _ in range(4)]   # a dead list's memory taken: only a kept one has its id
    again = g._candidates(f, 0)
    assert again == want
    if core.compiled():   # (pure: a new list, which may reuse the dead one's memory)
        assert id(again) == kept
    held = again
    other = g._candidates(f, 0)   # held: a list of its own
    assert other is not held and other == want and held == want
    other.clear()   # the caller's to change: the held list is not it
    assert held == want and g._candidates(f, 1) is None
    del other
    third = g._candidates(f, 0)
    assert third is not held and third == want and held == want


def _skipped_by_walk(m, p, left, n):
    """How many of the ``left`` seats from p on (wrapping at n) come before the first whose bit
    is set in m: the seat-by-seat walk the dispatch made before step 165a."""
    for k in range(left):
        if (m >> ((p + k) % n)) & 1:
            return k
    return left


def test_the_seats_stepped_over_are_those_before_the_next_seat_with_its_bit():
    # core.dispatch.next_asked (step 165a; compiled, dispatch.pxd's C, through seats_skipped):
    # Game._fire_heard and Game._dispatch step over the seats without their bit at once, where
    # they walked them one by one; every mask of up to 8 seats, every first seat and count
    from core.dispatch import seats_skipped
    for n in range(1, 9):
        for m in range(1 << n):
            for p in range(n):
                for left in range(1, n + 1):
                    assert seats_skipped(m, p, left, n) == _skipped_by_walk(m, p, left, n), \
                        (m, p, left, n)
    # 30 seats, the most a C int's bits hold here (held._make_seats); past them every seat asked
    for m, p, left in ((1 << 29, 0, 30), (1, 29, 30), (1 << 3, 5, 20), (0, 7, 30), (1 << 6, 7, 30)):
        assert seats_skipped(m, p, left, 30) == _skipped_by_walk(m, p, left, 30)
    assert seats_skipped(-1, 3, 28, 31) == 0 and seats_skipped(0, 3, 28, 40) == 0


def test_the_dispatch_steps_over_seats_without_a_skill_and_forgets_the_fired_skills():
    # the walk of step 165a, both loops: seats asked in order from the referee (5 of 7), wrapping,
    # only those with a skill of the timing; K (once a timing) revokes itself at seat 6, whose bit
    # clears: the dispatch frame steps over 6 and 0 to seat 1, where K fires again (the fired
    # list forgotten at the step); O, optional, asks seat 2, declined
    t = Toy(nturns=0)
    k = t.skill("K", t.T_DEATH, forced=True, dead_ok=True,
                effect=lambda g, f: g.revoke_skill(f.owner, f.skill) and None)
    o = t.skill("O", t.T_DEATH, dead_ok=True)
    s = t.skill("S", t.T_DEATH, forced=True, dead_ok=True)
    g = t.game(n=7)
    g.referee = 5
    g.grant_skill(6, k)
    g.grant_skill(1, k)
    g.grant_skill(2, o)
    g.grant_skill(4, s)
    root = g.stack[0]
    g.push(t.P_DEATH, -1, root, [3])
    run_answers(g, [-1])
    assert fired(g) == [("K", 6), ("K", 1), ("S", 4)]
    assert g.players[6].has[k] == 0 and g.players[1].has[k] == 0


def test_a_settled_timing_steps_over_seats_without_a_skill_to_the_first_with_a_candidate():
    # Game.fire(t, ev, settled=True) (_fire_heard's walk, step 165a): from the referee (5 of 7)
    # over seats 5, 6, 0 … to seat 3, the first with a skill of the timing, whose candidate starts
    # the dispatch frame there (f.b 5); with none left, no frame
    t = Toy(nturns=0)
    s = t.skill("S", t.T_DEATH, forced=True, dead_ok=True)
    g = t.game(n=7)
    g.referee = 5
    g.grant_skill(3, s)
    g.grant_skill(4, s)
    root = g.stack[0]
    g.push(t.P_DEATH, -1, root, [3])
    ev = g.stack[-1]
    assert g.fire(t.T_DEATH, ev, True) == 1
    f, sf = g.stack[-2], g.stack[-1]
    assert (f.a, f.c, f.b, sf.owner, sf.skill) == (t.T_DEATH, 5, 5, 3, s)
    del g.stack[-2:]
    g.revoke_skill(3, s)
    g.revoke_skill(4, s)
    n = len(g.stack)
    assert g.fire(t.T_DEATH, ev, True) == 0 and len(g.stack) == n


def test_a_declined_seat_is_not_asked_again_and_the_next_seat_is():
    # decision 0137 (step 165b): a dispatch question can be declined only when none of its
    # candidates is forced; asked again in the same state the seat would find its forced skills
    # only, none a candidate: the dispatch goes on at the next seat, no condition run again.
    # A forced skill of the seat whose condition failed at the question stays unasked.
    t = Toy(nturns=1)
    asked = []
    o = t.skill("O", t.T_TURN_START, cond=_recording_cond(asked, "O"))
    p = t.skill("P", t.T_TURN_START, cond=_recording_cond(asked, "P"))
    f = t.skill("F", t.T_TURN_START, forced=True,
                cond=lambda g, owner, ev, tm: asked.append(("F", owner)) or False)
    s = t.skill("S", t.T_TURN_START, forced=True, cond=_recording_cond(asked, "S"))
    g = t.game(n=3)
    for k in (o, p, f):
        g.grant_skill(0, k)
    g.grant_skill(2, s)
    d = g.step()
    assert d.who == 0 and d.can_pass and sorted(d.options) == sorted([o, p])
    assert sorted(asked) == [("F", 0), ("O", 0), ("P", 0)]
    del asked[:]
    g.answer(-1)
    r = g.step()
    assert isinstance(r, E.GameResult)
    assert asked == [("S", 2)] and fired(g) == [("S", 2)]
