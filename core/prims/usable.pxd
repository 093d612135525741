# Declarations augmenting core/prims/usable.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in usable.py.

cimport cython
from core.engine cimport Card, Game, Frame, Player
from core.ruleset cimport Program, Reading, Skill
from core.decision cimport new_decision, prompt_joined
from core.prims.base cimport (
    Tables, X_FLAG, X_IDLE, X_LASTCARD, _AWAY, _Q, _TG, _Z_HAND, _frame0, release_kept_frames)
cpdef bint _idle_used(Game g, Frame ev) except -1
# _convert_skills' last answer and what it was made from
cdef list _CONV_FROM
@cython.locals(key=list)
cpdef object _convert_skills(Game g)
@cython.locals(kept=list)
cpdef object _convert_skills_of(Game g, object p)
@cython.locals(kept=list, flags=bytearray, e=tuple, made=tuple)
cpdef list _convert_held(Game g)
@cython.locals(sk=Skill, cs=tuple, k=Py_ssize_t, got=list, out=list)
cpdef tuple _find_convert_skills(Game g, object p)
@cython.locals(pe=Frame, sk=Skill)
cpdef object _can_convert(Game g, object p, object name, object conv=*, object mi=*, object ev=*)
cpdef bint _has_equipment(Game g, int p) except -1
cdef class _Needed:
    cdef object g, p, name, mi, ev, outer, regs
    cdef public object v
    cdef readonly bint makes_cards
    cpdef object cards(self)
cdef _Needed _needed_set(_Needed nd, Game g, object p, object name, object mi, object ev, object outer)
cdef _Needed _needed_new(Game g, object p, object name, object mi, object ev, object outer)
# a timing's scan tables (below), a scan state's field
cdef class _ScanAt
# a scan's state (usable.py: _Scan): C fields, its marks C bytes (in buf, or in big's bytes)
cdef class _Scan:
    cdef readonly int subj
    cdef readonly object noresp
    cdef readonly tuple conv
    cdef readonly _ScanAt at
    cdef readonly Py_ssize_t n
    cdef readonly unsigned long long bits   # the marked methods' bits (wide False: n <= 64)
    cdef readonly unsigned long long cbits  # those of them marked M_CONVERT (wide False)
    cdef readonly bint wide
    cdef unsigned char *read     # the marks, by method (wide True only)
    cdef unsigned char buf[64]   # the marks of a wide scan of at most 64 methods
    cdef bytearray big
    cpdef bytes marks(self)
@cython.locals(sc=_Scan)
cpdef _Scan _scan_new(Py_ssize_t n)
# the finished scan state kept for the next set-up (_scan_take, _scan_done)
cdef _Scan _SPARE
@cython.locals(sc=_Scan)
cpdef _Scan _scan_take(Py_ssize_t n)
cpdef _scan_done(_Scan sc)
# a card id of a zone's list read in place (step 100): a one-digit int's value in C, where
# __Pyx_PyLong_As_int was a call (~20 instructions) at each card of each scan's hand (smallint.pxd)
from core.prims.smallint cimport small_int as _card_id
# p's hand's names' masks in one C loop (step 110a; usable.py has the pure form): the hand's items
# and their Cards borrowed (no reference taken), where the loop referenced and dropped each id and
# each Card and read the Card with a bounds and a None test (~50 instructions a card, ~7,700 cards
# in the six games). A card id outside g.cards raises IndexError, as the read did.
from cpython.object cimport PyObject
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.bytes cimport PyBytes_AS_STRING
# a timing's scan tables (usable.py: _ScanAt), their fields C reads (step 119a); ms: the masks'
# C array (masks' bytes, which the object holds), NULL when masks is None
cdef class _ScanAt:
    cdef readonly list methods, idx, pairs, reads
    cdef readonly object masks
    cdef readonly bytes delayed   # by method, its name's 延时锦囊 flag (step 211c; None: not made)
    cdef readonly bytes own       # by method, 1 when its 使用时机's subject is its user (decision 0210; None: not made)
    cdef readonly Py_ssize_t n, nidx
    cdef const unsigned long long *ms
# (step 119a: the game's cards and the tables' masks read from g and at here, where they were
# arguments each referenced and dropped around the call, and its answer's error value one no
# hand reaches, where 0, the answer of most hands, had PyErr_Occurred called)
cdef inline unsigned long long _hand_mask(list hand, Game g, _ScanAt at) except? 0xffffffffffffffff:
    cdef unsigned long long hm = 0
    cdef const unsigned long long *ms = at.ms
    cdef PyObject *cards = <PyObject *>g.cards
    cdef Py_ssize_t k, c, ncards = PyList_GET_SIZE(<list>cards), nidx = at.nidx
    cdef int nm
    for k in range(len(hand)):
        c = _card_id(<object>PyList_GET_ITEM(hand, k))
        if <size_t>c >= <size_t>ncards:
            raise IndexError("card id %d out of the game's cards" % c)
        nm = (<Card>PyList_GET_ITEM(<list>cards, c)).name
        if nm < nidx:
            hm |= ms[nm]
    return hm
