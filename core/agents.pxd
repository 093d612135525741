# Declarations augmenting core/agents.py (Cython pure-Python mode, like engine.pxd): the random
# player as an extension type whose methods are C calls (a Python subclass may override them).
cimport cython
from core.decision cimport Decision, _below, prompt_of, prompt_starts
from core.engine cimport Game
from core.rng cimport Rng

# the card-use skills' ids of the last skill list read (a C call from RandomPlayer._use_ids)
cpdef object _card_use_ids(object sk)
cdef bint _starts(object s, object prefix) except -1

cdef class Agent:
    cpdef object choose(self, Game g, Decision d)

cdef class RandomPlayer(Agent):
    cdef public object rng
    # by seat (step 113d): lists, where dicts were popped at each idle point; the flags bytes
    # (step 192b: a byte read or written in place)
    cdef public list plan, others
    cdef public bytearray cancel, chose
    cpdef object _random(self, Decision d)
    cpdef object _use_ids(self, Game g)
    cdef int _seats(self, int who) except -1
    @cython.locals(who=cython.int)
    cpdef object choose(self, Game g, Decision d)
    @cython.locals(opts=list, who=cython.int)
    cpdef object _idle(self, Game g, Decision d)
    # ncards and the draw C ints (step 200e: a draw boxed, added, compared and subtracted as
    # objects)
    @cython.locals(rest=list, i=cython.longlong)
    cpdef object _draw(self, int who, int ncards, Decision d)

@cython.locals(k=cython.long, d=Decision, seats=cython.bint)
cpdef object play(Game g, object agents, long max_decisions=*)
