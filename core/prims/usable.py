# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""The hidden skills that use cards at their 使用时机: which cards a role could use now
(the usability scan of docs/performance.md).

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import cython
import typing

# the engine's constants by name: module globals of this room (a cached lookup), not
# attribute lookups on the engine module at every use
from core.engine import (D_OPTION, Card, Frame, Game, Player)
from core.ruleset import Program, Reading, Skill
from core.decision import new_decision
if not cython.compiled:   # a C function (usable.pxd cimports it)
    from core.decision import prompt_joined
from core.prims.base import ANY, NONE, Q_NOUSE, S_NEED, V_NORESP, _frame0, prim
if not cython.compiled:   # C constants (base.pxd), cimported by this room's .pxd
    from core.prims.base import Tables, X_FLAG, X_IDLE, _AWAY, _Q, _TG, _Z_HAND, release_kept_frames
# the runtime's ruleset class (_no_use_limit reads its tables in place)
if cython.compiled:
    from cython.cimports.core.prims.base import Rules
else:
    from core.prims.base import Rules
# the equipment zones' kinds, one range (base: EQUIP_ZONES'), C ints compiled (_has_equipment)
if cython.compiled:
    from cython.cimports.core.prims.base import _Z_EQUIP_FIRST, _Z_EQUIP_LAST
else:
    from core.prims.base import _Z_EQUIP_FIRST, _Z_EQUIP_LAST
# the events whose card a scan's set-up reads (cardofevent.pxi, which usable.pxd includes):
# C ints compiled (usable.pxd); uncompiled, resolving's def of the rule
from core.prims.base import (
    EVI_DELAYED_USE, EVI_PLAY, EVI_PRE_PLAY, EVI_PRE_USE, EVI_TARGET_USE, EVI_USE)
if not cython.compiled:
    from core.prims.resolving import _card_of_event_fast
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import (
        _T_fast as _T, _get_fast as _get, _S_fast as _S, _is_v_fast as _is_v,
        _rec_fast as _rec, _field_fast as _field, _event_ctx_fast as _event_ctx)
else:
    from core.prims.base import (
        _T, _get, _S, _is_v, _rec, _field, _event_ctx)
if cython.compiled:   # a unit's reading by its C function, inline (ruleset.pxd, step 220)
    from cython.cimports.core.ruleset import reading_fn_value
# a zone's live list: compiled, Game.zone_cards in place (zonelist.pxd, step 54); uncompiled,
# zones' call of the method (one object: the package binds each name once)
if cython.compiled:
    from cython.cimports.core.prims.zonelist import zone_cards_fast as _zone_cards
else:
    from core.prims.zones import _zone_cards
if not cython.compiled:   # compiled: a one-digit int read in place (usable.pxd)
    PyObject = object   # (_item_of's annotation: a C type compiled)

    def _card_id(c, /):
        return c

    # compiled: the type's own pointer and base compared first (targets.pxd, step 115b)
    def _reading_ok(o, t, /):
        return isinstance(o, t)

    # compiled: the subject read borrowed (usable.pxd, step 119a)
    def _subj_of(ev, none, /):
        """Event ev's subject when it is an int, else ``none`` (no event: ``none``)."""
        if ev is not None and isinstance(ev.subject, int):
            return ev.subject
        return none

    # compiled: a C loop over the tuples with their items borrowed (usable.pxd, step 119a)
    def _conv_mask(conv, at, /):
        """The OR of the masks (by card name id, _mask_at) of _ScanAt at's names (below
        at.nidx) that conversion skills ``conv`` (_seat_convert's (timing, skill, names)
        entries) can produce; all at.n methods' bits when one's names are None (any name)."""
        cm = 0
        for e in conv:
            names = e[2]
            if names is None:
                return (1 << at.n) - 1
            for x in names:
                nm = _card_id(x)
                if nm < at.nidx:
                    cm |= _mask_at(at.masks, nm)
        return cm

    # compiled: a C loop over the hand's list with its items borrowed (usable.pxd, step 110a)
    def _hand_mask(hand, g, at, /):
        """The OR of the masks (by card name id, _mask_at) of _ScanAt at's names of the hand's
        cards (card ids into g.cards), for the names below at.nidx."""
        hm = 0
        for c in hand:
            nm = g.cards[_card_id(c)].name
            if nm < at.nidx:
                hm |= _mask_at(at.masks, nm)
        return hm
if cython.compiled:   # a scan's marks (_scan_new, _scan_done) and masks (_mask_at)
    import array
    from cython.cimports.cpython.ref import Py_REFCNT
    from cython.cimports.cpython.bytearray import PyByteArray_AS_STRING
    from cython.cimports.cpython.bytes import PyBytes_AS_STRING
    from cython.cimports.libc.string import memset
    # the scan's kept frame answered again as a new one (keptframe.pxd, shared with _frame0)
    from cython.cimports.core.prims.keptframe import (bare_frame, ev_let_go, frame_ints_new,
                                                      frame_objs_new)
    from cython.cimports.core.engine import release_finished_by
# a seat as its Python int, borrowed from the module's table of small ints (idtable.pxd): what
# _use_cond and _resumed give _scan_from, where Cython boxed their C int (PyLong_FromLong) at
# each of ~2,400 scans and dropped it; uncompiled, the seat itself (base's _intbox)
if cython.compiled:
    from cython.cimports.core.prims.idtable import _intbox
else:
    from core.prims.base import _intbox
# the other rooms, by module (they import each other): a C call for what their .pxd declares
from core.prims import (
    cards as Cards, limits as Limits, moves as Moves, status as Status, targets as Targets,
    use as Use)
if cython.compiled:
    from cython.cimports.core.prims import (
        cards as Cards, limits as Limits, moves as Moves, status as Status, targets as Targets,
        use as Use)


# ---- the hidden skills that use cards at their 使用时机 --------------------------------------------


def _usable(g, p, ev, tid, first=False, /):
    """[(name, method)] that p could start using at timing tid of event ev (with
    ``first``: stop at the first one, for a yes/no test)."""
    out = []
    sc = _scan_begin(g, p, ev, tid)
    if sc is not None:
        _scan_from(g, p, ev, tid, sc, 0, out, first)
        _scan_done(sc)
    return out


# A scan is _scan_begin (what it reads once: the timing's subject, the 不可响应 list of the
# event's card, p's conversion skills, which of the timing's methods to read) and then
# _scan_from over the timing's (name, method) list from an index on. What the set-up read is a
# _Scan (below).
M_SKIP = 0     # neither in p's hand nor a name p's conversion skills can produce: not read


M_HAND = 1     # a card of its name is in p's hand


M_CONVERT = 2  # not in p's hand: usable only through a conversion skill (_can_convert)


_SUBJ_NONE = NONE   # a scan's subject when its event has none: a C int compiled (usable.pxd)


