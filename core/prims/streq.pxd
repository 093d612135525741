# Two strs compared for equality in C (docs/performance.md, step 134): a card's category against
# a name (cards.is_delayed_trick, is_equipment, _name_cat …, ~5,000 tests in the six games), where
# Cython compares an object with a str by PyUnicode_Compare's ordering (~73 instructions, a call
# into the interpreter), most often of two strs that differ. The same object, then the lengths,
# then the first characters tell most pairs apart; the rest (and anything not a str) compare as
# Python does. cards.py's _str_eq is the definition, which pure mode runs; compiled, the rooms
# that test categories cimport this one. A declaration file only: no module of this name exists.

cdef inline bint str_eq(object a, object b) except -1:
    cdef Py_ssize_t n
    if a is b:
        return True
    if type(a) is str and type(b) is str:
        n = len(<str>a)
        if n != len(<str>b):
            return False
        if n > 0 and (<str>a)[0] != (<str>b)[0]:
            return False
    return a == b
