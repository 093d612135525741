# Declarations augmenting core/prims/moves.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in moves.py.

cimport cython
from cpython cimport array
from cpython.ref cimport PyObject
from core.engine cimport Game, Frame
from core.ruleset cimport Skill
from core.prims.slots cimport put_slot
# what a use being tested needs (_NEEDED[0], when not a tuple): its cards() a C call
from core.prims.usable cimport _Needed
from core.prims.base cimport (
    Pick, Tables, X_CARDS, _PROBE, X_DEST, X_FLAG, X_JCARD, X_KEPTEQUIP,
    _enclosing, _enclosing_move, _pushed, _prog_kind, _PK_SKILL, _Z_DISCARD, _Z_EQUIP_FIRST,
    _Z_EQUIP_LAST, _Z_GENERAL, _Z_HAND, _Z_PROCESS, _ZK_EQUIP, _ZK_GENERAL_DECK)
@cython.locals(st=list, i=Py_ssize_t, fr=Frame, t=Tables, sk=Skill, z=int)
cpdef object _equipment_in_use(Game g)
# at every choice of cards an optional skill's condition tests (cards._candidates)
@cython.locals(n=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t)
cpdef bint _may_be_busy(Game g, tuple cards) except -1
@cython.locals(n=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, m=Py_ssize_t)
cpdef bint _free_at_least(Game g, tuple cards, Py_ssize_t k) except -1
@cython.locals(t=Tables, busy=tuple, nd=_Needed, sk=Skill, z=int)
cpdef object equipment_busy(Game g, Frame f)
# OP_CARDS_THEN's continuation of choose_move_cards: a C call from decisions._then
cpdef object _set_moving(Game g, Frame f, object strict, object cards)
cpdef object moving_cards(Game g, Frame f)
cpdef object move_destination(Game g, Frame f, object c)
cpdef bint move_destination_kind_is(Game g, Frame f, object c, int kind) except -1
@cython.locals(p=Pick)
cpdef object choose_move_cards(Game g, Frame f, object strict, object who, object cards, object x)
# the card, the zone kinds and owners as C ints: unboxed once a card (Game.move_one takes them)
@cython.locals(cs=tuple, i=Py_ssize_t, d=tuple, zt=tuple, c=int, k0=int, k=int, o=int,
               one_zone=bint, ev_x=list, kept_equip=bint)
cpdef object move_cards(Game g, Frame f, object strict, object who, object cards)
# its rarer steps (a role's own card into the discard pile, a card out of it, equipment moved):
# C functions
@cython.locals(pf=Frame)
cdef int _note_discarded(Game g, object who, int c) except -1
cdef int _forget_discarded(Game g, int c) except -1
@cython.locals(infos=list, ids_of=dict)
cdef int _move_equipment_skills(Game g, Tables t, int c, int k0, int o0, int k, int o) except -1
# S_PROC's entry of a card put into the 处理区 (decision 0074): also judgement's, for a new judge card
@cython.locals(st=list, n=Py_ssize_t, i=Py_ssize_t, a=array.array)
cpdef array.array _frame_ids(Game g, object last)
cdef array.array _NO_IDS
cdef array.array _IDS   # _frame_ids' last array, given again once nothing else holds it
@cython.locals(zt=tuple, kind=int, subzones=dict)
cpdef object _dest_zone(Game g, object c, object z)
@cython.locals(subzones=dict, k=int, zv=tuple)
cpdef tuple _equip_slot(Game g, object c, object owner)
# the move's helpers: C functions of this room
@cython.locals(i=Py_ssize_t, k=int)
cdef tuple _movable(Game g, tuple cards, bint bound)
cdef object _destination(object dests, object z, object c)

# the root state's and the virtual-card records' indices (base's S_*/V_*) this room reads,
# imported from base as C ints: its records are indexed in C, not with Python ints
cdef Py_ssize_t S_DISCARDED, S_MOVED, S_PROC, S_SEAL
# … and the primitives generated code still called by name (P.<name>) ten times or more in
# `sgs bench --what instructions`' six games after step 82 (step 83)
cpdef object give(Game g, Frame f, object strict, object who, object cs, object tgt)
cpdef object trigger_move_two(Game g, Frame f, object strict, object who, object a, object za, object b, object zb)
cpdef object draw_same_amount(Game g, Frame f, object strict, object who)

# A kept pair (a, b) given again (moves._jcard, step 285a): *keep's tuple, its two items set in
# place, when its reference count is 1 (*keep's own: nothing else can see it change; a clone's
# copy of a scratch, a dict's key, any reader holds a reference), else a new tuple kept in its
# place. The items a tuple's (ints and tuples of ints here: their dealloc runs no code). A new
# reference, or NULL with the error set. A declaration only.
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *sgs_pair_reused(PyObject **keep, PyObject *a, PyObject *b) {
        PyObject *t = *keep, *x, *y;
        if (t != NULL && Py_REFCNT(t) == 1) {
            x = PyTuple_GET_ITEM(t, 0);
            y = PyTuple_GET_ITEM(t, 1);
            Py_INCREF(a);
            Py_INCREF(b);
            PyTuple_SET_ITEM(t, 0, a);
            PyTuple_SET_ITEM(t, 1, b);
            Py_DECREF(x);
            Py_DECREF(y);
        } else {
            t = PyTuple_Pack(2, a, b);
            if (t == NULL) return NULL;
            Py_XSETREF(*keep, t);
        }
        Py_INCREF(t);
        return t;
    }
    """
    tuple pair_reused "sgs_pair_reused"(PyObject **keep, PyObject *a, PyObject *b)
cdef PyObject *_JPAIR   # the kept pair of _jcard (NULL until its first move)

# A kept list of n items given again (moves._origins, step 285f): lists.pxd's kept_list (the
# caller sets every item), out of line: inline in _origins (inline in move_cards), gcc stopped
# inlining verdict's _done_fast.
from core.prims.lists cimport kept_list
cdef extern from *:
    """
    static __attribute__((noinline)) PyObject *sgs_list_reused(PyObject **keep, Py_ssize_t n) {
        return sgs_kept_list(keep, n);
    }
    """
    list list_reused "sgs_list_reused"(PyObject **keep, Py_ssize_t n)
cdef PyObject *_JLIST   # the kept list of _origins (NULL until its first move)
