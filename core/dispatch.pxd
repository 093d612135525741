# Augmenting declarations for core/dispatch.py (Cython pure-Python mode, like engine.pxd).
# This module and core.engine cimport each other: engine.pxd declares Game, Frame and Player
# before engine.py cimports these functions.
cimport cython
from cpython cimport array
from core.engine cimport Game, Frame, Player
from core.ruleset cimport Skill

# Game._candidates (the dispatch frame and a settled timing: each seat asked)
@cython.locals(pl=Player, held=list, ev=Frame)
cdef object candidates(Game g, Frame f, int p)
# Game.skill_ready (candidates runs it inline before a skill's own condition)
cdef bint _skill_ready(Game g, Skill s, int owner, Frame ev, int t) except -1
