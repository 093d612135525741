# Augmenting declarations for core/clone.py (Cython pure-Python mode, like engine.pxd).
# This module and core.engine cimport each other: engine.pxd declares Game, Frame, Player and
# VCard before it cimports clone_game.
cimport cython
from cpython cimport array
from cpython.ref cimport Py_REFCNT
from cpython.object cimport PyObject
from core.engine cimport (Game, Frame, Player, Card, VCard, _ai_set, _copy_ints, _ints, OWN_GAME,
                          OWN_PLAYER, G_DEBUG, G_PLAIN, plain_bit, set_log_level,
                          OWN_HAS, OWN_INVALID, OWN_MARKS, OWN_HAND,
                          OWN_CARD_ZONE, OWN_LISTEN, OWN_HOLDERS,
                          OWN_SKILL_USES, OWN_CNT, LISTEN_COUNT, LISTEN_MARKS, _ai)
from core.spares cimport frame_obj
from core.decision cimport Decision
from core.rng cimport Rng

# a new game's state (Game.__init__), laid out beside its copy
cdef int init_game(Game g, object rs, object nplayers, object seed, object cards, object first,
                   object log_level, object debug, object setup) except -1
# a game's listen array given its ruleset's marks above its counts (init_game, Game.set_rules)
@cython.locals(t=cython.Py_ssize_t, m=array.array)
cdef int mark_listen(Game g) except -1

@cython.locals(g=Game, share=object, zs=array.array, n=cython.Py_ssize_t, i=cython.Py_ssize_t,
               frames=list, memo=list, f=object)
cpdef Game clone_game(Game src)

# a Player's and a Frame's copies (Player.copy, Frame.copy), and the copy on write of the tables a
# clone shares (Game._own, Player._own: when a table of bits is still shared)
@cython.locals(p=Player)
cdef Player player_copy(Player pl)
@cython.locals(b=cython.int)
cdef int own_player_tables(Player pl, int bits) except -1
@cython.locals(b=cython.int)
cdef int own_game_tables(Game g, int bits) except -1
@cython.locals(c=Frame)
cdef Frame frame_copy(Frame f)

# a clone's copies of frames and their values (clone_game)
cdef bint _alone(object v, Py_ssize_t holders) noexcept
@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t)
cdef object _copied(list memo, object v)
@cython.locals(t=object, r=list, c=object)
cdef object _copy_val(object v, list memo, bint alone)
@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, la=list, ta=tuple, e=object)
cdef bint _flat(object a) except -1
@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, e=object, c=object)
cdef int _fix_items(object a, list r, list memo) except -1
@cython.locals(r=list, c=object)
cdef list _copy_list(list a, list memo, bint alone)
@cython.locals(r=dict, t=object, e=object, c=object)
cdef dict _copy_dict(dict a, list memo)
# a frame's copy in the clone being made (its field twin: a C pointer when compiled)
cdef Frame _twin(Frame f)
cdef int _set_twin(Frame f, Frame c) except -1
@cython.locals(c=Frame, r=Frame, v=object)
cdef Frame _copy_frame(Frame f, list memo)
