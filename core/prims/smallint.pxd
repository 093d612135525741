# values._small's read of a Python int of one digit (what a seat, a card id, a zone's kind or
# owner is), in place: the digit and the sign of the int's own record, where
# PyLong_AsLongAndOverflow was a call into the interpreter per value (eq and its fused forms read
# up to four a comparison; decision 0047). Before Python 3.12 an int's size field is its signed
# number of digits; from 3.12 on the record differs and the helper answers "not read", so the
# caller converts by the interpreter as before. One digit tested first: a card's id or a zone's
# kind, most asks (step 282c). A declaration only: no module of this name exists.
cdef extern from *:
    """
    static CYTHON_INLINE int sgs_one_digit_long(PyObject *o, long *v) {
    #if PY_VERSION_HEX < 0x030C0000 && !defined(PYPY_VERSION)
        Py_ssize_t n = Py_SIZE(o);
        if (n == 1) { *v = (long)((PyLongObject *)o)->ob_digit[0]; return 1; }
        if (n == 0) { *v = 0; return 1; }
        if (n == -1) { *v = -(long)((PyLongObject *)o)->ob_digit[0]; return 1; }
    #endif
        return 0;
    }
    """
    bint one_digit_long "sgs_one_digit_long"(object o, long *v)

# A small int's value in C, read in place where it is an int of at most one digit (a card id, a
# zone's kind or owner, a seat; -1 for "none"): the digit by Py_SIZE before 3.12 (0, 1 or -1
# digits), PyUnstable_Long_CompactValue from 3.12; anything else goes to PyLong_AsLong (an int of
# more digits, or the TypeError of what is not an int). Cython's conversion of an object to a C int
# (__Pyx_PyLong_As_int) was a call of ~15 instructions, out of line in the rooms built at -O1 (step
# 100 wrote it in usable.pxd for the scan's card ids; step 104 moved it here for moves, zones and
# use). The result is a C long; a caller's C int takes it as it is (the values are small).
# Uncompiled, the rooms use the value itself.
cdef extern from *:
    """
    static CYTHON_INLINE long sgs_small_int(PyObject *o) {
    #if PY_VERSION_HEX >= 0x030C0000 && !defined(Py_LIMITED_API) && !defined(PYPY_VERSION)
        if (PyLong_CheckExact(o) && PyUnstable_Long_IsCompact((PyLongObject *)o))
            return (long)PyUnstable_Long_CompactValue((PyLongObject *)o);
    #elif !defined(Py_LIMITED_API) && !defined(PYPY_VERSION)
        if (PyLong_CheckExact(o)) {
            Py_ssize_t s = Py_SIZE(o);
            if (s == 1) return (long)((PyLongObject *)o)->ob_digit[0];
            if (s == 0) return 0;
            if (s == -1) return -(long)((PyLongObject *)o)->ob_digit[0];
        }
    #endif
        return PyLong_AsLong(o);
    }
    """
    long small_int "sgs_small_int"(object o) except? -1
