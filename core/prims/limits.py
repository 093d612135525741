# cython: nonecheck=True
# (nonecheck: a typed game argument that is None raises instead of crashing)
"""Use limits (额外说明 "你于出牌阶段内/每回合使用【名】的次数上限为X", 【杀】's and 【酒】's): whether a
role's use of a card name by a method has reached one (their rule sets' direct forms answered in
C), the use counters by name and method.

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms),
moved out of ``status`` (step 103a of docs/performance.md: that room was at its 1,500 lines). The
queries' machinery stays status's: its no-answer bits, its 〔a〕-using-〔b〕 queries
(``Status._using_held``), a name's card rules run for a query (``Status._run_card_rules``) and the
card kinds with the rule sets kept by name and their direct forms (``Status.kinds``, t.use_limits;
``status._limit_rules``)."""
import cython

from core.engine import Game, SC_PHASE
from core.prims.base import Q_LIMIT, Q_NOUSE, Q_UNLIMIT, Q_USEPLUS, Tables
# base's hottest accessor: compiled, its inline fast path (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import _T_fast as _T
    # an int of one digit read in place (values._small's helper, decision 0047)
    from cython.cimports.core.prims.smallint import one_digit_long
    # a card name id read in place (step 110b: __Pyx_PyIndex_AsSsize_t was a call at each of
    # ~2,400 use limits asked in the six games)
    from cython.cimports.core.prims.smallint import small_int as _name_id
else:
    from core.prims.base import _T

    def _name_id(name, /):
        return name
# a C int array's item (engine.pxd): _count_of's read of a use counter
if cython.compiled:
    from cython.cimports.core.engine import _ai
    # _limit_hit's rules read borrowed (a tuple's items, no reference taken)
    from cython.cimports.cpython.object import PyObject
    from cython.cimports.cpython.tuple import PyTuple_GET_ITEM, PyTuple_GET_SIZE
    from cython.cimports.cpython.list import PyList_GET_ITEM
# the other rooms, by module (they import each other): a C call for what their .pxd declares
from core.prims import cards as Cards, status as Status, turns as Turns
if cython.compiled:
    from cython.cimports.core.prims import cards as Cards, status as Status, turns as Turns


@cython.cfunc
@cython.inline
def _kind_unanswerable(g: Game, kind: cython.int, /) -> cython.bint:
    """Nothing can answer status queries of ``kind`` now: status._unanswerable's test (its bit in
    g.no_answer, for the kinds below status._NO_ANSWER_KINDS, 64), in place in this room."""
    return 0 <= kind < 64 and ((g.no_answer >> kind) & 1) != 0


@cython.cfunc
@cython.inline
def _kind_using(g: Game, kind: cython.int, a, b, /):
    """status._using in this room: a query of 〔a〕 using 〔b〕 (Q_USEPLUS, Q_UNLIMIT: the use
    limit's +X and 无次数限制), its no-answer bit tested in place, the rest Status._using_held's."""
    if _kind_unanswerable(g, kind):
        return 0
    return Status._using_held(g, kind, a, b)


