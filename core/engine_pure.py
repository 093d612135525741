"""The engine's C helpers as plain Python: what core/engine.py calls when it runs uncompiled.

Compiled, each is a C function of ``engine.pxd`` (or of a room's ``.pxd``) that engine.py
cimports instead; these do the same to the same items in the same order, so that the pure engine
stays the readable reference and plays the same games (docs/core-api.md).
"""
from core.codes import Z_HAND, Z_WEAPON


# compiled: C functions of engine.pxd, which keep the list's room (docs/performance.md
# step 53); the same items in the same order
def append_in_room(a, x, /):
    a.append(x)


def pop_keep_room(a, /):
    return a.pop()


# compiled: the item borrowed, no reference taken (the caller's list keeps it)
def PyList_GET_ITEM(a, i, /):
    return a[i]


def PyList_GET_SIZE(a, /):
    return len(a)


# compiled: engine.pxd's macros, the game's fields borrowed
def stack_size(g, /):
    return len(g.stack)


def stack_at(g, i, /):
    return g.stack[i]


def prog_at(g, i, /):
    return g.rs.progs[i]


# compiled: core/prims/lists.pxd's, the C int stored within the array's room
def ints_append(a, v, /):
    a.append(v)


# compiled: engine.pxd's, in C (the int read in place, the list's room kept)
def take_card(a, c, /):
    """Card c's int out of list a, searched from the end (moves mostly take a pile's top,
    and a card is in a zone at most once: Game.check_invariants)."""
    i = len(a) - 1
    while i >= 0:
        if a[i] == c:
            return a.pop(i)
        i -= 1
    raise ValueError("card %d is not in its zone" % c)


# compiled: core/prims/handname.pxd's, in C (the same counts, the same copy on write)
def hand_moved(g, c, to, own, /):
    """Game._put's count of card c's name moving out of its zone's hand (if it is in one) and
    into zone ``to``'s (if it is a hand): Player.hand_names and hand_bits; ``own`` the table's
    OWN_* bit. A card into or out of a weapon zone forgets its seat's attack range kept
    (Player.range_kept, core.held._attack_range), as handname.pxd's does."""
    fr = g.card_zone[c]
    kinds = g.zkind_at
    if kinds[fr] == Z_WEAPON:
        weapon_moved(g, fr)
    if kinds[to] == Z_WEAPON:
        weapon_moved(g, to)
    if kinds[fr] != Z_HAND and kinds[to] != Z_HAND:
        return 0
    name = g.cards[c].name
    h0 = g.zkinds[2 * Z_HAND]   # the first hand's zone: seat p's is h0 + p
    if kinds[fr] == Z_HAND:
        _hand_add(g.players[fr - h0], name, -1, own)
    if kinds[to] == Z_HAND:
        _hand_add(g.players[to - h0], name, 1, own)
    return 0


def weapon_moved(g, z, /):
    """A card into or out of weapon zone z: its seat's kept attack range forgotten (every
    seat's if the kind's zone is not one per seat)."""
    p = z - g.zkinds[2 * Z_WEAPON]   # the first weapon zone: seat p's is that + p
    for pl in (g.players[p],) if g.zkinds[2 * Z_WEAPON + 1] and 0 <= p < g.n else g.players:
        pl.range_kept = 0
    return 0


def _hand_add(pl, name, d, own, /):
    pl._own(own)
    if 0 <= name < len(pl.hand_names):   # a name the ruleset does not list is not counted
        pl.hand_names[name] += d
        if name < 64:
            if pl.hand_names[name] > 0:
                pl.hand_bits |= 1 << name
            else:
                pl.hand_bits &= ~(1 << name)
