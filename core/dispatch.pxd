# Augmenting declarations for core/dispatch.py (Cython pure-Python mode, like engine.pxd).
# This module and core.engine cimport each other: engine.pxd declares Game, Frame and Player
# before engine.py cimports these functions.
cimport cython
from cpython cimport array
from cpython.object cimport PyObject
from core.engine cimport Game, Frame, Player
from core.ruleset cimport Skill, condition_fn_answer
from core.decision cimport Decision

# a player's C int table (Player.has, Player.invalid: an array.array of C ints) read in place,
# the array borrowed (_is_candidate: the player holds it), where Cython took and dropped a
# reference to it at each read
cdef extern from *:
    """
    #define sgs_ints_of(a) (((arrayobject *)(a))->data.as_ints)
    """
    int *ints_of "sgs_ints_of"(PyObject *a) noexcept

# Game._candidates (the dispatch frame and a settled timing: each seat asked)
@cython.locals(held=list, ev=Frame)
cdef object candidates(Game g, Frame f, int p)
# candidates' answer, an empty list (step 157c): the list it answered last once nothing but this
# module holds it, emptied, its room kept; else a new one, kept in its place (lists.pxd's
# kept_list with no item). Where each answer was a new list (~1,200 in the six games of `sgs bench
# --what instructions`), its items' array allocated at the first append, both freed at its death.
from core.prims.lists cimport kept_list
cdef extern from *:
    """
    static PyObject *sgs_cands_kept = NULL;
    #define sgs_cands_list() sgs_kept_list(&sgs_cands_kept, 0)
    """
    list cands_list "sgs_cands_list"()
# _event_need's answer when its kept one does not hold (step 187a): core.prims.register's
# _need_of_event, the names of card-use skill s's hand_need whose methods can hold for event ev's
# card at timing t (all bits: not known), given at register's import (give_need) as held is given
# status's _recount: this module cannot cimport the rooms that read the card (the engine cimports
# it before they are importable). NULL (register not imported: no tables): all bits
ctypedef unsigned long long (*need_fn)(Game g, Skill s, Frame ev, int t) except? 0
cdef need_fn _need_of
cdef int give_need(need_fn fn) except -1
# Game.skill_ready (candidates runs the same tests inline: dispatch.py's _ready)
cdef bint _skill_ready(Game g, Skill s, int owner, Frame ev, int t) except -1

# _ready's idle test read in place (step 108a): 1 when x (an event's scratch) is exactly a list
# whose item i is an int below uses (a skill was used since the idle point began); 0 when it is
# not, is None (the idle point not begun) or x is not exactly a list (no idle point: the test is
# not made); -1 when i is not below the list's size or the item is neither None nor an int of
# at most one digit (from Python 3.12: a compact int): the caller then asks _skill_ready, which
# reads it as Python does. The item is borrowed (the list holds it, nothing runs meanwhile): no
# reference taken and dropped, no conversion's error path.
cdef extern from *:
    """
    static CYTHON_INLINE int sgs_idle_used(PyObject *x, Py_ssize_t i, long long uses) {
        PyObject *v;
        if (!PyList_CheckExact(x)) return 0;
        if (i >= PyList_GET_SIZE(x)) return -1;
        v = PyList_GET_ITEM(x, i);
        if (v == Py_None) return 0;
        if (!PyLong_CheckExact(v)) return -1;
    #if PY_VERSION_HEX >= 0x030C0000 && !defined(Py_LIMITED_API) && !defined(PYPY_VERSION)
        if (PyUnstable_Long_IsCompact((PyLongObject *)v))
            return uses > (long long)PyUnstable_Long_CompactValue((PyLongObject *)v);
    #elif !defined(Py_LIMITED_API) && !defined(PYPY_VERSION)
        if (Py_SIZE(v) == 1) return uses > (long long)((PyLongObject *)v)->ob_digit[0];
        if (Py_SIZE(v) == 0) return uses > 0;
    #endif
        return -1;
    }
    """
    int idle_used "sgs_idle_used"(PyObject *x, Py_ssize_t i, long long uses) noexcept

