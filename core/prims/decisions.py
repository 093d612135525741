# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""Helper frames: the runtime's questions (choose an option, yes/no, cards, roles, an
order) asked on behalf of a generated frame, and the continuations that run with the answer.

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import cython

from core import engine as E
# the engine's constants by name: module globals of this room (a cached lookup), not
# attribute lookups on the engine module at every use
from core.engine import (D_CARDS, D_OPTION, D_PLAYERS, D_YESNO, Z_DRAW, Z_HAND)
from core.decision import new_decision
from core.ruleset import Program
from core.prims.base import (
    NONE, OP_ARRANGE, OP_ASK_THEN, OP_CARDS_THEN, OP_GIVE_EACH, OP_IN_TURN, OP_OPTION, OP_PINDIAN,
    OP_QUESTION, OP_PLAY_N, OP_RESOLVE, OP_YESNO, Pick, S_CHOSEN, S_NEED, S_ORDER, _BY_ID, _CAPI,
    _IDS, executed, prim, EVI_PINDIAN)
if not cython.compiled:   # C constants (base.pxd), cimported by this room's .pxd
    from core.prims.base import (
        X_CARDS, X_CHOSEN, X_JUDGE, X_LASTCARD, X_TMP, _CHILDEXEC, _F_PHASE, _F_TURN, _NOTEXEC)
    from core.engine import Frame, Game   # (C types compiled: _helper_ops's)
    from core.decision import Decision
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import (
        _T_fast as _T, _get_fast as _get, _sx_fast as _sx, _st_fast as _st, _S_fast as _S,
        _by_prog_at)
    from cython.cimports.core.prims.base import Rules, Tables
else:
    from core.prims.base import _T, _get, _sx, _st, _S, _event_ctx
# a Pick's kind compared with a name: compiled, in C (core/prims/streq.pxd, step 134)
if cython.compiled:
    from cython.cimports.core.prims.streq import str_eq as _str_eq
else:
    from core.prims.cards import _str_eq
if cython.compiled:   # a verdict's flags written in place (core/prims/verdict.pxd, step 114)
    from cython.cimports.core.prims.verdict import _done_fast as _done, _set_exec_fast as _set_exec
else:
    from core.prims.base import _done, _set_exec
# the other rooms, by module (they import each other): a C call for what their .pxd declares
from core.prims import (
    cards as Cards, flow as Flow, moves as Moves, targets as Targets, turns as Turns, use as Use,
    zones as Zones)
if cython.compiled:
    from cython.cimports.core.prims import (
        cards as Cards, flow as Flow, moves as Moves, targets as Targets, turns as Turns,
        use as Use, zones as Zones)
    # a helper frame made and pushed inline (spares.pxd's pushed_frame, from spares' spare frames)
    from cython.cimports.cpython.ref import PyObject, Py_INCREF
    from cython.cimports.cpython.tuple import PyTuple_New, PyTuple_SET_ITEM
    from cython.cimports.core.spares import kept_frames_at, kept_slots_at, pushed_frame
    _FRAMES_AT = cython.declare(cython.pointer(cython.pointer(PyObject)), kept_frames_at())
    # a yes/no frame's slot list of one from the kept lists (flow.pxd's args_slots), where
    # ask_yesno made one at each of ~1,000 questions in the six games and its frame's death
    # kept or freed it
    from cython.cimports.core.prims.flow import args_slots
    _SLOTS_AT = cython.declare(cython.pointer(cython.pointer(PyObject)), kept_slots_at())
    # the primitives helper frames run, called through their rooms' C functions (primcall.pxd,
    # docs/decisions/0250): the table by primitive id, its entries made at each id's first run
    from cython.cimports.core.prims.primcall import PrimC, call_c, PRIMC_MIN, PRIMC_MAX
    from cython.cimports.cpython.mem import PyMem_Realloc
    from cython.cimports.cpython.pycapsule import PyCapsule_GetPointer, PyCapsule_IsValid
    from cython.cimports.cpython.list import PyList_GET_ITEM
    from cython.cimports.cpython.ref import Py_XDECREF
    _ENTRIES = cython.declare(cython.pointer(PrimC), cython.NULL)
    _NENTRIES = cython.declare(Py_ssize_t, 0)
    # the names of the capsules of the functions call_c calls (Cython's C signatures), by how
    # many objects they take after the game and the frame, from PRIMC_MIN
    _SIGS = [("PyObject *(struct __pyx_obj_4core_6engine_Game *, "
              "struct __pyx_obj_4core_6engine_Frame *, " + "PyObject *, " * m
              + "int __pyx_skip_dispatch)").encode() for m in range(PRIMC_MIN, PRIMC_MAX + 1)]
