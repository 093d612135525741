# A moved card's origin or destination compared with a zone no role owns, in the generated unit
# that asks it (docs/performance.md, step 167a): `move_origin_kind_is_in(g, f, c, kind)` is
# zones.move_origin_kind_is, `move_destination_kind_is_in` moves.move_destination_kind_is, their
# first step (movedzone.pxd's reading of the running 移动's record and zone, in place) compiled
# into the unit — the move flow asks them of each card moved (~6,500 asks in the six games of
# `sgs bench --what instructions`), where the call across modules paid its entry and exit (a
# function pointer's call, its registers saved and restored). What that step does not answer (-1)
# goes to the room's function, the one definition, which pure mode runs. compiler.emit (INLINED)
# writes the names; a unit cimports them compiled only. A declaration file only: no module of
# this name exists.

from cpython.ref cimport PyObject
from core.engine cimport Game, Frame
from core.prims.base cimport X_JCARD
from core.prims.fast cimport _list_item
from core.prims.smallint cimport one_digit_long   # (sgs_one_digit_long, which C below calls)
from core.prims.movedzone cimport (
    origin_kind_in, destination_kind_in, origin_kind_of_move, destination_kind_of_move)
from core.prims.zones cimport move_origin_kind_is
from core.prims.moves cimport move_destination_kind_is

# The asks inlined where the unit asks them (step 199a): a flows unit is compiled at -O1
# (compiler/build.py's FLOWS_OPT), which left each ask a call of ~85 instructions (its registers
# saved and restored, the kind tested as a variable) where the program's own test is a literal
# kind. gcc takes a function's attributes from every declaration of it, so these prototypes of
# the functions Cython writes for this file's two asks and the readers they call (Cython's names:
# __pyx_f_ + each part of the module's path, its length first, + the function's name; a test
# checks each is defined in the units that ask them, and gone from the compiled unit) make them
# always inlined. A unit that does not ask one only declares it (gcc's unused-function warning,
# which the build turns off).
cdef extern from *:
    """
    struct __pyx_obj_4core_6engine_Game;
    struct __pyx_obj_4core_6engine_Frame;
    #define SGS_ASK_INLINED static inline __attribute__((always_inline)) int
    SGS_ASK_INLINED __pyx_f_4core_5prims_9movedkind_move_origin_kind_is_in(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *, PyObject *, int);
    SGS_ASK_INLINED __pyx_f_4core_5prims_9movedkind_move_destination_kind_is_in(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *, PyObject *, int);
    SGS_ASK_INLINED __pyx_f_4core_5prims_9movedzone_origin_kind_in(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *, PyObject *, int);
    SGS_ASK_INLINED __pyx_f_4core_5prims_9movedzone_destination_kind_in(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *, PyObject *, int);
    SGS_ASK_INLINED __pyx_f_4core_5prims_9movedzone__is_move(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *);
    SGS_ASK_INLINED __pyx_f_4core_5prims_8zonekind_equip_kind(int);
    SGS_ASK_INLINED __pyx_f_4core_5prims_9movedkind_move_origin_kind_is_mv(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *, int, PyObject *, int);
    SGS_ASK_INLINED __pyx_f_4core_5prims_9movedkind_move_destination_kind_is_mv(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *, int, PyObject *, int);
    SGS_ASK_INLINED __pyx_f_4core_5prims_9movedzone_origin_kind_of_move(
        struct __pyx_obj_4core_6engine_Frame *, PyObject *, int);
    SGS_ASK_INLINED __pyx_f_4core_5prims_9movedzone_destination_kind_of_move(
        struct __pyx_obj_4core_6engine_Frame *, PyObject *, int);
    SGS_ASK_INLINED __pyx_f_4core_5prims_9movedkind_move_origin_kinds_mv(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *, int,
        PyObject *, int);
    #undef SGS_ASK_INLINED
    """

cdef inline bint move_origin_kind_is_in(Game g, Frame f, object c, int kind) except -1:
    cdef int r = origin_kind_in(g, f, c, kind)
    if r >= 0:
        return r == 1
    return move_origin_kind_is(g, f, c, kind)

