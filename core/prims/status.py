# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""Status rules (锁定技 without a timing) read on demand as queries (distance, legality,
use limits …), and the cards' rules (额外说明 / 执行动作, docs/decisions/0005-card-rules.md).

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import array

import cython

from core import engine as E
# the engine's constants by name: module globals of this room (a cached lookup), not
# attribute lookups on the engine module at every use
from core.engine import (D_CARDS, F_TERMINATED, Game, Player, SC_PHASE, SC_TURN, Z_WEAPON)
from core.ruleset import Condition, Modifier, Reading, Skill
from core.decision import Decision
from core.prims.base import (
    ANY, OP_PLAY_N, OTHER, Pick, ROLE_LORD, S_LASTING, V_NAME, V_USER, _done, _state, prim, probe,
    Q_DIST, Q_UNLIMIT, Q_LEGAL, Q_NODIST, Q_TLIMIT, Q_RECOVER,
    Q_NEEDN, Q_PLAYN, Q_LIMIT, Q_KIND, Q_INEFF, Q_SUIT, Q_HANDLIMIT, Q_USEPLUS, Q_NOUSE, Q_EQUIP,
    Q_DISTPLUS)
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import (
        _T_fast as _T, _sx_fast as _sx, _S_fast as _S, _is_v_fast as _is_v, _rec_fast as _rec)
else:
    from core.prims.base import _T, _sx, _S, _is_v, _rec
from core.prims.base import K_STATS, Shared, Tables
# which operations answer each query kind, and about whom (register.finish's tables)
from core.prims.query_answers import (  # noqa: F401
    ANSWER_SUBJECT, QUERY_ANSWERS, _owner_at, _may_answer, answer_bits, keep_kinds, kinds_kept)
if not cython.compiled:   # C constants (base.pxd), cimported by this room's .pxd
    from core.prims.base import X_LASTCARD, _AWAY, _Q
# engine._ai and _ai_add (the Player's int tables read and counted), C calls once compiled:
# cimported here, not in status.pxd, so that the modules cimporting this room do not import them too
if cython.compiled:
    from cython.cimports.core.engine import _ai, _ai_add, _ai_set, set_log_level
    from cython.cimports.core.held import _watch_distances
else:
    from core.engine import _ai, _ai_add, _ai_set, set_log_level
    from core.held import _watch_distances
# base._kept likewise: a C call where it was a Python one (~290 instructions a _stats call, one
# for each rule that changed an answer)
if cython.compiled:
    from cython.cimports.core.prims.base import _kept
    # an int of one digit read in place (values._small's helper, decision 0047)
    from cython.cimports.core.prims.smallint import one_digit_long
    from cython.cimports.cpython.list import PyList_GET_ITEM
    from cython.cimports.cpython.object import PyObject
else:
    from core.prims.base import _kept
# the other rooms, by module (they import each other): a C call for what their .pxd declares
from core.prims import (
    cards as Cards, decisions as Decisions, limits as Limits, targets as Targets, use as Use)
if cython.compiled:
    from cython.cimports.core.prims import (
        cards as Cards, decisions as Decisions, limits as Limits, targets as Targets, use as Use)


# ---- status skills (锁定技 without a timing): evaluated on demand ---------------------------------


# the query kinds Q_* are base's (every room asks queries): imported above


# A status query keeps no answer across queries, nor does a usability scan (its memo is gone):
# in the six games of `sgs bench --what instructions` 37 of 1,769 lookups hit (a distance
# asked twice within a scan; the other answers are kept higher up), while making, hashing and
# storing each key cost more than the rules of one operation it would spare (docs/decisions/
# 0041); in_attack_range's entries hit 283 of 1,665 lookups (docs/decisions/0046).


def _owner_is_at(q, at, p, /):
    for i in at:
        if q[i] == p:
            return True
    return False


def _query(g, kind, a=None, b=None, c=None, /):
    """Run every status skill of the living roles that may answer query ``kind``; the
    modifier primitives add to the answer (index 4)."""
    # ~10,500 queries in `sgs bench --what instructions`' six games, four in five with no rule
    # held and no lasting effect: that answer is read here, from the held list kept by the C int
    # kind and the root state's lasting effects, both by a C index; the rules held are run by
    # _query_held (a C call), so that the common answer pays for none of its locals. Once a
    # kind's answer is known to be that one, its bit in g.no_answer says so (one C read): set
    # below, dropped with held_by_kind (core.held._skill_changed, a clone) and by add_lasting
    if _unanswerable(g, kind):
        return 0
    s = g.root_state   # _state's kept answer, read in place (its C call was ~37 instructions)
    if s is None:
        s = _state(g)
        if s is None:
            return 0
    lasting = s[_LASTING_AT]
    ki = kind   # its C index, for the lists by kind
    byk: list = g.held_by_kind   # held_skills' list kept by the kind, read in place when kept
    held: list = byk[ki] if 0 <= ki < len(byk) else None   # a list: its truth read in C
    if held is None:
        # not kept: the rules that may answer (none and no lasting effect: nothing can answer,
        # and nothing is kept), then the ones somebody has, kept by held_skills
        t = _T(g)
        by_query: list = t.status_by_query
        sids = by_query[ki] if 0 <= ki < len(by_query) else t.status_skills
        if not sids and not lasting:
            _no_answer(g, kind)
            return 0
        held = g.held_skills(kind, sids)
    # the rules somebody has, in their order (the others fail has_skill for every role):
    # none and no lasting effect, nothing can answer (the expansions' rules, 〖八阵〗's 视为装备
    # or 〖天义〗's 不能使用, are asked about at every use and mostly held by nobody)
    if not held and not lasting:
        _no_answer(g, kind)
        return 0
    return _query_held(g, kind, a, b, c, held, lasting)


_NO_ANSWER_KINDS = 64   # the kinds g.no_answer has a bit for (an unsigned long long's; Q_* < 18)


@cython.cfunc
@cython.inline
def _unanswerable(g: Game, kind: cython.int, /) -> cython.bint:
    """Nothing can answer status queries of ``kind`` now: its bit in g.no_answer (_no_answer)."""
    return 0 <= kind < _NO_ANSWER_KINDS and ((g.no_answer >> kind) & 1) != 0


@cython.cfunc
@cython.inline
def _ask(g: Game, kind: cython.int, a, b, /):
    """_query(g, kind, a, b), its no-answer bit tested in place first: a hot query (the hand
    limit's; 不能使用 and the use limit's +X and 无次数限制, ~1,000–2,500 each in the six games of
    `sgs bench --what instructions`, most answered by the bit, are _using's, which tests it
    likewise) skips _query's call, its optional arguments and its prologue (~40–60
    instructions) when nothing can answer."""
    if _unanswerable(g, kind):
        return 0
    return _query(g, kind, a, b)


def _no_answer(g, kind, /):   # a C function when compiled (status.pxd)
    """Note that nothing can answer status queries of ``kind`` (none of the rules that may answer
    is held, no lasting effect is on) until a skill's holders change between none and some
    (core.held._skill_changed) or a lasting effect is added (add_lasting)."""
    if 0 <= kind < _NO_ANSWER_KINDS:
        g.no_answer |= cython.cast(cython.ulonglong, 1) << kind


def _query_held(g, kind, a, b, c, held, lasting, /):
    """_query's answer when some rule that may answer is held (``held``, held_skills' list) or
    a lasting effect is on (``lasting``, the root state's list)."""
    t = _T(g)
    ki = kind
    # what the held rules' owner tests read, once per held list (_held_owners); the roles that
    # can own a rule answering this query, as bits by seat: when every held rule answers only
    # about its owner (_owner_at: 〖马术〗 and the horses a distance's two ends, the legality
    # rules the target), the others fail the owner test below for every rule, and are skipped
    # before their has_skill reads (a distance asked 5 roles × the held rules; now its two ends)
    cache: list = t.held_owners   # _held_owners' entry kept for this very list, read in place
    ent: list = cache[ki] if 0 <= ki < len(cache) else None
    if ent is None or ent[0] is not held:
        ent = _held_owners(t, ki, held)
    owners: cython.longlong = _owner_bits(a, b, c, ent[3], g.n)
    if cython.compiled:   # the entry's tuples passed borrowed: ent holds them (_held_owners sets
        # only its item 0 again), where each was a local's reference taken and dropped (step 275b)
        return _held_answer(g, kind, a, b, c, held, lasting, owners,
                            cython.cast(tuple, PyList_GET_ITEM(ent, 1)),
                            cython.cast(tuple, PyList_GET_ITEM(ent, 2)),
                            cython.cast(tuple, PyList_GET_ITEM(ent, 4)),
                            cython.cast(tuple, PyList_GET_ITEM(ent, 5)))
    return _held_answer(g, kind, a, b, c, held, lasting, owners, ent[1], ent[2], ent[4], ent[5])


