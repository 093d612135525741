# values._small's read of a Python int of one digit (what a seat, a card id, a zone's kind or
# owner is), in place: the digit and the sign of the int's own record, where
# PyLong_AsLongAndOverflow was a call into the interpreter per value (eq and its fused forms read
# up to four a comparison; decision 0047). Before Python 3.12 an int's size field is its signed
# number of digits; from 3.12 on the record differs and the helper answers "not read", so the
# caller converts by the interpreter as before. A declaration only: no module of this name exists.
cdef extern from *:
    """
    static CYTHON_INLINE int sgs_one_digit_long(PyObject *o, long *v) {
    #if PY_VERSION_HEX < 0x030C0000 && !defined(PYPY_VERSION)
        Py_ssize_t n = Py_SIZE(o);
        if (n == 0) { *v = 0; return 1; }
        if (n == 1) { *v = (long)((PyLongObject *)o)->ob_digit[0]; return 1; }
        if (n == -1) { *v = -(long)((PyLongObject *)o)->ob_digit[0]; return 1; }
    #endif
        return 0;
    }
    """
    bint one_digit_long "sgs_one_digit_long"(object o, long *v)