# the registry by id (base._BY_ID, _CAPI, _IDS; the lists grow in place): compiled, typed here
_by_id = cython.declare(list, _BY_ID)
_capi = cython.declare(list, _CAPI)
_ids = cython.declare(dict, _IDS)


# ---- helper frames (decisions) ---------------------------------------------------------------


def _helper(g, f, op, args, who=-1, /):
    # every caller builds a new list of slots for the frame (args): not copied again
    if cython.compiled:   # new_frame and push_frame inline (the push logs none of a, b, y)
        # the tables read once, for the helper's program and _event_ctx's test (step 232a: its
        # fast path read them again at each of ~1,600 pushes in the six games); they and the
        # event context borrowed (the tables are the game's for its life, docs/decisions/0142;
        # f holds its context, the new frame takes its own reference), where a reference to
        # each was taken and dropped at each push (step 253c). A game without the tables: _T
        # raises
        if type(g.rs) is not Rules:
            _T(g)
        t = cython.declare(cython.pointer(PyObject),
                           cython.cast(cython.pointer(PyObject), cython.cast(Rules, g.rs).sgs))
        ev = cython.declare(cython.pointer(PyObject), cython.cast(cython.pointer(PyObject), f)
                            if _by_prog_at(cython.cast(cython.pointer(PyObject),
                                                       cython.cast(Tables, t).prog_is_ev),
                                           f.prog, 0)
                            else cython.cast(cython.pointer(PyObject), f.ev))
        h = pushed_frame(g, _FRAMES_AT, cython.cast(Tables, t).helper, f.owner,
                         cython.cast(Frame, ev), args)
    else:
        h = g.new_frame(_T(g).helper, f.owner, _event_ctx(g, f), 0)
        h.slots = args
        g.push_frame(h)
    h.a = op
    h.b = who
    h.y = f
    _set_exec(f, True)   # (compiled: the flags as gcc's constants, verdict.pxd)
    return 1


@cython.nonecheck(False)   # g and h: the engine's game and the frame on top of its stack
def _helper_run(g, h, ids, /):
    """A helper frame's step: its status (3: done). ``ids``: a program's id table (ruleset.pxd's
    ProgFn), unused."""
    op = h.a
    if op == OP_YESNO:
        # slots: [prompt]. First, with its frames read where they are used (step 200c): ~2,000
        # of the ~3,300 runs in the six games of `sgs bench --what instructions`, half of them
        # the question, which needs no parent
        if h.pc == 0:
            h.pc = 1
            return g.ask(new_decision(D_YESNO, h.b, (), 1, 1, h.slots[0]))
        parent = h.y
        parent.result = g.ans
        _set_exec(parent, parent.result == 1)   # the answer as the C int just stored
        return 3
    # the other ops in a function of their own (step 214a): their object locals, set to NULL and
    # released at each run, and the registers they keep were the yes/no's at each of its ~2,000
    return _helper_ops(g, h, op)