@cython.cfunc
@cython.inline
@cython.boundscheck(False)   # k < len(held), the length of _held_owners' tuples by rule
@cython.wraparound(False)    # p < g.n, the length of g.players
@cython.locals(g=Game, p=cython.int, sid=cython.int, lord=cython.int, kind=cython.int,
               held=list, lasting=list, owners=cython.longlong, ats=tuple, lordf=tuple,
               direct=tuple, dist=tuple)
def _held_answer(g, kind, a, b, c, held, lasting, owners, ats, lordf, direct, dist, /):
    """_query_held's answer from _held_owners' entry: the seats of ``owners`` (bits; -1: every
    seat), each rule's owner indices ``ats``, 主公技 flags ``lordf``, one operation ``direct``
    and distance flags ``dist``."""
    q = None   # [kind, a, b, c, answer], made for the first rule that may answer (_Q's form)
    lord = ROLE_LORD
    nh: cython.Py_ssize_t = len(held)
    k: cython.Py_ssize_t
    d: cython.long
    # a distance's answer, summed in C while no rule has needed the query's list (_distance_answer:
    # the horses and 〖马术〗, the rules of 1,662 of the 2,632 distances of the six games)
    ans: cython.long = 0
    for p in range(g.n):
        if owners >= 0 and not (owners >> p) & 1:
            continue
        # p < g.n: a Player, read without a type test; compiled, borrowed (the game's list holds
        # its Players), where a local took and dropped a reference at each seat (step 275d)
        if cython.compiled:
            plp: cython.pointer(PyObject) = PyList_GET_ITEM(g.players, p)
        else:
            plp = g.players[p]
        if not cython.cast(Player, plp).alive:
            continue
        for k in range(nh):
            sid = held[k]
            if not _holds_rule(cython.cast(Player, plp), sid, lord, lordf, k):
                continue
            if cython.cast(tuple, _AWAY[0]):   # (always a tuple: its size tested in place)
                # given only by equipment used as another card (002:22); read only for a rule a
                # seat holds (_away_skills keeps its answer while _AWAY is the same), and only
                # when some away card gives a skill: mostly none (cards used from the hand), and
                # the rule held passes, has_skill having found pl.has[sid] > 0 (its key and its
                # lookup were ~110 instructions at each of ~1,800 rules held during a target choice)
                away: dict = Targets._away_skills(g)
                if away and _ai(cython.cast(Player, plp).has, sid) <= away.get((p, sid), 0):
                    continue
            at = ats[k]
            if at is not None:   # it answers only about its owner: is the owner asked here?
                if owners >= 0:
                    if not _seat_at(a, b, c, at, p):
                        continue
                else:
                    if q is None:
                        q = [kind, a, b, c, ans]
                    if not _owner_is_at(q, at, p):
                        continue
            if q is None and dist[k] is True:
                # a distance rule of one operation, no list made yet: its answer in C
                d = _distance_answer(direct[k], p, a, b)
                if d != 0:   # the rule changed the answer: it took effect
                    ans += d
                    _ai_add(_stats(g)[ST_STATUS], sid, 1)
                continue
            if q is None:   # the seats read own no rule in most queries: then no list is made
                q = [kind, a, b, c, ans]
            before = q[4]
            rule = direct[k]
            if rule is not None:
                _run_direct(g, rule, p, q)   # its one operation's answer, without a frame
            else:
                _run_status(g, sid, p, q)
            if q[4] != before:   # the rule changed the answer: it took effect
                _ai_add(_stats(g)[ST_STATUS], sid, 1)
    if lasting:
        if q is None:
            q = [kind, a, b, c, ans]
        _run_lasting(g, q, lasting)
    return q[4] if q is not None else ans


_LASTING_AT = S_LASTING   # C constant when compiled (status.pxd): the root state's index


@cython.cfunc
@cython.inline
@cython.boundscheck(False)   # k < len(lordf), the held list's length
@cython.wraparound(False)
@cython.locals(pl=Player, sid=cython.int, lord=cython.int, lordf=tuple, k=cython.Py_ssize_t)
def _holds_rule(pl, sid, lord, lordf, k, /) -> cython.bint:
    """g.has_skill(p, sid) for player pl, its two reads without its call, and a 主公技 (lordf[k])
    held only by the lord (_held_answer's test of each held rule at each seat)."""
    return _ai(pl.has, sid) > 0 and _ai(pl.invalid, sid) == 0 and not (
        pl.role != lord and lordf[k] is True)


@cython.cfunc
@cython.locals(t=Tables, held=list, c=list, cache=list, kind=cython.int)
def _held_owners(t, kind, held, /) -> list:
    """What the rules of query kind ``kind`` held now (``held``) read, computed once per held
    list (held_skills returns the same list object while no skill's holders change between none
    and some; the entry keeps that list alive, so its identity cannot be reused; a new list of
    the same rules takes the entry over, as what it holds depends on the rules only) and kept in the
    ruleset's tables by kind (t.held_owners): [the held list, each rule's query indices one of
    which must be its owner (_owner_at; None: any owner), whether each is a 主公技, the union of
    the indices (None: any owner), each rule's one operation (direct_rule; None: a program),
    whether each is a distance rule _distance_answer answers, whether _distance answers the
    kind (every rule such a rule about its owner), each rule's ends as bits, whether _using
    answers it (every rule _is_using_rule's), each rule's id and flags as bytes for _distance
    (None: an id past two bytes)], computed by _held_entry."""
    cache = t.held_owners
    c = cache[kind] if 0 <= kind < len(cache) else None
    if c is not None and c[0] is not held and c[0] == held:
        # the same rules in a new list: held_skills makes new lists whenever some skill's
        # holders change between none and some (a horse put on or taken off), mostly not of
        # this kind (~180 rebuilds of ~2.4 k instructions in the distances of the six games)
        c[0] = held
    if c is None or c[0] is not held:
        c = _held_entry(t, kind, held)
        if 0 <= kind < len(cache):
            cache[kind] = c
    return c


def held_owners(t, kind, held, /):
    """_held_owners as a Python function (tests/runtime/test_status_paths.py calls it)."""
    return _held_owners(t, kind, held)


@cython.cfunc
@cython.locals(t=Tables, kind=cython.int, held=list, owner_at=dict, direct=dict, ats=list,
               lordf=list, rules=list, dist=list, ends=list, union=cython.longlong,
               any_owner=cython.bint, all_dist=cython.bint, using=cython.bint, d=cython.bint,
               e=cython.longlong, rule=tuple, info=bytearray, i_rule=cython.Py_ssize_t)