@cython.wraparound(False)   # its indices are seats, card ids, name ids and a tested timing id
@cython.nonecheck(False)     # the game and its tables tested once below (step 115a)
def _scan_begin(g, p, ev, tid, /):
    """The scan state of _usable(g, p, ev, tid), or None when nothing can be usable."""
    global _SPARE
    if g is None:
        raise TypeError("_scan_begin: no game")
    t = _T(g)
    if t is None:
        raise TypeError("_scan_begin: a game without its tables")
    # the scan's tables read in place when they are kept for this rulebook (_scan_tables' call
    # at each of ~2,400 set-ups in the six games: −0.03 M)
    k: cython.Py_ssize_t = tid
    if t.use_methods is _SCAN_OF and 0 <= k < len(_SCAN_AT):
        at = _SCAN_AT[k]
    else:
        at = _scan_tables(t, tid)
    who: cython.int = p
    if at is None:
        return None
    # the seat's Player read once, borrowed when compiled (the game's list holds it, nothing
    # here changes it): three reads of g.players[who] each took and dropped a reference
    # (step 197b)
    if cython.compiled:
        pl: cython.pointer(PyObject) = PyList_GET_ITEM(g.players, who)
    else:
        pl = g.players[who]
    if not cython.cast(Player, pl).alive:
        return None
    # the subject a C int from the start (step 110a: NONE was a module global read and the
    # int boxed, compared with p as objects and unboxed again into sc.subj)
    subj: cython.int = _SUBJ_NONE
    # an event is a Frame (usable.pxd types it): its subject a C field read in place, borrowed
    # (_subj_of, step 119a: a local took and dropped its reference)
    subj = _subj_of(ev, subj)
    timing: cython.int = tid
    if timing == t.idle and subj != who:
        return None
    if ev is not None:
        fl = _get(ev, X_FLAG)
        if isinstance(fl, list) and fl[0] is not None and p not in fl[0]:
            return None
    # which methods to read: those of the names in p's hand, then those of the names p's
    # conversion skills can produce (t.use_index: by card name id, the indices of its methods at
    # this 使用时机, from the cards' specs); the others would fail the hand and conversion tests
    # (most names at the idle points, all but a role's 【闪】 at 对当前目标生效前). None of them
    # (most roles at most response windows): nothing is usable. A name met twice marks the same
    # methods again (no set of the hand's names)
    # (the timing's tables a _ScanAt: its fields read in place where they are used, step 119a;
    # at[0], at[1], at[2] were locals, each referenced and dropped at each of ~2,400 set-ups)
    n: cython.Py_ssize_t = at.n         # len(at.methods)
    if at.masks is not None:
        # a timing of at most 64 methods: by card name id the bit mask of its methods
        # (_scan_tables), one OR a card or a name, where each name's index tuple was walked and
        # each method's mark tested (~30 instructions a card); then a mark set for each bit
        # (the hand's names as the seat's Player.hand_bits has them when it counts every name
        # the masks have, step 190a: one OR a name it holds, where each card of the hand's list
        # was read, ~22 instructions a card at ~6,500 cards in the six games; else the hand's
        # cards in one C loop, their ids and cards borrowed: _hand_mask, step 110a)
        hm: cython.ulonglong
        if _names_counted(cython.cast(Player, pl), at):
            hm = _names_mask(cython.cast(Player, pl).hand_bits, at)
        else:
            hm = _hand_mask(_zone_cards(g, _Z_HAND, who), g, at)
        conv = _seat_convert(g, who)  # p's conversion skills, collected once per scan
        # the masks of the names they can produce (all n methods for a condition that can hold
        # for any name): _conv_mask, its tuples' items borrowed in C (step 119a: each entry, its
        # names and each name were locals, referenced and dropped)
        cm: cython.ulonglong = _conv_mask(conv, at)
        cm &= ~hm   # a method of a name in the hand is read as M_HAND
        if hm == 0 and cm == 0:
            return None
        # _scan_take(n) with its kept state taken in place (n <= 64 here: compiled, ~1,800
        # calls in the six games); a state taken is not wide (_scan_new, _scan_keep)
        sc = _SPARE
        if cython.compiled and sc is not None:
            _SPARE = None
            sc.n = n
        else:
            sc = _scan_take(n)
        # the marks as bits: _scan_from goes from mark to mark by them, a method's mark
        # M_CONVERT where its bit is in cbits, else M_HAND (step 240a: a byte was written for
        # each bit here and zeroed by _scan_keep's memset, ~1,150 set-ups in the six games)
        sc.bits = hm | cm
        sc.cbits = cm
    else:
        # more methods than a mask holds (out of line: its locals were set up and released at
        # each set-up, the masks' path's too)
        conv = _seat_convert(g, who)  # p's conversion skills, collected once per scan
        sc = _scan_wide(g, _zone_cards(g, _Z_HAND, who), conv, at)
        if sc is None:
            return None
    # the event's card (resolving._card_of_event's answer, its rule inline: usable.pxd)
    evcard = _card_of_event_fast(t, ev) if ev is not None else None
    # the 不可响应 list None when it has no entries (nearly every scan): _scan_from tests it
    # by a pointer, where it called len() at each of ~2,375 calls in the six games (step 152)
    sc.noresp = None
    # no card (None: ~1,000 of the ~1,830 set-ups in the six games) tested here, where _is_v
    # called base's function for what is not an int; the list's length read in place (a list
    # once written, () until then: decision 0118), where len() was PyObject_Size (~820 calls)
    if evcard is not None and _is_v(evcard):
        # the card's id read in place (_card_id: a small int; __Pyx_PyIndex_AsSsize_t was a call at
        # each of ~820 set-ups with a card, step 183c)
        noresp = _field(_rec(g, _card_id(evcard)), V_NORESP)
        nr: cython.Py_ssize_t
        if type(noresp) is tuple:
            nr = len(cython.cast(tuple, noresp))
        elif type(noresp) is list:
            nr = len(cython.cast(list, noresp))
        else:
            nr = len(noresp)
        if nr != 0:
            sc.noresp = noresp
    sc.subj = subj
    sc.conv = conv
    # the timing's tables, one reference (step 152: its methods, pairs and readings were three
    # fields, each referenced here and dropped by _scan_done)
    sc.at = at
    return sc


@cython.cfunc
@cython.wraparound(False)
def _scan_wide(g: Game, hand: list, conv: tuple, at: "_ScanAt", /) -> "_Scan":
    """_scan_begin's marks for a timing of more methods than a mask holds: a mark tested and set
    for each index of each name of the hand's cards, then of the names conversion skills ``conv``
    can produce; None (the state kept for the next set-up) when none is marked."""
    n: cython.Py_ssize_t = at.n
    nidx: cython.Py_ssize_t = at.nidx   # len(at.idx), kept as a C int (len took a reference)
    j: cython.Py_ssize_t
    nm: cython.Py_ssize_t
    e: tuple
    sc: _Scan = _scan_take(n)
    sc.wide = True
    sc.bits = 0   # not read (wide)
    read: cython.p_uchar = sc.read
    marked: cython.Py_ssize_t = 0
    cards: list = g.cards
    idx: list = at.idx
    for c in hand:
        nm = cython.cast(Card, cards[_card_id(c)]).name
        if nm < nidx:
            for j in idx[nm]:
                if read[j] == M_SKIP:
                    read[j] = M_HAND
                    marked += 1
    for e in conv:
        names = e[2]
        if names is None:   # a condition that can hold for any name: every method
            for j in range(n):
                if read[j] == M_SKIP:
                    read[j] = M_CONVERT
                    marked += 1
            break
        for x in names:
            nm = _card_id(x)   # a name id read in place (step 115a)
            if nm < nidx:
                for j in idx[nm]:
                    if read[j] == M_SKIP:
                        read[j] = M_CONVERT
                        marked += 1
    if marked == 0:
        _scan_done(sc)   # no mark set: the next set-up takes it as it is
        return None
    return sc


# The scan's tables by timing: (t.use_methods[tid], t.use_index[tid], their masks: _masks_of) in a
# list by timing id,
# None for a timing at which no card is used, where the set-up looked both up in the dictionaries
# (~110 instructions each at each of ~2,400 scans in the six games). Made from them for the
# tables' use_methods dictionary it was made from (kept with it: no id reuse): a game's tables do
# not change once registered, and every game of a rulebook shares that dictionary (each has a
# shallow copy of the registered tables: games._game_rules; its clones share the copy), so the
# list is made again only for another rulebook's.
_SCAN_OF = None
_SCAN_AT = []


