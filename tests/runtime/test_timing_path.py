"""The timing path's fast paths (docs/performance.md step 56) answer what their definitions answer:

* compiled, core.prims.flow.fire takes Game.fire's two steps (Game._timing_heard, then
  Game._fire_heard for a timing somebody listens to) in place of the method for a game whose
  class is Game; a game whose class overrides fire (RulingGame) goes through the method. Seeded
  games played by a Game and by a subclass whose fire is the method's log every timing, push,
  question and answer alike (level 2), and count the same timings, frames and steps; so they
  do at levels 0 and 1, where the first step is fast.pxd's _timing_heard_fast in place of the
  method (step 75: the timing counted, its listeners read);
* the rooms' inline reads of the tables by program id (fast.pxd: _by_prog_fast,
  _event_ctx_fast) answer base's functions for every program id, past the tables' ends too,
  through this_event (flow), which returns the event context;
* flow.call answers a pushed frame's status as base._pushed does, with its flags.
Compiled when `sgs build` ran, else pure (where both sides are the definitions)."""
import pytest

import core
from core import engine as E, prims as P
from core.checks import innermost_phase, innermost_turn
from core.prims import base as B, flow as Flow

from seeded_games import run_python
from test_games import DECK, identity  # noqa: F401  (the fixture)

GAMES = r"""
import hashlib
import sys
import core.engine as E
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.agents import RandomPlayer, play


class Through(E.Game):
    # fire overridden by the method itself, as RulingGame's calls it: flow.fire calls it
    def fire(self, t, ev, settled=False):
        return E.Game.fire(self, t, ev, settled)


cls = {"game": E.Game, "through": Through}[sys.argv[1]]
level = int(sys.argv[2])
real = E.Game
for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1,)), ("zhanqi", (1,))):
    M, P = S.load_engine(key)
    rb = by_key(key)
    for seed in seeds:
        E.Game = cls   # the class games.new_game makes the game of
        try:
            g = P.new_game(M, rb.players, seed=seed, mode=rb.mode, deck=rb.deck, log_level=level)
        finally:
            E.Game = real
        assert type(g) is cls
        play(g, RandomPlayer(seed))
        assert g.result is not None
        print(key, seed, g.n_timings, g.serial, g.pushed, g.popped, g.steps, g.n_decisions,
              len(g.log), hashlib.md5(g.log_text().encode()).hexdigest())
"""


@pytest.mark.parametrize("level", [0, 1, 2])
def test_flow_fire_takes_game_fire_steps_as_the_method_does(level):
    """Five seeded games (three rulebooks) as built: flow.fire's steps in place (a Game) and
    through the method (a subclass) play and log the same games, to the timing and the frame,
    at each log level (below 2 the timing's count and listeners are read in place)."""
    direct = run_python(GAMES, "game", str(level)).splitlines()
    through = run_python(GAMES, "through", str(level)).splitlines()
    assert len(direct) == 5
    assert direct == through
    timings = sum(int(line.split()[2]) for line in direct)
    assert timings > 5000   # the comparison compared something


@pytest.fixture(scope="module")
def game(identity):  # noqa: F811
    return P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)


def test_event_context_read_in_place_is_base_event_ctx(game):
    """this_event (flow's inline _event_ctx) is base._event_ctx for every program id, with an
    event context and without one: event programs answer themselves, the others their context,
    ids past the tables' ends and negative ones (no entry) their context."""
    g = game
    t = B._T(g)
    n = len(g.rs.progs)
    assert len(t.prog_is_ev) <= n
    outer = g.new_frame(t.ev_move, 0, None)
    events = 0
    for cid in range(-3, n + 3):
        for ev in (outer, None):
            f = E.Frame(cid, 0)
            f.ev = ev
            got = Flow.this_event(g, f)
            assert got is B._event_ctx(g, f), cid
            events += got is f
    assert events > 10
    with pytest.raises((AttributeError, TypeError)):
        Flow.this_event(g, None)


def test_call_answers_a_pushed_frame_as_base_pushed(game):
    """flow.call's status for a frame it pushed is 1, with the frame's flags as base._pushed
    leaves them (its child executed, not 'not executed')."""
    g = game
    t = B._T(g)
    f = g.new_frame(t.ev_move, 0, None)
    ref = g.new_frame(t.ev_move, 0, None)
    # (not a turn's or a phase's frame: call skips their operations once the turn is cut)
    for flags in (0, B.F_NOTEXEC, B.F_CHILDEXEC, B.F_NOTEXEC | B.F_CHILDEXEC | 32):
        f.flags = ref.flags = flags
        n = len(g.stack)
        st = Flow.call(g, f, t.ev_move, (0, (), 0))
        assert type(st) is int and st == B._pushed(ref) == 1
        assert f.flags == ref.flags
        assert len(g.stack) == n + 1 and g.stack[-1].prog == t.ev_move