# _is_candidate's pre-test of a skill whose condition begins with its owner's subject test
# (Skill.own_subject, step 123a): 1 when v (an event's subject, borrowed) is a seat sgs_seat_of
# reads and not p (a seat other than p: base.subject_matches(g, f, p) is then False); 0 for
# anything else (None, -1, a group, an int of more digits: the condition decides). sgs_seat_of:
# v's value when v is an exact int of at most one digit and >= 0, else -1 (read in place; from
# Python 3.12 on, by its compact value)
cdef extern from *:
    """
    static CYTHON_INLINE Py_ssize_t sgs_seat_of(PyObject *v) {
        if (!PyLong_CheckExact(v)) return -1;
    #if PY_VERSION_HEX >= 0x030C0000 && !defined(Py_LIMITED_API) && !defined(PYPY_VERSION)
        if (PyUnstable_Long_IsCompact((PyLongObject *)v)) {
            Py_ssize_t s = PyUnstable_Long_CompactValue((PyLongObject *)v);
            return s >= 0 ? s : -1;
        }
    #elif !defined(Py_LIMITED_API) && !defined(PYPY_VERSION)
        if (Py_SIZE(v) == 1) return (Py_ssize_t)((PyLongObject *)v)->ob_digit[0];
        if (Py_SIZE(v) == 0) return 0;
    #endif
        return -1;
    }
    static CYTHON_INLINE int sgs_other_seat(PyObject *v, long p) {
        Py_ssize_t s = sgs_seat_of(v);
        return s >= 0 && s != p;
    }
    """
    int other_seat "sgs_other_seat"(PyObject *v, long p) noexcept

# The seats a timing's dispatch asks (engine._seats_with; step 126a): of m, the seats with a skill
# of the timing's held list (Game.held_seats[t]), those in opened (the seats with such a skill
# without Skill.own_subject: held._make_seats) and the event's subject v (borrowed) when v is a
# seat other_seat reads (an exact int of at most one digit, >= 0); every other seat of m has
# only own_subject skills there, which _is_candidate answers False at another seat's subject
# (other_seat): its candidates would be None. m itself for any other v.
cdef extern from *:
    """
    static CYTHON_INLINE int sgs_seats_asked(int m, int opened, PyObject *v) {
        Py_ssize_t s = sgs_seat_of(v);
        if (s < 0) return m;
        return s < 31 ? (m & (opened | (1 << s))) : (m & opened);
    }
    """
    int seats_asked "sgs_seats_asked"(int m, int opened, PyObject *v) noexcept

# The dispatch's walk of the seats (Game._fire_heard, Game._dispatch; step 165a): of the `left`
# seats from seat p on (p, p + 1, … wrapping at n), how many come before the first whose bit is
# set in m (_seats_with's seats to ask), or `left` when none: the seats between are not asked
# (their candidates would be None without a condition run), stepped over at once where the loop
# took ~15 instructions (~30 in _dispatch) at each. The bits rotated so that bit k is seat
# (p + k) % n, those at or past `left` cleared, the lowest found by ctz. 0 past 30 seats, where
# m is every seat (-1: held._make_seats) and a C int holds no seat's bit: each seat asked.
cdef extern from *:
    """
    static CYTHON_INLINE int sgs_next_asked(int m, int p, int left, int n) {
        unsigned int u = (unsigned int)m, r;
        if (n > 30 || left <= 0 || (u >> p) & 1u) return 0;   /* seat p itself: no rotation */
        r = ((u >> p) | (u << (n - p))) & ((1u << left) - 1u);
        return r ? __builtin_ctz(r) : left;
    }
    """
    int next_asked "sgs_next_asked"(int m, int p, int left, int n) noexcept

# engine._seats_with's kept bits read in place (step 165c): hs (Game.held_seats, or None) borrowed,
# its C ints read without a reference taken and dropped on the array and timing t's bits read
# once, where _seats_with read them through three calls of engine._ai. -1 when hs is None or
# t's bits are not kept (the caller computes them: held._make_seats); else the bits, and when v
# (the event's subject, borrowed) is not NULL, of them the seats seats_asked keeps. A macro: the
# array's struct is defined after this text in a module's C.
cdef extern from *:
    """
    static CYTHON_INLINE int sgs_seats_of_kept(const int *a, int t, Py_ssize_t nt, PyObject *v) {
        int m = a[t];
        if (m < 0 || v == NULL) return m;
        return sgs_seats_asked(m, a[t + nt], v);
    }
    #define sgs_seats_kept(hs, t, v) ((hs) == Py_None ? -1 : \
        sgs_seats_of_kept(sgs_ints_of(hs), (t), Py_SIZE(hs) >> 1, (v)))
    """
    int seats_kept "sgs_seats_kept"(PyObject *hs, int t, PyObject *v) noexcept