@cython.cclass
class _ScanAt:
    """A timing's scan tables (_scan_tables): its (name, method, condition) list
    (``methods``: t.use_methods[tid]), by card name id the indices of its methods (``idx``:
    t.use_index[tid]), their masks (``masks``: _masks_of's, None over _MASK_BITS methods),
    the methods' (name, method index) pairs (``pairs``), their 使用目标 readings (``reads``:
    Targets._targets_reading's, None for a method without) and their names' 延时锦囊 flags
    (``delayed``: Targets._is_delayed's answers, one byte a method; None when not made) and
    whether each method's 使用时机 is its user's own (``own``: register_card's flag, index 6 of
    the card's method, one byte a method; None when not made: decision 0210). Its
    fields are C reads in _scan_begin (they were a tuple's items, each referenced and dropped at
    each set-up: step 119a)."""


def _scan_at(methods, idx, masks, pairs, reads, delayed=None, own=None, /):
    """A _ScanAt of these tables (``n``: the number of methods, ``nidx``: of index lists)."""
    at = _ScanAt.__new__(_ScanAt)
    at.methods, at.idx, at.masks, at.pairs, at.reads = methods, idx, masks, pairs, reads
    at.delayed = delayed
    at.own = own
    at.n, at.nidx = len(methods), len(idx)
    # a flag a method: _scan_from reads them by method index unchecked (_byte_at)
    for flags in (delayed, own):
        if flags is not None and len(flags) != at.n:
            raise ValueError("_scan_at: %d flags for %d methods" % (len(flags), at.n))
    # a pair and a reading a method, each method a (name, method, condition) tuple: _scan_from
    # reads them by method index unchecked (step 245a: each method's type and size were tested
    # at each of ~3,000 method reads in the six games; the tables never change them)
    if len(pairs) != at.n or len(reads) != at.n:
        raise ValueError("_scan_at: %d pairs, %d readings for %d methods"
                         % (len(pairs), len(reads), at.n))
    for e in methods:
        if type(e) is not tuple or len(e) != 3:
            raise TypeError("a method is not a (name, method, condition) tuple")
    if cython.compiled and masks is not None:   # the masks' C array (held by at.masks)
        at.ms = cython.cast(cython.p_ulonglong, PyBytes_AS_STRING(masks))
    return at


def _own_in(cards, n, mi, /):
    """1 when card name n's method mi has register_card's own-subject flag (its index 6: the
    使用时机's subject is its user, pretests.method_own_subject), else 0 (a method of 6 items or a
    name without a record: tables made by hand)."""
    rec = cards.get(n) if isinstance(cards, dict) else None
    if rec is None or len(rec) < 6 or mi >= len(rec[5]) or len(rec[5][mi]) < 7:
        return 0
    return 1 if rec[5][mi][6] else 0


def _scan_tables(t, tid, /):
    """A _ScanAt of (t.use_methods[tid], t.use_index[tid], _masks_of(…), the methods' (name,
    method index) pairs, their 使用目标 readings), or None when no card is used at timing tid."""
    global _SCAN_OF, _SCAN_AT
    um: dict = t.use_methods
    if um is not _SCAN_OF:
        at = [None] * (max(um) + 1 if um else 0)
        for k, methods in um.items():
            if methods:
                # the (name, method index) pairs _scan_from answers: made once, not at each
                # usable method found (~1,900 in the six games)
                # and each method's 使用目标 reading, which _scan_from evaluates (step 150: it
                # was looked up by name and method at each of ~2,100 evaluations), and its name's
                # 延时锦囊 flag, which _has_target read by name id at each (step 211c: what
                # _is_delayed answers from t.cards, as register.finish's delayed_names holds it)
                at[k] = _scan_at(methods, t.use_index[k],
                                 _masks_of(t.use_index[k], len(methods)),
                                 [(e[0], e[1]) for e in methods],
                                 [Targets._targets_reading(t, e[0], e[1]) for e in methods],
                                 bytes([Targets._delayed_in(t.cards, e[0]) for e in methods]),
                                 bytes([_own_in(t.cards, e[0], e[1]) for e in methods]))
        _SCAN_AT = at
        _SCAN_OF = um
    i: cython.Py_ssize_t = tid
    if 0 <= i < len(_SCAN_AT):
        return _SCAN_AT[i]
    return None


# _scan_begin's bit masks (a timing of at most _MASK_BITS methods): by card name id, bit j set
# for each index j of the name's methods. Compiled, the masks are C unsigned long longs in a
# bytes object (native order), read by _mask_at; pure, a list of Python ints. _MASK_BITS is a
# module global so that a pure test can set it to 0 and play the games by the marks' loops.
_MASK_BITS = 64


def _masks_of(idx, n, /):
    """The masks of a timing's index lists ``idx`` (by card name id) of n methods, or None
    when n is over _MASK_BITS (the scan tests and sets each mark then)."""
    if n > _MASK_BITS:
        return None
    ms = [0] * len(idx)
    for nm in range(len(idx)):
        for j in idx[nm]:
            ms[nm] |= 1 << j
    if cython.compiled:
        return array.array("Q", ms).tobytes()
    return ms


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _mask_at(masks: object, i: cython.Py_ssize_t, /) -> cython.ulonglong:
    """The mask of card name id i (i below the masks' length)."""
    if cython.compiled:
        return cython.cast(cython.p_ulonglong, PyBytes_AS_STRING(masks))[i]
    return masks[i]


@cython.cfunc
@cython.inline
def _names_counted(pl: Player, at: _ScanAt, /) -> cython.bint:
    """Whether seat pl's Player.hand_bits holds every name of at's masks that its hand has: the
    masks' names (below at.nidx) are below 64 and pl's hand_names counts each (Game._put keeps
    both: handname.pxd, docs/decisions/0114; a name outside that table is not counted)."""
    return at.nidx <= 64 and at.nidx <= len(pl.hand_names)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _names_mask(names: cython.ulonglong, at: _ScanAt, /) -> cython.ulonglong:
    """The OR of the masks (_mask_at) of the name ids set in ``names`` below at.nidx (at most 64):
    _hand_mask's answer read from a hand's names (Player.hand_bits), not from its cards."""
    hm: cython.ulonglong = 0
    if at.nidx < 64:
        names &= (cython.cast(cython.ulonglong, 1) << at.nidx) - 1
    while names != 0:
        if cython.compiled:
            hm |= at.ms[_low_bit(names)]
        else:
            hm |= _mask_at(at.masks, _low_bit(names))
        names &= names - 1
    return hm


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _low_bit(m: cython.ulonglong, /) -> cython.int:
    """The index of m's lowest set bit (m not 0)."""
    if cython.compiled:
        return __builtin_ctzll(m)
    return (m & -m).bit_length() - 1


# What a scan's set-up read, for _scan_from (and _RESUME): one object, from a freelist when
# compiled, its marks C bytes in the object (a five-item list and a bytearray were made and freed
# at each of ~2,400 set-ups in the six games). The directive must be here, with cclass: decision 0033.
@cython.freelist(8)
@cython.cclass
class _Scan:
    """A scan's state: the timing's subject (``subj``, NONE when it has none), the 不可响应
    list of the event's card (``noresp``, None when it has no entries), the role's conversion
    skills (``conv``), the timing's tables (``at``: a _ScanAt, its (name, method, condition)
    list, the methods' (name, method index) pairs and 使用目标 readings) and by method index its
    mark (M_SKIP, M_HAND or M_CONVERT; ``n`` of them): for at most 64 methods (``wide``
    False) as bits, the marked ones (``bits``) and those of them marked M_CONVERT (``cbits``),
    else by method in ``read``."""

    def marks(self, /):
        """The marks, as bytes."""
        if self.wide:
            if cython.compiled:
                return cython.cast(cython.p_char, self.read)[:self.n]
            return bytes(self.read)
        return bytes([M_CONVERT if (self.cbits >> j) & 1 else M_HAND if (self.bits >> j) & 1
                      else M_SKIP for j in range(self.n)])