@cython.cfunc
@cython.exceptval(-1, check=True)
@cython.locals(g=Game, h=Frame, op=cython.int, parent=Frame, s=list, d=Decision)
def _helper_ops(g, h, op, /) -> cython.int:
    """_helper_run's ops but the yes/no."""
    parent = h.y
    s = h.slots
    if op == OP_OPTION:
        # slots: [option indices]; who = chooser
        if h.pc == 0:
            h.pc = 1
            d = new_decision(D_OPTION, h.b, s[0], 1, 1, "选择一项")
            d.data = [s[1][i] if i < len(s[1]) else str(i) for i in s[0]]
            return g.ask(d)
        parent.result = s[0][g.ans]   # the answer is an index into the options offered
        _set_exec(parent, True)
        return 3
    if op == OP_CARDS_THEN:
        # slots: [cards, lo, hi, prompt, then-name, then-args...]: ask h.b for
        # cards, then run primitive `then` with (cards,) + then-args as the parent
        if h.pc == 0:
            h.pc = 1
            return g.ask(new_decision(D_CARDS, h.b, s[0], s[1], s[2], s[3]))
        if h.pc == 1:
            chosen = g.ans
            _sx(parent)[X_CARDS] = chosen
            h.pc = 2
            st = _then(g, h, s, 4, chosen)
            if st:
                return st
        _copy_verdict(g, h, parent)
        return 3
    if op == OP_RESOLVE:   # its many locals in a function of its own (step 104b)
        return _helper_resolve(g, h, parent, s)
    return _helper_more(g, h, op, parent, s)


def _helper_resolve(g, h, parent, s, /):
    """_helper_run's OP_RESOLVE: slots [name, strict, prompt, args...]: ask for every Pick
    argument, then run the primitive with the answers, with this frame as its frame. A function
    of its own: its ~16 locals were set to NULL and released at each of _helper_run's ~3,300
    runs in the six games of `sgs bench --what instructions`, most of them other ops."""
    # the arguments read in place (s[3 + i]), where a slice of them was a list at each step
    n = len(s) - 3
    while h.pc < n:
        i = h.pc
        a = s[3 + i]
        if isinstance(a, Pick):
            pk = a   # a Pick: its fields are C reads (typed in the .pxd)
            if _str_eq(pk.kind, "each"):
                # 〔角色组〕的各〔牌组〕: the roles first, then one pick of cards of each
                x = _sx(h)
                who = pk.chooser if pk.chooser >= 0 else h.owner
                if h.result == 0:
                    h.result = 1
                    grp = tuple([p for p in pk.group if len(Zones._pick_src(g, pk.src, p)) > 0])
                    if len(grp) < pk.lo:
                        _set_exec(parent, False)
                        return 3
                    hi = pk.hi if pk.hi < len(grp) else len(grp)
                    return g.ask(new_decision(D_PLAYERS, who, grp, pk.lo, hi, s[2]))
                if h.result == 1:
                    x[X_TMP] = [list(g.ans), []]
                    h.result = 2
                else:
                    x[X_TMP][1].extend(g.ans)
                tmp = x[X_TMP]
                if tmp[0]:
                    p = tmp[0].pop(0)
                    grp = Zones._pick_src(g, pk.src, p)
                    return g.ask(new_decision(D_CARDS, who, grp, 1, 1, s[2]))
                h.result = 0
                v = tuple(tmp[1])
                _sx(parent)[X_CARDS] = v
                s[3 + i] = v
                h.pc = i + 1
                continue
            if h.result == 0:
                h.result = 1
                who = pk.chooser if pk.chooser >= 0 else h.owner
                kind = D_PLAYERS if _str_eq(pk.kind, "players") else D_CARDS
                # the group's size read once, compared with the Pick's C ints (step 192c: it was
                # read four times; an empty group fails whatever its kind or count)
                ng = len(pk.group)
                if ng < pk.lo or ng == 0:
                    _set_exec(parent, False)
                    return 3
                hi = pk.hi if pk.hi < ng else ng
                lo = pk.lo if pk.lo <= hi else hi
                guard = order_guard(g, parent) if _str_eq(pk.kind, "players") and lo >= 2 else None
                if guard is not None:
                    # 先选择的/后选择的: the order is the chooser's, and only orders in which
                    # the effect can be executed are offered (000:79 〖离间〗)
                    d = new_decision(kind, who, pk.group, lo, hi, s[2])
                    d.valid = _InOrder(guard)
                    d.ordered = True
                    return g.ask(d)
                valid = _same_suit if isinstance(pk.src, tuple) and pk.src[0] == Zones.SRC_HAND_SAME_SUIT else None
                d = new_decision(kind, who, pk.group, lo, hi, s[2])
                d.valid = valid
                return g.ask(d)
            h.result = 0
            v = g.ans
            if pk.vname is not None:
                v = Cards._new_vcard(g, pk.vname, tuple(v))
                _sx(parent)[X_LASTCARD] = v
            elif _str_eq(pk.kind, "players"):
                _st(g)[S_CHOSEN] = tuple(v)
                if pk.hi == 1:
                    v = v[0] if v else NONE
                _sx(parent)[X_CHOSEN] = v if isinstance(v, int) else (v[0] if v else NONE)
            else:
                _sx(parent)[X_CARDS] = v
            s[3 + i] = v
        h.pc = i + 1
    if h.pc == n:
        h.pc = n + 1
        # the primitive by its id (docs/decisions/0250): compiled, its room's C function when
        # the table has one taking strict and the n arguments
        k = cython.declare(cython.Py_ssize_t, s[0])
        if cython.compiled and _c_entry(k) == n + 1:
            st = call_c(_ENTRIES + k, g, h, s[1], s[3], s, 4)
        else:
            st = _by_id[k](*_prim_args(g, h, s))
        if st:
            return st
    _copy_verdict(g, h, parent)
    return 3



