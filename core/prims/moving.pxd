# 此次移动的牌 in place (docs/performance.md, step 81): `moving_cards_in(g, f)` is moves.moving_cards
# compiled into the generated unit that asks it — for f the running 移动 itself (the move flow's
# program, ~10,000 asks in the six games of `sgs bench --what instructions`), the scratch's
# X_CARDS item read in place, where the call across modules paid its entry, its exit and its
# arguments' references (~75 instructions). Anything else (another frame, no scratch, no cards
# recorded, a ruleset not the runtime's) goes to moves.moving_cards, the one definition, which
# pure mode runs. compiler.emit (INLINED) writes its name; a unit cimports it compiled only. Each
# unit is cythonized in a context of its own (decision 0070), so this body reaches only the units
# that cimport it. A declaration file only: no module of this name exists.

from cpython.ref cimport PyObject
from core.engine cimport Game, Frame
from core.prims.base cimport X_CARDS, X_KEPTEQUIP
from core.prims.moves cimport moving_cards
from core.prims.zones cimport roles_losing_equipment
from core.prims.fast cimport _list_item
from core.prims.movedzone cimport _is_move

# item i of a frame's scratch x when x is a list that has one and it is not None: borrowed
# (fast.pxd's _list_item, its one helper)
cdef inline PyObject *_scratch_item(PyObject *x, Py_ssize_t i) noexcept:
    cdef PyObject *v = _list_item(x, i)
    return NULL if v == <PyObject *>None else v

# the runtime's tables are set before a game runs a program (base._T's callers read them so)
cdef inline object moving_cards_in(Game g, Frame f):
    return moving_cards_mv(g, f, _is_move(g, f))

# the same answer borrowed, for a value's argument (compiler.emit.BORROWED_FORM): the scratch's
# item as it is, no reference taken and dropped around the call. moves.moving_cards's answer is
# held the same way (a move's scratch, or the empty tuple), so its reference is dropped here.
cdef inline PyObject *moving_cards_ref(Game g, Frame f) except NULL:
    return moving_cards_ref_mv(g, f, _is_move(g, f))

# The move's test made once (step 213a): in a generated program's function, mv = move_here(g, f)
# at its start — a frame's program and its game's ruleset do not change while its function runs —
# and each ask of that function takes it (compiler.emit's *_mv forms), where each made the test
# (~10,000 asks of 此次移动的牌 in the six games of `sgs bench --what instructions`)
cdef inline bint move_here(Game g, Frame f) noexcept:
    return _is_move(g, f)

cdef inline object moving_cards_mv(Game g, Frame f, bint mv):
    cdef PyObject *v
    if mv:
        v = _scratch_item(<PyObject *>f.x, X_CARDS)   # borrowed: no reference taken
        if v is not NULL:
            return <object>v
    return moving_cards(g, f)

cdef inline PyObject *moving_cards_ref_mv(Game g, Frame f, bint mv) except NULL:
    cdef PyObject *v
    cdef object o
    if mv:
        v = _scratch_item(<PyObject *>f.x, X_CARDS)
        if v is not NULL:
            return v
    o = moving_cards(g, f)
    return <PyObject *>o

# 此次移动中失去装备区里的牌的角色 (zones.roles_losing_equipment) asked by the running 移动 itself,
# once a move (~1,460 in the six games): none when move_cards recorded every origin kept off the
# equipment zones (X_KEPTEQUIP holds the very 此次移动的牌, X_CARDS), read in place where the call
# across modules paid its entry, its exit and the scratch's counted reads (~80 instructions).
# Anything else goes to the primitive, the one definition, which pure mode runs.
cdef inline object roles_losing_equipment_in(Game g, Frame f):
    return roles_losing_equipment_mv(g, f, _is_move(g, f))

# … with the move's test made once (moving_cards_mv's mv)
cdef inline object roles_losing_equipment_mv(Game g, Frame f, bint mv):
    cdef PyObject *kept
    if mv:
        kept = _scratch_item(<PyObject *>f.x, X_KEPTEQUIP)   # borrowed; NULL: none, or None
        if kept is not NULL and kept == _list_item(<PyObject *>f.x, X_CARDS):
            return ()
    return roles_losing_equipment(g, f)