def _scan_new(n, /):
    """A _Scan with n marks, all M_SKIP (0; its other fields _scan_begin's to set)."""
    sc = _Scan.__new__(_Scan)
    sc.n = n
    sc.bits = sc.cbits = 0
    sc.wide = False
    if cython.compiled:
        # the object holds 64 marks (usable.pxd; the three rulebooks' timings have at most 41
        # methods); they are zeros, as a new extension object's C fields are (a freelist's too)
        if n <= cython.cast(cython.Py_ssize_t, cython.sizeof(sc.buf)):
            sc.read = sc.buf
        else:   # more methods than the object holds: a bytearray of zeros it keeps
            sc.big = bytearray(n)
            sc.read = cython.cast(cython.p_uchar, PyByteArray_AS_STRING(sc.big))
    else:
        sc.read = bytearray(n)
    return sc


# One finished scan state kept for the next set-up (_scan_take): ~2,400 set-ups in the six games
# each made one and freed it (~250 instructions with the freelist), most of them finished before
# the next began (a quarter marked nothing). A state is finished when nothing holds it any more:
# _scan_begin's that marked nothing, _usable's, _use_cond's that found nothing usable, _resumed's
# (a state _RESUME keeps is not finished). Kept with its marks zeroed (its bits; a wide one's
# bytes too, only when they are the object's own buffer, compiled).
_SPARE = None


def _scan_take(n, /):
    """_scan_new(n), or the kept finished state made ready for n marks (all M_SKIP)."""
    global _SPARE
    sc = _SPARE
    if sc is None or n > 64:
        return _scan_new(n)
    _SPARE = None
    sc.n = n
    if cython.compiled:
        sc.read = sc.buf   # zeroed by _scan_done
    else:
        sc.read = bytearray(n)
    return sc


def _scan_done(sc, /):
    """Keep the finished scan state ``sc`` for the next set-up (nothing else holds it)."""
    _scan_keep(sc)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)   # it raises nothing (no PyErr_Occurred after each call)
def _scan_keep(sc: _Scan, /) -> cython.void:
    """_scan_done's work, inline in _use_cond and _resumed (~1,800 calls in the six games)."""
    global _SPARE
    if sc.wide:   # its marks by method (a scan of at most 64 methods has them as bits)
        if cython.compiled:
            if sc.big is not None:
                return
            memset(sc.buf, 0, sc.n)
        sc.wide = False
    sc.bits = sc.cbits = 0
    sc.noresp = sc.conv = sc.at = None
    _SPARE = sc


# The frame the scan evaluates its methods' conditions and targets in (compiled): base._frame0's
# reading of the kept frame copied here, for the scan's ~3,000 evaluations in the six games (each
# a call of _frame0 across modules, ~60 instructions, and ~500 of them a new frame and the old
# one's death where a reading had written its scratch). What it answers is as _frame0's: a frame
# nobody else holds, its fields a new frame's but its owner and event.
_SCAN_F = None


@cython.cfunc
@cython.inline
@cython.nonecheck(False)   # kept tested for None first
def _kept_frame(kept: typing.Optional[Frame], /) -> Frame:
    """Compiled: the frame to answer for a kept frame (_scan_frame's _SCAN_F, _conv_frame's
    _CONV_F), the caller storing the answer back as its kept frame: ``kept`` itself when only
    its module global and the reference the caller passes (Cython takes one on a global it
    passes) hold it (no evaluation is still in it, none kept it: a frame that escaped is never
    written again) and no clone copies it (twin: a clone's pointer), its fields set as a new
    frame's (a field a reading wrote — its scratch, its slots — dropped: nobody else can read
    it); else a new frame (as _frame0 makes one)."""
    if kept is not None and Py_REFCNT(kept) == 2 and kept.twin == cython.NULL:
        frame_objs_new(kept)
        frame_ints_new(kept)
        return kept
    return bare_frame()


@cython.cfunc
@cython.inline
@cython.nonecheck(False)   # f: _kept_frame's answer, a frame
def _scan_frame(owner: cython.int, ev: object, /) -> Frame:
    """_frame0(owner, ev) for the scan: compiled, _kept_frame's answer for the kept frame
    _SCAN_F (kept then), its owner and event set."""
    global _SCAN_F
    if not cython.compiled:
        return _frame0(owner, ev)
    f: Frame = _kept_frame(_SCAN_F)
    if f is not _SCAN_F:
        _SCAN_F = f   # a new frame, kept from now on
    f.owner = owner
    f.ev = cython.cast(Frame, ev)   # a Frame or None (its caller's typed local: tested there)
    return f