# _no_other_way's read in place (docs/decisions/0114): 1 when kept (Game.seat_convert, or None)
# holds seat p's conversion skills found and none (an empty tuple); the item borrowed
cdef extern from *:
    """
    static CYTHON_INLINE int sgs_no_convert(PyObject *kept, Py_ssize_t p) {
        PyObject *e;
        if (kept == Py_None) return 0;
        e = PyList_GET_ITEM(kept, p);
        return PyTuple_CheckExact(e) && PyTuple_GET_SIZE(e) == 0;
    }
    """
    int no_convert "sgs_no_convert"(PyObject *kept, Py_ssize_t p) noexcept

# _no_other_way's conversion test (step 150; dispatch.py has the pure form): 1 when kept
# (Game.seat_convert, or None) holds seat p's conversion skills found (a tuple of usable's
# (timing, skill, names) entries) and none of them makes a card named in need (bits of card name
# ids below 64): no entry's names None (any name) or holding a name of need. The entries, their
# names and each name read in place, borrowed (~340 asks in the six games; the Python loop took
# and dropped a reference to each)
from cpython.list cimport PyList_GET_ITEM
from cpython.tuple cimport PyTuple_CheckExact, PyTuple_GET_ITEM, PyTuple_GET_SIZE
from core.prims.smallint cimport small_int
cdef inline int makes_none(PyObject *kept, Py_ssize_t p, unsigned long long need) except -1:
    cdef PyObject *conv
    cdef PyObject *names
    cdef Py_ssize_t k, i
    cdef long nm
    if kept == <PyObject *>None:
        return 0
    conv = PyList_GET_ITEM(<list>kept, p)
    if not PyTuple_CheckExact(<object>conv):
        return 0
    for k in range(PyTuple_GET_SIZE(<tuple>conv)):
        names = PyTuple_GET_ITEM(<tuple>PyTuple_GET_ITEM(<tuple>conv, k), 2)
        if names == <PyObject *>None:
            return 0
        for i in range(PyTuple_GET_SIZE(<tuple>names)):
            nm = small_int(<object>PyTuple_GET_ITEM(<tuple>names, i))
            if 0 <= nm < 64 and (need >> nm) & 1:
                return 0
    return 1

# smallint.pxd's small_int of a borrowed pointer (dispatch_run's read of Game.ans, step 263a):
# the object form took and dropped a reference around the read
cdef extern from *:
    long small_int_at "sgs_small_int"(PyObject *o) except? -1

# The dispatch frame's run (moved from core/engine.py, step 250a): the engine's step and
# Game._fire_heard call it in C, Game._dispatch for Python. (p: the seat, (f.c + f.b) % n, which
# its loop holds wrapped: no division)
@cython.locals(n=cython.int, p=cython.int, d=Decision, anyforced=cython.bint)
cdef int dispatch_run(Game g, Frame f) except? -1
# core.spares' spare frames and slot lists, through its pointers (as engine._FRAMES_AT and
# _SLOTS_AT: a module's cdef variable cannot be cimported)
cdef PyObject **_FRAMES_AT
cdef PyObject **_SLOTS_AT
# The seats a dispatch asks at timing t of event ev (Game._fire_heard, dispatch_run), as bits:
# the kept bits read in place (seats_kept above), else computed by dispatch.py's seats_made
# (uncompiled, seats_with is seats_made). Inline, as in the engine before (step 165c)
cdef int seats_made(Game g, int t, Frame ev) except -2
cdef inline int seats_with(Game g, int t, Frame ev) except -2:
    cdef int m = seats_kept(<PyObject *>g.held_seats, t,
                            <PyObject *>ev.subject if ev is not None else NULL)
    if m >= 0:
        return m
    return seats_made(g, t, ev)
# Game._candidates as the dispatch frame and a settled timing ask it (0 <= p < n): candidates
# itself, without the method's call (uncompiled, dispatch.py's _cands calls the method)
cdef inline object _cands(Game g, Frame f, int p):
    return candidates(g, f, p)