def _held_entry(t, kind, held, /) -> list:
    """_held_owners' entry for the rules ``held`` of query kind ``kind``, afresh: one pass, the
    tables' dictionaries read as dictionaries, the rules' tests C calls (list comprehensions with
    `dict.get` by name and Python calls were ~11 k instructions an entry; ~30 in the six games)."""
    owner_at = t.status_owner_at.get(kind)
    direct = t.status_direct
    lords = t.lord_skills
    ats = []
    lordf = []
    rules = []
    dist = []
    ends = []
    # the union of the rules' owner indices as bits, each rule's ends OR'ed (step 281e: where a
    # set was updated by each rule's indices and sorted into the tuple, ~2.4 k instructions an
    # entry); any_owner once some rule answers whatever its owner (the union None)
    union = 0
    any_owner = False
    all_dist = kind == Q_DIST
    using = True
    info = bytearray(3 * len(held))
    i_rule = 0
    for sid in held:
        at = owner_at.get(sid) if owner_at is not None else None
        rule = direct.get(sid)
        ats.append(at)
        lordf.append(sid in lords)
        rules.append(rule)
        d = kind == Q_DIST and _is_distance_rule(rule)
        dist.append(d)
        all_dist = all_dist and d
        e = 0   # the ends it answers about as bits (1 << 1: the query's a, 1 << 2: its b)
        if at is None:
            any_owner = True
        else:
            for i in at:
                e |= cython.cast(cython.longlong, 1) << cython.cast(cython.int, i)
            union |= e
        ends.append(e)
        using = using and _is_using_rule(kind, rule)
        if info is not None:
            if 0 <= sid < 65536:   # 3 bytes: the id (low, high), then the ends' bits | 8 for a 主公技
                info[3 * i_rule] = sid & 255
                info[3 * i_rule + 1] = sid >> 8
                info[3 * i_rule + 2] = e | (8 if lordf[i_rule] else 0)
            else:
                info = None
        i_rule += 1
    return [held, tuple(ats), tuple(lordf), None if any_owner else _bit_indices(union),
            tuple(rules), tuple(dist),
            # _distance's path: every held rule a distance rule _distance_answer answers, about
            # its owner at one end (the horses, 〖马术〗)
            all_dist and not any_owner,
            tuple(ends),
            # _using's path: every held rule one operation of 〔a〕 using 〔b〕 answering this
            # kind, its 〔a〕 its owner (〖咆哮〗's and 【诸葛连弩】's 无次数限制)
            using,
            # each rule's id and flags as bytes, which _distance reads as C ints (None: an id
            # past two bytes)
            info]


@cython.cfunc
@cython.locals(i=cython.int)
def _bit_indices(bits: cython.longlong, /) -> tuple:
    """The indices of the bits set in ``bits`` (≥ 0), the lowest first: a union of owner indices
    (_held_entry's), as the sorted set of them was."""
    out = []
    i = 0
    while bits >> i:
        if (bits >> i) & 1:
            out.append(i)
        i += 1
    return tuple(out)


@cython.cfunc
@cython.exceptval(-2, check=True)
@cython.locals(at=tuple, n=cython.int, bits=cython.longlong, i=cython.Py_ssize_t, e=cython.longlong)
def _owner_bits(a, b, c, at, n, /) -> cython.longlong:
    """The seats the query's arguments a, b, c (its indices 1, 2, 3) name for the indices in
    ``at`` (the union of _held_owners), as bits (seat p: 1 << p), or -1 for every seat: ``at``
    None, or a value compared by == (not an int, None or a string)."""
    if at is None or n > 62:
        return -1
    bits = 0
    for i in at:
        # each argument passed, not assigned: no reference taken and dropped (step 275a)
        e = _arg_bit(a, n) if i == 1 else _arg_bit(b, n) if i == 2 else _arg_bit(c, n)
        if e < 0:
            return -1   # compared by ==: left to the owner test of each rule
        bits |= e
    return bits


@cython.cfunc
@cython.inline
@cython.exceptval(-2, check=True)
@cython.locals(n=cython.int, iv=cython.long)
def _arg_bit(v, n, /) -> cython.longlong:
    """_owner_bits' bit of one argument v: 1 << v for an int 0 <= v < n (its digit read in C,
    where n was boxed for two comparisons of objects: step 275a), 0 for another int, None or a
    string, -1 for another value."""
    if type(v) is not int:
        return 0 if v is None or type(v) is str else -1
    if cython.compiled:
        if not one_digit_long(v, cython.address(iv)):   # more digits, or Python 3.12
            if not 0 <= v < n:
                return 0
            iv = v
    else:
        iv = v
    return (cython.cast(cython.longlong, 1) << iv) if 0 <= iv < n else 0


@cython.cfunc
@cython.exceptval(-1, check=True)
@cython.locals(at=tuple, p=cython.int, i=cython.Py_ssize_t, v=object)
def _seat_at(a, b, c, at, p, /) -> cython.int:
    """_owner_is_at([kind, a, b, c, …], at, p) when _owner_bits found only ints, None and strings
    at the indices: p is the query's argument i (1: a, 2: b, 3: c) for an i of ``at``, compared
    in C, without the query's list."""
    for i in at:
        v = a if i == 1 else b if i == 2 else c
        if type(v) is int and v == p:
            return 1
    return 0


ST_USED = 0     # per card name id: cards of that name used (使用)


ST_PLAYED = 1   # per card name id: played (打出)


# per skill id: answers of a status query a status skill changed (a C index when compiled: _query
# counts by it; no other room reads it)
ST_STATUS = cython.declare(cython.Py_ssize_t, 2)

# the kept state's index of the counts, a C index when compiled (K_STATS, a module global, was read
# by a generic subscript at each of ~1,200 reads in the six games)
_STATS_AT = cython.declare(cython.Py_ssize_t, K_STATS)


def _stats(g, /):
    """Counts for reports (`sgs simulate`); the rules never read them, so they are kept
    apart from g.skill_uses (which the idle points read, 000:55) and outlive the game's
    root state."""
    # the game's own arrays (a list), read in place: ~780 asks in the six games, all but the
    # first of each game, where _kept was called and its answer tested again (step 191)
    k: list = g.kept
    if k is not None:
        v = k[_STATS_AT]
        if type(v) is list:
            return v
    return _stats_made(g)


@cython.cfunc
def _stats_made(g: Game, /) -> list:
    """_stats' first ask (the arrays made) and a clone's first (its original's copied)."""
    k: list = _kept(g)
    v = k[_STATS_AT]
    if v is None:   # C int arrays
        n = len(g.rs.card_names)
        v = [array.array("i", [0]) * n, array.array("i", [0]) * n,
             array.array("i", [0]) * len(g.rs.skills)]
        k[_STATS_AT] = v
    elif type(v) is Shared:   # a clone shares them with its original: copied at the first write
        v = [array.array("i", a) for a in v]
        k[_STATS_AT] = v
    return v


def stats(g, /):
    """{"used": {card name: n}, "played": {…}, "status": {skill name: n}} of the game."""
    st = _stats(g)
    names = g.rs.card_names
    return {"used": {names[i]: n for i, n in enumerate(st[ST_USED]) if n},
            "played": {names[i]: n for i, n in enumerate(st[ST_PLAYED]) if n},
            "status": {g.rs.skills[i].name: n for i, n in enumerate(st[ST_STATUS]) if n}}


def _run_status(g, sid, p, q, /):
    _run_query_program(g, cython.cast(Skill, g.rs.skills[sid]).prog, p, q, sid, None)


def _run_query_program(g, prog, owner, q, sid, card, /):
    """Run a status rule's program (a status skill's, or a card rule's with ``card`` as
    its 此牌) to its end with ``q`` as the query it answers; it may not ask anything."""
    old = _Q[0]
    _Q[0] = q
    ll = g._log_level
    set_log_level(g, 0)   # (G_PLAIN kept)
    base = len(g.stack)
    # the frames of a query are not part of the game: they take no frame ids, so the
    # log does not depend on how often (or whether) a rule is read
    serial = g.serial
    try:
        c = g.new_frame(prog, owner, None, -1)
        if sid >= 0:
            c.skill = sid
        if card is not None:
            _sx(c)[X_LASTCARD] = card
        g.push_frame(c)
        progs = g.rs.progs
        while len(g.stack) > base:
            top = g.stack[len(g.stack) - 1]
            pr = progs[top.prog]
            st = pr.run(g, top)
            if st == 3:
                g._pop(top)
            elif st == 2 or st == 4:
                raise E.EngineError("a status rule asks a decision (%s)" % g.rs.prog_names[prog])
            elif top.flags & F_TERMINATED:
                g._pop(top)
    finally:
        while len(g.stack) > base:
            g._pop(g.stack[len(g.stack) - 1])
        set_log_level(g, ll)
        g.serial = serial
        _Q[0] = old


def _q():
    return _Q[0]


def _in_group(g, f, who, group, /):
    return _in_group_of(f.owner, who, group)


# base's ANY and OTHER as this room's C ints, for _in_group_of (module globals, each read was a
# dictionary lookup and each comparison a Python object's)
_ANY_GROUP = cython.declare(cython.longlong, ANY)
_OTHER_GROUP = cython.declare(cython.longlong, OTHER)