def scan_frame(owner, ev, /):
    """_scan_frame as a Python function (tests/runtime/test_scan_frame.py)."""
    evf: Frame = ev   # tested: _scan_frame does not
    return _scan_frame(owner, evf)


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nonecheck(False)   # sc tested once below (its fields were each tested for None)
def _scan_from(g, p, ev, tid, sc, i, out, first, /):
    """Append to ``out`` the usable (name, method) of the timing's list from index i on
    (with ``first``: up to the first one); returns the index after the last one read. With
    ``out`` None, nothing appended: the index after the first usable one, 0 when none is."""
    if sc is None:
        raise TypeError("_scan_from: no scan state")
    # the state's fields read where they are used (step 115a: the 不可响应 list, the conversion
    # skills, the methods and pairs lists and the tables were locals, each referenced at each
    # of ~2,850 calls in the six games and dropped at the end)
    subj: cython.int = sc.subj
    read: cython.p_uchar = sc.read
    # read and methods have the same length (_scan_begin): indexed unchecked below i < n
    n: cython.Py_ssize_t = sc.n
    j: cython.Py_ssize_t
    wide: cython.bint = sc.wide
    bits: cython.ulonglong = sc.bits
    cbits: cython.ulonglong = sc.cbits
    # the 不可响应 list's loop only when it has entries (most scans: () — its empty loop was
    # set up at each method read, ~18 instructions each, step 110a)
    has_noresp: cython.bint = sc.noresp is not None
    m: cython.ulonglong
    # the seat as the frames' owner, and the event a Frame (tested once: _frame0 tested it at
    # each evaluation)
    who: cython.int = p
    evf: Frame = ev
    # the seat's int object borrowed from the small ints' table, for the calls that take one
    # (step 279c: the callers, which have the seat as a C int, boxed it and this unboxed it)
    po = cython.cast(object, _intbox(who))
    while i < n:
        # the unmarked methods passed over (at an idle point ~37 of the 41): by the marks'
        # bits (n <= 64: the next at the lowest set bit from i on), else mark by mark
        if wide:
            while i < n and read[i] == M_SKIP:
                i += 1
            if i >= n:
                break
        else:
            m = bits >> i   # i < n <= 64
            if m == 0:
                break
            i += _low_bit(m)
        j = i
        i = j + 1
        # the method's (name, method index, condition) read borrowed when compiled (name_p,
        # mi_p, cond_p: cast to objects where they are passed, no reference taken): the
        # timing's list holds its tuple, made with the tables and never changed (n, read above,
        # counts on it too), where the tuple and its three items were each referenced and
        # dropped at each of ~3,000 method reads in the six games; its type and size tested
        # once, by _scan_at; uncompiled, the items
        if cython.compiled:
            ep: cython.pointer(PyObject) = _item_of(
                cython.cast(cython.pointer(PyObject), sc.at.methods), j)
            name_p: cython.pointer(PyObject) = PyTuple_GET_ITEM(cython.cast(object, ep), 0)
            mi_p: cython.pointer(PyObject) = PyTuple_GET_ITEM(cython.cast(object, ep), 1)
            cond_p: cython.pointer(PyObject) = PyTuple_GET_ITEM(cython.cast(object, ep), 2)
        else:
            name_p, mi_p, cond_p = sc.at.methods[j]
        if has_noresp and _noresp_blocks(g, po, cython.cast(object, name_p), sc.noresp):
            continue
        # a method whose 使用时机 is its user's own (【闪】's "【杀】对你生效前"): only the event's
        # subject may use it (decision 0210; the dispatch's hand pre-test leaves it out likewise)
        # (the seats compared as C ints, the flag a C byte of the tables' bytes: step 226a, the
        # subject was boxed and compared with p as objects, the byte read by a checked call)
        if subj >= 0 and subj != who and sc.at.own is not None and _byte_at(sc, True, j) != 0:
            continue
        if cython.cast(object, cond_p) is not None:
            # the method's condition before its use limits (both only read the game): at a
            # response window it fails for most roles (【闪】 at a trick's 对当前目标生效前)
            if not _reading_ok(cython.cast(object, cond_p), Reading):
                raise TypeError("a method's condition is not a Reading: %r"
                                % (cython.cast(object, cond_p),))
            # the frame a temporary, released after the call (a local would hold it: the next
            # evaluation's _scan_frame would find it held and make another)
            # (a unit's reading, nearly all, by its C function: Reading.value's body inline)
            if cython.compiled and cython.cast(Reading, cython.cast(object, cond_p)).fn_c \
                    != cython.NULL:
                if not reading_fn_value(cython.cast(Reading, cython.cast(object, cond_p)), g,
                                        _scan_frame(who, evf)):
                    continue
            elif not cython.cast(Reading, cython.cast(object, cond_p)).value(
                    g, _scan_frame(who, evf)):
                continue
        if not _no_use_limit(g, cython.cast(object, name_p)) and Limits._use_limited(
                g, po, cython.cast(object, name_p), cython.cast(object, mi_p)):
            continue
        # its mark read where it is tested: by the bits (_scan_begin), by the bytes when wide
        if wide:
            mark = read[j]
        else:
            mark = M_CONVERT if (cbits >> j) & 1 else M_HAND
        if mark == M_CONVERT:
            if not _can_convert(g, po, cython.cast(object, name_p), sc.conv,
                                cython.cast(object, mi_p), ev):
                continue
        # the targets are evaluated once: the legality test and the 你…时 test below read them;
        # only whether one is legal is asked (first: a pick of one may hold only the first)
        # (the method's reading kept by the scan's tables: Targets._target_value's; evaluated
        # by its scan form, which saves nothing when no evaluation is in progress)
        # (the reading read borrowed too, as the method's tuple: the tables' list holds it)
        if cython.compiled:
            r_p: cython.pointer(PyObject) = _item_of(
                cython.cast(cython.pointer(PyObject), sc.at.reads), j)
        else:
            r_p = sc.at.reads[j]
        v = Targets._scan_value(g, po, cython.cast(object, name_p), cython.cast(object, r_p),
                                _scan_frame(who, evf)) if cython.cast(object, r_p) is not None else None
        # (the name's 延时锦囊 flag read from the tables by method, step 211c: _has_target read it
        # from the tables by name id; None: tables made by hand without the flags)
        if sc.at.delayed is not None:
            if not Targets._has_target_as(g, po, cython.cast(object, name_p), v,
                                          _byte_at(sc, False, j) != 0):
                continue
        elif not Targets._has_target(g, po, cython.cast(object, name_p), v):
            continue
        # 你…时 with the target 你: the timing must be the user's own (the seats' C tests first:
        # at an idle point, ~85 % of the methods passed here, the subject is the user, where the
        # target was type-tested and compared with p as an object first, step 226a)
        if subj >= 0 and subj != who and isinstance(v, int) and v == po and tid != _T(g).idle:
            continue
        # none listed: _use_cond's scan, which asks only whether one is (step 279b)
        if out is None:
            return i
        # (name, mi), read borrowed compiled (_scan_at checked there is one a method; step 245a)
        if cython.compiled:
            out.append(cython.cast(object, _item_of(
                cython.cast(cython.pointer(PyObject), sc.at.pairs), j)))
        else:
            out.append(sc.at.pairs[j])
        if first:
            break
    return i if out is not None else 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _item_of(lp: cython.pointer(PyObject), j: cython.Py_ssize_t, /) -> cython.pointer(PyObject):
    """Compiled: item j of a list the tables hold (a _ScanAt's methods, reads or pairs, the
    use limits; j below its length: _scan_at checked the lengths, _no_use_limit tests j), its
    pointer passed, the item borrowed (step 252b: the list read from the scan's tables was
    referenced and dropped around each of ~3,000 reads)."""
    return PyList_GET_ITEM(cython.cast(object, lp), j)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.nonecheck(False)   # sc: _scan_from's, tested there
def _byte_at(sc: _Scan, own: cython.bint, j: cython.Py_ssize_t, /) -> cython.int:
    """Byte j of scan sc's flags (its tables' ``own`` when own, else ``delayed``: one byte a
    method, _scan_at checked their length; the caller tested them for None), read in place when
    compiled (Cython's bytes index was a checked call at each method read, step 226a); read from
    the scan, the bytes by their pointer (step 256a: the bytes passed as an argument were
    referenced and dropped around each read, and tested for None again)."""
    if cython.compiled:   # (an if: a conditional expression took a reference)
        fp: cython.pointer(PyObject)
        if own:
            fp = cython.cast(cython.pointer(PyObject), sc.at.own)
        else:
            fp = cython.cast(cython.pointer(PyObject), sc.at.delayed)
        return cython.cast(cython.p_uchar, PyBytes_AS_STRING(cython.cast(object, fp)))[j]
    return (sc.at.own if own else sc.at.delayed)[j]


# Q_NOUSE's bit in g.no_answer (a C constant when compiled)
_NOUSE_BIT = cython.declare(cython.ulonglong, 1 << Q_NOUSE)


@cython.cfunc
@cython.inline
@cython.nonecheck(False)   # lims tested for None below
def _no_use_limit(g: Game, name, /) -> cython.bint:
    """Whether Limits._use_limited(g, p, name, mi) answers False for every p and mi, read in place:
    nothing can answer 不能使用 (Q_NOUSE's no-answer bit) and card name ``name`` has no use limit
    of its own or of a name it is a kind of (its t.use_limits entry None) — _use_limited's first
    two answers (~1,100 of the scan's ~2,400 calls answered so in the six games, each a call of
    four objects: step 127h). False when it cannot tell (the limits not made yet, no name id):
    _use_limited is asked."""
    if (g.no_answer & _NOUSE_BIT) == 0 or type(name) is not int:
        return False
    if cython.compiled:
        # the tables' list read borrowed, in place (step 256b: _T's tables and the list were
        # each referenced and dropped at each of ~2,400 calls); other tables: _use_limited asks
        if type(g.rs) is not Rules or cython.cast(Rules, g.rs).sgs is None:
            return False
        lp: cython.pointer(PyObject) = cython.cast(
            cython.pointer(PyObject), cython.cast(Rules, g.rs).sgs.use_limits)
    else:
        lp = _T(g).use_limits
    if cython.cast(object, lp) is None:
        return False
    ni: cython.Py_ssize_t = _card_id(name)
    if not 0 <= ni < len(cython.cast(list, cython.cast(object, lp))):
        return False
    if cython.compiled:   # the entry compared in place (step 252c: referenced and dropped)
        return _item_of(lp, ni) == cython.cast(cython.pointer(PyObject), None)
    return lp[ni] is None


def no_use_limit(g, name, /):
    """_no_use_limit as a Python function (tests/runtime/test_scan_kept_reads.py)."""
    return _no_use_limit(g, name)


def _noresp_blocks(g, p, name, noresp, /):
    """Whether the 不可响应 list ``noresp`` (of the event's card) holds (p or ANY, a name kind
    card name ``name`` is of)."""
    blocked = False
    for who, n2 in noresp:
        if (who == p or who == ANY) and Cards._kind_ok(g, name, n2):
            blocked = True
    return blocked


