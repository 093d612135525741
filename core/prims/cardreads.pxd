# The card being resolved's most asked readers in place (docs/performance.md, step 261): each
# `<name>_in(g, f, …)` is resolving's primitive compiled into the generated unit that asks it —
# the use flow's 此牌 (~3,000 asks in the six games of `sgs bench --what instructions`), its
# targets' emptiness, list and order (~2,900, ~1,900 and ~1,350), the move flow's
# 甲对应的虚拟牌为延时锦囊牌 (~2,000) — its commonest answer read in place, borrowed, where the call
# across modules paid its entry and exit (a function pointer's call, registers saved and
# restored, the nonecheck tests). The move flow's two asks whose answer is one (~3,400, step
# 264a): nearly all they cost was the call.
# Anything else goes to resolving's function, the one definition, which pure mode runs.
# compiler.emit (INLINED) writes the names; a unit cimports them compiled only. A declaration
# file only: no module of this name exists.

from cpython.ref cimport PyObject
from core.engine cimport Game, Frame
from core.prims.base cimport X_LASTCARD, _VBASE, _S_VC
from core.prims.fast cimport _ints_at, _list_item, _size
from core.prims.smallint cimport one_digit_long
from core.prims.verdict cimport _done_fast
from core.prims.resolving cimport (
    this_card, targets_empty, target_list, sort_targets, virtual_is_delayed_trick, S_CORR,
    V_TARGETS, _Z_JUDGE)

# The flows units are compiled at -O1 (compiler/build.py's FLOWS_OPT), where gcc leaves a static
# inline function a call (virtual_is_delayed_trick_in's ~65 instructions an ask, measured): these
# prototypes of Cython's names for this file's functions (as in movedkind.pxd) make them always
# inlined (tests/backend/test_card_reads_inlined.py checks that none is left in a built flows
# unit). Not in the units built at -O0 (no __OPTIMIZE__), where the inlined body, unoptimized,
# cost more than the call of one function built at -O2 (CYTHON_INLINE there: +10 k in the six
# games' 此牌 of skills and cards, measured)
cdef extern from *:
    """
    struct __pyx_obj_4core_6engine_Game;
    struct __pyx_obj_4core_6engine_Frame;
    #ifdef __OPTIMIZE__
    #define SGS_READ_INLINED static inline __attribute__((always_inline))
    #else
    #define SGS_READ_INLINED static CYTHON_INLINE
    #endif
    SGS_READ_INLINED PyObject *__pyx_f_4core_5prims_9cardreads_this_card_in(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *);
    SGS_READ_INLINED PyObject *__pyx_f_4core_5prims_9cardreads__targets_at(
        struct __pyx_obj_4core_6engine_Game *, PyObject *);
    SGS_READ_INLINED int __pyx_f_4core_5prims_9cardreads_targets_empty_in(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *, PyObject *);
    SGS_READ_INLINED PyObject *__pyx_f_4core_5prims_9cardreads_target_list_in(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *, PyObject *);
    SGS_READ_INLINED int __pyx_f_4core_5prims_9cardreads_virtual_is_delayed_trick_in(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *, PyObject *);
    SGS_READ_INLINED PyObject *__pyx_f_4core_5prims_9cardreads_sort_targets_in(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *, PyObject *,
        PyObject *);
    SGS_READ_INLINED int __pyx_f_4core_5prims_9cardreads_moved_off_prescribed_zone_in(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *, PyObject *);
    SGS_READ_INLINED PyObject *__pyx_f_4core_5prims_9cardreads_set_keep_zone_in(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *, PyObject *,
        PyObject *, PyObject *);
    #undef SGS_READ_INLINED
    /* a list or a tuple, exactly (a record's targets: () until written, a list, a kept tuple) */
    #define sgs_list_or_tuple(o) (PyList_CheckExact(o) || PyTuple_CheckExact(o))
    """
    bint _list_or_tuple "sgs_list_or_tuple"(PyObject *o) noexcept
    bint _tuple_exact "PyTuple_CheckExact"(PyObject *o) noexcept

# 此牌: the card the frame's scratch names last (this_card's first answer), borrowed
cdef inline object this_card_in(Game g, Frame f):
    cdef PyObject *v = _list_item(<PyObject *>f.x, X_LASTCARD)
    if v != NULL and v != <PyObject *>None:
        return <object>v
    return this_card(g, f)

# virtual card c's targets field (one-digit int c >= VBASE, its live record a list), borrowed, or
# NULL where it is not read so (resolving's _vfield_at's reads)
cdef inline PyObject *_targets_at(Game g, object c) noexcept:
    cdef long i
    cdef PyObject *r
    if type(c) is not int or not one_digit_long(c, &i) or i < _VBASE:
        return NULL
    r = _list_item(<PyObject *>g.root_state, _S_VC)
    if r != NULL:
        r = _list_item(r, i - _VBASE)
        if r != NULL:
            return _list_item(r, V_TARGETS)
    return NULL

cdef inline bint targets_empty_in(Game g, Frame f, object c) except -1:
    cdef PyObject *v = _targets_at(g, c)
    if v != NULL and _list_or_tuple(v):
        return _size(v) == 0
    return targets_empty(g, f, c)

# the kept tuple as it is (target_list's answer once a record's list was copied: decision 0131)
cdef inline object target_list_in(Game g, Frame f, object c):
    cdef PyObject *v = _targets_at(g, c)
    if v != NULL and _tuple_exact(v):
        return <object>v
    return target_list(g, f, c)

# 此牌的目标列表重新排序 of a card of one target or none (most uses): in order already, done
# (sort_targets' first answer, its verdict written by verdict.pxd's _done_fast, as the room's)
cdef inline object sort_targets_in(Game g, Frame f, object strict, object c):
    cdef PyObject *v = _targets_at(g, c)
    if v != NULL and _list_or_tuple(v) and _size(v) < 2:
        return _done_fast(f, True)
    return sort_targets(g, f, strict, c)

# a physical card that has no virtual card (its correspondence item None) and is in no 判定区: no
# delayed trick (virtual_is_delayed_trick's commonest answer). The table's read bounds c's id (a
# virtual card's is past it); the card's zone kind read from the game's int arrays borrowed
# (zonekind.pxd's card_zone_kind took and dropped a reference to each)
cdef inline bint virtual_is_delayed_trick_in(Game g, Frame f, object c) except -1:
    cdef long i
    cdef PyObject *p
    if type(c) is int and one_digit_long(c, &i):
        p = _list_item(<PyObject *>g.root_state, S_CORR)
        if p != NULL:
            p = _list_item(p, i)
            if p == <PyObject *>None and _ints_at(
                    <PyObject *>g.zkind_at, _ints_at(<PyObject *>g.card_zone, i)) != _Z_JUDGE:
                return False
    return virtual_is_delayed_trick(g, f, c)

# 是因执行技能的效果而从使用或打出流程中规定的区域移至其他区域的 and 设定为…的维系区域 (the move flow's, of
# each card moved and each move): resolving's answers, whatever the card, zone or cards (no pack's
# skill moves a card off its flow's zone; the keep zone is the flow's own), inlined whole (step
# 264a); test_card_reads.py holds them to resolving's functions
cdef inline bint moved_off_prescribed_zone_in(Game g, Frame f, object c) except -1:
    return False

cdef inline object set_keep_zone_in(Game g, Frame f, object strict, object z, object cards):
    return _done_fast(f, True)
