"""The dispatcher's caches of who holds what, by timing: filled when first read, forgotten when a
player's skills change.

* ``Game.held[t]``: timing t's skills (``rs.by_timing[t]``) without those nobody has, or whose
  needed skill nobody has (``Skill.needs``), in their order: the skills ``Game._candidates``
  looks at;
* ``Game.held_seats[t]``: the seats that have a skill of that list they may use (alive, or the
  skill ``dead_ok``), as bits (seat p: 1 << p): the seats a settled timing and the dispatch
  frame ask (-1: to be computed; the whole table forgotten at a death or revival); and at
  ``T + t`` (T: the number of timings, the array's half) those of them that have such a skill
  without ``Skill.own_subject``: the others are asked only when the event's subject is
  themselves (core/dispatch.py's ``seats_asked``);
* ``Game.held_lists`` and ``Game.held_by_kind``: ``Game.held_skills``' lists (its rooms' keys,
  the status queries' kinds), dropped when a skill's holders change between none and some.

The engine reads the first two inline (``_held_at``, ``_seats_with``) and calls this module when
an entry is missing; ``Game.grant_skill`` and ``Game.revoke_skill`` call ``_skill_changed``.
Also the modifiers' formula (``_modval``), the distance's base (``_base_distance``) and the
distances kept by pair (``_distance``, ``Game.dist_memo``: docs/decisions/0115) and the attack
ranges kept by seat (``_attack_range``, decision 0121), C calls of the engine.
Compiled beside the engine (``held.pxd``); like core/clone.py and core/checks.py, this module
and the engine cimport each other (docs/decisions/0019, 0067).
"""
import array

import cython

from core.errors import EngineError

if cython.compiled:
    from cython.cimports.core.prims.smallint import one_digit_long, small_int
    from cython.cimports.cpython.list import PyList_GET_ITEM
    from cython.cimports.cpython.tuple import PyTuple_GET_ITEM
    from cython.cimports.core.dispatch import ints_of
else:
    # compiled: the item borrowed, no reference taken (the caller's list keeps it)
    def PyList_GET_ITEM(a, i, /):
        return a[i]


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _int_at(a: object, i: cython.Py_ssize_t, /) -> cython.int:
    """Item i of int array a (the engine's _ai) read in place: compiled, dispatch.pxd's ints_of,
    where _ai was a call into the engine at each skill of each seat _make_seats reads, each of
    _make_held's skills and each kept distance (~4,000 calls in the six games; step 197e; in
    _held_of's list comprehension it measured 3 k dearer). Not checked: i is a skill id or a
    pair's index in the array, as for _ai."""
    if cython.compiled:
        return ints_of(cython.cast(cython.pointer(PyObject), a))[i]
    return a[i]


def _make_held(g, t, /):
    """Timing t's held list, the one kept (``Game.held[t]``) or made and kept now."""
    hl = g.held
    if hl is None:
        hl = [None] * len(g.rs.timing_names)
        g.held = hl
    held = hl[t]
    if held is None:
        # the skills nobody has would be skipped by _candidates' has test for every player
        held = [sk for sk in g.rs.by_timing[t]
                if _int_at(g.holders, cython.cast(Skill, sk).id) > 0
                and (cython.cast(Skill, sk).needs < 0
                     or _int_at(g.holders, cython.cast(Skill, sk).needs) > 0)]
        hl[t] = held
    return held


