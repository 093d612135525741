# Augmenting declarations for core/decision.py (Cython pure-Python mode, like engine.pxd).
# This module and core.engine cimport each other: engine.pxd declares Game before it cimports
# Decision.
cimport cython
from cpython.object cimport PyObject, destructor
from core.engine cimport Game
from core.ruleset cimport Skill
from core.rng cimport Rng

cdef class Decision:
    cdef public int kind, who, lo, hi
    cdef public bint can_pass, ordered
    cdef public list options
    cdef public object valid, data
    # the prompt's C field (Python reads the property `prompt`): its text, or when `joined` its
    # head, the text being head + "/".join(data), made at its first read (prompt_joined)
    cdef object _prompt
    cdef bint joined
    cdef public Game game
    # sample's answers of the random player and the uniform answerer (~2,200 in the six games):
    # no object local of its own; any other question's draw is _sample_any's (step 200b)
    @cython.locals(k=cython.int, n=cython.Py_ssize_t, i=cython.Py_ssize_t, j=cython.Py_ssize_t)
    cpdef object sample(self, object rng)
    cdef Decision _set(self, int kind, int who, list options, int lo, int hi, bint can_pass,
                       object prompt, object valid, object data, bint ordered)
    # the engine's answer and the agents call these as C calls
    @cython.locals(k=cython.int)
    cpdef object normalize(self, object choice)
    @cython.locals(k=cython.int, n=cython.Py_ssize_t, j=cython.Py_ssize_t, tot=object)
    cpdef object count(self)
    @cython.locals(k=cython.int)
    cpdef list legal(self, object limit=*)
    @cython.locals(d=Decision)
    cpdef Decision copy_for(self, Game g)

cpdef Decision new_decision(int kind, int who, object options, int lo, int hi, object prompt)
cdef Decision new_decision_list(int kind, int who, list options, int lo, int hi, bint can_pass,
                                object prompt)
cdef list _options_list(object options)
# a question's prompt made when first read (_use_run's card names: step 163a)
cdef Decision prompt_joined(Decision d, object head, list parts)
# the prompt for C readers (the random player's tests at each question): the field as it is, the
# property's join first when it is still to be made
cdef inline object prompt_of(Decision d):
    if d.joined:
        return (<object>d).prompt
    return d._prompt
# `str_starts(s, p)` s.startswith(p) for strs, the prefix's code points compared in place when
# both have the same kind (else str's own test, which raises for a p not a str), where Cython's
# startswith called PyUnicode_Tailmatch (~150 instructions a test; step 221a, in agents.pxd then;
# here since step 229a: prompt_starts's test too). Inline at -O1 (always_inline: the agents' level
# inlines only what it is told to)
cdef extern from *:
    """
    static inline __attribute__((always_inline)) int sgs_str_starts(PyObject *s, PyObject *p) {
        Py_ssize_t n;
        if (!PyUnicode_Check(p))
            return (int)PyUnicode_Tailmatch(s, p, 0, PY_SSIZE_T_MAX, -1);
        n = PyUnicode_GET_LENGTH(p);
        if (n > PyUnicode_GET_LENGTH(s))
            return 0;
        if (PyUnicode_KIND(s) == PyUnicode_KIND(p))
            return memcmp(PyUnicode_DATA(s), PyUnicode_DATA(p), n * PyUnicode_KIND(p)) == 0;
        return (int)PyUnicode_Tailmatch(s, p, 0, PY_SSIZE_T_MAX, -1);
    }
    """
    int str_starts "sgs_str_starts"(str s, str p) except -1
# whether the prompt is a str that starts with prefix (the random player's test of a card-use
# question, ~215 of the six games' 380): a prompt still to be joined answered by its head when
# prefix is no longer than the head (the text the head begins), the text not made; the test
# str_starts (step 229a: Cython's startswith, PyUnicode_Tailmatch, ~33 k of the six games)
cdef inline bint prompt_starts(Decision d, str prefix) except -1:
    cdef object p = d._prompt
    if d.joined and isinstance(p, str) and len(prefix) <= len(<str>p):
        return str_starts(<str>p, prefix) != 0
    p = prompt_of(d)
    return isinstance(p, str) and str_starts(<str>p, prefix) != 0
