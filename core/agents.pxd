# Declarations augmenting core/agents.py (Cython pure-Python mode, like engine.pxd): the random
# player as an extension type whose methods are C calls (a Python subclass may override them).
cimport cython
from core.decision cimport Decision, _below, prompt_of, prompt_starts, str_starts
from core.engine cimport Game
from core.rng cimport Rng
from core.ruleset cimport Skill

# the card-use skills' flags by skill id of the last skill list read (a C call)
@cython.locals(flags=bytearray, i=Py_ssize_t)
cpdef bytearray _card_use_flags(object sk)
cdef bint _starts(object s, object prefix) except -1
# the random player's per-seat state read and written in C (step 207a): an option's card-use
# flag read as a byte (decision.pxd's sgs_compact_int: a skill id read from its int), a list's
# item stored in place (the caller's index tested against the list's size)
cdef extern from *:
    """
    static CYTHON_INLINE void sgs_agents_put(PyObject *l, Py_ssize_t i, PyObject *v) {
        PyObject *o = PyList_GET_ITEM(l, i);
        Py_INCREF(v);
        PyList_SET_ITEM(l, i, v);
        Py_DECREF(o);
    }
    """
    void list_put "sgs_agents_put"(list l, Py_ssize_t i, object v) noexcept
    bint compact_int "sgs_compact_int"(object v, long *out) noexcept
# two strs compared in C (step 221a), inline at -O1 (always_inline: this module's level inlines
# only what it is told to): `_is_text(p, t)` p == t for a question's prompt p and a str t (an exact
# str p: the same object, else the same length, kind and code points, what str's own == compares;
# anything else compared as Python does), where Cython's == tested a prompt with a str and called
# PyUnicode_Compare's ordering at ~500 of ~1,300 prompts in the six games of `sgs bench --what
# instructions`; decision.pxd's `str_starts(s, p)` s.startswith(p) (at each of the ruleset's ~300
# skill names; defined there since step 229a, where prompt_starts uses it too)
cdef extern from *:
    """
    static inline __attribute__((always_inline)) int sgs_text_is(PyObject *p, PyObject *t) {
        Py_ssize_t n;
        if (p == t)
            return 1;
        if (!PyUnicode_CheckExact(p))
            return PyObject_RichCompareBool(p, t, Py_EQ);
        n = PyUnicode_GET_LENGTH(p);
        return n == PyUnicode_GET_LENGTH(t) && PyUnicode_KIND(p) == PyUnicode_KIND(t)
            && memcmp(PyUnicode_DATA(p), PyUnicode_DATA(t), n * PyUnicode_KIND(p)) == 0;
    }
    """
    int _is_text "sgs_text_is"(object p, str t) except -1

# RandomPlayer._idle's other actions (step 285d): the options of list opts other than `use` (u:
# its int; an exact int of one digit compared in C, anything else as `o != use`), then `end`
# when `more`, in a list made at opts' length plus one and cut to its items (Py_SET_SIZE: the
# slots past it are never read, the list's dealloc frees its array), where the comprehension
# grew an empty list by appends. A new list, or NULL with the error set.
cdef extern from *:
    """
    static PyObject *sgs_others_of(PyObject *opts, PyObject *use, long u, int more,
                                   PyObject *end) {
        Py_ssize_t n = PyList_GET_SIZE(opts), m = 0, k;
        PyObject *r = PyList_New(n + 1), *o;
        long x;
        int other;
        if (r == NULL) return NULL;
        Py_SET_SIZE(r, 0);   /* its slots NULL until set: a collection visits none */
        for (k = 0; k < PyList_GET_SIZE(opts) && m < n; k++) {
            o = PyList_GET_ITEM(opts, k);
            if (PyLong_CheckExact(o) && sgs_compact_int(o, &x))
                other = x != u;
            else {
                Py_INCREF(o);
                other = PyObject_RichCompareBool(o, use, Py_NE);
                Py_DECREF(o);
                if (other < 0) { Py_DECREF(r); return NULL; }
            }
            if (other) {
                Py_INCREF(o);
                PyList_SET_ITEM(r, m, o);
                Py_SET_SIZE(r, ++m);
            }
        }
        if (more) {
            Py_INCREF(end);
            PyList_SET_ITEM(r, m, end);
            Py_SET_SIZE(r, ++m);
        }
        return r;
    }
    """
    list others_of "sgs_others_of"(list opts, object use, long u, bint more, object end)

cdef class Agent:
    cpdef object choose(self, Game g, Decision d)

cdef class RandomPlayer(Agent):
    cdef public object rng
    # by seat (step 113d): lists, where dicts were popped at each idle point; the flags bytes
    # (step 192b: a byte read or written in place)
    cdef public list plan, others
    cdef public bytearray cancel, chose
    cpdef object _random(self, Decision d)
    cdef int _seats(self, int who) except -1
    @cython.locals(who=cython.int)
    cpdef object choose(self, Game g, Decision d)
    @cython.locals(opts=list, who=cython.int, flags=bytearray, n=Py_ssize_t, j=Py_ssize_t,
                   rest=list, u=long)
    cpdef object _idle(self, Game g, Decision d)
    # ncards and the draw C ints (step 200e: a draw boxed, added, compared and subtracted as
    # objects)
    @cython.locals(rest=list, i=cython.longlong)
    cpdef object _draw(self, int who, int ncards, Decision d)

@cython.locals(k=cython.long, d=Decision, seats=cython.bint)
cpdef object play(Game g, object agents, long max_decisions=*)
