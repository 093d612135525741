"""sgs runtime library: what generated units call (docs/ir.md), in rooms by concern.

Each room is a module with its own ``.pxd`` (docs/architecture.md has the map): ``base`` is the
foundation every room imports by name (value encodings, the tables, the registry of primitives,
the executed flag); the other rooms import each other by module (``Cards.suit(...)``), so a
cpdef function one room calls in another is a C call when compiled. Generated units call the
primitives through this package (``P.draw``) and, for the cpdef ones, through their room
(``Moves.move_cards``), which they cimport.

Quick start::

    from core import prims as P
    g = P.new_game(module, 4, seed=1, generals=["夏侯惇", "白板", ...])
    from core.agents import play, RandomAgent
    play(g, RandomAgent(7))

docs/ir.md describes what slots hold (seats, Picks, card ids, virtual cards …), the frames'
scratch and the executed flag; docs/core-api.md the engine underneath.
"""
# The rooms, foundation first: base imports no other room; the others import each other by
# module at their top, so their order here only decides which one a cycle starts from.
from core.prims import (
    base, values, register, flow, decisions, roles, health, cards, zones, moves, judgement, status,
    in_use, regarded, limits, resolving, use, targets, usable, turns, games, identity_mode, board,
    invariants)

ROOMS = (base, values, register, flow, decisions, roles, health, cards, zones, moves, judgement, status,
         in_use, regarded, limits, resolving, use, targets, usable, turns, games, identity_mode, board,
         invariants)


def _export(rooms, ns):
    """Bind every name a room defines (and the names it imported from base) in this package, so
    that ``P.<name>`` reaches each primitive, table and constant: one namespace for generated
    code, tests and tools. Two rooms binding one name to different objects is an error."""
    import types
    for room in rooms:
        for name, value in vars(room).items():
            if name.startswith("__") or isinstance(value, types.ModuleType):
                continue
            if name in ns and ns[name] is not value and name not in _ROOM_LOCAL:
                raise ImportError("core.prims: %s.%s clashes with another room's %s"
                                  % (room.__name__, name, name))
            ns[name] = value


# names each room binds for itself (loop variables of its registrations)
_ROOM_LOCAL = frozenset(["_n", "_fn", "cython"])
_export(ROOMS, globals())

IMPLEMENTED = frozenset([n for n in base._PRIMS if not n.startswith("_")])


def missing(names):
    """The names among ``names`` (e.g. a module's PRIMITIVES) not implemented."""
    return sorted([n for n in names if n not in IMPLEMENTED])