@cython.cfunc
@cython.locals(owner=cython.longlong, gi=cython.longlong, w=cython.longlong)
def _in_group_of(owner, who, group, /):
    """``who`` is in ``group`` (a role, ANY, OTHER: other than ``owner``, a Pick or a tuple)."""
    if isinstance(group, int):
        gi = group
        if type(who) is int:   # a role (or NONE): the same comparisons, in C
            w = who
            if gi == _ANY_GROUP:
                return w >= 0
            if gi == _OTHER_GROUP:
                return w >= 0 and w != owner
            return w == gi
        if gi == _ANY_GROUP:
            return who >= 0
        if gi == _OTHER_GROUP:
            return who >= 0 and who != owner
        return who == group
    if isinstance(group, Pick):
        return who in group.group
    return who in group


def _mod_distance(g, owner, a, b, /):
    d = _query(g, Q_DIST, a, b)
    return d if d != 0 else None


# a zone's live list: compiled, Game.zone_cards in place (zonelist.pxd), and a card's Card for its
# name id; uncompiled, the method and the engine's class
if cython.compiled:
    from cython.cimports.core.prims.zonelist import zone_cards_fast as _zone_list
    from cython.cimports.core.engine import Card
else:
    from core.engine import Card

    def _zone_list(g, kind, owner, /):
        return g.zone_cards(kind, owner)
_Z_WEAPON = cython.declare(cython.int, Z_WEAPON)   # a C int: the weapon zone's kind
_MK_RANGE = cython.declare(cython.Py_ssize_t, E.MK_RANGE)   # and the range modifiers' kind


def _mod_range(g, owner, a, b, /):
    # the weapon zone read in place and each card's entry by its name id (t.card_infos,
    # register.finish), where the Game's zone_cards and card_name methods were called and the
    # name looked up in the tables' dictionary (~700 attack ranges in the six games, step 127)
    t = _T(g)
    infos: list = t.card_infos
    cards: list = g.cards
    for c in _zone_list(g, _Z_WEAPON, a):
        if c in _AWAY[0]:
            continue   # 002:22: used as the card whose targets are chosen
        nm: cython.Py_ssize_t = cython.cast(Card, cards[c]).name
        info = infos[nm] if infos is not None and 0 <= nm < len(infos) else t.cards.get(nm)
        if info is not None and info[2] is not None:
            return info[2]
    return None


@cython.ccall
def _distance(g: Game, a, b, /):
    """_query(g, Q_DIST, a, b): what the status rules add to the distance from seat a to seat b.
    When the held rules are all distance rules _distance_answer answers, each about its owner at
    one end (the horses and 〖马术〗: _held_owners' flag, ent[6]) and no lasting effect is on, only
    seats a and b can own a rule that answers: their rules are summed here, in C, reading the
    kept entry once (_query_held read it with every other query kind's locals, the owners'
    bits from its union and each seat's bit); anything else is _query's."""
    if _unanswerable(g, Q_DIST):
        return 0
    if type(a) is not int or type(b) is not int:
        return _query(g, Q_DIST, a, b)
    return _distance_of(g, a, b)   # seats as C ints (an int past a long long's range raises)


@cython.cfunc
@cython.boundscheck(False)   # k < len(held), the length of _held_owners' tuples by rule
@cython.wraparound(False)
@cython.locals(t=Tables, s=list, byk=list, held=list, cache=list, ent=list, info=bytearray,
               direct=tuple, e=cython.int, p=cython.int, j=cython.int,
               sid=cython.int, nh=cython.Py_ssize_t, k=cython.Py_ssize_t, d=cython.long,
               ans=cython.long, pl=Player, keep=cython.bint, took=cython.int)
def _distance_of(g: Game, ia: cython.longlong, ib: cython.longlong, /):
    """_distance for seats given as C ints, past the no-answer bit (_DistanceModifier's, with
    _modval's ints): boxed only for _query and _query_held, and for the rules that answer. Its
    verdict in _dist_keep: whether the answer may be kept (_keep_distance), the number of rules
    that took effect in it (up to 3, their ids in _DIST_TOOK), or -1: kept only on its C path,
    without a card away or a 主公技 held at either end."""
    global _dist_keep
    _dist_keep = -1
    s = g.root_state
    if s is None or s[_LASTING_AT] or ia < 0 or ib < 0:
        return _query(g, Q_DIST, ia, ib)
    byk = g.held_by_kind
    held = byk[Q_DIST] if Q_DIST < len(byk) else None   # kept by _query, or made now
    if held is None:
        held = _held_made(g, Q_DIST)
    if not held:   # nothing held, no lasting effect: nothing answers
        _no_answer(g, Q_DIST)
        _dist_keep = 0
        return 0
    t = _T(g)
    cache = t.held_owners
    ent = cache[Q_DIST] if Q_DIST < len(cache) else None
    if ent is None or ent[0] is not held:
        ent = _held_owners(t, Q_DIST, held)
    if ent[6] is not True or ia >= g.n or ib >= g.n:
        return _query_held(g, Q_DIST, ia, ib, None, held, None)
    info = ent[9]
    if info is None:
        return _query_held(g, Q_DIST, ia, ib, None, held, None)
    direct = ent[4]
    nh = len(held)
    ans = 0
    keep = not cython.cast(tuple, _AWAY[0])
    took = 0
    for j in range(2):
        # the two seats in seat order, as _query_held visits them (the rules run in its order)
        p = (ia if ia <= ib else ib) if j == 0 else (ib if ia <= ib else ia)
        if j == 1 and ib == ia:
            break
        pl = cython.cast(Player, g.players[p])   # p < g.n: a Player, read without a type test
        if not pl.alive:
            continue
        for k in range(nh):
            # the rule's id and flags as C ints (_held_entry's bytes: held[k], ent[2] and ent[7])
            sid = info[3 * k] | (info[3 * k + 1] << 8)
            e = info[3 * k + 2]
            # g.has_skill(p, sid) and a 主公技's owner, as _query_held tests them (written out in
            # both: one inline helper for the two loops measured +0.10 M in the six games)
            if _ai(pl.has, sid) <= 0 or _ai(pl.invalid, sid) != 0:
                continue
            if e & 8:   # a 主公技: its answer reads the role, which the memo's drops do not watch
                keep = False
                if pl.role != ROLE_LORD:
                    continue
            if cython.cast(tuple, _AWAY[0]):   # a skill given only by equipment used as another card (002:22): its size tested
                away: dict = Targets._away_skills(g)
                if away and pl.has[sid] <= away.get((p, sid), 0):
                    continue
            if not ((e & 2 and p == ia) or (e & 4 and p == ib)):
                continue   # it answers about its owner at the other end (_seat_at)
            d = _distance_answer(direct[k], p, ia, ib)
            if d != 0:   # the rule changed the answer: it took effect
                ans += d
                if took < 3:
                    _ai_set(_DIST_TOOK, took, sid)
                took += 1
                _ai_add(_stats(g)[ST_STATUS], sid, 1)
    if keep and took <= 3:
        _dist_keep = took
    return ans


# _distance_of's last verdict (a C int when compiled) and the ids of the rules that took effect
_dist_keep = -1
_DIST_TOOK = array.array("i", [-1, -1, -1])
_DIST_MADE = [None, 0, 0, None]   # _keep_distance's last new memo: its flags' source, n, nskills, copy


@cython.cfunc
@cython.locals(memo=array.array, n=cython.int, ns=cython.int, i=cython.Py_ssize_t, k=cython.int,
               sids=tuple, ml=list, by_query=list)