def _make_seats(g, t, /):
    """The seats with a skill of timing t's held list (alive, or the skill dead_ok), as bits: the
    ones kept (``Game.held_seats[t]``) or computed and kept now, with the seats among them that
    have such a skill without Skill.own_subject (kept at ``T + t``); -1 (every seat) past 30
    players, whose bits a C int cannot hold (each seat is asked, as before the cache)."""
    if g.n > 30:
        return -1
    hs = g.held_seats
    nt: cython.Py_ssize_t = len(g.rs.timing_names)
    if hs is None:
        # every timing's bits to be computed (-1), made at once as _ints makes its zeros (a
        # fill loop over the timings cost ~4 instructions each at each change of skills); the
        # open seats' half written with them (read only where the first half is >= 0)
        hs = array.array("i", [-1]) * (nt + nt)
        g.held_seats = hs
    m = _ai(hs, t)
    if m < 0:
        m = 0
        opened = 0
        held = _make_held(g, t)
        for p in range(g.n):
            pl = cython.cast(Player, g.players[p])
            # each skill borrowed, compiled (the held list holds it; nothing runs meanwhile):
            # no reference taken and dropped on each (~2,700 in the six games)
            for j in range(len(held)):
                sk: cython.pointer(PyObject) = PyList_GET_ITEM(held, j)
                # a dead seat's skill that is not dead_ok is never its candidate (dispatch's
                # test): the seat not asked (a fifth of the asks, each None; step 117a); a
                # seat's death or revival forgets the table (Game.set_alive)
                if _int_at(pl.has, cython.cast(Skill, sk).id) > 0 and \
                        (pl.alive or cython.cast(Skill, sk).dead_ok):
                    m |= 1 << p
                    if not cython.cast(Skill, sk).own_subject:
                        # a skill the dispatch's pre-test does not answer at another seat's
                        # subject: the seat asked at every subject
                        opened |= 1 << p
                        break
        _ai_set(hs, nt + t, opened)
        _ai_set(hs, t, m)
    return m


def _skill_changed(g, sid, holders_changed, /):
    """A player's count of skill sid went between 0 and 1 (grant_skill, revoke_skill), and with
    holders_changed its holders between none and some. What depends on it is forgotten, to be
    computed again when next read: the seats with a skill of each of its timings (the bits of
    _make_seats); with holders_changed, the held lists of its timings and of the timings of the
    skills that need it (Skill.needs: _make_held's test), and held_skills' lists (from none to
    some every one, from some to none those that held sid: step 222a). The entries of
    the other timings stay (a new table at each change made every timing's entry again: ~840
    recomputations in the six games of `sgs bench --what instructions`; step 58)."""
    _forget_timings(g, sid, holders_changed)
    if holders_changed:
        nb = g.rs.needed_by
        if nb is None:
            nb = _needers(g.rs)
        for gid in cython.cast(tuple, nb[sid]):
            _forget_timings(g, gid, True)
        if _ai(g.holders, sid) > 0:
            # from none to some: a list whose ids hold sid lacks it, and its ids are not kept;
            # empty ones stay (no list kept: a new game's ~170 first grants, step 234b)
            if g.held_lists:
                g.held_lists = {}
            if g.held_by_kind:
                g.held_by_kind = []
            g.no_answer = 0   # what held_by_kind's empty lists summarized
        else:
            # from some to none: exactly the lists holding sid lose it, the others stay (with
            # their identity, which status._held_owners and usable's convert_held key on); no
            # empty list becomes one with rules, so no_answer's bits stay true (~half of the
            # 224 kind lists made again in the six games of `sgs bench --what instructions`)
            byk = g.held_by_kind
            for k in range(len(byk)):
                c = byk[k]
                if c is not None and _holds(c, sid):
                    byk[k] = None
            hd = g.held_lists
            if hd:
                for key in [key for key in hd if _holds(hd[key], sid)]:
                    del hd[key]
    return 0


@cython.cfunc
@cython.inline
def _holds(c: list, sid: cython.int, /) -> cython.bint:
    """Whether held_skills' list c (skill ids) holds sid: compiled, each id borrowed and read in
    place (smallint.pxd), where `sid in c` boxed sid and compared objects (step 222b)."""
    if cython.compiled:
        for i in range(len(c)):
            if small_int(cython.cast(object, PyList_GET_ITEM(c, i))) == sid:
                return True
        return False
    return sid in c