def _convert_skills(g, /):
    """(timing, skill, names) of every skill listening at 需要使用此牌时❶/❸ (fixed once the
    game exists): the conversion skills _can_convert tries, with the card names their
    condition can hold for (t.skill_names' set as a sorted tuple; None: any)."""
    t = _T(g)
    cs = t.convert_skills
    if cs is None:
        # made from the ruleset's skill lists and the tables' name sets, which every game of a
        # rulebook shares (games._game_rules: shallow copies; nothing changes them once
        # registered): kept for those objects, so a rulebook's next game reads it (it was made
        # again for each game, ~37 k instructions)
        key = _CONV_FROM
        by_timing = g.rs.by_timing
        if key[0] is by_timing and key[1] is t.skill_names and key[2] is t.need_use_timings:
            cs = key[3]
        else:
            # the names a tuple: each scan's set-up walks a seat's (a set's iterator was ~150
            # instructions an item, at ~1,000 set-ups in the six games), _can_convert's `in`
            # reads one to three of them
            cs = tuple([(tid, sk, _names_tuple(t.skill_names.get(sk.id)))
                        for tid in t.need_use_timings for sk in by_timing[tid]])
            key[0], key[1], key[2], key[3] = by_timing, t.skill_names, t.need_use_timings, cs
            key[4] = None   # _convert_held's ids and flags, made for this answer when first read
        t.convert_skills = cs
    return cs


# _convert_skills' last answer and what it was made from (kept alive with it: no id reuse):
# [rs.by_timing, t.skill_names, t.need_use_timings, the answer, (its skill ids, their flags by
# skill id) or None: _convert_held's, made once for the answer, not for each game]
_CONV_FROM = [None, None, None, None, None]


def _names_tuple(names, /):
    return None if names is None else tuple(sorted(names))


_CONV_KEY = "需要使用此牌时"   # the held_skills key of the conversion skills (queries' are ints)


def _convert_skills_of(g, p, /):
    """_find_convert_skills(g, p), kept per seat in the game (Game.seat_convert) until p's count
    of a conversion skill goes between 0 and 1 or a 无效 of p's on one changes (the engine
    drops p's entry: core.held._seat_skills_changed, which reads the conversion skills' flags
    by skill id, seat_convert's item after the seats): ~2,400 scans in the six games of
    `sgs bench --what instructions` found them again between ~340 changes of any skill (81
    finds, 72 of them the same answer), between the changes of conversion skills now."""
    kept: list = g.seat_convert
    who: cython.int = p
    if kept is None:
        kept = [None] * g.n
        kept.append(_convert_held(g)[4])
        g.seat_convert = kept
    out = kept[who]
    if out is None:
        out = _find_convert_skills(g, p)
        kept[who] = out
    return out


@cython.cfunc
@cython.inline
def _seat_convert(g: Game, who: cython.int, /) -> tuple:
    """_convert_skills_of(g, who): its kept entry read in place when there is one (step 110a:
    the call unboxed the seat and took its references at each of ~2,400 scans)."""
    kept: list = g.seat_convert
    if kept is not None:
        out = kept[who]
        if out is not None:
            return out
    return _convert_skills_of(g, who)


def _convert_held(g, /):
    """t.convert_held for _convert_skills(g) (made when missing or made for another answer):
    [_convert_skills, their skill ids, the held_skills list the entries were filtered by (None:
    not yet), the entries, the conversion skills' flags by skill id (bytes)]."""
    t = _T(g)
    cs = t.convert_skills
    if cs is None:
        cs = _convert_skills(g)
    kept: list = t.convert_held
    if kept is None or kept[0] is not cs:
        made = _CONV_FROM[4] if _CONV_FROM[3] is cs else None
        if made is None:
            flags = bytearray(len(g.rs.skills))
            for e in cs:
                flags[cython.cast(Skill, e[1]).id] = 1
            made = (tuple([cython.cast(Skill, e[1]).id for e in cs]), bytes(flags))
            if _CONV_FROM[3] is cs:
                _CONV_FROM[4] = made
        kept = [cs, made[0], None, (), made[1]]
        t.convert_held = kept
    return kept


def _find_convert_skills(g, p, /):
    """The (timing, skill, names) of _convert_skills that p has (and are not invalidated), as a
    tuple."""
    # the entries whose skill somebody has (the expansions add many conversion skills most
    # games deal to nobody: the usability scan need not ask each role about each), kept in the
    # game's tables (each game has its copy, games._game_rules; its clones share it) as
    # t.convert_held (_convert_held). held_skills returns the same list object while nobody
    # gains or loses the last of a skill, so the filter is redone only then (the kept list keeps
    # the list it compares against alive: no id reuse)
    kept: list = _convert_held(g)
    cs: tuple = kept[0]
    ids: tuple = kept[1]
    held: list = g.held_skills(_CONV_KEY, ids)
    if kept[2] is not held:
        # held_skills' list is the ids somebody has, in their order: the entries of those ids
        # are found by walking both at once
        got = []
        h: cython.Py_ssize_t = 0
        nh: cython.Py_ssize_t = len(held)
        for k in range(len(ids)):
            if h < nh and ids[k] == held[h]:
                got.append(cs[k])
                h += 1
        kept[2], kept[3] = held, tuple(got)
    # typed: the role a C int once, an entry a tuple
    entries: tuple = kept[3]
    out = []
    who: cython.int = p
    e: tuple
    for e in entries:
        sk = e[1]
        if g.has_skill(who, sk.id):
            out.append(e)
    return tuple(out)


def _can_convert(g, p, name, conv=None, mi=-1, ev=None, /):
    """A skill of p listens at 需要使用此牌时❶/❸ for this card name (``conv``: p's
    _convert_skills_of, when the caller has it) and can make it of cards p may use: not of
    an equipment card the use needs (``mi``: the method used at its 使用时机; 002:29)."""
    t = _T(g)
    if conv is None:
        conv = _convert_skills_of(g, p)
    if not conv:
        return False
    cid = _need_cid(t)
    if cid is None:
        return False
    pe = _conv_frame()   # Frame(cid, 0) without the class call
    pe.prog = cid
    pe.slots = [p, name]
    pe.subject = p
    needed: list = _moves_needed()
    old = needed[0]
    needed[0] = _needed_new(g, p, name, mi, ev, old) if mi >= 0 and _has_equipment(g, p) else ()
    try:
        for tid, sk, nm in conv:
            if nm is not None and name not in nm:
                continue   # its condition requires another 此牌名
            if sk.cond(g, p, pe, tid):
                return True
        return False
    finally:
        needed[0] = old


_MOVES_NEEDED = cython.declare(list, None)   # Moves._NEEDED once _moves_needed has read it


@cython.cfunc
@cython.inline
def _moves_needed() -> list:
    """Moves' _NEEDED list (never rebound: its item is set and restored), kept here once read: it
    was a module attribute of another room read through Python at each of ~180 tests (step 127),
    and twice at each _Needed.cards (step 273e)."""
    global _MOVES_NEEDED
    if _MOVES_NEEDED is None:
        _MOVES_NEEDED = Moves._NEEDED
    return _MOVES_NEEDED
# _can_convert's kept probe frame (_conv_frame)
_CONV_F = cython.declare(Frame, None)


@cython.cfunc
@cython.inline
@cython.nonecheck(False)   # f: _kept_frame's answer, a frame
def _conv_frame() -> Frame:
    """_frame0(-1, None) for _can_convert's probe: compiled, _kept_frame's answer for its own
    kept frame _CONV_F (kept then; step 245b: _frame0's two kept frames are held by the
    evaluations a scan runs inside, and the scan's own is taken again by a condition's nested
    scan: a new frame was made and freed at most of ~180 tests in the six games)."""
    global _CONV_F
    if not cython.compiled:
        return _frame0(-1, None)
    f: Frame = _kept_frame(_CONV_F)
    if f is not _CONV_F:
        _CONV_F = f   # a new frame, kept from now on
    f.owner = -1
    f.ev = None
    return f