def _prim_args(g, h, s, /):
    """``(g, h, s[1], *s[3:])``, OP_RESOLVE's call of its primitive: compiled, one tuple made at
    its size, where the call made the slice, its tuple and their sum with (g, h, s[1])."""
    if cython.compiled:
        n = len(s)
        t = PyTuple_New(n)
        Py_INCREF(g)   # each item a reference of the tuple's own
        PyTuple_SET_ITEM(t, 0, g)
        Py_INCREF(h)
        PyTuple_SET_ITEM(t, 1, h)
        v = s[1]
        Py_INCREF(v)
        PyTuple_SET_ITEM(t, 2, v)
        for i in range(3, n):   # the arguments at their own indices
            v = s[i]
            Py_INCREF(v)
            PyTuple_SET_ITEM(t, i, v)
        return t
    return (g, h, s[1], *s[3:])


def _then(g, h, s, i, v, /):
    """A helper frame's continuation: primitive s[i] (its id: every room names its
    continuations by ``prim_id``), run with h as its frame, the answer v and the arguments
    s[i + 1:] — ``_BY_ID[id](g, h, True, v, *s[i + 1:])``.
    Compiled, a C call to its room's function when the table has one taking those (of the six
    games' 439 continuations: _set_moving 215, _set_targets 126, _set_physical 48 …,
    docs/decisions/0250); else a Python call of a tuple of them."""
    k = cython.declare(cython.Py_ssize_t, s[i])
    n = len(s) - i - 1   # how many arguments of its own the continuation has
    if cython.compiled and _c_entry(k) == n + 2:
        return call_c(_ENTRIES + k, g, h, True, v, s, i + 1)
    return _by_id[k](*_then_args(g, h, v, s, i + 1))


@cython.cfunc
@cython.locals(g=Game, h=Frame, s=list, j=cython.Py_ssize_t, n=cython.Py_ssize_t,
               m=cython.Py_ssize_t)
def _then_args(g, h, v, s, j, /) -> tuple:
    """``(g, h, True, v, *s[j:])``, a continuation's Python call's arguments: compiled, one
    tuple made at its size, where the call made (g, h, True, v), the slice, its tuple and their
    sum (~50 of the six games' continuations: _set_general_chosen 36, _set_suit 9 …)."""
    if cython.compiled:
        n = len(s)
        t = PyTuple_New(n - j + 4)
        Py_INCREF(g)   # each item a reference of the tuple's own
        PyTuple_SET_ITEM(t, 0, g)
        Py_INCREF(h)
        PyTuple_SET_ITEM(t, 1, h)
        Py_INCREF(True)
        PyTuple_SET_ITEM(t, 2, True)
        Py_INCREF(v)
        PyTuple_SET_ITEM(t, 3, v)
        for m in range(j, n):
            a = s[m]
            Py_INCREF(a)
            PyTuple_SET_ITEM(t, m - j + 4, a)
        return t
    return (g, h, True, v, *s[j:])