def _keep_distance(g: Game, a: cython.int, b: cython.int, m, took: cython.int, /) -> cython.int:
    """Mark the distance from a to b as one core.held._distance keeps (-2 at its pair in
    Game.dist_memo; -3 with the ``took`` rules of _DIST_TOOK that took effect, written at the
    pair's ids) when the status rules' answer read only what the memo's drops watch
    (_unanswerable, or _distance_of's verdict) and the runtime's modifier ``m`` is the only
    distance modifier (a board's or a spec's would read what they do not watch). The memo is
    made here, once per game (or copied): its head flags the skills that may answer a distance
    (status_by_query), whose changes forget it (core.held._seat_skills_changed)."""
    n = g.n
    if not (0 <= a < n and 0 <= b < n):
        return 0
    ns = g.nskills
    memo = g.dist_memo
    if memo is None:
        ml = g.rs.mods[E.MK_DISTANCE]
        if len(ml) != 1 or ml[0] is not m:
            return 0
        by_query = _T(g).status_by_query   # a game's tables' copy shares it (games._game_rules)
        if _DIST_MADE[0] is by_query and _DIST_MADE[1] == n and _DIST_MADE[2] == ns:
            memo = cython.cast(array.array, _DIST_MADE[3])[:]   # copied (~9 k to make, step 146b)
        else:
            memo = array.array("i", [0]) * ns
            sids = by_query[Q_DIST] if Q_DIST < len(by_query) else _T(g).status_skills
            owner_at = _T(g).status_owner_at.get(Q_DIST)
            for sid in sids:
                # 2: a rule that answers only a distance from or to its owner (its owner at the
                # query's a or b: status_owner_at), whose change at a seat forgets that seat's
                # pairs only (core.held._seat_skills_changed, step 227c); 1: every pair
                at = owner_at.get(sid) if owner_at is not None else None
                end = at is not None
                if end:
                    for j in at:
                        if j != 1 and j != 2:
                            end = False
                memo[sid] = 2 if end else 1
            memo.extend(array.array("i", [-1]) * (4 * n * n))
            _DIST_MADE[:] = [by_query, n, ns, memo[:]]   # as made: the game's is written
        g.dist_memo = memo
        _watch_distances(_AWAY, _recount_distance)
    i = a * n + b
    if took == 0:
        _ai_set(memo, ns + i, -2)
        return 0
    _ai_set(memo, ns + i, -3)
    i = ns + n * n + 3 * i
    for k in range(3):
        _ai_set(memo, i + k, _ai(_DIST_TOOK, k) if k < took else -1)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
@cython.locals(memo=array.array, st=array.array, j=cython.Py_ssize_t, k=cython.int, sid=cython.int)
def _recount_distance(g: Game, i: cython.Py_ssize_t, /) -> cython.int:
    """Count again the rules that took effect in the kept distance at Game.dist_memo[i]
    (core.held._distance, which reads it, calls this by its C pointer): _distance_of counted
    them when it answered."""
    memo = g.dist_memo
    j = g.nskills + g.n * g.n + 3 * (i - g.nskills)
    st = _stats(g)[ST_STATUS]
    for k in range(3):
        sid = _ai(memo, j + k)
        if sid < 0:
            break
        _ai_add(st, sid, 1)
    return 0


@cython.cfunc
@cython.locals(t=Tables, by_query=list)
def _held_made(g: Game, kind: cython.int, /) -> list:
    """_query's held list of query kind ``kind`` (0 <= kind) when none is kept: held_skills'
    (which keeps it), or empty. _query's steps for the paths of their own (_using, _distance),
    which went through _query for it (~300 times in the six games); they read a kept list in
    place and note an empty one (_no_answer) as _query does when no lasting effect is on."""
    t = _T(g)
    by_query = t.status_by_query
    sids = by_query[kind] if kind < len(by_query) else t.status_skills
    if not sids:
        return []
    return g.held_skills(kind, sids)


@cython.ccall
@cython.locals(kind=cython.int, rule=tuple)
def _is_using_rule(kind, rule, /) -> cython.bint:
    """Whether ``rule`` (direct_rule, or None) is one _using answers for query ``kind``: 〔a〕
    using 〔b〕 (_answer's _USING) answering ``kind``, 〔a〕 its owner, X None or an int value."""
    if rule is None or not A_NO_USE_LIMIT <= rule[0] <= A_REGARDED_EQUIPPING:
        return False
    x = rule[4]
    return _USING[rule[0] - A_NO_USE_LIMIT] == kind and rule[1] & 1 != 0 and \
        not rule[1] & 4 and (x is None or (type(x) is int and -(1 << 31) < x < (1 << 31)))


@cython.cfunc
@cython.inline
def _using(g: Game, kind: cython.int, a, b, /):
    """_query(g, kind, a, b) for a query of 〔a〕 using 〔b〕 (Q_USEPLUS, Q_UNLIMIT: the use limit's
    +X and 无次数限制, which limits._limit_of asks; Q_NOUSE, limits._use_limited's): as _ask, the no-answer bit
    tested in place (most of ~3,600 such queries in the six games), the rest _using_held's."""
    if _unanswerable(g, kind):
        return 0
    return _using_held(g, kind, a, b)


@cython.boundscheck(False)   # k < len(held), the length of _held_owners' tuples by rule
@cython.wraparound(False)
def _using_held(g, kind, a, b, /):   # a C function when compiled (status.pxd: limits calls it)
    """_using's answer past its bit. When every held rule of the kind is an operation of 〔a〕
    using 〔b〕 about its owner (_held_owners' ent[8]: 〖咆哮〗, 【诸葛连弩】) and no lasting effect
    is on, only seat a's rules can answer: answered here in C, in their order (_query_held made
    the query's list and ran _answer for each); anything else is _query's."""
    s = g.root_state
    if s is None or kind < 0 or type(a) is not int or s[_LASTING_AT]:
        return _query(g, kind, a, b)
    if cython.compiled:
        if not one_digit_long(a, cython.address(ia)):   # a seat: an int of one digit
            return _query(g, kind, a, b)
    else:
        ia = a
    if ia < 0 or ia >= g.n:
        return _query(g, kind, a, b)
    byk = g.held_by_kind
    held = byk[kind] if kind < len(byk) else None   # kept by _query, or made now
    if held is None:
        held = _held_made(g, kind)
    if not held:   # nothing held, no lasting effect: nothing answers
        _no_answer(g, kind)
        return 0
    t = _T(g)
    cache = t.held_owners
    ent = cache[kind] if 0 <= kind < len(cache) else None
    if ent is None or ent[0] is not held:
        ent = _held_owners(t, kind, held)
    if ent[8] is not True:
        return _query_held(g, kind, a, b, None, held, None)
    pl = cython.cast(Player, g.players[ia])   # ia < g.n: a Player, read without a type test
    if not pl.alive:
        return 0
    lordf = ent[2]
    direct = ent[4]
    nh = len(held)
    ans = 0
    for k in range(nh):
        sid = held[k]
        # g.has_skill(a, sid) and a 主公技's owner, as _query_held tests them
        if _ai(pl.has, sid) <= 0 or _ai(pl.invalid, sid) != 0 or (
                pl.role != ROLE_LORD and lordf[k] is True):
            continue
        if cython.cast(tuple, _AWAY[0]):   # a skill given only by equipment used as another card (002:22): its size tested
            away: dict = Targets._away_skills(g)
            if away and pl.has[sid] <= away.get((ia, sid), 0):
                continue
        new = _using_answer(g, direct[k], ia, b, ans)
        if new != ans:   # the rule changed the answer: it took effect
            ans = new
            _ai_add(_stats(g)[ST_STATUS], sid, 1)
    return ans


@cython.cfunc
@cython.locals(rule=tuple, owner=cython.int, ans=cython.longlong, mask=cython.int)
def _using_answer(g, rule, owner, qb, ans, /) -> cython.longlong:
    """The answer ``ans`` of a query [kind, owner, qb, …] after the rule ``rule`` (_is_using_rule
    for that kind) owned by ``owner``: _answer's _USING branch in C, without the query's list."""
    mask = rule[1]
    if not Cards._kind_ok(g, qb, owner if mask & 2 else rule[3]):
        return ans
    return 1 if rule[4] is None else ans + cython.cast(cython.longlong, rule[4])


class _DistanceModifier(Modifier):
    """The runtime's distance modifier: _mod_distance's answer, computed here (called by
    Game.modval, a C call when compiled)."""

    def value(self, g, owner, a, b, /):
        # _mod_distance's two lines, without its call (~50 instructions at each of 2,632
        # distances in the six games); the query by _distance's path for C ints (step 103b:
        # a and b as _modval has them, not boxed for _distance and read back)
        if _unanswerable(g, Q_DIST):
            _keep_distance(g, a, b, self, 0)   # nothing answers: kept
            return None
        d = _distance_of(g, a, b)
        if _dist_keep >= 0:
            _keep_distance(g, a, b, self, _dist_keep)
        return d if d != 0 else None