cdef inline bint move_destination_kind_is_in(Game g, Frame f, object c, int kind) except -1:
    cdef int r = destination_kind_in(g, f, c, kind)
    if r >= 0:
        return r == 1
    return move_destination_kind_is(g, f, c, kind)

# The same asks in a program's function that made the move's test once (step 213a): mv, whether f
# is the running 移动 (moving.pxd's move_here at the function's start: a frame's program and its
# game's ruleset do not change while its function runs), and kind no equipment kind's
# (compiler.emit writes these forms only for such a constant kind), where each ask made both tests
# (~6,500 asks in the six games of `sgs bench --what instructions`)
cdef inline bint move_origin_kind_is_mv(Game g, Frame f, bint mv, object c, int kind) except -1:
    cdef int r = origin_kind_of_move(f, c, kind) if mv else -1
    if r >= 0:
        return r == 1
    return move_origin_kind_is(g, f, c, kind)

cdef inline bint move_destination_kind_is_mv(Game g, Frame f, bint mv, object c, int kind) except -1:
    cdef int r = destination_kind_of_move(f, c, kind) if mv else -1
    if r >= 0:
        return r == 1
    return move_destination_kind_is(g, f, c, kind)

# A loop over cards whose body runs only when its card's origin is of a kind — the move flow's
# 若甲的原区域为处理区… and 若甲的原区域为弃牌堆 (step 286a, docs/decisions/0311): the kinds of every
# item's origin read once a run (the move's record walked once for the loops that ask), where each
# step asked its item's (~50 instructions a card); a loop whose kind no item's origin has starts
# at its end (compiler.emit). Sound because those asks only read: a loop whose every ask answers no
# runs nothing else in between.
cdef extern from *:
    """
    /* the bits 1 << k (k past 29: bit 30) of the kinds of the origins in the move's record rec
       ([card, origin, …], or (card, origin) for one card: zones._card_at's) when it lists the
       cards of tuple items in their order, each the very object, every origin a (kind, owner)
       tuple whose kind is an int of one digit, not negative; else every bit (not known here).
       origin_kind_of_move's answer for an item is then no for a kind whose bit is clear: its
       first entry (a card listed twice too) is one of those read, and sgs_zone_is_kind answers 0
       for a zone of another kind */
    static CYTHON_INLINE int sgs_origin_kinds(PyObject *rec, PyObject *items) {
        Py_ssize_t i, n = PyTuple_GET_SIZE(items);
        PyObject **its;
        int bits = 0;
        if (rec == NULL) return 0x7fffffff;
        if (PyTuple_CheckExact(rec)) {
            if (n != 1 || PyTuple_GET_SIZE(rec) != 2) return 0x7fffffff;
            its = ((PyTupleObject *)rec)->ob_item;
        } else if (PyList_CheckExact(rec)) {
            if (PyList_GET_SIZE(rec) != 2 * n) return 0x7fffffff;
            its = ((PyListObject *)rec)->ob_item;
        } else
            return 0x7fffffff;
        for (i = 0; i < n; i++) {
            PyObject *z = its[2 * i + 1], *k;
            long v = 0;
            if (its[2 * i] != PyTuple_GET_ITEM(items, i) || !PyTuple_CheckExact(z)
                || PyTuple_GET_SIZE(z) != 2) return 0x7fffffff;
            k = PyTuple_GET_ITEM(z, 0);
            if (!PyLong_CheckExact(k) || !sgs_one_digit_long(k, &v) || v < 0) return 0x7fffffff;
            bits |= 1 << (v < 30 ? v : 30);
        }
        return bits;
    }
    """
    int origin_kinds "sgs_origin_kinds"(PyObject *rec, tuple items) noexcept

# the origin kinds' bits of items, cards of the running 移动 (mv; else every bit): kinds, the
# program's local of them, when it holds them (0: not read this run, or no item)
cdef inline int move_origin_kinds_mv(Game g, Frame f, bint mv, tuple items, int kinds) noexcept:
    if kinds:
        return kinds
    return origin_kinds(_list_item(<PyObject *>f.x, X_JCARD), items) if mv else 0x7fffffff
