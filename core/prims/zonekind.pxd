# values.eq_zone_kind in place (docs/performance.md, step 77): eq(z, (kind, -1)) — a zone no role
# owns: 弃牌堆, 处理区 … — for z a (kind, owner) tuple of two one-digit ints (what a zone is) and a
# kind no equipment zone's (the constant zones compiler.emit.FUSED_CONST writes), compared where
# it is asked: 1 or 0 — 0 from the kind alone when it is another (step 193a: the owner not read).
# Anything else is -1, not read, for values.eq_zone_kind, the one definition,
# which pure mode runs. The fused readers of a moved card's zone (zones.move_origin_kind_is,
# moves.move_destination_kind_is) cimport it compiled only, where each asked eq_zone_kind across
# modules. The tuple's items are read in C, borrowed (no reference counted), each int's digit by
# smallint.pxd's reader. A declaration file only: no module of this name exists.

from cpython cimport array
from cpython.ref cimport PyObject
from core.engine cimport Game
from core.prims.base cimport _Z_EQUIP_FIRST, _Z_EQUIP_LAST, _ZK_EQUIP
from core.prims.smallint cimport one_digit_long

cdef extern from *:
    """
    static CYTHON_INLINE int sgs_zone_is_kind(PyObject *z, long kind) {
        PyObject *a, *b;
        long k = 0, o = 0;
        if (!PyTuple_CheckExact(z) || PyTuple_GET_SIZE(z) != 2) return -1;
        a = PyTuple_GET_ITEM(z, 0);
        b = PyTuple_GET_ITEM(z, 1);
        if (!PyLong_CheckExact(a) || !sgs_one_digit_long(a, &k)) return -1;
        /* another kind: no, the owner not read (kind is no equipment zone's, zone_is_kind's
           caller's test: eq compares two kinds that differ, or ZK_EQUIP with no equipment
           kind, as no) */
        if (k != kind) return 0;
        if (!PyLong_CheckExact(b) || !sgs_one_digit_long(b, &o)) return -1;
        return o == -1;
    }
    """
    int _zone_is_kind "sgs_zone_is_kind"(object z, long kind)
    # the same test of a zone read borrowed (movedzone.pxd's readers; z not NULL)
    int zone_ptr_is_kind "sgs_zone_is_kind"(PyObject *z, long kind) noexcept

# a kind eq_zone_kind compares otherwise: an equipment zone's (its owner, its slots)
cdef inline bint equip_kind(int kind) noexcept:
    return kind == _ZK_EQUIP or _Z_EQUIP_FIRST <= kind <= _Z_EQUIP_LAST

cdef inline int zone_is_kind(object z, int kind):
    if equip_kind(kind):
        return -1
    return _zone_is_kind(z, kind)

# Game.where_kind(c) in place (docs/performance.md, step 151): a card's zone kind, the game's two
# C int arrays read (the card's zone, that zone's kind) where the method's call was ~37
# instructions (moves._movable, resolving.virtual_is_delayed_trick: ~4,000 asks in the six games)
# and engine._ai a call across modules; c a card's id, unchecked as where_kind reads it
cdef inline int card_zone_kind(Game g, Py_ssize_t c) noexcept:
    return g.zkind_at.data.as_ints[g.card_zone.data.as_ints[c]]
