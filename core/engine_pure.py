"""The engine's C helpers as plain Python: what core/engine.py calls when it runs uncompiled.

Compiled, each is a C function of ``engine.pxd`` (or of a room's ``.pxd``) that engine.py
cimports instead; these do the same to the same items in the same order, so that the pure engine
stays the readable reference and plays the same games (docs/core-api.md).
"""


# compiled: C functions of engine.pxd, which keep the list's room (docs/performance.md
# step 53); the same items in the same order
def append_in_room(a, x, /):
    a.append(x)


def pop_keep_room(a, /):
    return a.pop()


# compiled: the item borrowed, no reference taken (the caller's list keeps it)
def PyList_GET_ITEM(a, i, /):
    return a[i]


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