def _release_finished(c, /):
    """Compiled, the engine's release of a finished frame c its parent's field does not hold
    alone, at the parent's pop (engine.pxd, step 260a): the kept scan whose event it is (stale:
    a scan is resumed only with no pop since) dropped, its state kept as _use_cond keeps it; the
    kept evaluation frames, this room's and base's, let it go as their event (ev_let_go). What
    held the 濒死 a 桃 was asked at, which names the 伤害 in its slots, at its 扣减体力's pop."""
    k = _RESUME
    if k.g is not None and cython.cast(cython.pointer(PyObject), k.ev) == c:
        ksc = k.sc
        _kept_clear(k)
        _scan_keep(ksc)
    ev_let_go(cython.cast(cython.p_void, _SCAN_F), c)   # by pointer (step 266a)
    ev_let_go(cython.cast(cython.p_void, _CONV_F), c)
    release_kept_frames(c)


if cython.compiled:
    release_finished_by(_release_finished)


def conv_frame():
    """_conv_frame as a Python function (tests/runtime/test_scan_checked_once.py)."""
    return _conv_frame()
# the events table _need_cid last found 需要使用牌 in (kept alive with it: no id reuse), and its id
_NEED_EVENTS = cython.declare(object, None)
_NEED_CID = cython.declare(object, None)


@cython.cfunc
@cython.inline
def _need_cid(t: Tables, /):
    """The id of tables t's event 需要使用牌 (None: none), kept with the events table it was read
    from (a rulebook's tables do not change once registered: its games read it once), where each
    of _can_convert's ~180 tests in the six games looked it up by its name (step 219c)."""
    global _NEED_EVENTS, _NEED_CID
    evs = t.events
    if evs is not _NEED_EVENTS:
        cid = evs.get("需要使用牌")
        if cid is None:
            return None
        _NEED_EVENTS, _NEED_CID = evs, cid
    return _NEED_CID


def need_cid(g, /):
    """_need_cid of g's tables as a Python function (tests/runtime/test_convert_test_reads.py)."""
    return _need_cid(_T(g))


# from a freelist when compiled (the directive here, with cclass: decision 0033): ~130 made and
# freed in the six games, one at each test of a use by conversion with equipment (step 219c)
@cython.freelist(8)
@cython.cclass
class _Needed:
    """The equipment p's use of ``name`` needs (Use.equipment_needed: 002:29), as Moves._NEEDED
    while _can_convert tests p's conversion skills: computed when a skill's condition first
    asks which cards p may operate (Moves.equipment_busy), not before the test — most
    conditions fail before asking (no card of the colour, the name not needed). It is computed
    in the registers the test began with (no target evaluation or query running) and with the
    outer _NEEDED, as it was before the test; the game does not change during a condition, so
    the answer is the same."""

    def __init__(self, g, p, name, mi, ev, outer):
        _needed_set(self, g, p, name, mi, ev, outer)

    def cards(self, /):
        if self.v is None:
            needed: list = _moves_needed()
            saved = (_AWAY[0], _TG.evaluated(), _Q[0], needed[0])
            _AWAY[0], tc, _Q[0] = self.regs
            _TG.set_evaluated(tc)
            needed[0] = self.outer
            try:
                self.v = Use.equipment_needed(self.g, self.p, self.name, self.mi, self.ev)
            finally:
                _AWAY[0], tc, _Q[0], needed[0] = saved
                _TG.set_evaluated(tc)
        return self.v


def _needed_set(nd, g, p, name, mi, ev, outer, /):
    """_Needed's fields."""
    nd.g, nd.p, nd.name, nd.mi, nd.ev, nd.outer = g, p, name, mi, ev, outer
    nd.regs = (_AWAY[0], _TG.evaluated(), _Q[0])
    nd.v = None
    # computing it may make virtual cards, whose ids the log shows: a 延时锦囊's legality
    # gives the cards in a 判定区 theirs (Targets._legal). Then it is computed where it always
    # was, not skipped when a choice has enough cards besides (Moves._free_at_least)
    nd.makes_cards = Targets._is_delayed(g, name)
    return nd


def _needed_new(g, p, name, mi, ev, outer, /):
    """_Needed(g, p, name, mi, ev, outer): compiled, without the class call (its arguments in a
    tuple and __init__ called through Python, ~600 instructions at each of ~130)."""
    if cython.compiled:
        return _needed_set(_Needed.__new__(_Needed), g, p, name, mi, ev, outer)
    return _Needed(g, p, name, mi, ev, outer)


def _has_equipment(g, p, /):
    """Whether seat p has a card in an equipment zone: each zone's list read in place (_zone_cards,
    step 190b: Game.zone_cards was a Python method call for each zone, ~180 asks in the six games),
    the zones EQUIP_ZONES' one range of kinds (base's C ints) and each list's length read in C
    (step 219c: the engine's tuple was a module global read and walked, each kind unboxed, each
    list's truth PyObject_IsTrue's)."""
    z: cython.int
    for z in range(_Z_EQUIP_FIRST, _Z_EQUIP_LAST + 1):
        if len(cython.cast(list, _zone_cards(g, z, p))) != 0:
            return True
    return False


# The scan _use_cond stopped at its first usable card, for _use_run to go on with: the game
# (None: no scan kept), event, timing, owner, scan state, next index (the first usable
# one's, read from the tables: step 279b), and the game's serial, steps, pushed and popped
# counters at the scan. One object whose fields are
# set and cleared in place (compiled: C fields, the counters C ints; step 47: it was an
# 11-tuple in a one-element list, made at every condition that found a usable card, with the
# four counters boxed and unboxed again).
#
# Why resuming it is as good as scanning again: the dispatcher (Game._dispatch) runs the
# hidden skill's condition in _candidates, asks whether to use it (the hidden skill is not
# forced, so it always asks), and on the answer _fire_skill creates and pushes the skill's
# frame, whose first step is _use_run at pc 0. _use_run resumes only if, since the scan,
#  * exactly two program steps ran through Game.step (g.steps + 2): the dispatcher's
#    resumption and this one;
#  * exactly one frame was created (g.serial + 1, and it is this frame) and pushed
#    (g.pushed + 1), none popped (g.popped): so the step between was the dispatcher's,
#    which only answered the decision and fired this skill (an inline run of programs,
#    _run_term or a status rule, pops what it runs and so changes g.popped);
#  * this frame is the same game, event, timing and owner, and the scan ran outside any
#    target evaluation or status query (_AWAY, _TG.on, _Q unset, as at a step).
# _fire_skill changes only what no scan reads: the dispatch frame's fired list (f.x), the
# hidden skill's use counts (g.skill_uses, g.n_skill_uses: read by Skill.cond (idle_slot) and
# idle_point_unused at the idle points, never by a card's condition, targets or use limit,
# nor by a conversion skill's condition, which sees a probe event without X_IDLE; the hidden
# skills have no use limit). Game state changes only in program steps: between a decision and
# its answer nothing runs (code that changes a game by hand while a decision is pending
# leaves the decision's own options stale as well). A game copy is another game object.
class _ScanKept:
    def __init__(self):
        self.g = self.ev = self.sc = None
        self.t = self.owner = -1   # C ints compiled (step 115a: they were boxed at each keep)
        self.i = self.serial = self.steps = self.pushed = self.popped = 0

    def clear(self, /):
        """No scan kept (what it held released, as when the record was dropped; ``t`` and
        ``owner`` are read only with ``g``)."""
        _kept_clear(self)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)   # it raises nothing (a released object's death cannot raise here)
def _kept_clear(k: _ScanKept, /) -> cython.void:
    """_ScanKept.clear's work, inline in _use_cond and _resumed (step 183e: a method call at each
    of ~980 in the six games)."""
    k.g = k.ev = k.sc = None


_RESUME = _ScanKept()


def _kept_scan():
    """_RESUME, for Python code (tests): compiled, it is a C global of this module."""
    return _RESUME


