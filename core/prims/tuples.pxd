# A vanished virtual card's record as a Frozen tuple (core.prims.cards._frozen, docs/performance.md
# step 62): `tuple_of_type(Frozen, items)` is `Frozen(items)` made as the type's call makes it
# (CPython's tuple_subtype_new: the type's tp_alloc, each item in place, tracked by the garbage
# collector), without the call's argument parsing and the plain tuple it first makes of the list
# (~2.3 k of ~2.5 k instructions). A type that is no tuple type is called. Uncompiled, cards
# calls the type. A declaration only: no module of this name exists.
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *sgs_tuple_of_type(PyTypeObject *t, PyObject *items) {
        Py_ssize_t n = PyList_GET_SIZE(items), i;
        PyObject *r;
        if (!PyType_IsSubtype(t, &PyTuple_Type))
            return PyObject_CallOneArg((PyObject *)t, items);
        r = t->tp_alloc(t, n);
        if (r == NULL) return NULL;
        for (i = 0; i < n; i++) {
            PyObject *x = PyList_GET_ITEM(items, i);
            Py_INCREF(x);
            PyTuple_SET_ITEM(r, i, x);
        }
        if (!PyObject_GC_IsTracked(r))
            PyObject_GC_Track(r);
        return r;
    }
    """
    object tuple_of_type "sgs_tuple_of_type"(type t, list items)

# A list's items as a tuple, last first (core.prims.zones.judge_zone_cards_lifo, docs/performance.md
# step 98): `tuple(reversed(items))` called the type reversed by its module name and made the tuple
# through the iterator (~1,400 instructions at each of ~280 calls in the six games of `sgs bench
# --what instructions`). Uncompiled, zones writes tuple(reversed(items)).
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *sgs_tuple_reversed(PyObject *items) {
        Py_ssize_t n, i;
        PyObject *r;
        if (!PyList_Check(items)) {
            PyErr_SetString(PyExc_TypeError, "a zone's cards are not a list");
            return NULL;
        }
        n = PyList_GET_SIZE(items);
        r = PyTuple_New(n);
        if (r == NULL) return NULL;
        for (i = 0; i < n; i++) {
            PyObject *x = PyList_GET_ITEM(items, n - 1 - i);
            Py_INCREF(x);
            PyTuple_SET_ITEM(r, i, x);
        }
        return r;
    }
    """
    tuple tuple_reversed "sgs_tuple_reversed"(list items)
