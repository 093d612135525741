# Dead Picks kept for the next new_pick (core/prims/base.py, step 149d; compiled only). A Pick
# whose count fell to 0 has its four object fields dropped and left NULL, and the object is kept
# in a static array (at most SGS_PICK_POOL) instead of Cython's freelist, which new_pick's type call
# reached through tp_new: the freelist's pop, a memset, the header, None stores and their
# references, then field writes each dropping a None. new_pick takes a kept one and writes
# its fields raw (each dropped at its death: nothing to drop; lo, hi and chooser are C ints,
# step 192a: stored, nothing taken or dropped). A kept Pick is held by the array
# alone and not known to the collector (Pick is no_gc, decision 0124): nothing reads its fields,
# left as they were (dangling) since step 162.
# The macros name base's Pick struct: they are expanded in base.c, after its types (this block
# comes before them). A declaration only: no module of this name exists.
from cpython.object cimport PyObject, destructor
cdef extern from *:
    """
    #define SGS_PICK_POOL 32
    static PyObject *sgs_pick_pool[SGS_PICK_POOL];
    static Py_ssize_t sgs_pick_kept = 0;
    static destructor sgs_pick_dealloc0 = NULL;   /* Cython's tp_dealloc (the freelist's) */
    #define SGS_PK(o) ((struct __pyx_obj_4core_5prims_4base_Pick *)(o))
    /* a field dropped (what it held may run code: the Pick lives meanwhile), left as it was: a
       kept Pick's fields are read by nobody (the pool alone holds it, the collector does not
       know it) and new_pick writes them all raw; given back to Cython's tp_dealloc, they are
       made NULL first (sgs_pick_nulls; step 162). A dying Pick's fields are never NULL (tp_new
       makes them None, new_pick and __init__ write them all, a deleted public field is None):
       no NULL test (step 156b) */
    #define sgs_pick_drop(p) Py_DECREF(*(p))
    #define sgs_pick_nulls(o) ( \
        SGS_PK(o)->kind = NULL, SGS_PK(o)->src = NULL, SGS_PK(o)->vname = NULL, \
        SGS_PK(o)->group = NULL)
    /* a dying Pick of type t (not a subclass), the pool with room: its count made 1 again while
       its fields are dropped, then kept (the array's reference), or, when the drops filled the
       pool, given back to Cython's tp_dealloc with its count 0 and its fields NULL (Py_CLEAR's:
       nothing to drop again) */
    static CYTHON_INLINE int sgs_pick_keeps(PyObject *o, PyObject *t) {
        return (PyObject *)Py_TYPE(o) == t && sgs_pick_kept < SGS_PICK_POOL;
    }
    #define sgs_pick_clear(o) ( \
        Py_SET_REFCNT((o), 1), \
        sgs_pick_drop((PyObject **)&SGS_PK(o)->kind), \
        sgs_pick_drop(&SGS_PK(o)->src), sgs_pick_drop(&SGS_PK(o)->vname), \
        sgs_pick_drop((PyObject **)&SGS_PK(o)->group), \
        (sgs_pick_kept < SGS_PICK_POOL ? (void)(sgs_pick_pool[sgs_pick_kept++] = (o)) \
            : (sgs_pick_nulls(o), Py_SET_REFCNT((o), 0), sgs_pick_dealloc0(o))))
    /* the last kept Pick (the array's reference, now the caller's), NULL when none */
    static CYTHON_INLINE PyObject *sgs_pick_take(void) {
        return sgs_pick_kept > 0 ? sgs_pick_pool[--sgs_pick_kept] : NULL;
    }
    /* new_pick's group: tuple(g) as a new reference (the tuple itself when it is one), NULL
       with the error set */
    #define sgs_pick_group(g) \
        (PyTuple_CheckExact(g) ? (Py_INCREF(g), (g)) : PySequence_Tuple(g))
    /* a kept Pick's fields written (each NULL before), a reference taken to each object but G:
       the caller's reference to the group given (sgs_pick_group's; step 162); LO, HI, CH C ints */
    #define sgs_pick_set_given(o, K, G, LO, HI, CH, SRC, VN) ( \
        Py_INCREF(K), SGS_PK(o)->kind = (K), SGS_PK(o)->group = (G), \
        SGS_PK(o)->lo = (LO), SGS_PK(o)->hi = (HI), \
        SGS_PK(o)->chooser = (CH), Py_INCREF(SRC), SGS_PK(o)->src = (SRC), \
        Py_INCREF(VN), SGS_PK(o)->vname = (VN))
    /* the caller's reference to a Pick (o, not NULL) as Cython's object: the same reference */
    #define sgs_pick_own(o) ((PyObject *)(o))
    """
    destructor pick_dealloc0 "sgs_pick_dealloc0"
    bint pick_keeps "sgs_pick_keeps"(PyObject *o, PyObject *t) noexcept
    void pick_clear "sgs_pick_clear"(PyObject *o) noexcept
    PyObject *pick_take "sgs_pick_take"() noexcept
    PyObject *pick_group "sgs_pick_group"(object g) except NULL
    void pick_set_given "sgs_pick_set_given"(PyObject *o, object kind, PyObject *group,
                                             int lo, int hi, int chooser, object src,
                                             object vname) noexcept
    object pick_own "sgs_pick_own"(PyObject *o)