TABLE_READERS = r"""
from core import prims as P, engine as E
import generated.identity as M
from core.prims import base as B, decisions as Decisions, resolving as Resolving, usable as Usable
from core.prims import use as Use

g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
t = B._T(g)
n = len(g.rs.progs)
# an event frame of every program id (past the tables' ends and negative ones too) whose slots
# and scratch name a different value each, inside an outer event frame or alone. Every scratch
# slot is written (X_IDLE is a C constant compiled): the outer frame's idle point was used since
# (its count below the game's), the frame's own was not
outer = g.new_frame(t.ev_move, 0, None)
outer.slots = [None] * 8
x = B._sx(outer)
x[:] = [g.n_skill_uses - 1] * len(x)
for cid in range(-3, n + 3):
    for ev in (outer, None):
        f = E.Frame(cid, 0)
        f.ev = ev
        f.slots = [1000 + cid, 2000 + cid, 3000 + cid]
        x = B._sx(f)
        x[:] = [4000 + cid] * len(x)   # X_LASTCARD (the pre flows' card) among them
        Decisions._helper(g, f, 0, [])
        h = g.stack.pop()
        ctx = h.ev
        flows = [Use._flow(g, f, evs) for evs in (1, 2, 6, 0x3ff0, 0x3fff)]
        where = "self" if ctx is f else "None" if ctx is None else "ev" if ctx is ev else ctx
        print(cid, ev is not None, Resolving._card_of_event(g, f), Resolving._card_ctx(g, f),
              Usable.idle_point_unused(g, f), where,
              Resolving.this_card_name(g, f), Resolving.current_target_character(g, f),
              *["self" if fr is f else None if fr is None else fr.prog for fr in flows])
"""


def test_the_rooms_read_the_tables_by_program_id_as_base_does():
    """The rooms that read an event's table in place (fast.pxd: resolving's _prog_evi,
    _event_ctx, _is_event and _prog_evi_in, use's _prog_evi_in, usable's and decisions'
    _event_ctx) answer as base's functions do, pure and as built: a card event's card, the card
    context, whether the idle point went unused, a helper frame's event context, the need or pre
    flow's card name, the current target, the innermost frame running one of some events, for
    every program id (past the tables' ends and negative ones too)."""
    pure = run_python(TABLE_READERS, pure=True).splitlines()
    built = run_python(TABLE_READERS).splitlines()
    assert built == pure
    cards = [line.split()[2] for line in pure]
    assert len(pure) > 100 and sum(c != "None" for c in cards) > 5   # some card events found
    assert {line.split()[5] for line in pure} >= {"self", "ev", "None"}
    assert sum(line.split()[6] != "-1" for line in pure) > 2        # need and pre flows found
    assert sum(line.split()[7] != "-1" for line in pure) > 1        # target events found
    assert sum("self" in line.split()[8:] for line in pure) > 20   # frames of some events found


def _cut_stack(g, n):
    """g's stack cut back to its first n frames by hand, and the turn and phase frames the game
    holds with it (as _pop keeps them: core.checks.innermost_turn and innermost_phase)."""
    del g.stack[n:]
    g.turn_frame = innermost_turn(g.stack)
    g.phase_frame = innermost_phase(g.stack)


def _turn_frame_on(g):
    """A turn frame of seat 0 pushed on g's stack (as push_turn marks it), and a frame to run the
    turn's primitives in."""
    t = B._T(g)
    tf = g.new_frame(t.events.get("回合", t.dturn), 0, None)
    tf.flags = E.F_TURN
    g.push_frame(tf)
    return tf, g.new_frame(t.ev_move, 0, None)


