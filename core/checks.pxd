# Augmenting declarations for core/checks.py (Cython pure-Python mode, like engine.pxd).
# This module and core.engine cimport each other: engine.pxd declares Game and Player before
# engine.py cimports check_engine_state.
cimport cython
from core.engine cimport Game, Player, Frame, Card, G_PLAIN, plain_bit

@cython.locals(seen=list, zi=cython.Py_ssize_t, c=object, i=cython.Py_ssize_t, pl=object, q=Player,
               bits=cython.longlong)
cpdef object check_engine_state(Game g)
@cython.locals(i=cython.Py_ssize_t, m=cython.Py_ssize_t, want=list, bits=cython.ulonglong)
cpdef object check_hand_names(Game g)
@cython.locals(i=cython.Py_ssize_t)
cpdef Frame innermost_turn(list st)
@cython.locals(i=cython.Py_ssize_t, fl=cython.int)
cpdef Frame innermost_phase(list st)
