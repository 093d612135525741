"""The dispatch's walk of the seats (docs/performance.md, step 201): a settled timing with no
seat to ask, the first seat wrapped as Python's modulo, the dispatch frame's run by the engine's
own method, and a seat's candidates found past skills that are not."""
from core import engine as E
from core.decision import Decision
from toy import Toy, fired


def _death_pushed(t, g, seat):
    """Seat's death event pushed on the root frame: its frame, and the stack's size with it."""
    g.push(t.P_DEATH, -1, g.stack[0], [seat])
    return g.stack[-1], len(g.stack)


def test_a_settled_timing_with_no_seat_to_ask_counts_its_frame_and_pushes_none():
    # Game._fire_heard (step 201a): somebody listens (a dead seat holds the skill) but no seat is
    # asked (the skill is not dead_ok: held_seats' bits 0): the dispatch frame's id, push, step
    # and pop counted as when its seats were walked, no frame left, ret None, 0 answered
    t = Toy(nturns=0)
    s = t.skill("S", t.T_DEATH, forced=True)
    g = t.game(n=4)
    g.grant_skill(1, s)
    g.set_alive(1, False)
    ev, n = _death_pushed(t, g, 1)
    before = (g.serial, g.pushed, g.steps, g.popped)
    g.ret = ev
    assert g.listen[t.T_DEATH] > 0
    assert g.fire(t.T_DEATH, ev, True) == 0
    assert g.held_seats[t.T_DEATH] == 0
    assert len(g.stack) == n and g.stack[-1] is ev and g.ret is None
    assert (g.serial, g.pushed, g.steps, g.popped) == tuple(v + 1 for v in before)
    # revived: seat 1 asked, its forced skill's frame pushed above the dispatch frame
    g.set_alive(1, True)
    assert g.fire(t.T_DEATH, ev, True) == 1
    assert g.stack[-1].skill == s and g.stack[-1].owner == 1 and g.stack[-2].a == t.T_DEATH


def test_the_first_seat_asked_is_the_starting_seat_wrapped_as_pythons_modulo():
    # _fire_heard's first seat and _dispatch's seat (f.c + f.b): a compare for a seat, Python's
    # modulo past the seats (step 201a): with no current player and referee -1, seat -1 % 3 = 2
    # first (its X), then 0 and 1 (their S; the dispatch frame's f.c -1, f.b counting up)
    t = Toy(nturns=0)
    s = t.skill("S", t.T_DEATH, forced=True, dead_ok=True)
    x = t.skill("X", t.T_DEATH, forced=True, dead_ok=True)
    g = t.game(n=3)
    g.referee = -1
    g.grant_skill(0, s)
    g.grant_skill(1, s)
    g.grant_skill(2, x)
    ev, n = _death_pushed(t, g, 1)
    assert g.fire(t.T_DEATH, ev, True) == 1
    f, sf = g.stack[-2], g.stack[-1]
    assert (f.a, f.c, f.b, sf.owner, sf.skill) == (t.T_DEATH, -1, 0, 2, x)
    while len(g.stack) > n:
        assert not isinstance(g.step(1), Decision)
    assert fired(g) == [("X", 2), ("S", 0), ("S", 1)]


class _OwnDispatch(E.Game):
    """A game whose _dispatch is overridden: the dispatch frame does not call it."""

    def _dispatch(self, f):
        raise AssertionError("the dispatch frame ran an override of Game._dispatch")


def test_the_dispatch_frame_runs_the_engines_own_dispatch():
    # ruleset._Dispatch.run (step 201b) calls Game._dispatch itself, as Game._fire_heard does:
    # compiled, without the cpdef method's override test; pure, the same method
    t = Toy(nturns=0)
    s = t.skill("S", t.T_DEATH, forced=True, dead_ok=True)
    g = _OwnDispatch(t.rs, 2, seed=1, cards=[(0, i % 4, i % 13 + 1) for i in range(20)])
    for pl in g.players:
        pl.maxhp = pl.hp = 4
    g.start(t.P_GAME)
    g.grant_skill(1, s)
    ev, n = _death_pushed(t, g, 1)
    assert g.fire(t.T_DEATH, ev) == E.PUSH   # not settled: the dispatch frame pushed
    while len(g.stack) > n:
        g.step(1)
    assert fired(g) == [("S", 1)]


def test_a_seats_candidates_are_found_past_the_skills_that_are_not():
    # core.dispatch.candidates' walk (step 201c): None when no skill of the timing's held list
    # is the seat's candidate; else each that is, in the list's order, the others stepped over
    t = Toy(nturns=1)
    no = lambda g, owner, ev, tm: False   # noqa: E731
    a = t.skill("A", t.T_TURN_START, cond=no)
    b = t.skill("B", t.T_TURN_START)
    c = t.skill("C", t.T_TURN_START, cond=no)
    d = t.skill("D", t.T_TURN_START)
    e = t.skill("E", t.T_TURN_START, cond=no)
    g = t.game(n=3)
    for k in (a, b, c, d, e):
        g.grant_skill(0, k)
    g.grant_skill(1, a)
    g.grant_skill(1, e)
    g.grant_skill(2, d)
    assert g.step() is not None
    f = g.stack[-1]   # the dispatch frame asking seat 0
    assert f.a == t.T_TURN_START
    assert [s.id for s in g._candidates(f, 0)] == [b, d]
    assert g._candidates(f, 1) is None
    assert [s.id for s in g._candidates(f, 2)] == [d]