def _use_limited(g, p, name, mi, /):
    """A use limit of the card (额外说明 "你于…使用【名】的次数上限为X") is reached for p using ``name``
    by method ``mi`` at its 使用时机; those of the names it is a kind of too (火【杀】: a 【杀】)."""
    t = _T(g)
    if t.use_limits is None:
        Status.kinds(g)   # computes t.use_limits once
    if not _kind_unanswerable(g, Q_NOUSE) and Status._using_held(g, Q_NOUSE, p, name):
        return True   # 不能使用 (〖天义〗): _using's bit, then its answer (no 0 boxed and tested)
    ni: cython.Py_ssize_t = _name_id(name)   # a card name id: the list read by a C index
    # (t.use_limits read in place: a local took and dropped its reference, step 119b)
    lim = t.use_limits[ni] if 0 <= ni < len(t.use_limits) else None
    if lim is None:
        return False
    # its own rules (the name's; () none: its size tested, not the generic truth test) and their
    # direct forms, then those of each name it is a kind of: compiled, the entry's items read
    # borrowed and unchecked (the entry, a tuple, holds them): Status.kinds makes each entry of
    # tuples from t.card_status's rule sets, whose shape register checked once
    # (check_use_limit_rules; step 240b: each item was type- and size-tested at each of ~1,000
    # asks in the six games, step 226d)
    if cython.compiled:
        own_p: cython.pointer(PyObject) = PyTuple_GET_ITEM(lim, 0)
        if PyTuple_GET_SIZE(cython.cast(tuple, own_p)) != 0 and _limit_hit(
                g, cython.cast(tuple, own_p), cython.cast(tuple, PyTuple_GET_ITEM(lim, 2)), p,
                name, mi):
            return True
        ks_p: cython.pointer(PyObject) = PyTuple_GET_ITEM(lim, 1)
        kf_p: cython.pointer(PyObject) = PyTuple_GET_ITEM(lim, 3)
        for i in range(PyTuple_GET_SIZE(cython.cast(tuple, ks_p))):
            if _limit_hit(g, cython.cast(tuple, PyTuple_GET_ITEM(cython.cast(tuple, ks_p), i)),
                          cython.cast(tuple, PyTuple_GET_ITEM(cython.cast(tuple, kf_p), i)), p,
                          name, 0):
                return True
        return False
    own: tuple = lim[0]
    if len(own) and _limit_hit(g, own, lim[2], p, name, mi):
        return True
    ks: tuple = lim[1]
    kf: tuple = lim[3]
    for i in range(len(ks)):
        if _limit_hit(g, ks[i], kf[i], p, name, 0):
            return True
    return False


def check_use_limit_rules(card_status, /):
    """Refuse (TypeError) card status rules (t.card_status, register's) that the use limits
    could not read unchecked: Status.kinds puts a name's rule set in its t.use_limits entry as it
    is, and the direct forms of those that may answer a use limit (status._limit_rules, made
    from their direct rules), where compiled _use_limited and _limit_hit read the items without
    a type or size test (step 240b). Each set a tuple of (method, program, answer bits, direct
    rule) tuples; a rule that may answer a use limit with a direct rule: a tuple of at least
    five items (Status.direct_rule's)."""
    for n, rules in card_status.items():
        if type(rules) is not tuple:
            raise TypeError("card name %r: its status rules are not a tuple: %r" % (n, rules))
        for r in rules:
            if type(r) is not tuple or len(r) != 4 or type(r[2]) is not int:
                raise TypeError("card name %r: a status rule is not a (method, program, answer "
                                "bits, direct rule) tuple: %r" % (n, r))
            d = r[3]
            if (r[2] >> Q_LIMIT) & 1 and d is not None and (type(d) is not tuple or len(d) < 5):
                raise TypeError("card name %r: a use limit's direct rule is not a tuple of five "
                                "items or more: %r" % (n, d))


# the use-limit query [Q_LIMIT, role, card name, method, answer] _limit_hit asks a rule set with,
# one list filled in place (a list made and freed at each of ~1,350 rule sets in the six games
# of `sgs bench --what instructions`, ~290 instructions); _LIMIT_BUSY while its rules run: a rule
# whose program asks a use limit in turn gets a list of its own
_LIMIT_Q = [Q_LIMIT, None, None, 0, 0]
_LIMIT_BUSY = False
_SC_PHASE = cython.declare(cython.int, SC_PHASE)   # _limit_in's scope compared in C


