"""The turn's and the phase's bookkeeping (回合, 000:12-63): whose turn comes next (extra turns
first, 002:345), the turn number, the round and the scopes a turn or a phase resets, the turn's and
the phase's frames pushed, the phases skipped this turn (002:360-362).

Pure-Python-mode Cython like core/engine.py (``turnbook.pxd`` adds the C types). Moved out of the
engine (step 171): Game keeps the calls docs/core-api.md names (``g.push_turn``, ``g.push_phase``,
``g.skip_phase`` …) as calls into this module, and the turns room (core/prims/turns.py) calls it in
C. The engine and this module cimport each other, like core/clone.py.
"""
import cython

from core.errors import EngineError


def grant_extra_turn(g, p, /):
    """The most recently granted extra turn runs first (seed 002:345)."""
    g.extra_turns.append(p)
    if g._log_level > 0:
        g._log({"e": "extra_turn", "p": p})


def next_turn(g, /):
    """(seat, is_extra) of the next turn, consuming an extra turn."""
    while g.extra_turns:
        s = g.extra_turns.pop()
        if g.players[s].alive:
            return s, True
    return _next_regular(g), False


def peek_turn(g, /):
    """(seat, is_extra) of the next turn as next_turn() will choose it,
    without consuming anything (the mode's turn loop asks it)."""
    i = len(g.extra_turns) - 1
    while i >= 0:
        s = g.extra_turns[i]
        if g.players[s].alive:
            return s, True
        i -= 1
    return _next_regular(g), False


def _next_regular(g, /):
    """The seat of the next regular turn: the first seat (or the next living one after
    it) at the start, then the next living seat after the last regular turn."""
    if g.last_regular < 0:
        s = g.first_seat
        return s if g.players[s].alive else g.next_alive(s)
    return g.next_alive(g.last_regular)


def _seatnum(g, p, /):
    return (p - g.first_seat) % g.n


def begin_turn(g, seat, extra, /):
    """Bookkeeping of 回合开始后❶: turn number, round counter, scopes."""
    g.turn_no += 1
    if g.turn_no == 1:
        g.round = 1
    elif not extra and g.last_regular >= 0 and \
            _seatnum(g, g.last_regular) > _seatnum(g, seat):
        g.round += 1
        Game._reset_scope(g, 2)
    if not extra:
        g.last_regular = seat
    g.current = seat
    g.gbits = g.gbits & ~(G_TURN_EXTRA | G_TURN_CUT) | (G_TURN_EXTRA if extra else 0)
    g.skipped = 0
    g.phase = -1
    Game._reset_scope(g, 1)
    Game._reset_scope(g, 0)
    if g._log_level > 0:
        g._log({"e": "turn", "p": seat, "no": g.turn_no, "round": g.round,
                "extra": bool(extra)})


def push_turn(g, prog, jump_pc=-1, /):
    """Choose the next turn (extra turns first), do begin_turn, push the
    turn frame (owner = seat, a = 1 if extra).  ``jump_pc`` is the pc of
    回合结束前❶: where the turn resumes if its player dies earlier."""
    if g.turn_hook is not None:
        g.turn_hook(g)
    s: cython.int
    extra: cython.bint
    if g.extra_turns:
        s, extra = next_turn(g)
    else:   # none queued (most turns): next_turn's answer without its (seat, extra) tuple
        s, extra = _next_regular(g), False
    if s < 0:
        raise EngineError("no living player for a turn")
    begin_turn(g, s, extra)
    f = Game.new_frame(g, prog, s, None, -1)
    f.flags = 8 | (32 if extra else 0)
    f.a = 1 if extra else 0
    f.jump_pc = jump_pc
    Game.push_frame(g, f)
    return f


def push_phase(g, ph, extra=False, prog=-1, /):
    """Push the program of phase ``ph`` as a frame (a = ph).  An extra
    phase (executed as an effect) has F_EXTRA: its program omits the
    开始前/结束后 timings."""
    if prog < 0:
        prog = g.rs.phase_progs[ph]
    f = Game.new_frame(g, prog, g.current, None, -1)
    f.flags = 16 | (32 if extra else 0)
    f.a = ph
    Game.push_frame(g, f)
    return f


def begin_phase(g, ph, /):
    g.phase = ph
    Game._reset_scope(g, 0)
    if g._log_level > 0:
        g._log({"e": "phase", "ph": g.rs.phase_names[ph], "p": g.current})


def skip_phase(g, ph, /):
    """Skip phase ph this turn; False if it was already skipped (a phase
    cannot be skipped twice in a turn)."""
    bit = 1 << ph
    if g.skipped & bit:
        return False
    g.skipped |= bit
    if g._log_level > 0:
        g._log({"e": "skip", "ph": g.rs.phase_names[ph], "p": g.current})
    return True


def is_skipped(g, ph, /):
    return (g.skipped >> ph) & 1 == 1


def before_timing_exists(g, prev_ph, ph, /):
    """'<ph>开始前' is not generated when ph and the previous phase are
    both skipped (seed 002:360-362)."""
    if prev_ph < 0:
        return True
    return not (is_skipped(g, prev_ph) and is_skipped(g, ph))


if not cython.compiled:   # C types and constants when compiled (turnbook.pxd cimports them); the
    # engine imports this module in its last lines, once these are defined
    from core.engine import G_TURN_CUT, G_TURN_EXTRA, Game  # noqa: E402