@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=False)
@cython.locals(k=cython.Py_ssize_t)
def _c_entry(k, /) -> cython.Py_ssize_t:
    """(compiled) How many objects primitive k's C function in the table takes after the game
    and the frame (strict and its arguments; 0: it has none, a Python call). Its entry is made
    at the id's first run, and again when another function has been registered under the id
    since (an alias: the entry's obj, a reference it holds, is no longer what _BY_ID holds)."""
    if k < _NENTRIES and _ENTRIES[k].obj == cython.cast(cython.p_void, PyList_GET_ITEM(_by_id, k)):
        return _ENTRIES[k].n
    return _make_entry(k)


def c_entry_of(name, /):
    """How many objects after the game and the frame the C function takes that helper frames
    call for primitive ``name`` (_c_entry; 0: none, a Python call; pure mode: 0)."""
    return _c_entry(_ids[name]) if cython.compiled else 0


@cython.cfunc
@cython.exceptval(-1, check=False)
@cython.locals(k=cython.Py_ssize_t, m=cython.Py_ssize_t, n=cython.Py_ssize_t)
def _make_entry(k, /) -> cython.Py_ssize_t:
    """(compiled) _c_entry's entry k made for what _BY_ID holds now: its capsule's signature
    (base._CAPI) read once per process."""
    global _ENTRIES, _NENTRIES
    if k >= _NENTRIES:   # ids registered since the table grew: their entries not made yet
        n = len(_by_id)
        p = PyMem_Realloc(_ENTRIES, n * cython.sizeof(PrimC))
        if p == cython.NULL:
            raise MemoryError()
        _ENTRIES = cython.cast(cython.pointer(PrimC), p)
        for m in range(_NENTRIES, n):   # not made (what memset's call cost 15 times over)
            _ENTRIES[m].obj = cython.NULL
        _NENTRIES = n
    e = cython.declare(cython.pointer(PrimC), _ENTRIES + k)
    fn = _by_id[k]
    if e.obj != cython.cast(cython.p_void, fn):
        Py_INCREF(fn)
        Py_XDECREF(cython.cast(cython.pointer(PyObject), e.obj))
        e.obj = cython.cast(cython.p_void, fn)
        e.fn = cython.NULL
        e.n = 0
        cap = _capi[k]
        if cap is not None:
            for m in range(PRIMC_MIN, PRIMC_MAX + 1):
                sig = _SIGS[m - PRIMC_MIN]
                if PyCapsule_IsValid(cap, sig):
                    e.fn = PyCapsule_GetPointer(cap, sig)
                    e.n = m
                    break
    return e.n


class HelperProgram(Program):
    """The runtime's helper frames (<prims>: questions and their follow-ups) as a program:
    ``run`` calls _helper_run as a C function (an FnProgram called it through Python, ~3,400
    runs in the six games). Compiled, its ``fn_c`` is _helper_run itself, which the engine calls
    directly (ruleset.pxd's run_program, as a unit's program: step 185d; step 200c: through a
    wrapper of it before), where it called ``run`` through the vtable and its override test at
    each run."""

    def __init__(self, name=""):
        Program.__init__(self, name)
        if cython.compiled:
            self.fn_c = _helper_run

    def run(self, g, f):
        if g is None or f is None:   # (_helper_run reads them unchecked)
            raise TypeError("HelperProgram.run needs a game and a frame")
        return _helper_run(g, f, cython.NULL)


def _same_suit(g, answer, /):
    """〔X〕张花色相同的手牌 (〖乱击〗): the cards chosen are of one suit (as the rules read it)."""
    cards = list(answer) if isinstance(answer, (list, tuple)) else [answer]
    if not cards:
        return True
    s = Cards.phys_suit(g, cards[0])
    for c in cards:
        if Cards.phys_suit(g, c) != s:
            return False
    return s >= 0


# ---- ordered choices of roles ------------------------------------------------------------------


@prim(guard="*")
def order_matters(g, f, strict, guard, /):
    """The roles frame f chooses next are chosen in order: its effect reads 先选择的角色 /
    后选择的角色 (compiler lower.order_guard). ``guard(g, f)``: whether the effect can be executed
    with the roles chosen so far (S_CHOSEN) in that order; only such orders are offered (000:79,
    001:205: 貂蝉 decides which man uses 〖离间〗's 【决斗】 on the other; 诸葛亮 under 〖空城〗
    can only be its user)."""
    _st(g)[S_ORDER] = (f.id, guard)
    return _done(f, True)


