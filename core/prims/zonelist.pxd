# A zone's live list in place (docs/performance.md, step 54): `zone_cards_fast(g, kind, owner)` is
# Game.zone_cards(kind, owner) compiled into the room that calls it — the zone's index from the
# engine's zkinds table (Game.zone_id, engine._zone_index: the zones of the kinds before it, plus
# the owner for a kind each player has) and the list, where the method call paid its optional
# argument, its override test and its frame (~50 instructions at each of ~10,000 calls from
# zones and moves in the six games of `sgs bench --what instructions`). A kind outside the
# ruleset's goes to the method, which raises; the list is read as the method reads it (the rooms'
# directives are the engine's: no bounds test, negative indices wrap), and g.zones holds lists
# only (Game.__init__, zone_w, the clone). The rooms cimport it compiled only; uncompiled they
# call the method (zones.py, moves.py). A declaration file only: no module of this name exists.

cimport cython
from cpython cimport array
from core.engine cimport Game

cdef inline list zone_cards_fast(Game g, int kind, int owner):
    cdef Py_ssize_t k
    if kind < 0 or kind >= len(g.zbase):
        return g.zone_cards(kind, owner)
    k = kind + kind
    if g.zkinds.data.as_ints[k + 1]:
        return <list>g.zones[g.zkinds.data.as_ints[k] + owner]
    return <list>g.zones[g.zkinds.data.as_ints[k]]