class _RangeModifier(Modifier):
    """The runtime's attack-range modifier: _mod_range, likewise. Its answer reads seat a's weapon
    zone only: the seat marked to keep it (core.held._attack_range) unless a card is away or
    another range modifier counts (decision 0121)."""

    def value(self, g, owner, a, b, /):
        r = _mod_range(g, owner, a, b)
        if not _AWAY[0] and 0 <= a < g.n and len(cython.cast(list, g.rs.mods[_MK_RANGE])) == 1:
            cython.cast(Player, g.players[a]).range_kept = -1
            _watch_distances(_AWAY, _recount_distance)   # held reads no kept range while away
        return r


# ---- lasting effects: status rules stated as an effect, for a time (于此回合内, 天义) -----------


def _run_lasting(g, q, lasting, /):
    """The lasting effects of this turn answer the query too; the others have ended."""
    k = 0
    while k < len(lasting):
        owner, prog, turn = lasting[k]
        if turn != g.turn_no:
            lasting.pop(k)
            continue
        _run_query_program(g, prog, owner, q, -1, None)
        k += 1


@prim(program="*")
def add_lasting(g, f, strict, program, /):
    """〔甲〕于此回合内〔a status rule〕 as an effect (〖天义〗): the rule's program (the compiler
    lowers the clause into a program of its own, 于此回合内 read as its subject) answers the
    status queries as a status rule of f's owner until the current turn ends."""
    s = _S(g, S_LASTING)
    s.append([f.owner, program, g.turn_no])
    g.no_answer = 0   # every kind's query may have an answer now (_query)
    g.dist_memo = None   # nor is a kept distance (core.held._distance) the answer any more
    return _done(f, True)


# ---- the answers of the status queries -------------------------------------------------------
# Each answer primitive below answers through _answer, with its frame's owner. A status rule whose
# program is that one operation, every argument read without a frame (the compiler passes it:
# emit.direct_ops), is answered by _answer itself with the rule's owner (_run_direct), no frame
# made, pushed and popped (docs/decisions/0041).


# the operations _answer answers, by their code (A_*: this room's own C ints when compiled, not
# declared in status.pxd, so that no module cimporting it imports them)
A_LIMIT_IN_PLAY_PHASE = cython.declare(cython.int, 0)
A_LIMIT_PER_TURN = cython.declare(cython.int, 1)
A_DISTANCE_PLUS = cython.declare(cython.int, 2)
A_DISTANCE_MINUS = cython.declare(cython.int, 3)
A_NOT_LEGAL_TARGET = cython.declare(cython.int, 4)
A_NO_DISTANCE_LIMIT = cython.declare(cython.int, 5)
A_SUIT_REGARDED = cython.declare(cython.int, 6)
A_HAND_LIMIT_PLUS = cython.declare(cython.int, 7)
# 〔a〕 using (or holding) 〔b〕, a card name or a kind of it: the query kind each answers (_USING)
A_NO_USE_LIMIT = cython.declare(cython.int, 8)
A_USE_LIMIT_PLUS = cython.declare(cython.int, 9)
A_CANNOT_USE = cython.declare(cython.int, 10)
A_USE_DISTANCE_PLUS = cython.declare(cython.int, 11)
A_REGARDED_EQUIPPING = cython.declare(cython.int, 12)
_USING = (Q_UNLIMIT, Q_USEPLUS, Q_NOUSE, Q_DISTPLUS, Q_EQUIP)
DIRECT_OPS = {
    "use_limit_in_play_phase": A_LIMIT_IN_PLAY_PHASE, "use_limit_per_turn": A_LIMIT_PER_TURN,
    "distance_plus": A_DISTANCE_PLUS, "distance_minus": A_DISTANCE_MINUS,
    "no_use_limit_in_play_phase": A_NO_USE_LIMIT, "not_legal_target": A_NOT_LEGAL_TARGET,
    "no_distance_limit": A_NO_DISTANCE_LIMIT, "suit_regarded": A_SUIT_REGARDED,
    "hand_limit_plus": A_HAND_LIMIT_PLUS, "use_limit_plus": A_USE_LIMIT_PLUS, "cannot_use": A_CANNOT_USE,
    "use_distance_plus": A_USE_DISTANCE_PLUS, "regarded_equipping": A_REGARDED_EQUIPPING,
}


@cython.cfunc
@cython.locals(code=cython.int, q=list, kind=cython.int)
def _answer(g, q, owner, code, a, b, c, /):
    """Add operation ``code``'s answer (DIRECT_OPS) to query q (q[4]), its arguments a, b, c,
    of a rule owned by ``owner`` (其他角色: other than the owner). Only the queries it answers."""
    if q is None:
        return 0
    kind = q[0]   # a C int, compared with the Q_* C ints (status.pxd)
    if code == A_LIMIT_IN_PLAY_PHASE:
        Limits._limit_reached(g, q, a, b, c, SC_PHASE)
    elif code == A_LIMIT_PER_TURN:
        Limits._limit_reached(g, q, a, b, c, SC_TURN)
    elif code == A_DISTANCE_PLUS:     # 〔a〕至〔b〕的距离+c
        if kind == Q_DIST and q[2] == b and _in_group_of(owner, q[1], a):
            q[4] += c
    elif code == A_DISTANCE_MINUS:    # 〔a〕至〔b〕的距离-c
        if kind == Q_DIST and q[1] == a and _in_group_of(owner, q[2], b):
            q[4] -= c
    elif code == A_NO_DISTANCE_LIMIT:
        # the query names the card being targeted by its name (_target_value): its category
        cat = b[1] if isinstance(b, tuple) else b
        if kind == Q_NODIST and q[1] == a and (
                Cards._name_cat(g, q[2], cat) if isinstance(cat, str) else Cards._kind_ok(g, q[2], cat)):
            q[4] = 1   # 使用锦囊牌无距离限制 (a category), 使用【杀】无距离限制 (a card name)
    elif code == A_NOT_LEGAL_TARGET:
        if kind == Q_LEGAL and q[2] == a and Cards._kind_ok(g, q[1], b):
            q[4] = 1
    elif code == A_SUIT_REGARDED:
        if kind == Q_SUIT and q[2] == a and q[3] == b:
            q[4] = c + 1
    elif code == A_HAND_LIMIT_PLUS:
        if kind == Q_HANDLIMIT and q[1] == a:
            q[4] += b
    elif A_NO_USE_LIMIT <= code <= A_REGARDED_EQUIPPING:
        # 〔a〕 using 〔b〕: a yes (无次数限制, 不能使用, 视为装备着), or +c (the limits' +X)
        if kind == _USING[code - A_NO_USE_LIMIT] and q[1] == a and Cards._kind_ok(g, q[2], b):
            if c is None:
                q[4] = 1
            else:
                q[4] += c
    return 0


def direct_rule(op, readings, prog, /):
    """A status rule of one operation (emit.direct_ops) as _run_direct reads it: (its code, the
    arguments that are the owner as bits, its three arguments, its program), or None when
    _answer does not answer that operation. ``readings``: the arguments, an owner given as
    OWNER_READING, the others as values (names already the core's ids)."""
    code = DIRECT_OPS.get(op)
    if code is None or len(readings) > 3:
        return None
    mask = 0
    args = [None, None, None]
    for i in range(len(readings)):
        if readings[i] is OWNER_READING:
            mask |= 1 << i
        else:
            args[i] = readings[i]
    return (code, mask, args[0], args[1], args[2], prog)


OWNER_READING = ("owner",)   # direct_rule: an argument that is the rule's owner (你)


@cython.ccall
@cython.locals(rule=tuple)
def _is_distance_rule(rule, /) -> cython.bint:
    """Whether ``rule`` (direct_rule, or None) is one _distance_answer answers: 〔甲〕至〔乙〕的距离
    ±X with X an int given as a value (the horses, 〖马术〗)."""
    return rule is not None and (rule[0] == A_DISTANCE_PLUS or rule[0] == A_DISTANCE_MINUS) and \
        not rule[1] & 4 and type(rule[4]) is int