def order_guard(g, f, /):
    """The guard of frame f's ordered choice (order_matters), or None."""
    v = _st(g)[S_ORDER]
    if v is None or f is None or v[0] != f.id:
        return None
    return v[1]


def order_holds(g, f, guard, roles, /):
    """guard(g, f) with ``roles`` as the roles chosen, in that order (S_CHOSEN restored)."""
    st = _st(g)
    old = st[S_CHOSEN]
    st[S_CHOSEN] = tuple(roles)
    try:
        return bool(guard(g, f))
    finally:
        st[S_CHOSEN] = old


class _InOrder:
    """A Decision's ``valid``: an ordered choice whose effect can be executed (order_holds). It
    names no frame: while the decision is pending the helper frame that asked it is on top of
    the stack, the choosing frame in its y — so a clone's copy of the decision (Game.clone)
    checks the clone's frames, not the original's."""

    def __init__(self, guard):
        self.guard = guard

    def __call__(self, g, v):
        st = g.stack
        return order_holds(g, st[len(st) - 1].y, self.guard, v)


# the scratch entries a helper frame passes up to the frame it asked for (_copy_verdict): one
# tuple, made once (it was built of four new ints at each copy); compiled, _copy_verdict reads
# the four at their C indices in this order (the tuple: pure Python's)
if not cython.compiled:
    _VERDICT = (X_JUDGE, X_CHOSEN, X_CARDS, X_LASTCARD)


def _copy_verdict(g, h, parent, /):
    if h.flags & _CHILDEXEC:
        st = g.stack
        # h is on top again: executed(g) reads h's flags / g.ret
        ok = executed(g) if len(st) > 0 and st[len(st) - 1] is h else True
    else:
        ok = not (h.flags & _NOTEXEC)
    _set_exec(parent, ok)
    if h.x is not None:
        px = _sx(parent)
        hx = h.x
        if cython.compiled:
            # _VERDICT's entries in its order, each read once at its C index (step 185c: the
            # loop converted the tuple's ints and read each entry twice at ~550 copies in the
            # six games)
            v = hx[X_JUDGE]
            if v is not None:
                px[X_JUDGE] = v
            v = hx[X_CHOSEN]
            if v is not None:
                px[X_CHOSEN] = v
            v = hx[X_CARDS]
            if v is not None:
                px[X_CARDS] = v
            v = hx[X_LASTCARD]
            if v is not None:
                px[X_LASTCARD] = v
            return
        for i in _VERDICT:
            if hx[i] is not None:
                px[i] = hx[i]


def _needs_resolve(args, /):
    for a in args:
        if isinstance(a, Pick):
            return True
    return False


def _resolve(g, f, name, strict, args, prompt, /):
    """Ask for every Pick among ``args`` (roles or cards still to be chosen), then run primitive
    ``name`` with the answers. ``prompt``: what the choice is for, in the specs' words (the
    decisions' prompt people read: never a function's name)."""
    # one new list of slots; the primitive by its id (docs/decisions/0250)
    return _helper(g, f, OP_RESOLVE, [_ids[name], strict, prompt, *args])


@prim(chooser="角色", n="数", labels="*", ok="*")
def choose_option(g, f, strict, chooser, n, labels, ok, /):
    """X选择一项: ask ``chooser`` for an option index (0-based) into f.result. ``labels``: the
    options as written (the decision's ``data``, for people; not logged). ``ok`` (a tuple, one
    per option, from the compiler's lower.option_needs; empty: none given): the options whose
    first unconditional effect can be executed; only these are offered (002:259), all when none
    can be. The generated units pass ``ok`` as one tuple (compiler emit.PACKED), so the
    primitive is a cpdef function, a C call from them (step 98b)."""
    if isinstance(chooser, Pick):
        return _resolve(g, f, "choose_option", strict, (chooser, n, labels, ok), "选择一项的角色")
    if not (isinstance(chooser, int) and 0 <= chooser < g.n and g.players[chooser].alive):
        # nobody to choose (a source that does not exist or has died, 002:238): no option is
        # executed; entry n of the choice table, after the n options, is its exit
        # (compiler lower_choice)
        f.result = n
        return _done(f, False)
    opts = list(range(n))
    if ok:
        fit = [i for i in opts if _option_fits(g, f, chooser, ok[i])]
        if fit:
            opts = fit
    if len(opts) <= 1:
        f.result = opts[0] if opts else 0
        return _done(f, True)
    return _helper(g, f, OP_OPTION, [opts, labels], chooser)


