# A moved card's origin or destination compared with a zone no role owns, in place, for f the
# running 移动 itself (docs/performance.md, step 124): zones.move_origin_kind_is and
# moves.move_destination_kind_is, which the move flow asks of each card moved (~6,500 asks in the
# six games of `sgs bench --what instructions`), each through move_origin or move_destination,
# their accessors and zones._card_at, every object read taken and dropped. Here the move's
# scratch, its record ([card, origin, …] or [card, destination, …]) and the zone are read
# borrowed. -1 is "not answered here" — another frame, no record, a card not found or compared
# otherwise than as an int of one digit, a zone that is not two such ints, an equipment kind —
# and the caller asks its function as before, the one definition, which pure mode runs. A
# declaration file only: no module of this name exists; the rooms cimport it compiled only.

from cpython cimport array
from cpython.ref cimport PyObject
from core.engine cimport Game, Frame
from core.prims.base cimport Rules, X_DEST, X_JCARD
from core.prims.fast cimport _list_item
from core.prims.smallint cimport one_digit_long
from core.prims.zonekind cimport equip_kind, zone_ptr_is_kind

cdef extern from *:
    """
    /* the item after card c's first entry in a flat [card, value, …] list (zones._card_at's),
       or in a move of one card's (card, origin) tuple (zones.move_origin's, decision 0129),
       borrowed; NULL when not answered here: no list or pair, c not found, or an entry that is
       not c itself compared with c when either is not an int of one digit (`==` is then the
       definition's) */
    static CYTHON_INLINE PyObject *sgs_card_value_at(PyObject *items, PyObject *c) {
        Py_ssize_t i, n;
        PyObject **its;
        long vc = 0, vi = 0;
        int cint;
        if (items == NULL) return NULL;
        if (PyTuple_CheckExact(items)) {
            if (PyTuple_GET_SIZE(items) != 2) return NULL;
            n = 2;
            its = ((PyTupleObject *)items)->ob_item;
        } else if (PyList_CheckExact(items)) {
            n = PyList_GET_SIZE(items);
            its = ((PyListObject *)items)->ob_item;
        } else
            return NULL;
        if (n >= 2 && its[0] == c) return its[1];   /* the first card, most often */
        cint = PyLong_CheckExact(c) && sgs_one_digit_long(c, &vc);
        for (i = 0; i + 1 < n; i += 2) {
            PyObject *e = its[i];
            if (e == c) return its[i + 1];
            if (!cint || !PyLong_CheckExact(e) || !sgs_one_digit_long(e, &vi)) return NULL;
            if (vi == vc) return its[i + 1];
        }
        return NULL;
    }
    """
    PyObject *card_value_at "sgs_card_value_at"(PyObject *items, PyObject *c) noexcept

cdef extern from *:
    """
    /* zone z's kind when who owns it, else -1; -2 when not answered here: z no (kind, owner)
       tuple of ints of one digit, or an owner compared with who when either is no such int */
    static CYTHON_INLINE long sgs_kind_owned_by(PyObject *z, PyObject *who) {
        PyObject *b;
        long k = 0, o = 0, w = 0;
        if (!PyTuple_CheckExact(z) || PyTuple_GET_SIZE(z) != 2) return -2;
        if (!PyLong_CheckExact(PyTuple_GET_ITEM(z, 0))
            || !sgs_one_digit_long(PyTuple_GET_ITEM(z, 0), &k) || k < 0) return -2;
        b = PyTuple_GET_ITEM(z, 1);
        if (b == who) return k;   /* the same small int object, most often */
        if (!PyLong_CheckExact(b) || !PyLong_CheckExact(who) || !sgs_one_digit_long(b, &o)
            || !sgs_one_digit_long(who, &w)) return -2;
        return o == w ? k : -1;
    }
    """
    long kind_owned_by "sgs_kind_owned_by"(PyObject *z, PyObject *who) noexcept

# f is the running 移动 (what base._T's ev_move names: the runtime's tables are set before a
# game runs a program)
cdef inline bint _is_move(Game g, Frame f) noexcept:
    return f is not None and type(g.rs) is Rules and f.prog == (<Rules>g.rs).sgs.ev_move

# zones.move_origin_kind_is: card c's origin in the move's X_JCARD record
cdef inline int origin_kind_in(Game g, Frame f, object c, int kind) noexcept:
    if equip_kind(kind) or not _is_move(g, f):
        return -1
    return origin_kind_of_move(f, c, kind)

# … its reading, f known the running 移动 and kind no equipment kind's (the generated program's
# own asks: movedkind.pxd's *_mv forms, which made both tests once, step 213a)
cdef inline int origin_kind_of_move(Frame f, object c, int kind) noexcept:
    cdef PyObject *z = card_value_at(_list_item(<PyObject *>f.x, X_JCARD), <PyObject *>c)
    return -1 if z == NULL else zone_ptr_is_kind(z, kind)

# zones' lost-card asks (lost_hand_card, lost_cards, lost_equipment_named; step 272b): card c's
# origin in the move ev's record (zones._origin_in's: where c is now while the move records none,
# as at 〖白银狮子〗's every ask) as its kind when who owned it there, else -1; -2 not answered
cdef inline long origin_kind_owned_by(Game g, Frame ev, object c, object who) noexcept:
    cdef PyObject *items = _list_item(<PyObject *>ev.x, X_JCARD)
    cdef PyObject *z
    cdef long v = 0
    if items == <PyObject *>None:   # Game.where(c) borrowed, c a card's id
        if type(c) is not int or not one_digit_long(c, &v) or not 0 <= v < len(g.card_zone):
            return -2
        z = _list_item(<PyObject *>g.zone_at, g.card_zone.data.as_ints[v])
    else:
        z = card_value_at(items, <PyObject *>c)
    return -2 if z == NULL else kind_owned_by(z, <PyObject *>who)

# moves.move_destination_kind_is: card c's own destination (X_DEST) when the move lists some,
# else the move's target zone (its slot 3)
cdef inline int destination_kind_in(Game g, Frame f, object c, int kind) noexcept:
    if equip_kind(kind) or not _is_move(g, f):
        return -1
    return destination_kind_of_move(f, c, kind)

# … its reading, f known the running 移动 and kind no equipment kind's (as origin_kind_of_move)
cdef inline int destination_kind_of_move(Frame f, object c, int kind) noexcept:
    cdef PyObject *d
    cdef PyObject *z
    if f.x is not None:
        d = _list_item(<PyObject *>f.x, X_DEST)
        if d == NULL:
            return -1   # a scratch that is no list of every X_* slot: base._get's
        if d != <PyObject *>None:
            if type(<object>d) is not list or len(<list>d) > 0:
                return -1   # some cards' own destinations: move_destination's
    z = _list_item(<PyObject *>f.slots, 3)
    if z == NULL or z == <PyObject *>None:
        return -1   # no target zone: _slot's default
    return zone_ptr_is_kind(z, kind)