def _seat_skills_changed(g, p, sid, /):
    """Seat p's count of skill sid went between 0 and 1 (grant_skill, revoke_skill) or a 无效 of
    it changed (invalidate_skill): when sid is a conversion skill, p's conversion skills
    (usable._convert_skills_of, kept by seat in Game.seat_convert) are found again when next
    read. The other seats' stay: a seat's answer is the conversion skills it has and that are
    not 无效 (somebody holds them: itself), so it reads no other seat (dropping every seat's made
    ~330 finds in the six games of `sgs bench --what instructions`; step 66), nor any other
    skill (seat_convert's last item flags the conversion skills by id: 72 of the 81 finds
    after a drop answered the same, step 96)."""
    kept = g.seat_convert
    if kept is not None:
        fl = kept[g.n]
        if fl[sid]:
            kept[p] = None
    # the distances kept (_distance) when sid is one of the rules that may answer a distance
    # (their flags by skill id at the memo's head: the horses' and 〖马术〗's, 24 of ~530 calls in
    # the six games), whose holder or 无效 at a distance's end changes its answer; a rule that
    # answers only a distance from or to its owner (flag 2: status._keep_distance) changes no
    # other pair's, so only seat p's pairs are forgotten (step 227c: 32 of the 110 distances
    # asked again after such a change in the six games were another pair's, ~1,850 each)
    memo = g.dist_memo
    if memo is not None:
        k: cython.int = _ai(memo, sid)
        if k == 2:
            n: cython.Py_ssize_t = g.n
            i: cython.Py_ssize_t = g.nskills + p * n   # p's row, then its column
            q: cython.Py_ssize_t
            for q in range(n):
                _ai_set(memo, i + q, -1)
                _ai_set(memo, g.nskills + q * n + p, -1)
        elif k != 0:
            _distances_changed(g, -1)
    return 0


def _forget_timings(g, sid, held_too, /):
    """Skill sid's timings' seat bits (and with held_too their held lists): to compute again."""
    hs = g.held_seats
    hl = g.held
    for t in cython.cast(Skill, g.rs.skills[sid]).timings:
        if hs is not None:
            _ai_set(hs, t, -1)
        if held_too and hl is not None:
            hl[t] = None
    return 0


def _needers(rs, /):
    """By skill id, the ids of the skills that need it (Skill.needs), as tuples: made once per
    ruleset (Ruleset.needed_by), which is frozen once a game is made from it."""
    nb = [()] * len(rs.skills)
    for sk in rs.skills:
        s = cython.cast(Skill, sk)
        if s.needs >= 0:
            nb[s.needs] = cython.cast(tuple, nb[s.needs]) + (s.id,)
    rs.needed_by = nb
    return nb


def _held_of(g, sids, /):
    """The skill ids of sids that somebody has, in their order (Game.held_skills' lists): a new
    list each time (status tells a change of held rules by the list's identity). Compiled, for a
    tuple of ids (every caller's: a query kind's or the conversion skills' ids; 553 calls in the
    six games of `sgs bench --what instructions`, most of one to three ids), each id borrowed
    (the tuple holds it) and read in place (smallint.pxd), the holders' counts read in place
    too (dispatch.pxd's ints_of), where the list comprehension took and dropped a reference to
    each id and called _ai with it converted by a call."""
    if cython.compiled and type(sids) is tuple:
        held = []
        hp: cython.pointer(PyObject) = cython.cast(cython.pointer(PyObject), g.holders)
        i: cython.Py_ssize_t
        for i in range(len(cython.cast(tuple, sids))):
            sp: cython.pointer(PyObject) = PyTuple_GET_ITEM(cython.cast(tuple, sids), i)
            if ints_of(hp)[small_int(cython.cast(object, sp))] > 0:
                held.append(cython.cast(object, sp))
        return held
    return [sid for sid in sids if _ai(g.holders, sid) > 0]


def _skill_tests(g, s, owner, ev, t, /):
    """The last two of the tests the runtime puts before skill s's own condition (the fields
    Skill.__init__ describes: the idle point's use, the lord role, the idle point's subject), in
    that order: Skill.cond is these, then Skill.test. core/dispatch.py's inline _ready tests the
    idle point's use, answers for a skill with neither of the other two at t and calls this for
    the others (step 106b: the first test moved there)."""
    # the probe and the subject read in place, not taken into locals: a reference taken and
    # dropped on each at ~9,300 tests in the six games (step 97)
    if s.lord_role >= 0 and cython.cast(Player, g.players[owner]).role != s.lord_role:
        return False
    if t == s.active_idle:
        s.probe.owner = owner    # prims.probe(g, owner, ev, t), then timing_subject(g, probe)
        s.probe.ev = ev
        s.probe.a = t
        v = ev.subject if ev is not None else s.probe.subject
        # a role (an int, compared in C: the owner boxed for an object comparison was ~35
        # instructions at each of ~2,400 tests in the six games) or None (-1); anything else
        # compared as an object
        if v is None:
            return owner == -1
        if cython.compiled and type(v) is int and one_digit_long(v, cython.address(sv)):
            return sv == owner   # an int of one digit (smallint.pxd), read in place
        return v == owner
    return True


