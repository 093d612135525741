"""The scheduling core's own invariants (``Game.check_invariants``): every card in exactly one
zone, the one ``card_zone`` names; a Player at every seat, its HP within its maximum; the frames
pushed and popped adding up to the stack; an empty stack once the game is over; the turn frame
the game holds, the stack's innermost, and the phase frame it holds, that turn's innermost; the
alive seats it holds as bits (set_alive), the players' flags; its G_PLAIN bit (fire's quiet
path's: exactly a Game logging at level 1 or less). The rules' own invariants are
core/prims/invariants.py's.

Compiled beside the engine (``checks.pxd``): a debug game checks these at every step. Split from
core/engine.py (decision 0060); like core/clone.py, this module and the engine cimport each other.
"""
import cython

from core.codes import Z_HAND
from core.errors import InvariantError


def check_engine_state(g, /):
    """Check the core's invariants of game ``g``; raise InvariantError naming the card, zone or
    seat; True when they hold."""
    seen = [0] * len(g.cards)
    for zi in range(len(g.zones)):
        for c in g.zones[zi]:
            if c < 0 or c >= len(g.cards):
                raise InvariantError("unknown card %r in zone %d" % (c, zi))
            seen[c] += 1
            if g.card_zone[c] != zi:
                raise InvariantError("card %d is in zone %d but card_zone says %d"
                                     % (c, zi, g.card_zone[c]))
    for c in range(len(g.cards)):
        if seen[c] != 1:
            raise InvariantError("card %d is in %d zones" % (c, seen[c]))
    for i in range(len(g.players)):
        pl = g.players[i]
        if type(pl) is not Player:   # _candidates and this loop read them unchecked
            raise InvariantError("seat %d holds %r, not a Player" % (i, pl))
        q = cython.cast(Player, pl)
        if q.hp > q.maxhp:
            raise InvariantError("seat %d: hp %d > max hp %d" % (q.seat, q.hp, q.maxhp))
    check_hand_names(g)
    if g.pushed - g.popped != len(g.stack):
        raise InvariantError("frame accounting: pushed %d popped %d stack %d"
                             % (g.pushed, g.popped, len(g.stack)))
    if g.result is not None and len(g.stack) != 0:
        raise InvariantError("game over with %d frames on the stack" % len(g.stack))
    if g.n <= 50:
        bits = 0
        for i in range(g.n):
            if cython.cast(Player, g.players[i]).alive:
                bits |= cython.cast(cython.longlong, 1) << i
        if bits != g.alive_bits:
            raise InvariantError("alive_bits %x, the seats alive %x: a flag written without "
                                 "Game.set_alive" % (g.alive_bits, bits))
    if (g.gbits & G_PLAIN) != plain_bit(g):   # fire's quiet path trusts it (engine.pxd)
        raise InvariantError("G_PLAIN %d, the game %s logging at level %d, its ruleset %s: the "
                             "flag not kept" % (g.gbits & G_PLAIN, type(g).__name__,
                                                g._log_level, type(g.rs).__name__))
    if g.turn_frame is not innermost_turn(g.stack):
        raise InvariantError("turn_frame is not the stack's innermost turn frame")
    if g.phase_frame is not innermost_phase(g.stack):
        raise InvariantError("phase_frame is not the innermost turn's innermost phase frame")
    return True


def check_hand_names(g, /):
    """Each Player's hand_names the counts by card name of the cards in its hand zone, and its
    hand_bits the names below 64 among them (the dispatch's hand pre-test reads them: docs/
    decisions/0114); InvariantError naming the seat (and the name) when one differs (a write of
    a hand that did not go through Game._put)."""
    for i in range(len(g.players)):
        counts = cython.cast(Player, g.players[i]).hand_names
        want = [0] * len(counts)
        for c in g.zones[g.zone_id(Z_HAND, i)]:
            name = cython.cast(Card, g.cards[c]).name
            if 0 <= name < len(want):   # a name outside the table is not counted
                want[name] += 1
        bits = 0
        for m in range(len(want)):
            if counts[m] != want[m]:
                raise InvariantError("seat %d: hand_names counts %d cards named %d, its hand "
                                     "holds %d" % (i, counts[m], m, want[m]))
            if want[m] > 0 and m < 64:
                bits |= cython.cast(cython.ulonglong, 1) << m
        if cython.cast(Player, g.players[i]).hand_bits != bits:
            raise InvariantError("seat %d: hand_bits %x, the names in its hand %x"
                                 % (i, cython.cast(Player, g.players[i]).hand_bits, bits))
    return True


def innermost_turn(st, /):
    """The innermost turn frame (F_TURN) of stack st, or None: what ``Game.turn_frame`` holds
    (push_frame sets it; _pop, when a turn frame leaves, finds the turn it was within here)."""
    i = len(st) - 1
    while i >= 0:
        if cython.cast(Frame, st[i]).flags & 8:   # F_TURN
            return st[i]
        i -= 1
    return None


def innermost_phase(st, /):
    """The innermost phase frame (F_PHASE) of the innermost turn of stack st, or None (none above
    the turn frame): what ``Game.phase_frame`` holds (push_frame and turns._push_phase_event set
    it; _pop, when a phase or turn frame leaves, finds the one left here)."""
    i = len(st) - 1
    while i >= 0:
        fl = cython.cast(Frame, st[i]).flags
        if fl & 16:   # F_PHASE
            return st[i]
        if fl & 8:   # F_TURN
            return None
        i -= 1
    return None


if not cython.compiled:   # a C type when compiled (checks.pxd cimports it); the engine imports
    # this module's function in its last lines, once Player is defined
    from core.engine import G_PLAIN, Card, Frame, Player, plain_bit  # noqa: E402