@cython.cfunc
@cython.locals(rule=tuple, owner=cython.int, mask=cython.int, code=cython.int, x=cython.long)
def _distance_answer(rule, owner, qa, qb, /) -> cython.long:
    """What the distance rule ``rule`` (_is_distance_rule) owned by ``owner`` adds to the
    distance from qa to qb: _answer's A_DISTANCE_PLUS and A_DISTANCE_MINUS (via _run_direct)
    for a query [Q_DIST, qa, qb, …], in C and without the query's list (_query_held sums it)."""
    mask = rule[1]
    code = rule[0]
    x = rule[4]
    if code == A_DISTANCE_PLUS:     # 〔a〕至〔b〕的距离+x
        if qb == (owner if mask & 2 else rule[3]) and _in_group_of(owner, qa, owner if mask & 1 else rule[2]):
            return x
    elif code == A_DISTANCE_MINUS:  # 〔a〕至〔b〕的距离-x
        if qa == (owner if mask & 1 else rule[2]) and _in_group_of(owner, qb, owner if mask & 2 else rule[3]):
            return -x
    return 0


@cython.cfunc
@cython.locals(rule=tuple, mask=cython.int)
def _run_direct(g, rule, owner, q, /):
    """Answer query q with the status rule ``rule`` (direct_rule) owned by ``owner``: what its
    program's one operation answers, without a frame."""
    mask = rule[1]
    _answer(g, q, owner, rule[0], owner if mask & 1 else rule[2], owner if mask & 2 else rule[3],
            owner if mask & 4 else rule[4])


@prim(who="角色", s1="花色", s2="花色")
def suit_regarded(g, f, strict, who, s1, s2, /):
    """〔甲〕的〔花〕牌均视为〔花二〕牌 (〖红颜〗): the suit the rules read for 甲's cards
    (Cards.phys_suit, 002:183)."""
    _answer(g, _q(), f.owner, A_SUIT_REGARDED, who, s1, s2)
    return _done(f, True)


@prim(who="角色", x="数")
def hand_limit_plus(g, f, strict, who, x, /):
    """〔甲〕的手牌上限+〔X〕 (〖血裔〗; the glossary's formula, 002:108-116)."""
    _answer(g, _q(), f.owner, A_HAND_LIMIT_PLUS, who, x, None)
    return _done(f, True)


def _mod_hand_limit(g, owner, a, b, /):
    d = _ask(g, Q_HANDLIMIT, a, None)
    return d if d != 0 else None


@cython.cclass
class _HandLimitModifier(Modifier):
    """The runtime's hand-limit modifier: _mod_hand_limit's answer as C calls (Game.modval calls
    this value, which calls the cpdef function; Modifier.value called it as a Python function,
    ~250 instructions at each of ~400 hand limits in the six games). An extension type of this
    module only (not in status.pxd: nothing else names it)."""

    @cython.ccall
    def value(self, g: Game, owner: cython.int, a: cython.int, b: cython.int, /):
        if _unanswerable(g, Q_HANDLIMIT):
            return None   # _mod_hand_limit's _ask's bit, before a and b are boxed for its call
        return _mod_hand_limit(g, owner, a, b)


@prim(who="角色", name="牌名", x="数")
def use_limit_plus(g, f, strict, who, name, x, /):
    """〔甲〕使用〔名〕的次数上限+〔X〕 (〖天义〗): read by the card's use limit."""
    _answer(g, _q(), f.owner, A_USE_LIMIT_PLUS, who, name, x)
    return _done(f, True)


@prim(who="角色", name="牌名")
def cannot_use(g, f, strict, who, name, /):
    """〔甲〕不能使用〔名〕 (〖天义〗): no card of that name (or of a kind of it) can be used."""
    _answer(g, _q(), f.owner, A_CANNOT_USE, who, name, None)
    return _done(f, True)


@prim(group="角色组", name="牌名")
def group_cannot_use(g, f, strict, group, name, /):
    """〔甲：角色组〕均不能使用〔名〕 (〖完杀〗): no character of the group can use a card of that name."""
    q = _q()
    if q is not None and q[0] == Q_NOUSE and isinstance(q[1], int) and q[1] >= 0 and \
            _in_group(g, f, q[1], group) and Cards._kind_ok(g, q[2], name):
        q[4] = 1
    return _done(f, True)


@prim(who="角色", name="牌名", x="数")
def use_distance_plus(g, f, strict, who, name, x, /):
    """〔甲〕使用〔名〕的距离上限+X (〖断粮〗): a 使用目标 "距离为N" of that card reaches up to N+X."""
    _answer(g, _q(), f.owner, A_USE_DISTANCE_PLUS, who, name, x)
    return _done(f, True)


# ---- regarded as equipping (视为装备, 〖八阵〗) ------------------------------------------------------


@prim(who="角色", name="牌名")
def regarded_equipping(g, f, strict, who, name, /):
    """〔甲〕视为装备着〔名〕 (〖八阵〗): 甲 holds the equipment skills of a card of that name
    (Regarded.update_regarded), which are armour skills for 无视防具 as the card's are."""
    _answer(g, _q(), f.owner, A_REGARDED_EQUIPPING, who, name, None)
    return _done(f, True)


# ---- distances -------------------------------------------------------------------------------


@prim(group="角色组", who="角色", x="数")
def distance_plus(g, f, strict, group, who, x, /):
    """〔甲〕至〔乙〕的距离+X (a status rule, read by the distance query)."""
    _answer(g, _q(), f.owner, A_DISTANCE_PLUS, group, who, x)
    return _done(f, True)


@prim(who="角色", group="角色组", x="数")
def distance_minus(g, f, strict, who, group, x, /):
    _answer(g, _q(), f.owner, A_DISTANCE_MINUS, who, group, x)
    return _done(f, True)


@prim(who="角色", name="牌名")
def no_use_limit_in_play_phase(g, f, strict, who, name, /):
    _answer(g, _q(), f.owner, A_NO_USE_LIMIT, who, name, None)
    return _done(f, True)


@prim(who="角色", name="牌名")
def not_legal_target(g, f, strict, who, name, /):
    _answer(g, _q(), f.owner, A_NOT_LEGAL_TARGET, who, name, None)
    return _done(f, True)


@prim(who="角色", colour="颜色", cat="类别")
def not_legal_target_of_colour(g, f, strict, who, colour, cat, /):
    """〔甲〕不是〔颜色〕的〔类别〕的合法目标 (〖帷幕〗, 000:116): the card whose targets are chosen
    (the query's c, _TCARD) has that colour and category; a card not yet made (a usability scan
    asks by name) is not refused here."""
    q = _q()
    if q is not None and q[0] == Q_LEGAL and q[2] == who and q[3] is not None and \
            Cards.card_is(g, f, q[3], colour) and Cards.card_is(g, f, q[3], cat):
        q[4] = 1
    return _done(f, True)


@prim(who="角色", category="类别|牌名")
def no_distance_limit(g, f, strict, who, category, /):
    _answer(g, _q(), f.owner, A_NO_DISTANCE_LIMIT, who, category, None)
    return _done(f, True)


@prim(card="牌组", x="数")
def target_limit_plus(g, f, strict, card, x, /):
    q = _q()
    if q is not None and q[0] == Q_TLIMIT and (card == q[1] or (isinstance(card, tuple) and q[1] in card)):
        q[4] += x   # 此【杀】, or 你使用的【杀】 (〖天义〗: the queried card if it is one)
    return _done(f, True)


@prim(who="角色", name="牌名", x="数")
def use_target_limit_plus(g, f, strict, who, name, x, /):
    """〔甲〕使用〔名〕的额定目标数上限+X (〖天义〗): of the queried card, when 甲 uses it."""
    q = _q()
    if q is not None and q[0] == Q_TLIMIT and _is_v(q[1]):
        r = _rec(g, q[1])
        if r[V_USER] == who and Cards._kind_ok(g, r[V_NAME], name):
            q[4] += x
    return _done(f, True)


@prim(cards="牌组", x="数")
def recover_value_plus(g, f, strict, cards, x, /):
    q = _q()
    if q is not None and q[0] == Q_RECOVER and q[1] in Cards._cards(g, f, cards):
        q[4] += x
    return _done(f, True)


@prim(group="角色组", n="数", name="牌名", card="牌组")
def needs_n_to_cancel(g, f, strict, group, n, name, card, /):
    """〔甲〕须依次使用X张〔名〕才能抵消〔乙〕 (〖无双①〗; 乙 a group of cards: 〖肉林②〗 女性角色使用的【杀】)."""
    q = _q()
    if q is not None and q[0] == Q_NEEDN and (card == q[1] or (isinstance(card, tuple) and q[1] in card)) \
            and _in_group(g, f, q[2], group):
        if n > q[4]:
            q[4] = n
    return _done(f, True)