def _limit_hit(g, rules, direct, p, name, mi, /):
    """Whether the card rules ``rules`` answer the use-limit query of p using ``name`` by method
    ``mi`` (Q_LIMIT: a limit reached); ``direct``: their _limit_rules (None: asked as a query)."""
    global _LIMIT_BUSY
    if direct is not None:
        # each rule's one operation answered in C, without the query's list or _answer's dispatch
        # (~1,350 rule sets in the six games of `sgs bench --what instructions`: 【杀】's, 【酒】's)
        # (compiled, each rule (method, scope, mask, who, name, x) read borrowed: the rule set's
        # tuple holds it, made once with the tables (status._limit_rules' 6-tuples, from rules
        # check_use_limit_rules checked: step 240b), where the rule and the operands it passes
        # were each referenced and dropped and tested for None at each of ~2,000 rules read in
        # the six games; its mask and scope read in place, where they were
        # __Pyx_PyLong_As_int's; step 226b)
        k: cython.Py_ssize_t
        for k in range(len(direct)):
            if cython.compiled:
                rp: cython.pointer(PyObject) = PyTuple_GET_ITEM(direct, k)
                if not (mi < 0 or mi == cython.cast(object, PyTuple_GET_ITEM(
                        cython.cast(object, rp), 0))):
                    continue
                mask = _name_id(cython.cast(object, PyTuple_GET_ITEM(cython.cast(object, rp), 2)))
                # who, name, x: the querying role p where the mask's bit says so (its 你)
                w: cython.pointer(PyObject) = cython.cast(cython.pointer(PyObject), p) \
                    if mask & 1 else PyTuple_GET_ITEM(cython.cast(object, rp), 3)
                nm: cython.pointer(PyObject) = cython.cast(cython.pointer(PyObject), p) \
                    if mask & 2 else PyTuple_GET_ITEM(cython.cast(object, rp), 4)
                x: cython.pointer(PyObject) = cython.cast(cython.pointer(PyObject), p) \
                    if mask & 4 else PyTuple_GET_ITEM(cython.cast(object, rp), 5)
                if _limit_in(g, p, name, mi, cython.cast(object, w), cython.cast(object, nm),
                             cython.cast(object, x), _name_id(cython.cast(object, PyTuple_GET_ITEM(
                                 cython.cast(object, rp), 1)))):
                    return True   # the rules after it would only answer the same
            else:
                r = direct[k]
                if mi < 0 or mi == r[0]:
                    mask = r[2]
                    if _limit_in(g, p, name, mi, p if mask & 1 else r[3],
                                 p if mask & 2 else r[4], p if mask & 4 else r[5], r[1]):
                        return True
        return False
    if _LIMIT_BUSY:
        q = [Q_LIMIT, p, name, mi, 0]
        Status._run_card_rules(g, rules, p, q, None)
        return bool(q[4])
    q = _LIMIT_Q
    q[1], q[2], q[3], q[4] = p, name, mi, 0
    _LIMIT_BUSY = True
    try:
        Status._run_card_rules(g, rules, p, q, None)
    finally:
        _LIMIT_BUSY = False
    return bool(q[4])


def use_counter(counters, name, mi, /):
    """The counter of uses of card name ``name`` by method ``mi`` in ``counters`` (the tables'
    k_use_phase or k_use_turn, by name id then by method), or -1 when it has none."""
    if type(name) is not int or type(mi) is not int:
        return -1   # a query whose method is not given (None) counts nothing
    # the name id, the method index and the counter read in place (_name_id: smallint.pxd's
    # small_int compiled, step 119b: __Pyx_PyIndex_AsSsize_t was a call for each, at each of
    # ~1,700 calls in the six games)
    n = _name_id(name)
    m = _name_id(mi)
    return _use_counter_at(counters, n, m)


def _use_counter_at(counters, n, m, /):
    """use_counter for a name id ``n`` and a method index ``m`` that are C ints (its type tests
    passed): a C call from this room and from use._count_use (step 127c), no boxing."""
    return _counter_in(counters, n, m)


@cython.cfunc
@cython.inline
@cython.exceptval(-2, check=True)
@cython.nonecheck(False)   # the list and its entry type-tested below, once each
def _counter_in(counters, n: cython.Py_ssize_t, m: cython.Py_ssize_t, /) -> cython.Py_ssize_t:
    """_use_counter_at's answer, inline in _limit_in (step 183d: a C call at each of ~1,000 use
    limits in the six games). Compiled, the list's entry and its counter read borrowed after
    one exact type test each (step 245c: the list was type- and None-tested as the argument,
    again at its size, its entry referenced, tested for None at its size and its read)."""
    if type(counters) is not list:
        raise TypeError("use counters are not a list: %r" % (counters,))
    if not 0 <= n < len(cython.cast(list, counters)):
        return -1
    if cython.compiled:
        bp: cython.pointer(PyObject) = PyList_GET_ITEM(counters, n)
        if type(cython.cast(object, bp)) is not tuple:
            raise TypeError("a use counter entry is not a tuple: %r" % (cython.cast(object, bp),))
        if not 0 <= m < PyTuple_GET_SIZE(cython.cast(object, bp)):
            return -1
        return _name_id(cython.cast(object, PyTuple_GET_ITEM(cython.cast(object, bp), m)))
    by_method = counters[n]
    if type(by_method) is not tuple:
        raise TypeError("a use counter entry is not a tuple: %r" % (by_method,))
    return _name_id(by_method[m]) if 0 <= m < len(by_method) else -1


