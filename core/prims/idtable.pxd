# A generated unit's id table (compiler.emit.ids_block; docs/performance.md, steps 147c and 154b):
# Ids.v holds the core's ids of the unit's names as C ints, which its programs get as ids, and
# Ids.o, declared right before v, the same as the Python ints the table keeps (Ids.boxed), which
# an id passed to an object parameter reads as it is (compiler.emit.boxed_ref). One definition
# for every unit, where each carried its own copy. Uncompiled, the unit template defines both
# (`_idbox(ids, k, n)` is ids[k]; box_ids, v's tuple). A declaration file only: no module of this
# name exists.

# the k-th id of a table of n as its Python int, from v's address: o[k], borrowed (the table
# keeps it for the ruleset's life); a C macro, no call (the units build at -O0)
cdef extern from *:
    """
    #define sgs_idbox(ids, k, n) (((void **)(ids))[(k) - (n)])
    """
    void *_idbox "sgs_idbox"(int *ids, int k, int n) noexcept

# Ids.box, once link filled v: v's n ids as the Python ints of the tuple answered (the table
# keeps it), their addresses in o; raises if o does not end where v begins (the object's layout)
cdef inline tuple box_ids(void **o, int *v, int n):
    cdef int k
    boxed = tuple([v[k] for k in range(n)])
    if <void *>(o + n) != <void *>v:
        raise SystemError("Ids: o is not right before v")
    for k in range(n):
        o[k] = <void *>boxed[k]
    return boxed

# a seat (a frame's owner: a seat, or -1 for none) as its Python int for an object parameter,
# borrowed from this unit's table of the small ints (compiler.emit.owner_ref, step 154c), which
# takes each once from the interpreter and keeps its reference: a load and a test in place, where
# Cython boxed the C int at each call (__Pyx_PyLong_From_int, a call even at -O0) and dropped it
# after. Anything beyond the table (-5 to 256) is no seat: an OverflowError, not a wrong value.
cdef extern from *:
    """
    static PyObject *sgs_small_ints[262];   /* -5 .. 256, each the table's reference */
    static PyObject *sgs_intbox_first(int v) {
        if (v < -5 || v > 256) {
            PyErr_SetString(PyExc_OverflowError, "a frame's owner beyond the seats");
            return NULL;
        }
        if (sgs_small_ints[v + 5] == NULL)
            sgs_small_ints[v + 5] = PyLong_FromLong(v);
        return sgs_small_ints[v + 5];
    }
    #define sgs_intbox(v) ((unsigned)((v) + 5) < 262u && sgs_small_ints[(v) + 5] != NULL ? \
        sgs_small_ints[(v) + 5] : sgs_intbox_first(v))
    """
    void *_intbox "sgs_intbox"(int v) except NULL
