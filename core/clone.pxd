# Augmenting declarations for core/clone.py (Cython pure-Python mode, like engine.pxd).
# This module and core.engine cimport each other: engine.pxd declares Game, Frame, Player and
# VCard before it cimports clone_game.
cimport cython
from core.engine cimport Game, Frame, Player, VCard

@cython.locals(g=Game)
cpdef Game clone_game(Game src)

# a clone's copies of frames and their values (clone_game)
@cython.locals(t=object)
cpdef object _copy_val(object v, dict memo)
@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, t=object)
cdef bint _flat(object a) except -1
@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, r=list, t=object)
cpdef list _copy_list(list a, dict memo)
@cython.locals(c=Frame)
cpdef Frame _copy_frame(Frame f, dict memo)