# no None tests (step 197d: ~8 a call at ~1,360 calls in the six games): k is _RESUME, and _AWAY,
# _TG and _Q base's, set once at import; the game is tested by _scan_begin before it is read here
@cython.nonecheck(False)
def _use_cond(g, owner, ev, t, /):
    k = _RESUME
    if k.g is not None:
        # a new scan: the one kept is stale (it is resumed at the step after it, or never), and
        # what it holds is released — its event frame, and its game, which it kept alive after
        # the game's end (step 141); its state, which nothing else holds, kept for the next
        # set-up (step 158: ~430 a run died and a new one was made; its list is not kept: one
        # emptied gives its items' room back, which its next append takes again)
        ksc = k.sc
        _kept_clear(k)
        _scan_keep(ksc)
        ksc = None
    sc = _scan_begin(g, owner, ev, t)
    if sc is None:
        return False
    # whether one is usable, no list made (step 279b: its list of the first pair, made and
    # appended to at each of ~5,400 scans in the bench's 40 games, ~1,650 of them never resumed)
    i = _scan_from(g, owner, ev, t, sc, 0, None, True)
    if i == 0:
        _scan_keep(sc)
        return False
    # _AWAY[0] always a tuple (base, targets.choose_targets): its size tested in place, where
    # its truth was PyObject_IsTrue's (~980 calls)
    if not cython.cast(tuple, _AWAY[0]) and not _TG.on and _Q[0] is None:
        k.g, k.ev, k.t, k.owner, k.sc, k.i = g, ev, t, owner, sc, i
        k.serial, k.steps, k.pushed, k.popped = g.serial, g.steps, g.pushed, g.popped
    else:
        _scan_keep(sc)
    return True


class _UseSkill(Skill):
    """The hidden card-use skill: Skill.cond's tests, then _use_cond called directly (a C
    call when compiled; it has no Condition of its own)."""

    def test(self, g, owner, ev, t, /):
        return _use_cond(g, owner, ev, t)   # a C bint compiled (usable.pxd), a bool pure


def _resumed(g, f, /):
    """The usable (name, method) of _use_run's frame f from the scan its condition stopped
    (see _RESUME), or None when that scan cannot be reused."""
    k = _RESUME
    kg = k.g
    if kg is None:
        return None
    # the record is used once at most: its fields read, then cleared
    ev, t, owner, sc, i = k.ev, k.t, k.owner, k.sc, k.i
    serial, steps, pushed, popped = k.serial, k.steps, k.pushed, k.popped
    _kept_clear(k)
    if kg is not g or ev is not f.ev or t != f.a or owner != f.owner:
        return None
    # the game's counters at the scan, compared as C ints
    if f.id != serial + 1 or g.serial != serial + 1 or g.steps != steps + 2 or \
            g.pushed != pushed + 1 or g.popped != popped:
        return None
    # the list made here: the first pair, the one the condition's scan found (before index i)
    out = []
    out.append(sc.at.pairs[i - 1])
    _scan_from(g, f.owner, f.ev, f.a, sc, i, out, False)
    _scan_keep(sc)
    return out


# the option question's kind a C int (step 226c: a module global looked up by name at each of ~380
# questions in the six games)
_D_OPTION = cython.declare(cython.int, D_OPTION)


def _use_run(g: Game, f: Frame, /):
    return _use_step(g, f)


@cython.cfunc
@cython.exceptval(-1, check=True)   # Game.ask's error value (except? -1)
@cython.locals(opts=list, names=list, labels=list, k=cython.Py_ssize_t)
def _use_step(g: Game, f: Frame, /) -> cython.int:
    """_use_run's answer as a C int, which UseProgram.run returns (step 190c: _use_run, a cpdef
    answering an object, boxed it and run unboxed it again at each of ~1,470 runs)."""
    # the hidden card-use skill's program (a Python function its FnProgram calls, ~730 times in
    # the six games): its game and frame typed, their fields C reads (they were ~10,000 generic
    # attribute lookups)
    p = f.owner
    if f.pc == 0:
        opts = _resumed(g, f)
        if opts is None:
            opts = _usable(g, p, f.ev, f.a)
        if not opts:
            return 3
        # the options in the frame's own field (a hidden skill's frame: its program's, as
        # flow._delayed_run's), not a scratch list made for this one slot (~550 in the six games)
        f.y = opts
        if len(opts) == 1:
            f.pc = 2
            f.result = 0
        else:
            f.pc = 1
            names = g.rs.card_names
            # each option's card name read by a C index (a Python int's subscript was ~90),
            # written in place in a list made at its length (step 279a: the comprehension's
            # first append grew its empty list, ~110 instructions at each of ~2,550 questions)
            labels = [None] * len(opts)
            for k in range(len(opts)):
                labels[k] = names[cython.cast(cython.Py_ssize_t, cython.cast(tuple, opts[k])[0])]
            # the options' indices (_indices' kept list, which new_decision copies by its slice:
            # ~380 questions in the six games each made one in a loop of boxed ints); the prompt
            # "使用：" + "/".join(labels) made when read (prompt_joined: most are never read)
            d = prompt_joined(new_decision(_D_OPTION, p, _indices(len(opts)), 1, 1, "使用："),
                              "使用：", labels)
            return g.ask(d)
    if f.pc == 1:
        f.result = g.ans
        f.pc = 2
    if f.pc == 2:
        name, mi = f.y[f.result]
        f.pc = 3
        # the seat borrowed from the small ints' table (_intbox), where each call boxed it and
        # dropped it after (step 197f)
        Use._need_note(g, cython.cast(object, _intbox(p)), name, False)
        Use._push_need(g, f, cython.cast(object, _intbox(p)), name, True, None, mi, f.ev)
        return 1
    # after the use: 令下一个时机于一名角色进行响应后终止 (000:504)
    # (the seat a C index: the object p indexed it through PyObject_GetItem, step 190b)
    e = _S(g, S_NEED, g.n)[f.owner]
    ev = f.ev
    if e is not None and e[1] and ev is not None:
        fl = _get(ev, X_FLAG)
        if isinstance(fl, list):
            fl[2] = p
            if fl[1]:
                st = g.stack
                i = len(st) - 2
                if i >= 0 and st[i].prog == 0:
                    g.terminate(st[i])
    return 3


# the lists [0, 1, …, n - 1] by n, _use_run's options (new_decision copies them)
_INDICES = []


def _indices(n, /):
    """[0, 1, …, n - 1], kept (its caller copies it)."""
    while len(_INDICES) <= n:
        _INDICES.append(list(range(len(_INDICES))))
    return _INDICES[n]


class UseProgram(Program):
    """The hidden card-use skills' program (<使用牌>, register.finish): ``run`` calls _use_run
    as a C function (an FnProgram called it through Python, ~1,500 runs in the six games)."""

    def run(self, g, f):
        return _use_step(g, f)


def _idle_used(g, ev, /):
    return _idle_used_at(g, ev)


@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
@cython.locals(ev=Frame)   # a Frame or None (typed by an annotation, it would refuse None)
def _idle_used_at(g: Game, ev, /) -> cython.int:
    """_idle_used's answer (1 or 0), inline in idle_point_unused (step 183e: a C call at each of
    ~1,000 asks in the six games, the game's count boxed and compared with the event's as
    objects): the event's count (an int) read in place (_card_id: a small int's value)."""
    v = _get(ev, X_IDLE) if ev is not None else None
    if v is None:
        return 0
    if type(v) is int:
        return g.n_skill_uses > _card_id(v)
    return g.n_skill_uses > v


@prim(returns="真假")
def idle_point_unused(g, f, /):
    """此空闲时间点没有发生使用事件: nothing was used at the last idle point the turn
    flow generated (000:55,57)."""
    return not _idle_used_at(g, _event_ctx(g, f))


# the primitives this room's .pxd declares cpdef: Cython drops their @prim decorator when
# compiling, so they are registered here
prim(idle_point_unused)