@cython.cfunc
@cython.inline
def _count_of(g: Game, sc: cython.int, p: cython.int, key: cython.Py_ssize_t, /) -> cython.longlong:
    """g.count(sc, p, key) read in place, compiled: its tests, then the scope's C int array
    (step 174b: _limit_in called the method, ~60 instructions at each of ~1,000 use limits)."""
    if not cython.compiled:
        return g.count(sc, p, key)
    if not (0 <= sc < 4 and 0 <= p < g.n and 0 <= key < g.K):
        return 0   # no such counter: never counted
    return _ai(g.cnt[sc], p * g.K + key)


def count_of(g, sc, p, key, /):
    """_count_of as a Python function (tests/runtime/test_use_counts.py)."""
    return _count_of(g, sc, p, key)


def _limit_reached(g, q, who, name, x, scope, /):
    if q is None:
        return
    ql: list = q   # the query ([kind, a, b, c, answer]) read by C indices
    if ql[0] == Q_LIMIT and _limit_of(g, ql[1], ql[2], ql[3], who, name, x, scope):
        ql[4] = 1


def _limit_of(g, p, qname, mi, who, name, x, scope, /):
    """Whether the rule "〔who〕于<scope>内使用〔name〕的次数上限为x" answers the use-limit query of
    p using ``qname`` by method ``mi``: a limit reached (_limit_reached's answer)."""
    return _limit_in(g, p, qname, mi, who, name, x, scope)


@cython.cfunc
@cython.locals(t=Tables, k=cython.Py_ssize_t, used=cython.longlong, reached=cython.bint,
               xi=cython.long, pi=cython.long)
def _limit_in(g: Game, p, qname, mi, who, name, x, scope: cython.int, /) -> cython.bint:
    """_limit_of's answer (_limit_hit's direct path calls it), the count of uses compared in C
    with the limit and its +X when both are ints of one digit (boxed and compared as objects
    before: ~1,000 use limits in the six games; any other value still is)."""
    # the query's name is the rule's (a 【杀】 at the 【杀】's limit), else a kind of it: _kind_ok's
    # first test in place, its call only for the second
    if (p is not who and p != who) or not (qname == name or Cards._kind_ok(g, qname, name)):
        return False
    t = _T(g)
    # (the scope a C int: SC_PHASE boxed and compared by its global's name before)
    counters = t.k_use_phase if scope == _SC_PHASE else t.k_use_turn
    # use_counter's answer in place (its call tested the list's type and returned through its
    # error check at each of ~1,000 use limits in the six games): no method given (None) counts
    # nothing
    if type(name) is not int or type(mi) is not int:
        return False
    k = _counter_in(counters, _name_id(name), _name_id(mi))
    if k < 0:
        return False
    # the count read before the play phase's test: under X, with nothing that can answer the +X
    # (Q_USEPLUS's no-answer bit: its answer 0), the limit is not reached, in the play phase or
    # out of it — answered without _in_play_phase's call and the +X's read (~800 of the ~1,000
    # use limits in the six games; both only read the game, the +X's query not asked then;
    # step 219a)
    used = _count_of(g, scope, who, k)
    if type(x) is int and _kind_unanswerable(g, Q_USEPLUS):
        if cython.compiled and one_digit_long(x, cython.address(xi)):
            if used < xi:
                return False
        elif used < x:
            return False
    if scope == _SC_PHASE and not Turns._in_play_phase(g):
        return False
    plus = _kind_using(g, Q_USEPLUS, who, qname)
    if cython.compiled and type(x) is int and type(plus) is int and one_digit_long(
            x, cython.address(xi)) and one_digit_long(plus, cython.address(pi)):
        reached = used >= xi + pi   # ints of one digit (smallint.pxd), read in place
    else:
        reached = used >= x + plus   # as objects
    if reached:
        # 无次数限制 (〖诸葛连弩〗, 〖咆哮〗)
        return not (scope == _SC_PHASE and _kind_using(g, Q_UNLIMIT, who, qname))
    return False
