"""turns' stack scans: the innermost turn frame (_turn_frame, current_turn) and the innermost
phase frame of the innermost turn (_phase_frame), read unchecked from the engine's stack
(compiled, each frame's flags read in place: fast.pxd's _flags_at_fast, step 75): they answer
a walk over the stack's frames, on stacks made by hand and at every decision of seeded games.
Compiled when `sgs build` ran, else pure."""
from core import engine as E
from core import prims as P
from core.checks import innermost_phase, innermost_turn
from core.prims import base as B, turns as Turns

from test_games import DECK, identity  # noqa: F401  (the fixture)


def _frame(flags):
    f = E.Frame(0, 0)
    f.flags = flags
    return f


def _set_stack(g, frames):
    """g's stack made by hand, and the turn and phase frames the game holds with it (as push_frame
    and _pop keep them: core.checks.innermost_turn and innermost_phase)."""
    g.stack[:] = frames
    g.turn_frame = innermost_turn(g.stack)
    g.phase_frame = innermost_phase(g.stack)


def test_the_innermost_turn_and_phase_frames(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    saved = list(g.stack)
    try:
        _set_stack(g, [])
        assert Turns._turn_frame(g) is None and Turns._phase_frame(g) is None
        outer, phase, inner = _frame(E.F_TURN), _frame(E.F_PHASE), _frame(E.F_TURN)
        _set_stack(g, [_frame(0), outer, _frame(0), phase, _frame(0)])
        assert Turns._turn_frame(g) is outer and Turns.current_turn(g, None) is outer
        assert Turns._phase_frame(g) is phase
        _set_stack(g, g.stack + [inner])   # a turn inside the phase: its own phase is none yet
        assert Turns._turn_frame(g) is inner and Turns._phase_frame(g) is None
        _set_stack(g, g.stack + [_frame(E.F_PHASE | E.F_EXTRA)])
        assert Turns._phase_frame(g) is g.stack[-1]
    finally:
        _set_stack(g, saved)


def _walked(g):
    """The innermost turn frame and that turn's innermost phase frame, by walks of the stack."""
    turn = next((fr for fr in reversed(g.stack) if fr.flags & E.F_TURN), None)
    phase = None
    for fr in reversed(g.stack):
        if fr.flags & E.F_PHASE:
            phase = fr
            break
        if fr.flags & E.F_TURN:
            break
    return turn, phase


def test_the_walks_answer_at_every_decision_of_seeded_games(identity):  # noqa: F811
    from core.agents import RandomPlayer
    from core.decision import Decision
    asked = phases = 0
    for seed in (1, 2):
        g = P.new_game(identity, 5, seed=seed, deck=DECK)
        a = RandomPlayer(seed)
        while True:
            d = g.step()
            if not isinstance(d, Decision):
                break
            turn, phase = _walked(g)
            assert Turns._turn_frame(g) is turn and Turns.current_turn(g, None) is turn
            assert Turns._phase_frame(g) is phase
            asked += turn is not None
            phases += phase is not None
            g.answer(a.choose(g, d))
    assert asked > 100 and phases > 100   # the comparison compared something


def test_a_phase_before_timing_exists_unless_it_and_the_one_before_are_skipped(identity):  # noqa: F811
    """此阶段开始前这个时机存在 (002:361), read from the phase frame on the stack."""
    from core.prims import base as B
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    order = B._T(g).phase_list
    saved, skipped = list(g.stack), g.skipped
    try:
        for k, ph in enumerate(order):
            phase = _frame(E.F_PHASE)
            phase.a = ph
            _set_stack(g, [_frame(E.F_TURN), phase])
            g.skipped = 0
            assert Turns.phase_before_timing_exists(g, None) is True
            g.skip_phase(ph)
            assert Turns.phase_before_timing_exists(g, None) is True   # the one before is not
            if k > 0:
                g.skip_phase(order[k - 1])
                assert Turns.phase_before_timing_exists(g, None) is False
                phase.flags |= E.F_EXTRA   # an extra phase always has it
                assert Turns.phase_before_timing_exists(g, None) is True
    finally:
        _set_stack(g, saved)
        g.skipped = skipped


def test_a_phase_named_is_its_id_in_the_rules_of_the_game_that_asks(identity):  # noqa: F811
    """The phase primitives answer each phase's id in the ruleset of the game that asks (kept in
    its tables when the ruleset is finished): games of two rulesets with other ids, asked in
    turn, each get their own; a phase a ruleset lacks is its word."""
    g1 = P.new_game(identity, 5, seed=1, deck=DECK)
    g2 = P.new_game(identity, 5, seed=2, deck=DECK)
    key = ("phase", "出牌阶段")
    assert g1.rs is not g2.rs
    t2 = P._T(g2)
    ids = dict(g2.rs.ids)
    ids[key] = 99
    ids.pop(("phase", "结束阶段"))
    g2.rs.ids = ids
    t2.phase_ids = Turns._phase_ids(g2.rs)   # as register.finish keeps them
    for _ in range(2):
        assert Turns.play_phase(g1, None) == g1.rs.ids[key] != 99
        assert Turns.play_phase(g2, None) == 99
    assert Turns.finish_phase(g2, None) == "结束阶段"   # no such phase: its word
    assert Turns.finish_phase(g1, None) == g1.rs.ids[("phase", "结束阶段")]



def test_an_extra_phase_is_found_as_the_turns_queue_says(identity):  # noqa: F811
    """_xph_find reads the innermost turn's queue before _xph_turn's tests (step 69: most turns
    have none): for a turn with no queue, an empty one and two queues, its role or another, cut
    or not, its role alive or dead, it finds what _xph_turn's turn and its queue say."""
    from core.prims import base as B
    X_XPH = getattr(B, "X_XPH", 6)   # (a C constant of base compiled: its value, base.py's)
    g = P.new_game(identity, 5, seed=1, deck=DECK)

    def defined(who, before, a):
        tf = Turns._xph_turn(g, who)
        q = None if tf is None else B._get(tf, X_XPH)
        for i, e in enumerate(q or ()):
            if e[0] == before and (a is None or e[1] == a):
                return i
        return -1

    saved = list(g.stack)
    found = 0
    try:
        _set_stack(g, [])
        assert Turns._xph_find(g, 0, True, None) == -1
        for queue in (None, [], [[False, 3, 5]], [[False, 3, 5], [True, 4, 6], [True, 3, 7]]):
            for cut in (False, True):
                for dead in (False, True):
                    tf = _frame(E.F_TURN | (B.F_CUT if cut else 0))
                    tf.owner = 2
                    if queue is not None:
                        B._sx(tf)[X_XPH] = [list(e) for e in queue]
                    _set_stack(g, [_frame(0), tf, _frame(E.F_PHASE), _frame(0)])
                    g.set_alive(2, not dead)
                    for who in (2, 1, -1, "x"):
                        for before in (True, False):
                            for a in (None, 3, 4, 9):
                                want = defined(who, before, a)
                                assert Turns._xph_find(g, who, before, a) == want, \
                                    (queue, cut, dead, who, before, a)
                                found += want >= 0
    finally:
        _set_stack(g, saved)
        g.set_alive(2, True)
    assert found > 0


def test_a_phase_pushed_is_the_games_phase_frame_and_its_pusher_waits_for_it(identity):  # noqa: F811
    """_push_phase_event pushes the phase's program as a phase frame (its id in a, F_EXTRA for an
    extra phase) the game holds as its phase frame, and notes the push on the frame that pushed
    it, as _pushed notes one (its verdict now the child's: F_CHILDEXEC, not F_NOTEXEC; compiled,
    inline: step 189d), answering 1 (a push)."""
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    for ph, extra in ((0, False), (2, True)):
        f = g.stack[-1]
        f.flags = (f.flags | B.F_NOTEXEC) & ~B.F_CHILDEXEC
        before = len(g.stack)
        assert Turns._push_phase_event(g, f, ph, 1, extra) == 1
        c = g.stack[-1]
        assert len(g.stack) == before + 1 and g.phase_frame is c and c.a == ph
        assert c.prog == g.rs.phase_progs[ph] and c.slots[0] == 1
        assert c.flags & (E.F_PHASE | E.F_EXTRA) == E.F_PHASE | (E.F_EXTRA if extra else 0)
        assert f.flags & B.F_CHILDEXEC and not f.flags & B.F_NOTEXEC