@prim(group="角色组", n="数", name="牌名")
def needs_n_to_play_each_time(g, f, strict, group, n, name, /):
    """〔甲〕每次须依次打出X张〔名〕 (〖无双②〗): read by need_play_each_time."""
    q = _q()
    if q is not None and q[0] == Q_PLAYN and Cards._kind_ok(g, q[2], name) and _in_group(g, f, q[1], group):
        if n > q[4]:
            q[4] = n
    return _done(f, True)


@prim(who="角色", name="牌名")
def need_play_each_time(g, f, strict, who, name, /):
    """〔甲〕需依次打出每次须打出的〔名〕 (the 轮流打出 of 【决斗】): one need-to-play event
    (000:190) per card 甲 must play this time (〖无双②〗: two, else one), one after another;
    甲 has played only if it played them all (S_NEED keeps the last outcome)."""
    n = _query(g, Q_PLAYN, who, name)
    return Decisions._helper(g, f, OP_PLAY_N, [who, name, n if n > 1 else 1], who)


# ---- card rules (额外说明 / 执行动作, docs/decisions/0005-card-rules.md) -----------------------------


def everyones_skills(t, /):
    """The hidden skills every character has: using cards at their 使用时机, the card
    rules offered to a holder. (The 〖名·授〗 of a skill granting an action, Games.gain_skill,
    only once somebody has that skill: a timing nobody else listens at is not generated for
    nothing.)"""
    return [t.use_skill[tid] for tid in sorted(t.use_skill)] + sorted(t.held_rules)


def kinds(g, /):
    """Card name id -> the names it is a kind of: the status rules "此牌是一种【名】"
    (000:92 火【杀】、雷【杀】), asked once per rulebook (query_answers.kinds_kept)."""
    t = _T(g)
    if t.kinds is None and not kinds_kept(t):   # the rulebook's, when one of its games made them
        t.kinds = {}
        for n in sorted(t.card_status):
            q = [Q_KIND, n, None, -1, ()]
            _card_status_run(g, n, -1, q)
            if q[4]:
                t.kinds[n] = tuple(q[4])
        # by card name id, the status rules that may speak for it, for limits._use_limited (None:
        # its own (t.card_status[n]; () none), and those of each name it is a kind of that has
        # some, in the kinds' order (read by a C index at each of ~1,350 use limits)
        limits = [None] * len(g.rs.card_names)
        for n in t.cards:
            ks = tuple([t.card_status[k] for k in t.kinds.get(n, ()) if k in t.card_status])
            if n in t.card_status or ks:
                own = t.card_status.get(n, ())
                # and their _limit_rules, for limits._limit_hit
                limits[n] = (own, ks, _limit_rules(own), tuple([_limit_rules(r) for r in ks]))
        t.use_limits = limits
        keep_kinds(t)
    return t.kinds


def _card_status_run(g, name, owner, q, card=None, /):
    """Run the status rules of card name ``name`` for query q (q[3]: the method,
    -1 for every method) with ``owner`` as their 你: those whose operations may answer its kind
    (火【杀】's "此牌是一种【杀】" is not run at a use limit)."""
    rules: dict = _T(g).card_status
    _run_card_rules(g, rules.get(name, ()), owner, q, card)


def _run_card_rules(g, rules, owner, q, card, /):   # a C function when compiled (status.pxd)
    """_card_status_run with the name's rules given (``rules``: t.card_status's tuple)."""
    ql = q   # the query ([kind, a, b, c, answer]) read by C indices
    kind = ql[0]
    # each rule (method, program, answer bits, direct rule) read by C indices, its answer bits
    # (a C test) before its method (a Python comparison): no unpacking of the four at each rule
    for i in range(len(rules)):
        r = rules[i]
        answers = r[2]
        if (answers >> kind) & 1 and (ql[3] < 0 or ql[3] == r[0]):
            direct = r[3]
            if direct is not None:
                _run_direct(g, direct, owner, ql)   # its one operation's answer, without a frame
            else:
                _run_rule(g, r[1], owner, ql, card)


def _run_rule(g, prog, owner, q, card, /):
    _run_query_program(g, prog, owner, q, -1, card)


def _limit_rules(rules, /):
    """The rules of ``rules`` (t.card_status's) that may answer a use limit, as (method, scope,
    owner mask, a, b, c) when each is a use limit of one operation (direct_rule: 于出牌阶段内/
    每回合 使用〔名〕的次数上限为X), which limits._limit_hit answers in C; else None."""
    out = []
    for r in rules:
        if not (r[2] >> Q_LIMIT) & 1:
            continue
        d = r[3]
        if d is None or d[0] not in (A_LIMIT_IN_PLAY_PHASE, A_LIMIT_PER_TURN):
            return None
        out.append((r[0], SC_PHASE if d[0] == A_LIMIT_IN_PLAY_PHASE else SC_TURN, d[1], d[2],
                    d[3], d[4]))
    return tuple(out)


@prim(who="角色", name="牌名", x="数")
def use_limit_in_play_phase(g, f, strict, who, name, x, /):
    """〔甲〕于出牌阶段内使用〔名〕的次数上限为X (【杀】; lifted by 无次数限制)."""
    _answer(g, _q(), f.owner, A_LIMIT_IN_PLAY_PHASE, who, name, x)
    return _done(f, True)


@prim(who="角色", name="牌名", x="数")
def use_limit_per_turn(g, f, strict, who, name, x, /):
    """〔甲〕于每回合内使用〔名〕的次数上限为X (【酒】（使用方法①）)."""
    _answer(g, _q(), f.owner, A_LIMIT_PER_TURN, who, name, x)
    return _done(f, True)


@prim(c="牌", name="牌名")
def kind_of(g, f, strict, c, name, /):
    """〔此牌〕是一种〔名〕 (000:92): answers the kinds query (kinds())."""
    q = _q()
    if q is not None and q[0] == Q_KIND and name not in q[4]:
        q[4] = tuple(q[4]) + (name,)
    return _done(f, True)


@prim(c="牌")
def ineffective_to_unhurt_targets(g, f, strict, c, /):
    """〔此牌〕对对应的角色未受伤的目标无效 (【桃园结义】, 000:167): answers the 无效
    query of the second check (is_ineffective)."""
    q = _q()
    if q is not None and q[0] == Q_INEFF and isinstance(q[2], int) and 0 <= q[2] < g.n:
        pl = g.players[q[2]]
        if pl.hp >= pl.maxhp:
            q[4] = 1
    return _done(f, True)


class _HeldCond(Condition):
    """A card rule offered to a holder: owner has a hand card of card name n and the
    rule's timing conditions (``rc``, a Reading) hold."""

    def __init__(self, n, rc):
        self.n = n
        self.rc = rc

    def test(self, g, owner, ev, t, /):
        if not Use._hand_has_name(g, owner, self.n):
            return False
        return self.rc is None or bool(self.rc.value(g, probe(g, owner, ev, t)))


def _held_run(g, f, /):
    """Run the rule with 此牌 = the hand card of its name the holder chooses."""
    n, rc, rp = _T(g).held_rules[f.skill]
    if f.pc == 0:
        cards = Use._hand_of_name(g, f.owner, n, True)
        if not cards:
            return 3
        f.pc = 1
        if len(cards) > 1:
            return g.ask(Decision(D_CARDS, f.owner, cards, 1, 1, prompt=g.rs.skills[f.skill].name))
        g.ans = [cards[0]]
    if f.pc == 1:
        a = g.ans
        c = a[0] if isinstance(a, (list, tuple)) else a
        f.pc = 2
        ch = g.new_frame(rp, f.owner, f.ev, -1)
        _sx(ch)[X_LASTCARD] = c
        g.push_frame(ch)
        return 1
    return 3


# the primitives this room's .pxd declares cpdef: Cython drops their @prim decorator when
# compiling, so they are registered here
prim(distance_minus, not_legal_target, distance_plus, use_limit_in_play_phase, use_limit_per_turn,
     kind_of)


# step 83's primitives, declared cpdef in the .pxd (Cython drops their @prim decorator)
prim(needs_n_to_cancel, needs_n_to_play_each_time, need_play_each_time)