# the conversion skills' names' masks (usable.py has the pure form: _conv_mask), _seat_convert's
# tuple of (timing, skill, names) entries (names: a tuple of name ids, None for any name), their
# items borrowed (step 119a: each entry, its names and each name were a local of _scan_begin)
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
cdef inline unsigned long long _conv_mask(tuple conv, _ScanAt at) except? 0xffffffffffffffff:
    cdef unsigned long long cm = 0
    cdef const unsigned long long *ms = at.ms
    cdef Py_ssize_t k, i, nm, nidx = at.nidx, n = at.n
    cdef PyObject *names
    for k in range(PyTuple_GET_SIZE(conv)):
        names = PyTuple_GET_ITEM(<tuple>PyTuple_GET_ITEM(conv, k), 2)
        if names == <PyObject *>None:
            return ((<unsigned long long>1 << (n - 1)) << 1) - 1
        for i in range(PyTuple_GET_SIZE(<tuple>names)):
            nm = _card_id(<object>PyTuple_GET_ITEM(<tuple>names, i))
            if nm < nidx:
                cm |= ms[nm]
    return cm
# an event's subject when it is an int (a C int), else none (usable.py's pure _subj_of): read
# borrowed (step 119a: a local of _scan_begin took and dropped its reference)
from cpython.long cimport PyLong_Check
cdef inline int _subj_of(Frame ev, int none) except? -2:
    cdef PyObject *v
    if ev is None:
        return none
    v = <PyObject *>ev.subject
    if PyLong_Check(<object>v):
        return <int>_card_id(<object>v)
    return none
# a scan's subject when its event has none (base's NONE), a C int
cdef int _SUBJ_NONE
# the events whose card the set-up reads, base's EVI_* imported as C ints, and the rule that
# reads it (resolving._card_of_event's, the one text both rooms include: decision 0202)
cdef int EVI_DELAYED_USE, EVI_PLAY, EVI_PRE_PLAY, EVI_PRE_USE, EVI_TARGET_USE, EVI_USE
include "cardofevent.pxi"
@cython.locals(at=_ScanAt)
cpdef _ScanAt _scan_at(list methods, list idx, object masks, list pairs, list reads, bytes delayed=*,
                       bytes own=*)
@cython.locals(at=_ScanAt, sc=_Scan, conv=tuple)
# the seat and the timing C ints, the event a Frame (step 115a: nearly every scan is
# _use_cond's, whose caller _UseSkill.test has them so: they were boxed for the call and unboxed
# again here, the event type-tested at the card's read)
cpdef _Scan _scan_begin(Game g, int p, Frame ev, int tid)
@cython.locals(sc=_Scan)
cpdef object _usable(Game g, object p, object ev, object tid, object first=*)
# _scan_begin's masks (usable.py: _masks_of, _mask_at, _low_bit): at most _MASK_BITS methods
cdef Py_ssize_t _MASK_BITS
cdef extern from *:
    int __builtin_ctzll(unsigned long long)
# the scan's tables by timing (_scan_tables), kept for the tables' use_methods dictionary _SCAN_OF
cdef dict _SCAN_OF
cdef list _SCAN_AT
@cython.locals(um=dict, at=list)
cpdef _ScanAt _scan_tables(Tables t, object tid)
from core.prims.targets cimport reading_ok as _reading_ok
# the frame the scan evaluates in (usable.py: _scan_frame)
cdef Frame _SCAN_F
@cython.locals(mark=cython.int, who=cython.int, evf=Frame)
cpdef Py_ssize_t _scan_from(Game g, int p, object ev, int tid, _Scan sc, Py_ssize_t i, list out,
                            bint first) except -1
@cython.locals(blocked=cython.bint)
cdef bint _noresp_blocks(Game g, object p, object name, object noresp) except -1
# the scan _use_cond stopped at (usable.py: _ScanKept), its fields C reads and writes
cdef class _ScanKept:
    cdef public object g, ev
    cdef public int t, owner
    cdef public _Scan sc
    cdef public Py_ssize_t i
    cdef public long long serial, steps, pushed, popped
    cpdef clear(self)
cdef _ScanKept _RESUME
# the release of a finished frame the engine calls (engine.pxd, step 260a): registered at import
@cython.locals(k=_ScanKept, ksc=_Scan)
cdef void _release_finished(PyObject *c) noexcept
@cython.locals(k=_ScanKept, serial=cython.longlong, steps=cython.longlong, pushed=cython.longlong,
               popped=cython.longlong, i=Py_ssize_t, sc=_Scan, t=cython.int, owner=cython.int,
               out=list)
cpdef object _resumed(Game g, Frame f)
@cython.locals(k=_ScanKept, sc=_Scan, i=Py_ssize_t)
cpdef bint _use_cond(Game g, int owner, Frame ev, int t) except -1
cdef class _UseSkill(Skill):
    cpdef bint test(self, Game g, int owner, Frame ev, int t) except -1
cpdef bint idle_point_unused(Game g, Frame f) except -1

# the root state's and the virtual-card records' indices (base's S_*/V_*) this room reads,
# imported from base as C ints: its records are indexed in C, not with Python ints
cdef Py_ssize_t S_NEED, V_NORESP
# which of a timing's methods a scan reads (_scan_begin): C ints
cdef int M_SKIP, M_HAND, M_CONVERT
cpdef object _use_run(Game g, Frame f)
# the lists [0 … n - 1] by n, _use_run's options (usable.py)
cdef list _INDICES
cpdef list _indices(Py_ssize_t n)
cdef class UseProgram(Program):
    cpdef int run(self, Game g, Frame f) except? -1