@cython.boundscheck(False)
@cython.wraparound(False)
def _modval(g, kind, a, b, base, /):
    """Game.modval, the glossary's modifier formula: a C function its callers in the engine call
    without the method's override test (distance, attack_range, hand_limit, draw_count,
    card_point: ~4,500 calls in the six games of `sgs bench --what instructions`). A modifier of
    a skill counts once for each living player holding it (not 无效); the bounds are read from
    the ruleset's C arrays, each modifier's value converted once and summed as a C int
    (docs/performance.md, step 58)."""
    # the ruleset, its lists and the game's players borrowed, compiled (g holds its ruleset and
    # players, the frozen ruleset its lists; a modifier's value changes neither): no reference
    # taken and dropped on each at ~1,500 calls in the six games
    if cython.compiled:
        rsp: cython.pointer(PyObject) = cython.cast(cython.pointer(PyObject), g.rs)
        mlp: cython.pointer(PyObject) = cython.cast(cython.pointer(PyObject),
                                                     cython.cast(Ruleset, rsp).mods)
        plp: cython.pointer(PyObject) = cython.cast(cython.pointer(PyObject), g.players)
    else:
        rsp = g.rs
        mlp = rsp.mods
        plp = g.players
    if kind < 0 or kind >= len(cython.cast(list, mlp)):
        raise EngineError("no modifier kind %d in this ruleset" % kind)
    has_setv = False
    setv = 0
    b0 = base
    delta = 0
    # the kind's list walked by index; compiled, each modifier read borrowed (the ruleset's
    # list holds it, nobody changes it meanwhile): no reference taken and dropped on each of
    # ~5,000 modifiers in the six games of `sgs bench --what instructions` (step 110b took the
    # loop variable's second one; step 172a), and a skill's modifier's seats' players likewise
    kp: cython.pointer(PyObject) = PyList_GET_ITEM(cython.cast(list, mlp), kind)
    for i in range(len(cython.cast(list, kp))):
        mp: cython.pointer(PyObject) = PyList_GET_ITEM(cython.cast(list, kp), i)
        sid = cython.cast(Modifier, mp).skill
        mode = cython.cast(Modifier, mp).mode
        if sid < 0:   # a rule's modifier (the bundled rulebooks' only kind): once, for nobody
            v = cython.cast(Modifier, mp).value(g, -1, a, b)
            if v is not None:
                x = v
                if mode == 2:
                    setv = x
                    has_setv = True
                elif mode == 0:
                    b0 = x
                else:
                    delta += x
            continue
        for q in range(g.n):
            if not _counts_at(cython.cast(Player, PyList_GET_ITEM(cython.cast(list, plp), q)),
                              sid):
                continue
            v = cython.cast(Modifier, mp).value(g, q, a, b)
            if v is None:
                continue
            x = v
            if mode == 2:
                setv = x
                has_setv = True
            elif mode == 0:
                b0 = x
            else:
                delta += x
    if has_setv:
        return setv
    floor = _aq(cython.cast(Ruleset, rsp).mod_floor, kind)
    ceil = _aq(cython.cast(Ruleset, rsp).mod_ceil, kind)
    x = b0 + delta   # min(max(b0 + delta, floor), ceil)
    if x < floor:
        x = floor
    return x if x < ceil else ceil


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(pl="Player", sid=cython.int)
def _counts_at(pl, sid) -> cython.bint:
    """Whether seat player pl's modifiers of skill sid count (_modval): alive, holding the skill,
    not 无效. Compiled, pl borrowed (_modval's argument) and its C int tables read in place."""
    if cython.compiled:   # dispatch.pxd's ints_of: the arrays borrowed (pl holds them)
        return pl.alive and ints_of(cython.cast(cython.pointer(PyObject), pl.has))[sid] != 0 and \
            ints_of(cython.cast(cython.pointer(PyObject), pl.invalid))[sid] <= 0
    return pl.alive and pl.has[sid] != 0 and pl.invalid[sid] <= 0


