# Declarations augmenting core/prims/decisions.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in decisions.py.

cimport cython
from core.engine cimport Game, Frame, Player
from core.decision cimport Decision, new_decision
from core.ruleset cimport Program
from core.prims.base cimport (
    Pick, X_CARDS, X_CHOSEN, X_JUDGE, X_LASTCARD, X_TMP, _CHILDEXEC, _F_PHASE, _F_TURN, _NOTEXEC,
    executed)
@cython.locals(h=Frame)
# args: the frame's slots, a new list from each caller (kept as the frame's, not copied); op and
# who C ints, the frame's a and b (step 185a: this room's callers boxed their C ints for it to
# unbox at each of ~1,600 helper frames in the six games)
cpdef object _helper(Game g, Frame f, int op, list args, int who=*)
# the rooms' operations whose arguments still hold a Pick: a C call (it was a Python call)
cpdef object _resolve(Game g, Frame f, object name, object strict, object args, object prompt)
# whether the arguments hold a Pick, asked by moves, use, resolving and zones before their
# operations: a C call (step 200d: a Python call of a tuple)
cpdef bint _needs_resolve(object args) except -1
# a helper frame's step, its status a C int (step 157e): HelperProgram.run answers it as it is,
# where it was boxed here and converted back there at each of ~3,300 steps in the six games.
# A program's C function itself (ruleset.pxd's ProgFn; ids unused), the engine's call of
# HelperProgram's fn_c (step 200c: it called a wrapper of it)
@cython.locals(parent=Frame, s=list, d=Decision)
cdef int _helper_run(Game g, Frame h, int *ids) except? -1
# OP_RESOLVE's steps, a C call (step 104b: its locals out of _helper_run's entry and exit); pk: the
# Pick it asks for (its fields read in C)
@cython.locals(d=Decision, pk=Pick, n=Py_ssize_t, i=Py_ssize_t)
cdef int _helper_resolve(Game g, Frame h, Frame parent, list s) except -1
# OP_RESOLVE's call's arguments (g, h, s[1], *s[3:]): one tuple made at its size (step 163)
@cython.locals(n=Py_ssize_t, i=Py_ssize_t, t=tuple)
cdef tuple _prim_args(Game g, Frame h, list s)
# a continuation (OP_CARDS_THEN, OP_ASK_THEN): a C call to the three these frames run most
@cython.locals(name=str, n=Py_ssize_t)
cdef object _then(Game g, Frame h, list s, Py_ssize_t i, object v)
# the ops after the first four, a C call with the op as a C int (it was a Python call)
@cython.locals(d=Decision)
cdef int _helper_more(Game g, Frame h, int op, Frame parent, list s) except -1
cdef class HelperProgram(Program):
    cpdef int run(self, Game g, Frame f) except? -1
# i: the scratch index copied, a C int (hx[i]: a C index into the list)
@cython.locals(px=list, hx=list, i=int)
cpdef object _copy_verdict(Game g, Frame h, Frame parent)
@cython.locals(pl=Player)
cpdef object ask_yesno(Game g, Frame f, object strict, object who, object prompt=*)
# an ordered choice's guard with the roles in that order: a C call (step 273b: _orders_exist
# and _InOrder called it by name through Python)
@cython.locals(st=list)
cpdef bint order_holds(Game g, Frame f, object guard, object roles) except -1

# the root state's and the virtual-card records' indices (base's S_*/V_*) this room reads,
# imported from base as C ints: its records are indexed in C, not with Python ints
cdef Py_ssize_t S_CHOSEN, S_NEED, S_ORDER
# the decisions' kinds (the engine's D_*), passed to new_decision as C ints at every question
cdef int D_CARDS, D_OPTION, D_PLAYERS, D_YESNO
# the helper frames' ops (base's OP_*), compared as C ints at every helper step
cdef int OP_ARRANGE, OP_ASK_THEN, OP_CARDS_THEN, OP_GIVE_EACH, OP_IN_TURN, OP_OPTION, OP_PINDIAN
cdef int OP_QUESTION, OP_PLAY_N, OP_RESOLVE, OP_YESNO
# step 98b: X选择一项 and its options' needs, their trailing values one tuple (compiler
# emit.PACKED): called by name (P.<name>) 16 and 30 times in `sgs bench --what instructions`' six
# games after steps 82-83
cpdef object choose_option(Game g, Frame f, object strict, object chooser, object n, object labels, tuple ok)
cpdef tuple _option_ok(Game g, Frame f, object guard, object k, tuple vals)
# an option's need for its chooser: a C call from choose_option (step 273f: a Python call of a
# def, its tuple sliced through Python at each of ~90 choices in the bench's 30 games)
@cython.locals(k=Py_ssize_t)
cdef bint _option_fits(Game g, Frame f, object who, object need) except -1
