# A list made with its room (docs/performance.md step 46; core/spares.py's spare lists):
# `list_with_room(first, room)` is `[first]` whose item array has room for `room` items, so the
# appends up to `room` reallocate nothing. The items past the first are NULL and outside the
# list's size, as PyList_New leaves them and as list_resize expects. A declaration only: no
# module of this name exists.
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *sgs_list_with_room(PyObject *first, Py_ssize_t room) {
        PyObject *l = PyList_New(room);   /* room >= 1 */
        if (l == NULL) return NULL;
        Py_INCREF(first);
        PyList_SET_ITEM(l, 0, first);
        Py_SET_SIZE(l, 1);
        return l;
    }
    """
    list list_with_room "sgs_list_with_room"(object first, Py_ssize_t room)

# A list of spare objects kept alive for the next (core/spares.py's dead frames, step 78;
# core/decision.py's dead questions, step 113c): `spare_keeps(spare, o, t)` whether o, dying, is
# of type t (not a subclass) and the list has room for it; `spare_keep(spare, o)` gives the revived
# reference o (its count made 1 again by the type's dealloc) to the list when it has room, else
# makes o's count 0 again for the type's own tp_dealloc (its answer 0); `spare_take(spare, t,
# empty)` answers the last spare (the list's reference, now the caller's), else type t's tp_new.
# The lists are made with their room and never grown (list_with_room). Each module declares
# spare_take under its own type (decision.pxd).
from cpython.object cimport PyObject
cdef extern from *:
    """
    static CYTHON_INLINE int sgs_spare_keeps(PyObject *spare, PyObject *o, PyObject *t) {
        return (PyObject *)Py_TYPE(o) == t && Py_SIZE(spare) < ((PyListObject *)spare)->allocated;
    }
    static CYTHON_INLINE int sgs_spare_keep(PyObject *spare, PyObject *o) {
        PyListObject *s = (PyListObject *)spare;
        if (Py_SIZE(s) < s->allocated) {
            s->ob_item[Py_SIZE(s)] = o;   /* the revived reference, now spare's */
            Py_SET_SIZE(s, Py_SIZE(s) + 1);
            return 1;
        }
        Py_SET_REFCNT(o, 0);
        return 0;
    }
    static CYTHON_INLINE PyObject *sgs_spare_take(PyObject *spare, PyObject *t, PyObject *empty) {
        PyListObject *s = (PyListObject *)spare;
        Py_ssize_t n;
        if (s != NULL && (n = Py_SIZE(s)) > 0) {
            Py_SET_SIZE(s, n - 1);
            return s->ob_item[n - 1];   /* the list's reference, now the caller's */
        }
        return ((PyTypeObject *)t)->tp_new((PyTypeObject *)t, empty, NULL);
    }
    """
    bint spare_keeps "sgs_spare_keeps"(PyObject *spare, PyObject *o, PyObject *t) noexcept
    bint spare_keep "sgs_spare_keep"(PyObject *spare, PyObject *o) noexcept

# An event's timing list as C ints (compiled: a frame's `timings`, core.prims.flow.fire,
# docs/performance.md step 102): an array('i') of the timing ids fired, in order, one entry each
# time, where a list held a Python int each (read from a tuple of them, referenced, appended,
# dropped at the frame's pop). `ints_from_spare(spare, tmpl, first, room)`: a spare array a popped
# event left (core/engine.pxd's keep_spare_ints: emptied, its room kept) holding `first`, else a
# new one like `tmpl` (array('i')) with room for `room`; `ints_append` appends within the array's
# room (it grows to twice its size plus 8 when full); `ints_count` counts a timing, `ints_has`
# finds one: C loops over C ints. Uncompiled, flow keeps a list (`[first]`, append, count, in).
from cpython cimport array
cdef extern from *:
    """
    #define sgs_ints_room(a) (((arrayobject *)(a))->allocated)
    #define sgs_pop_spare(l) (Py_SET_SIZE((l), Py_SIZE(l) - 1), PyList_GET_ITEM((l), Py_SIZE(l)))
    """
    Py_ssize_t ints_room "sgs_ints_room"(array.array a) noexcept
    # a non-empty list's last item, the list's reference now the caller's (engine.pxd's
    # pop_keep_room without its test: the caller tested the size)
    object pop_spare "sgs_pop_spare"(list l)

cdef inline array.array ints_from_spare(list spare, array.array tmpl, int first, Py_ssize_t room):
    cdef array.array a
    if len(spare) > 0:
        a = <array.array>pop_spare(spare)   # spare's reference, now ours
    else:
        a = array.clone(tmpl, room, False)
    a.data.as_ints[0] = first
    a.ob_size = 1
    return a

cdef inline int ints_append(array.array a, int v) except -1:
    cdef Py_ssize_t n = a.ob_size
    if n >= ints_room(a):
        array.resize(a, 2 * n + 8)   # (its size too, set back below)
    a.data.as_ints[n] = v
    a.ob_size = n + 1
    return 0

cdef inline Py_ssize_t ints_count(array.array a, int v) noexcept:
    cdef Py_ssize_t i, c = 0
    cdef int *p = a.data.as_ints
    for i in range(a.ob_size):
        if p[i] == v:
            c += 1
    return c

cdef inline bint ints_has(array.array a, int v) noexcept:
    cdef Py_ssize_t i
    cdef int *p = a.data.as_ints
    for i in range(a.ob_size):
        if p[i] == v:
            return True
    return False

# A list kept for the next answer (*keep: a module's own pointer, NULL until its first list),
# given again when nothing else holds it: `kept_list(keep, n)` answers *keep's list with n items,
# None past its old size, those past n dropped, its room kept, when its count is 1 (*keep's own:
# a caller that still holds the last answer, a frame's field, a clone's copy keep theirs) and it
# has room for n; else a new list of n Nones, kept in its place (the old one theirs alone now).
# The caller's reference is taken before the old items drop: a dealloc that asks again gets a
# list of its own. A new reference, or NULL with the error set. The dispatch's candidates (n 0,
# step 157c) and a move's origins (step 285f) take theirs from it.
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *sgs_kept_list(PyObject **keep, Py_ssize_t n) {
        PyObject *l = *keep, **it;
        Py_ssize_t m, i;
        if (l != NULL && Py_REFCNT(l) == 1 && ((PyListObject *)l)->allocated >= n) {
            Py_INCREF(l);   /* the caller's */
            m = PyList_GET_SIZE(l);
            it = ((PyListObject *)l)->ob_item;
            for (i = m; i < n; i++) {
                Py_INCREF(Py_None);
                it[i] = Py_None;
            }
            Py_SET_SIZE(l, n);
            for (i = n; i < m; i++)
                Py_DECREF(it[i]);
            return l;
        }
        l = PyList_New(n);
        if (l == NULL) return NULL;
        for (i = 0; i < n; i++) {
            Py_INCREF(Py_None);
            PyList_SET_ITEM(l, i, Py_None);
        }
        Py_INCREF(l);
        Py_XSETREF(*keep, l);
        return l;
    }
    """
    list kept_list "sgs_kept_list"(PyObject **keep, Py_ssize_t n)