# core.prims.status's part in the kept distances and ranges, given with the first memo it makes
# or range it marks (_watch_distances): base._AWAY, the equipment cards used as another card while
# its targets are chosen, whose skills the distance rules and whose range the range do not count
# (002:22): while it holds a card, no kept distance or range is read; and the function that counts
# again the rules a kept distance took effect by
_away = None
if not cython.compiled:   # a C function pointer when compiled (held.pxd)
    _recount = None
# a kept distance at or above it: rules took effect in its answer (_recount counts them again)
_TOOK = cython.declare(cython.int, 1 << 16)


def _watch_distances(box, recount, /):
    global _away, _recount
    _away = box
    _recount = recount
    return 0


@cython.boundscheck(False)
@cython.wraparound(False)
def _distance(g, a, b, /):
    """Game.distance for a != b, kept by ordered pair in ``Game.dist_memo``: an int array of, by
    skill id, whether the skill may answer a distance, then by pair the distance (-1 unknown;
    +_TOOK when rules took effect in it), then by pair the ids of those rules (up to 3, -1
    after). core.prims.status's distance modifier makes it and marks a pair to keep (-2, or -3
    with rules that took effect: status._keep_distance) when the status rules' answer reads only
    what the memo's drops watch and it is the one distance modifier: the memo is forgotten
    (_distances_changed) at a seat's death or revival (Game.set_alive: the pairs it may change),
    a seat's count or 无效 of a skill that may answer a distance (_seat_skills_changed); dropped
    at a lasting effect (status.add_lasting) and by a clone (None). Of 1,313 distances in the six
    games of `sgs bench --what instructions` ~1,000 were read again unchanged, at ~1,050
    instructions each (docs/performance.md, step 140). A kept answer's rules are counted again
    (_recount): the status counts (`sgs simulate`) stay those of asking each time."""
    n = g.n
    i = g.nskills + a * n + b if 0 <= a < n and 0 <= b < n else -1
    memo = g.dist_memo
    if memo is not None and i >= 0:
        v = _int_at(memo, i)
        if v >= 0 and not (_away is not None and len(cython.cast(tuple, _away[0])) != 0):
            if v >= _TOOK:
                _recount(g, i)
                return v - _TOOK
            return v
        _ai_set(memo, i, -1)   # a mark another modval call left (Game.modval) is not this one's
    d = _modval(g, 0, a, b, _base_distance(g, a, b))
    memo = g.dist_memo   # the modifier may have made it
    if memo is not None and i >= 0 and 0 <= d < _TOOK:
        v = _int_at(memo, i)
        if v == -2:   # marked by the modifier as kept: the distance stored
            _ai_set(memo, i, d)
        elif v == -3:   # … with rules that took effect, in the pair's ids
            _ai_set(memo, i, d + _TOOK)
    return d


def _attack_range(g, p, /):
    """Game.attack_range, kept by seat in ``Player.range_kept`` (the range + 1; 0: to compute).
    Its one modifier in the rulebooks, core.prims.status's, reads seat p's weapon zone only (no
    rule answers a range): it marks the seat (-1) when it answered while no card is away and it
    is the one range modifier, and the range is stored. A card into or out of a weapon zone
    forgets its seat's (handname.pxd's hand_moved, Game._put's one test of the zones' kinds); a
    clone's players start with none. Of ~700 ranges in the six games of `sgs bench --what
    instructions` most were read again unchanged, at ~480 instructions each (docs/performance.md,
    step 146)."""
    if not 0 <= p < g.n:
        return _modval(g, 1, p, -1, 1)
    if _away is not None and len(cython.cast(tuple, _away[0])) != 0:
        return _modval(g, 1, p, -1, 1)   # a card away: asked, the kept range left as it is
    pl = cython.cast(Player, g.players[p])
    v = pl.range_kept
    if v > 0:
        return v - 1
    pl.range_kept = 0   # a mark another modval call left (Game.modval) is not this one's
    r = _modval(g, 1, p, -1, 1)
    if pl.range_kept == -1:   # marked by the modifier: kept
        pl.range_kept = r + 1 if 0 <= r < (1 << 30) else 0   # r + 1 a C int
    return r


