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