# the dispatch's question's options: its candidate skills' ids (step 159a)
@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, opts=list)
cdef list options_of_skills(list cands)
# a tuple's items in a new list made at its size (_options_list, step 104b): where list() of a
# tuple took PySequence_List's generic path (a list of size 0, then extended)
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *__sgs_list_of_tuple(PyObject *t) {
        Py_ssize_t n = PyTuple_GET_SIZE(t), i;
        PyObject *l = PyList_New(n);
        if (l == NULL) return NULL;
        for (i = 0; i < n; i++) {
            PyObject *o = PyTuple_GET_ITEM(t, i);
            Py_INCREF(o);
            PyList_SET_ITEM(l, i, o);
        }
        return l;
    }
    """
    list _list_of_tuple "__sgs_list_of_tuple" (tuple t)
# an answer's type test and its duplicates (normalize): C calls
cdef bint _is_int(object v) except -1
# normalize's `v in options` (step 117c): an int v (one digit) compared with the list's ints by
# value in a C loop, where PySequence_Contains compared each item through its richcompare; an
# item not an int compared as `in` compares it (PyObject_RichCompareBool), and anything else
# (options not a list, v not an int of one digit) is `in` itself
cdef bint _in_options(object options, object v) except -1
cdef extern from *:
    """
    static CYTHON_INLINE int sgs_compact_int(PyObject *v, long *out) {
    #if PY_VERSION_HEX >= 0x030C0000 && !defined(Py_LIMITED_API) && !defined(PYPY_VERSION)
        if (PyUnstable_Long_IsCompact((PyLongObject *)v)) {
            *out = (long)PyUnstable_Long_CompactValue((PyLongObject *)v);
            return 1;
        }
    #elif !defined(Py_LIMITED_API) && !defined(PYPY_VERSION)
        Py_ssize_t s = Py_SIZE(v);
        if (s == 0) { *out = 0; return 1; }
        if (s == 1) { *out = (long)((PyLongObject *)v)->ob_digit[0]; return 1; }
        if (s == -1) { *out = -(long)((PyLongObject *)v)->ob_digit[0]; return 1; }
    #endif
        return 0;
    }
    static CYTHON_INLINE int sgs_int_in_list(PyObject *l, PyObject *v) {
        Py_ssize_t i;
        long x, y;
        int r;
        if (!PyList_CheckExact(l) || !PyLong_CheckExact(v) || !sgs_compact_int(v, &x))
            return PySequence_Contains(l, v);
        for (i = 0; i < PyList_GET_SIZE(l); i++) {
            PyObject *o = PyList_GET_ITEM(l, i);
            if (o == v) return 1;
            if (PyLong_CheckExact(o)) {
                /* ints are normalized: one of more digits never equals v */
                if (sgs_compact_int(o, &y) && y == x) return 1;
                continue;
            }
            Py_INCREF(o);
            r = PyObject_RichCompareBool(o, v, Py_EQ);
            Py_DECREF(o);
            if (r != 0) return r;
        }
        return 0;
    }
    """
    int int_in_list "sgs_int_in_list"(object l, object v) except -1
@cython.locals(n=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t)
cdef bint _has_duplicate(tuple t) except -1

# the counts of choices (Python ints: they can be large), C calls from count and sample
@cython.locals(i=cython.longlong, c=cython.longlong)
cpdef object _comb(long long n, long long k)
@cython.locals(i=cython.longlong)
cpdef object _perm(long long n, long long k)

# rng.below(n) for Decision.sample: a C call for the engine's Rng
cdef long long _below(object rng, long long n) except? -1
# Decision.sample's draw of any question (a question with a `valid` test, ordered, of more than
# 60 options, or pure Python), the same draws
@cython.locals(k=cython.int, n=cython.Py_ssize_t, tries=cython.int, i=cython.Py_ssize_t, m=cython.Py_ssize_t, j=cython.Py_ssize_t, idx=list, chosen=list)
cdef object _sample_any(Decision d, object rng)

# Dead questions kept alive for the next (compiled; step 113c, as core/spares.py keeps frames:
# step 78): a Decision (not a subclass) whose count fell to 0 is kept when spare has room (4,
# never grown): its count made 1 again (revive) while its object fields are made None (what they
# held dropped, in the order of Cython's tp_dealloc; a str prompt kept, step 200a), that
# reference spare's (keep; when spare filled up meanwhile, its count 0 again for Cython's
# tp_dealloc). It stays tracked by the garbage collector: a live object of the list, holding
# None only (and its prompt's text, its emptied options list: below). new_decision and
# new_decision_list take the last (take), else Cython's tp_new: where each question was made
# and freed through Cython's freelist (its memset, PyObject_Init, the collector's tracking and
# untracking, ~100 instructions a question). _set sets every field of a question taken.
#
# Their options lists kept for the next question (step 157b; in the question itself since step
# 229b): at a kept question's death (decision_reset, once revived) a list nothing else holds (its
# count 1: an agent or a caller that kept it keeps it as it is) is emptied — its items dropped, its
# room kept — and stays in its field (any other: the field made None); new_decision refills a
# taken question's own list with the items of a list or a tuple (options_refill: 0 when it has
# none, nothing done), where _options_list made a list and the question's death freed it (~2,000
# questions in the six games of `sgs bench --what instructions`); options_of_skills takes the list
# of the question the next take answers (the spare list's last: options_room, its room grown) and
# writes the dispatch's skill ids into it (options_put), where a new list was made for each of
# ~1,185 questions (step 159a). Where a list of 8 (step 157b) held the emptied lists apart, each
# moved there at a death (its field made None) and back at the next question (None dropped).
cdef extern from *:
    """
    /* emptied list o's room made at least n items, grown as list_resize grows a list's items:
       0, else -1 with MemoryError */
    static CYTHON_INLINE int sgs_options_grow(PyObject *o, Py_ssize_t n) {
        PyListObject *l = (PyListObject *)o;
        PyObject **to;
        if (l->allocated < n) {
            to = PyMem_Realloc(l->ob_item, n * sizeof(PyObject *));
            if (to == NULL) {
                PyErr_NoMemory();
                return -1;
            }
            l->ob_item = to;
            l->allocated = n;
        }
        return 0;
    }
    /* whether field *p holds an emptied options list nothing else holds */
    #define sgs_options_own(o) (PyList_CheckExact(o) && Py_REFCNT(o) == 1 && Py_SIZE(o) == 0)
    /* a dying question's options field: its list emptied and kept when nothing else holds it,
       else made None */
    static CYTHON_INLINE void sgs_options_empty(PyObject **p) {
        PyObject *o = *p, **items;
        Py_ssize_t n, i;
        if (!PyList_CheckExact(o) || Py_REFCNT(o) != 1) {
            if (o != Py_None) {
                Py_INCREF(Py_None);
                *p = Py_None;
                Py_DECREF(o);
            }
            return;
        }
        n = Py_SIZE(o);
        items = ((PyListObject *)o)->ob_item;
        Py_SET_SIZE(o, 0);   /* (an item's death may run code: the list is empty meanwhile) */
        for (i = 0; i < n; i++)
            Py_DECREF(items[i]);
    }
    /* the items of src, exactly a list or a tuple, stored in field *p's emptied list of its own:
       1; 0 when it has none or src is neither (nothing done); -1 with MemoryError */
    static CYTHON_INLINE int sgs_options_refill_at(PyObject **p, PyObject *src) {
        PyObject *o = *p, **from, **to;
        Py_ssize_t n, i;
        if (!sgs_options_own(o) || !(PyList_CheckExact(src) || PyTuple_CheckExact(src)))
            return 0;
        n = PySequence_Fast_GET_SIZE(src);
        if (sgs_options_grow(o, n) < 0)
            return -1;
        from = PySequence_Fast_ITEMS(src);
        to = ((PyListObject *)o)->ob_item;
        for (i = 0; i < n; i++) {
            Py_INCREF(from[i]);
            to[i] = from[i];
        }
        Py_SET_SIZE(o, n);
        return 1;
    }
    /* field *p's emptied list of its own given room for n items: 1; 0 when it has none; -1 with
       MemoryError */
    static CYTHON_INLINE int sgs_options_room_at(PyObject **p, Py_ssize_t n) {
        if (!sgs_options_own(*p))
            return 0;
        return sgs_options_grow(*p, n) < 0 ? -1 : 1;
    }
    /* item i of an emptied list with room (sgs_options_room_at), its items before i set: o, its
       size i + 1 */
    static CYTHON_INLINE void sgs_options_put(PyObject *l, Py_ssize_t i, PyObject *o) {
        Py_INCREF(o);
        ((PyListObject *)l)->ob_item[i] = o;
        Py_SET_SIZE(l, i + 1);
    }
    /* the struct's field named in macros, expanded where they are used (decision.c) */
    #define sgs_options_refill(d, src) sgs_options_refill_at((PyObject **)&(d)->options, (src))
    #define sgs_options_room(d, n) sgs_options_room_at((PyObject **)&(d)->options, (n))
    """
    int options_refill "sgs_options_refill"(Decision d, object src) except -1
    int options_room "sgs_options_room"(Decision d, Py_ssize_t n) except -1
    void options_put "sgs_options_put"(list l, Py_ssize_t i, object o) noexcept
cdef extern from *:
    """
    static CYTHON_INLINE void sgs_decision_none(PyObject **p) {
        PyObject *o = *p;
        if (o != Py_None) {
            Py_INCREF(Py_None);
            *p = Py_None;
            Py_DECREF(o);
        }
    }
    /* a dead question's prompt kept when it is a str (step 200a): a str holds no other object
       and runs no code at its death, and the next question's prompt replaces it as it would
       replace None (_question); any other object dropped */
    static CYTHON_INLINE void sgs_decision_prompt(PyObject **p) {
        if (!PyUnicode_CheckExact(*p))
            sgs_decision_none(p);
    }
    /* the struct's fields named in a macro, expanded where it is used (decision.c, after the
       types; this block comes before them) */
    #define sgs_decision_reset(d) ( \
        Py_SET_REFCNT((PyObject *)(d), 1), sgs_options_empty((PyObject **)&(d)->options), \
        sgs_decision_prompt(&(d)->_prompt), \
        sgs_decision_none(&(d)->valid), sgs_decision_none(&(d)->data), \
        sgs_decision_none((PyObject **)&(d)->game), (d)->joined = 0)
    """
    void decision_reset "sgs_decision_reset"(Decision d) noexcept
    Decision decision_take "sgs_spare_take"(PyObject *spare, PyObject *t, object empty)   # lists.pxd's
cdef list _SPARE_DECISIONS
cdef PyObject *_KEPT_DECISIONS
cdef destructor _DECISION_DEALLOC
cdef void _decision_dealloc(PyObject *o) noexcept
cdef int _install_decision_dealloc() except -1
