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

# A list's last n items (all of them when it has fewer) as a tuple, last first
# (core.prims.zones.judge_zone_cards_lifo, docs/performance.md step 98): `tuple(reversed(items))`
# called the type reversed by its module name and made the tuple through the iterator (~1,400
# instructions at each of ~280 calls in the six games of `sgs bench --what instructions`); the
# pile's top n cards (zones.deck_top, step 281a), where Game.top_cards sliced and reversed a list.
# Uncompiled, zones writes tuple(reversed(items)) and tuple(g.top_cards(n)).
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *sgs_tuple_reversed(PyObject *items, Py_ssize_t n) {
        Py_ssize_t m, i;
        PyObject *r;
        if (!PyList_Check(items)) {
            PyErr_SetString(PyExc_TypeError, "a zone's cards are not a list");
            return NULL;
        }
        m = PyList_GET_SIZE(items);
        if (n > m) n = m;
        if (n < 0) n = 0;
        r = PyTuple_New(n);
        if (r == NULL) return NULL;
        for (i = 0; i < n; i++) {
            PyObject *x = PyList_GET_ITEM(items, m - 1 - i);
            Py_INCREF(x);
            PyTuple_SET_ITEM(r, i, x);
        }
        return r;
    }
    """
    tuple tuple_reversed "sgs_tuple_reversed"(list items, Py_ssize_t n)

# A vanished virtual card's record frozen (core.prims.cards._frozen, docs/performance.md step 105):
# the record's fields in a new tuple of type t (Frozen) made in place: a list as a tuple (its list
# items as tuples, one level down, an empty list the empty tuple), a dict as a read-only mapping of
# its copy (an empty one `no_with`, shared), anything else as it is. The loop in Python made a
# list of None, then each field's tuple through a list (~2.5 k instructions a record). Uncompiled,
# cards runs that loop, the reference. Step 239: the fields read and written through local item
# pointers (re-read after a field copied, whose allocation may run the collector), each field's
# type read once; t's tuple type by its flag and the tracking by tp_alloc (PyType_GenericAlloc
# tracks a GC type's object), where two calls asked them (~85 instructions of ~440 a record).
# Step 249 (docs/decisions/0276): `move` true, r's references are moved, not copied (no
# reference taken for a field kept as it is, none dropped by r's dealloc after): r is left empty
# (its size 0). Before a field's copy (a list's or a dict's: its allocation may run the collector)
# the slots of the fields moved so far are emptied (NULL), so the collector visits no item twice;
# a copied field's own reference in r is dropped. The caller proves r read by none again.
cdef extern from *:
    """
    static PyObject *sgs_frozen_copy(PyObject *v, PyTypeObject *vt, PyObject *no_with) {
        /* a list field as a tuple (its list items as tuples), a dict as a read-only mapping of
           its copy (an empty one no_with): a new reference, or NULL with the error set */
        Py_ssize_t m, j;
        PyObject *w, *e, *d;
        if (vt == &PyList_Type) {
            m = PyList_GET_SIZE(v);
            w = PyTuple_New(m);
            if (w == NULL) return NULL;
            for (j = 0; j < m && j < PyList_GET_SIZE(v); j++) {
                e = PyList_GET_ITEM(v, j);
                if (PyList_CheckExact(e)) {
                    e = PyList_AsTuple(e);
                    if (e == NULL) { Py_DECREF(w); return NULL; }
                } else
                    Py_INCREF(e);
                PyTuple_SET_ITEM(w, j, e);
            }
            return w;
        }
        if (PyDict_GET_SIZE(v) == 0) {   /* a dict (同时选择's choices) */
            Py_INCREF(no_with);
            return no_with;
        }
        d = PyDict_Copy(v);
        if (d == NULL) return NULL;
        w = PyDictProxy_New(d);
        Py_DECREF(d);
        return w;
    }
    static PyObject *sgs_frozen_record(PyTypeObject *t, PyObject *r, PyObject *no_with, int move) {
        Py_ssize_t n, i, k;
        PyObject *out, *v = NULL, *w, **src, **dst;
        PyTypeObject *vt = NULL;
        if (!PyList_Check(r) || !PyType_FastSubclass(t, Py_TPFLAGS_TUPLE_SUBCLASS)) {
            PyErr_SetString(PyExc_TypeError, "a record to freeze is a list, frozen as a tuple type");
            return NULL;
        }
        n = PyList_GET_SIZE(r);
        out = t->tp_alloc(t, n);
        if (out == NULL) return NULL;
        src = ((PyListObject *)r)->ob_item;
        dst = ((PyTupleObject *)out)->ob_item;
        for (i = 0; i < n; i++) {
            /* most fields (a name, the cards' tuple, a number, (), None): the item itself, up to
               the next list or dict, with no reference taken for the copies below (they make
               objects); moved, r's reference is the tuple's (two loops: `move` not tested at
               each field) */
            if (!move) {
                for (; i < n; i++) {
                    v = src[i];
                    vt = Py_TYPE(v);
                    if (vt == &PyList_Type || vt == &PyDict_Type)
                        break;
                    Py_INCREF(v);
                    dst[i] = v;
                }
            } else {
                for (; i < n; i++) {
                    v = src[i];
                    vt = Py_TYPE(v);
                    if (vt == &PyList_Type || vt == &PyDict_Type)
                        break;
                    dst[i] = v;
                }
            }
            if (i == n)
                break;
            if (move)
                for (k = 0; k < i; k++)
                    src[k] = NULL;   /* moved (or copied, dropped below): the tuple's now */
            Py_INCREF(v);
            w = sgs_frozen_copy(v, vt, no_with);
            if (w == NULL) goto bad;
            dst[i] = w;
            /* the record as it is now: the items read on from its array (a shorter record
               leaves the tuple's last items NULL, as the loop's end on the list's size did) */
            src = ((PyListObject *)r)->ob_item;
            if (PyList_GET_SIZE(r) < n)
                n = PyList_GET_SIZE(r);
            if (move && i < n && src[i] == v) {
                src[i] = NULL;   /* r's reference, dropped with ours */
                Py_DECREF(v);
            }
            Py_DECREF(v);
        }
        if (move) {
            if (PyList_GET_SIZE(r) == n)
                Py_SET_SIZE(r, 0);   /* every item moved or dropped: nothing left for its dealloc */
            else
                for (k = 0; k < n; k++)
                    ((PyListObject *)r)->ob_item[k] = NULL;
        }
        if (t->tp_alloc != PyType_GenericAlloc && !PyObject_GC_IsTracked(out))
            PyObject_GC_Track(out);
        return out;
    bad:
        Py_DECREF(v);
        if (move) {   /* r, read by none again, left empty: the items still in it dropped */
            k = PyList_GET_SIZE(r);
            src = ((PyListObject *)r)->ob_item;
            Py_SET_SIZE(r, 0);
            while (--k >= 0)
                Py_XDECREF(src[k]);
        }
        Py_DECREF(out);   /* the items not set yet are NULL: the tuple's dealloc skips them */
        return NULL;
    }
    """
    object frozen_record "sgs_frozen_record"(type t, list r, object no_with, bint move)

# A list's items put into a new tuple's slots from i on (core.prims.zones.own_cards, docs/
# performance.md step 281c): the tuple made at the length of the lists it joins, each item a
# reference of its own, where a list was copied, extended and copied again into the tuple. The
# index after the last item put; no item past the tuple's end. Uncompiled, zones joins lists.
cdef extern from *:
    """
    static CYTHON_INLINE Py_ssize_t sgs_tuple_put(PyObject *r, Py_ssize_t i, PyObject *items) {
        Py_ssize_t n = PyList_GET_SIZE(items), j;
        if (n > PyTuple_GET_SIZE(r) - i)
            n = PyTuple_GET_SIZE(r) - i;
        for (j = 0; j < n; j++) {
            PyObject *x = PyList_GET_ITEM(items, j);
            Py_INCREF(x);
            PyTuple_SET_ITEM(r, i + j, x);
        }
        return i + n;
    }
    """
    Py_ssize_t tuple_put "sgs_tuple_put"(tuple r, Py_ssize_t i, list items)