def _option_fits(g, f, who, need, /):
    """An option's need (True, or _option_ok's (guard, number of card values, values…)) holds
    for the chooser ``who``: the cards of the implied subject are ``who``'s."""
    if not isinstance(need, tuple):
        return bool(need)
    nd: tuple = need
    guard, k = nd[0], nd[1]
    cards = [Zones._retarget(g, v, who) for v in nd[2:2 + k]]
    return bool(guard) and Cards._objects_exist(g, f, tuple(cards)) and \
        Cards._roles_exist(g, f, nd[2 + k:])


def _option_ok(g, f, guard, k, vals, /):
    """(for choose_option) whether an option's guarded term can be executed, its cards (the
    first k values of the tuple ``vals``) and roles, checked once the chooser is known
    (_option_fits)."""
    return (guard, k) + vals


@prim(who="角色", prompt="*")
def ask_yesno(g, f, strict, who, prompt="", /):
    """可: ask ``who`` yes/no; answer in f.result, executed = yes."""
    if f.flags & _F_TURN and Turns._turn_cut_skip(g, f, -1):
        return _done(f, False)
    if f.flags & _F_PHASE and Turns._phase_cut(g):
        return _done(f, False)
    if cython.compiled:
        # the seat a C int once, for its test, its index and _helper's who, a C int that only an
        # int converts to (step 185a: it was compared as an object, converted to an index, then
        # to _helper's int at each of ~1,000 questions in the six games)
        w = cython.declare(cython.int, who)
        if w >= 0:
            pl = g.players[w]
            if not pl.alive:
                return _done(f, False)
        return _helper(g, f, OP_YESNO, args_slots(_SLOTS_AT, 1, 1, prompt, None, None, None), w)
    if isinstance(who, int) and who >= 0:
        pl = g.players[who]
        if not pl.alive:
            return _done(f, False)
    return _helper(g, f, OP_YESNO, [prompt], who)


prim(_option_ok)


# ---- more helper ops -------------------------------------------------------------------------