def test_a_turn_frames_state_is_cut_or_phase_ended_or_neither(game):
    """A turn frame's state (turns: base's F_CUT and F_ENDED bits of its flags) is one of three,
    as when one scratch slot held it: a cut turn whose phase ends is no longer cut, an ended phase
    whose turn is cut no longer ended; the cut is undone at 回合结束前❶ and after."""
    g = game
    Turns = P.turns
    turn_end = B._T(g).turn_end
    n = len(g.stack)
    tf, f = _turn_frame_on(g)
    try:
        assert not Turns._is_cut(tf) and Turns.phase_not_ended(g, f)
        Turns.end_phase(g, f, True, 0)
        assert not Turns._is_cut(tf) and not Turns.phase_not_ended(g, f)
        Turns.jump_to_turn_end(g, f, True)
        assert Turns._is_cut(tf) and not Turns.phase_not_ended(g, f)
        Turns.end_phase_effects(g, f, True)   # no ended phase to forget: still cut
        assert Turns._is_cut(tf)
        assert Turns._turn_cut_skip(g, tf, turn_end - 1) and Turns._is_cut(tf)
        Turns.end_phase(g, f, True, 0)
        assert not Turns._is_cut(tf) and not Turns.phase_not_ended(g, f)
        Turns.end_phase_effects(g, f, True)
        assert not Turns._is_cut(tf) and Turns.phase_not_ended(g, f)
        Turns.jump_to_turn_end(g, f, True)
        assert not Turns._turn_cut_skip(g, tf, turn_end) and not Turns._is_cut(tf)
        assert Turns.phase_not_ended(g, f)
        assert tf.flags == E.F_TURN
    finally:
        _cut_stack(g, n)


def test_flow_skips_a_cut_turns_timings_and_calls_as_turns_says(game):
    """flow.fire and flow.call skip a turn frame's timing or operation exactly when
    turns._turn_cut_skip says so (compiled, flow tests the cut bit in place first: fast.pxd's
    _is_cut_fast), and a phase frame's timing when its turn is cut; a skipped timing is not
    counted, a fired one is."""
    g = game
    Turns = P.turns
    t = B._T(g)
    n = len(g.stack)
    seen = set()
    for state in ("none", "cut", "ended"):
        for timing in (t.turn_end - 2, t.turn_end - 1, t.turn_end, t.turn_end + 1, -1):
            for frame in ("turn", "phase"):
                tf, f = _turn_frame_on(g)
                if state == "cut":
                    Turns.jump_to_turn_end(g, f, True)
                elif state == "ended":
                    Turns.end_phase(g, f, True, 0)
                ref = E.Frame(tf.prog, 0)
                ref.flags = tf.flags
                try:
                    if frame == "turn":
                        skip = Turns._turn_cut_skip(g, ref, timing)
                        running = tf
                    else:
                        skip = Turns._is_cut(tf)
                        running = g.new_frame(tf.prog, 0, tf)
                        running.flags = E.F_PHASE
                        g.push_frame(running)
                    if timing >= 0:
                        before = g.n_timings
                        st = Flow.fire(g, running, timing, 0)
                        assert g.n_timings - before == (0 if skip else 1), (state, timing, frame)
                        if skip:
                            assert st == 0 and running.timings is None
                        if frame == "turn":
                            assert tf.flags == ref.flags, (state, timing)
                    elif frame == "turn":
                        k = len(g.stack)
                        pushed = g.pushed
                        st = Flow.call(g, tf, t.ev_move, (0, (), 0))
                        # a call not skipped pushes its frame, which runs at once (0: to its
                        # end, popped; Game.run_pushed) or waits on the stack (1)
                        assert (g.pushed == pushed) == skip
                        assert st in ((0,) if skip else (0, 1)) and (st == 0) == (len(g.stack) == k)
                    seen.add((state, skip))
                finally:
                    _cut_stack(g, n)
    assert seen == {("none", False), ("ended", False), ("cut", True), ("cut", False)}


def test_a_popped_events_timing_list_serves_the_next_event_emptied(game):
    """Game._pop drops a frame's timing list (nothing reads a popped frame's timings); compiled, it
    keeps the list (an array of C ints) for the next event's first timing (flow.fire: lists.pxd's
    ints_from_spare) when nothing else holds it, emptied: the next event's timings are its own only. A list held
    elsewhere keeps its timings."""
    g = game
    t = B._T(g)
    n = len(g.stack)
    timings = [t.turn_end - 1, t.turn_end, t.turn_end + 1, t.turn_end + 2]

    def event(fired):
        ev = g.new_frame(t.ev_move, 0, None)
        g.push_frame(ev)
        for timing in fired:
            Flow.fire(g, ev, timing, 0)
            del g.stack[n + 1:]   # the dispatch frames it pushed: the event is on top again
        assert list(ev.timings) == fired
        return ev

    try:
        ev = event(timings[:3])
        held = ev.timings
        g._pop(ev)
        assert ev.timings is None and list(held) == timings[:3]
        ev = event(timings[3:])
        assert ev.timings is not held
        kept = id(ev.timings)
        g._pop(ev)
        assert ev.timings is None
        for fired in (timings[1:2], timings[:4], timings[2:3]):
            ev = event(fired)
            if core.compiled():
                assert id(ev.timings) == kept   # the one spare list, taken again
            g._pop(ev)
    finally:
        _cut_stack(g, n)
