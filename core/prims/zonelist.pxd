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

# In C, a macro around a static inline function (step 100): the Cython inline function it replaces,
# with the method's call and its traceback in its body, stayed a call at -O2 in usable, moves and
# zones (~61 instructions a call, ~2,400 calls from usable alone). Zone (kind, owner)'s list (a new
# reference); a kind outside the ruleset's (zbase's length: the kinds) calls the method by name,
# which raises (NULL, the caller's error path). The index wraps when negative, as the engine's
# (wraparound) read of g.zones does; no bounds test, as there. The macro reads the Game struct's
# fields where it is used (the function's text comes before the struct's in the module's C).
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *__sgs_zone_cards(PyObject *g, PyObject *zones, Py_ssize_t nkinds,
                                                    const int *zk, int kind, int owner) {
        Py_ssize_t k;
        PyObject *z;
        if ((size_t)kind >= (size_t)nkinds)
            return PyObject_CallMethod(g, "zone_cards", "ii", kind, owner);
        k = zk[kind + kind];
        if (zk[kind + kind + 1]) k += owner;
        if (k < 0) k += PyList_GET_SIZE(zones);
        z = PyList_GET_ITEM(zones, k);
        Py_INCREF(z);
        return z;
    }
    #define __sgs_zone_cards_fast(g, kind, owner) __sgs_zone_cards((PyObject *)(g), (g)->zones, \
        PyList_GET_SIZE((g)->zbase), (g)->zkinds->data.as_ints, (kind), (owner))
    """
    list zone_cards_fast "__sgs_zone_cards_fast" (Game g, int kind, int owner)