def _helper_more(g, h, op, parent, s, /):
    if op == OP_PLAY_N:
        # slots: [who, name, n]; h.result: how many were played
        who = s[0]
        if h.pc == 1:
            e = _S(g, S_NEED, g.n)[who]
            if e is None or not e[1]:
                _set_exec(parent, False)
                return 3
            h.result += 1
        if h.result >= s[2]:
            _set_exec(parent, True)
            return 3
        h.pc = 1
        Flow._push_prog(g, h, _T(g).events["需要打出牌"], (who, s[1]), h.owner, None)
        return 1
    if op == OP_GIVE_EACH:
        # slots: [roles, cards left]; X_TMP: the group chosen. 甲将这些牌交给任意角色: a group
        # of the cards, the role who gets it, the move; again until no card is left
        x = _sx(h)
        left = [c for c in s[1] if g.where_kind(c) >= 0]
        if h.pc == 1:
            x[X_TMP] = tuple(g.ans)
            h.pc = 2
            return g.ask(new_decision(D_PLAYERS, h.b, s[0], 1, 1, "交给一名角色"))
        if h.pc == 2:
            tgt = g.ans[0] if isinstance(g.ans, (tuple, list)) else g.ans
            grp = x[X_TMP]
            s[1] = tuple([c for c in left if c not in grp])
            h.pc = 0
            return Moves._move(g, h, h.b, grp, len(grp), (Z_HAND, tgt))
        left = [c for c in s[1] if g.where_kind(c) >= 0]
        if not left:
            _set_exec(parent, True)
            return 3
        if len(left) == 1:
            x[X_TMP] = tuple(left)
            h.pc = 2
            return g.ask(new_decision(D_PLAYERS, h.b, s[0], 1, 1, "交给一名角色"))
        h.pc = 1
        return g.ask(new_decision(D_CARDS, h.b, left, 1, len(left), "交给一名角色的牌"))
    if op == OP_ARRANGE:
        # slots: [cards of the draw pile]; X_TMP: those chosen for the top. Who puts several
        # cards on the top or the bottom of the draw pile decides their order (001:479): two
        # ordered choices, each listed from the top down; the bottom's only when it has two.
        x = _sx(h)
        if h.pc == 0:
            h.pc = 1
            d = new_decision(D_CARDS, h.b, s[0], 0, len(s[0]), "置于牌堆顶的牌（由上至下）")
            d.ordered = True
            return g.ask(d)
        if h.pc == 1:
            top = tuple(g.ans)
            rest = [c for c in s[0] if c not in top]
            x[X_TMP] = top
            h.pc = 2
            if len(rest) > 1:
                d = new_decision(D_CARDS, h.b, rest, len(rest), len(rest), "置于牌堆底的牌（由上至下）")
                d.ordered = True
                return g.ask(d)
            bottom = tuple(rest)
        else:
            top = x[X_TMP]
            bottom = tuple(g.ans)
        if top:
            g.move(tuple(reversed(top)), Z_DRAW, -1)   # the last one moved is the top
        if bottom:
            g.move(bottom, Z_DRAW, -1, True)           # the last one moved is the bottom
        _set_exec(parent, True)
        return 3
    if op == OP_ASK_THEN:
        # slots: [kind, options, lo, hi, prompt or (prompt, labels), then-name, then-args...]
        if h.pc == 0:
            h.pc = 1
            prompt = s[4]
            labels = None
            if isinstance(prompt, tuple):
                prompt, labels = prompt
            d = new_decision(s[0], h.b, s[1], s[2], s[3], prompt)
            d.data = labels
            return g.ask(d)
        if h.pc == 1:
            h.pc = 2
            st = _then(g, h, s, 5, g.ans)
            if st:
                return st
        _copy_verdict(g, h, parent)
        return 3
    if op == OP_IN_TURN:
        # slots: [roles, name]; X_TMP: index of the next role
        x = _sx(h)
        if h.pc == 0:
            x[X_TMP] = 0
            h.pc = 1
        else:
            who = s[0][x[X_TMP] - 1]
            e = _S(g, S_NEED, g.n)[who]
            if e is not None and e[1] and e[2] is not None:
                _sx(parent)[X_LASTCARD] = e[2]
                _set_exec(parent, True)
                return 3
        while x[X_TMP] < len(s[0]):
            who = s[0][x[X_TMP]]
            x[X_TMP] += 1
            if not g.players[who].alive:
                continue
            Use._need_note(g, who, s[1], False)
            Use._push_need(g, h, who, s[1], False)
            return 1
        _set_exec(parent, False)
        return 3
    if op == OP_QUESTION:
        # slots: [roles]; each answers whether it questions (质疑) the card; the parent's X_TMP
        # collects those who do
        px = _sx(parent)
        if h.pc == 0:
            px[X_TMP] = []
        elif g.ans:
            px[X_TMP].append(s[0][h.pc - 1])
        while h.pc < len(s[0]):
            who = s[0][h.pc]
            h.pc += 1
            if g.players[who].alive:
                return g.ask(new_decision(D_YESNO, who, (), 1, 1, "是否质疑"))
        _set_exec(parent, True)
        return 3
    if op == OP_PINDIAN:
        # slots: [roles]; each chooses one hand card (in order; answers are secret)
        fr = Use._flow(g, parent, 1 << EVI_PINDIAN)
        tmp = _get(fr, X_TMP) if fr is not None else None
        if tmp is None:
            _set_exec(parent, False)
            return 3
        if h.pc > 0:
            tmp[1].append((s[0][h.pc - 1], g.ans[0]))
        while h.pc < len(s[0]):
            who = s[0][h.pc]
            h.pc += 1
            hand = g.zone_cards(Z_HAND, who)
            if hand:
                return g.ask(new_decision(D_CARDS, who, hand, 1, 1, "拼点的牌"))
        _set_exec(parent, True)
        return 3
    raise E.EngineError("bad helper op %r" % op)


prim(choose_option)


prim(ask_yesno)
