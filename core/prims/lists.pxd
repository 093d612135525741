# An event's timing list made with its room (core.prims.flow.fire, docs/performance.md step 46):
# `list_with_room(first, room)` is `[first]` whose item array has room for `room` items, so the
# appends of its next timings up to `room` reallocate nothing. `[first]` gets room for one, and
# the second timing reallocated it to room for 8 (CPython's growth), which it is given from the
# start: the same memory. The items past the first are NULL and outside the list's size, as
# PyList_New leaves them and as list_resize expects. Uncompiled, flow uses `[first]`. A
# declaration only: no module of this name exists.
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

# The same list taken from spare lists when there is one (core/engine.pxd's keep_spare: emptied,
# with the room they had), else made: an event's timing list, where one was made at each event's
# first timing and freed with its frame (~5,100 in `sgs bench --what instructions`' six games).
# Uncompiled, flow uses `[first]`.
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *sgs_list_from_spare(PyObject *spare, PyObject *first,
                                                       Py_ssize_t room) {
        PyListObject *s = (PyListObject *)spare;
        Py_ssize_t n = Py_SIZE(s);
        PyObject *l;
        if (n == 0) return sgs_list_with_room(first, room);
        l = s->ob_item[n - 1];   /* spare's reference, now the caller's */
        Py_SET_SIZE(s, n - 1);
        Py_INCREF(first);
        ((PyListObject *)l)->ob_item[0] = first;   /* kept with room for one at least */
        Py_SET_SIZE(l, 1);
        return l;
    }
    """
    list list_from_spare "sgs_list_from_spare"(list spare, object first, Py_ssize_t room)

# A pushed program's slots (core.prims.flow._push_prog): `slots_of(a, k, n)` is a list of n items,
# the first k of tuple a (k <= len(a), k <= n) then None, as `[None] * n` with a[0:k] written
# in: each item stored once, None's references taken at once, where each slot took a reference
# to None and each argument's store dropped one again (~8,600 frames in `sgs bench --what
# instructions`' six games). Uncompiled, flow uses the definition it names (flow.py).
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *sgs_slots_of(PyObject *a, Py_ssize_t k, Py_ssize_t n) {
        PyObject *l = PyList_New(n);
        PyObject **to, **from;
        Py_ssize_t i;
        if (l == NULL) return NULL;
        to = ((PyListObject *)l)->ob_item;
        from = ((PyTupleObject *)a)->ob_item;
        for (i = 0; i < k; i++) {
            Py_INCREF(from[i]);
            to[i] = from[i];
        }
        for (; i < n; i++)
            to[i] = Py_None;
        Py_SET_REFCNT(Py_None, Py_REFCNT(Py_None) + (n - k));
        return l;
    }
    """
    list slots_of "sgs_slots_of"(tuple a, Py_ssize_t k, Py_ssize_t n)