@cython.boundscheck(False)
@cython.wraparound(False)
def _distances_changed(g, p, /):
    """Forget the kept distances (_distance) that a change may change, the memo kept: every one
    (p < 0: a rule's change, _seat_skills_changed), or those seat p's death or revival may
    change (Game.set_alive, after its flag and alive_bits are written; docs/decisions/0254). The
    dead do not count in a distance's base (002:125): its walk each way round counts the living
    seats between the two ends, and the fewer wins. p's own pairs are forgotten (a rule asks
    whether its owner at an end is alive: status._distance_of). Between two other seats a and b,
    p lies on one way round: with x the living seats between them on p's way, p not counted, and
    y those on the other way, the base is 1 + min(x + 1, y) while p lives and 1 + min(x, y)
    while it is dead; the same exactly when y <= x, and the rules read the ends only: so the
    pair is kept then (a death on the longer way round leaves the pair's distance as it was: 187
    distances asked afresh in the six games of `sgs bench --what instructions`, where 238 were,
    step 238a)."""
    memo = g.dist_memo
    if memo is None:
        return 0
    ns = g.nskills
    n = g.n
    if p < 0 or p >= n or n > 50:   # (Game.alive_bits: kept for 50 seats or fewer)
        i = ns
        end = i + n * n
        while i < end:
            _ai_set(memo, i, -1)
            i += 1
        return 0
    # the living seats as bits, p not counted (set_alive writes alive_bits first)
    bits: cython.longlong = g.alive_bits & ~(cython.cast(cython.longlong, 1) << p)
    living = 0
    for q in range(n):
        living += (bits >> q) & 1
    for a in range(n):
        i = ns + a * n
        if a == p:   # p's row
            for b in range(n):
                _ai_set(memo, i + b, -1)
            continue
        _ai_set(memo, i + p, -1)   # p's column
        for b in range(n):
            if b == a or b == p or _int_at(memo, i + b) < 0:
                continue   # not kept: nothing to forget
            # x: the living seats from a round to b, p not counted; on: whether p is among the
            # seats passed (its way round); y: the living seats on the other way
            x = 0
            on = False
            q = a + 1 if a + 1 < n else 0
            while q != b:
                on = on or q == p
                x += (bits >> q) & 1
                q = q + 1 if q + 1 < n else 0
            y = living - x - ((bits >> a) & 1) - ((bits >> b) & 1)
            if not on:
                x, y = y, x
            if y > x:
                _ai_set(memo, i + b, -1)
    return 0


def _base_distance(g, a, b, /):
    """Game.base_distance, the distance's base before its modifiers (_modval, MK_DISTANCE): the
    fewer steps from a to b over the living seats (b counted dead or alive), one way round or
    the other: one walk over the seats between them each way (n - 2 seats), the seat index
    wrapped by a compare (no modulo: ~2,600 distances in the six games). Moved from the engine
    (docs/performance.md, step 85) with the formula it is the base of."""
    if a == b:
        return 0
    n = g.n
    cw = 1   # b itself, then the living seats passed clockwise from a to b
    q = a + 1 if a + 1 < n else 0
    while q != b:
        if cython.cast(Player, g.players[q]).alive:   # players holds Players only
            cw += 1
        q = q + 1 if q + 1 < n else 0
    ccw = 1   # likewise counter-clockwise: the living seats from b on round to a
    q = b + 1 if b + 1 < n else 0
    while q != a:
        if cython.cast(Player, g.players[q]).alive:
            ccw += 1
        q = q + 1 if q + 1 < n else 0
    return cw if cw < ccw else ccw


if not cython.compiled:   # C types and functions when compiled (held.pxd cimports them); the
    # engine imports this module's functions in its last lines, once these are defined
    from core.engine import Player, _ai, _ai_set, _aq  # noqa: E402
    from core.ruleset import Modifier, Ruleset, Skill  # noqa: E402
