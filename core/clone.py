"""A game's state: laid out new (``Game.__init__``: init_game) and deep-copied (``Game.clone``:
its state and stack, with the frames' slots and scratch copied and the frames they name remapped).

Pure-Python-mode Cython like core/engine.py (``clone.pxd`` adds the C types). The engine and this
module cimport each other: Game.clone calls clone_game, which builds a Game.
"""
import array

import cython

_ARRAY = array.array


# the last deck whose Card records a game made, and those records: the next game dealt from the
# same tuple of (name, suit, point) tuples (games._named_deck keeps one per module and deck)
# shares them, as a clone does (nothing writes a card once made; step 217)
_DECK_SRC = None
_DECK_CARDS = None


@cython.cfunc
def _deck_cards(cards) -> list:
    """The Card records of deck ``cards`` (card i: id i, name, suit and point of item i): the kept
    ones when ``cards`` is the kept deck, where each game made its ~160 records and freed them
    (~33 k instructions a game); only a tuple of tuples is kept, whose items nobody can change."""
    global _DECK_SRC, _DECK_CARDS
    if cards is _DECK_SRC and cards is not None:
        return _DECK_CARDS
    out = []
    kept = type(cards) is tuple
    for i, c in enumerate(cards):
        if type(c) is not tuple:
            kept = False
        # the type's tp_new and the four ints written in C, where Card(...) went through the
        # type's call (an argument tuple made and freed) and __init__'s parsing of four
        # arguments: ~200 instructions less at each of 160 cards a game (step 196c)
        card: Card = Card.__new__(Card)
        card.id = i
        card.name = c[0]
        card.suit = c[1]
        card.point = c[2]
        out.append(card)
    if kept:
        _DECK_SRC = cards
        _DECK_CARDS = out
    return out


# the draw pile's first order (card i at place i) for the last deck size: a game's copy of it is
# its zone 0, where each game made its ~160 ints again from a range (~7 k instructions a game)
_ORDER = ()


@cython.cfunc
def _deck_order(nc: cython.Py_ssize_t) -> tuple:
    global _ORDER
    if len(_ORDER) != nc:
        _ORDER = tuple(range(nc))
    return _ORDER


# _zone_layout's last answer and what it was made from: [zone_per_player's copy, the count of zone
# kinds, the count of players, the answer]
_LAYOUT = [None, -1, -1, None]


@cython.cfunc
def _zone_layout(per: list, nk: cython.Py_ssize_t, n: cython.Py_ssize_t) -> tuple:
    """A game's zone tables for nk zone kinds (per[k]: one zone per player, else one) and n
    players: (zbase, zone_kind, zone_owner, zone_at, zkind_at, zkinds). Nothing writes them (a
    clone shares them): the last answer serves the next game of the same layout, where each game
    made them again (~43 zones, ~15 k instructions a game; step 230d)."""
    kept = _LAYOUT
    if kept[1] == nk and kept[2] == n and kept[0] == per:
        return kept[3]
    zbase = []
    zone_kind = []
    zone_owner = []
    for k in range(nk):
        zbase.append(len(zone_kind))
        if per[k]:
            for p in range(n):
                zone_kind.append(k)
                zone_owner.append(p)
        else:
            zone_kind.append(k)
            zone_owner.append(-1)
    nz: cython.Py_ssize_t = len(zone_kind)
    # where's and where_kind's answers for each zone
    zone_at = [(zone_kind[z], zone_owner[z]) for z in range(nz)]
    kinds = _ints(nz)   # (an array('i') of zone_kind, written in C: not read from the list)
    for z in range(nz):
        _ai_set(kinds, z, zone_kind[z])
    # per zone kind, as C ints for zone_id (~20,000 calls in sgs bench's six games): its first
    # zone (zbase), then 1 if each player has one
    zkinds = _ints(2 * nk)
    for k in range(nk):
        _ai_set(zkinds, 2 * k, zbase[k])
        _ai_set(zkinds, 2 * k + 1, 1 if per[k] else 0)
    layout = (zbase, zone_kind, zone_owner, zone_at, kinds, zkinds)
    kept[0], kept[1], kept[2], kept[3] = list(per), nk, n, layout
    return layout


def init_game(g, rs, nplayers, seed, cards, first, log_level, debug, setup):
    """A new game's state (Game.__init__): its players, cards, zones, tables and the first log
    line. Beside clone_game, which copies what this makes: keep the two in step."""
    rs.frozen = True
    g.rs = rs
    g.nprogs = len(rs.progs)   # frozen: push_frame's range
    g.n = nplayers
    g.seed = seed
    g.rng = Rng(seed)
    g.gbits = G_DEBUG if debug else 0   # (not an extra turn, not cut)
    set_log_level(g, log_level)   # (G_PLAIN)
    g.nskills = len(rs.skills)
    g.ncounters = len(rs.counter_names)
    g.K = g.ncounters + g.nskills
    # the counts as C ints, the loops below C loops: where range objects were made and iterated
    # (a generic call each, ~11 a game) and zone_kind's list read back into an array
    n: cython.Py_ssize_t = nplayers
    nmarks: cython.Py_ssize_t = len(rs.mark_names)
    nnames: cython.Py_ssize_t = len(rs.card_names)
    g.players = [Player(i, g.nskills, nmarks, nnames) for i in range(n)]
    g.cards = _deck_cards(cards)
    # zones: one per public kind, nplayers per per-player kind; their layout's tables, which
    # nothing writes (a clone shares them), kept for the next game of the same layout
    layout = _zone_layout(rs.zone_per_player, len(rs.zone_names), n)
    g.zbase, g.zone_kind, g.zone_owner = layout[0], layout[1], layout[2]
    g.zone_at, g.zkind_at, g.zkinds = layout[3], layout[4], layout[5]
    nz: cython.Py_ssize_t = len(g.zone_kind)
    g.zones = [[] for z in range(nz)]
    g.zones[0] = list(_deck_order(len(g.cards)))
    g.zshared = _ints(nz)   # per zone: 1 while a clone shares its list
    g.card_zone = _ints(len(g.cards))
    g.stack = []
    g.turn_frame = None
    g.phase_frame = None   # that turn's innermost phase frame (turns._phase_frame)
    g.alive_memos, g.alive_key = None, 0   # alive_tuple's
    # the alive seats as bits (seat p: 1 << p; n <= 50), kept by set_alive: alive_tuple's key
    g.alive_bits = (1 << nplayers) - 1 if nplayers <= 50 else 0
    g.pending = None
    g.result = None
    g.ans = None
    g.ret = None
    g.current = -1
    g.first_seat = first
    g.referee = first
    g.phase = -1
    g.skipped = 0
    g.turn_no = 0
    g.round = 0
    g.last_regular = -1
    g.extra_turns = []
    # called with the game between two turns (push_turn, before the next turn is chosen);
    # `sgs simulate` checks the rules' invariants there (prims.check_game_invariants)
    g.turn_hook = None
    # counters per scope (SC_*): C ints by player * K + key (a count is an index, where a
    # dict hashed a boxed key); cnt_touched lists, per scope, the indices counted up from
    # 0 since the scope began, the only ones a reset must zero (a memset of the scope's
    # 2,000-odd ints cost more than the dict did): C ints too, an array('i') a scope, where
    # a list's index (p * K + key, past the small ints) was a new int object at each
    # (step 135a)
    g.cnt = [_ints(n * g.K) for sc in range(4)]
    g.cnt_touched = [_ints(0) for sc in range(4)]
    g.cnt_shared = 0   # the bits of the scopes whose counters a clone shares
    g.listen = _ints(len(rs.timing_names))
    # per skill id: the players who have it (has > 0); per timing: rs.by_timing[t] without
    # the skills nobody has, in its order (None: to be rebuilt), for _candidates
    g.holders = _ints(g.nskills)
    # per timing: its held list, computed when first needed (a cache; None: to be
    # computed; the whole list None until a timing is dispatched). A list indexed by the
    # timing, not a dict: _candidates reads it for every player at every listened timing,
    # and a dict boxed and hashed the timing each time
    g.held = None
    # per timing: the seats that have a skill of its held list, as bits (seat p: 1 << p;
    # -1: to be computed, as are a skill's timings when a player's count of it goes between 0
    # and 1, core.held._skill_changed; the whole table None until needed). A seat
    # without its bit has no candidate there: a settled timing and the dispatch frame skip it
    # without asking it (_candidates' call, its held list and its seat's loop; step 54)
    g.held_seats = None
    # held_skills: key -> the skills of a list somebody has (dropped by held._skill_changed);
    # a status query's kind (a small int key) indexes held_by_kind instead
    g.held_lists = {}
    g.held_by_kind = []
    # per seat, its conversion skills (core.prims.usable._convert_skills_of), found when first
    # read: a seat's entry None to find again, as after a change of its count of a conversion
    # skill between 0 and 1 or of a 无效 of one (core.held._seat_skills_changed); after the
    # seats, the conversion skills' flags by skill id; None until read
    g.seat_convert = None
    # the status queries' kinds that nothing can answer, a bit by kind (core.prims.status
    # _query sets one when no rule that may answer is held and no lasting effect is on, and
    # answers 0 at its one C read): dropped with held_by_kind and when a lasting effect is added
    g.no_answer = 0
    g.dist_memo = None   # the distances kept by pair (core.held._distance), None: none
    g.serial = 0
    g.pushed = 0
    g.popped = 0
    g.steps = 0
    # statistics for simulations: timings fired, decisions asked, uses per skill id
    g.n_timings = 0
    g.n_decisions = 0
    g.skill_uses = _ints(len(rs.skills))
    g.n_skill_uses = 0  # sum(skill_uses)
    g.shared = 0        # OWN_* of card_zone, listen, holders, skill_uses a clone shares
    mark_listen(g)      # (its ruleset's marks of its timings in listen, below)
    # the runtime library's per-game data that outlives the stack (core.prims.base: K_*):
    # a clone copies it with the frames' values, so what it shares with them stays shared
    g.kept = None
    # the runtime library's root state (core.prims.base._state: the list its root frame's
    # scratch holds), kept here once read, so that reading it is one field read; None until
    # then and once the stack is empty (_pop, end_game). A clone finds its own when it reads it
    g.root_state = None
    g.log = []
    if log_level > 0:
        g._log({"e": "begin", "seed": seed, "n": nplayers, "first": first,
                   "setup": setup})
    return 0


def clone_game(src):
    """A deep copy of game ``src`` (Game.clone): its state and stack; the Ruleset and the physical
    cards (immutable) are shared. Frame slots and scratch, and ``kept``: lists, dicts, sets, int
    arrays and virtual cards are copied, Frames remapped, each once (what the original holds in
    two places is one object in the clone); other values are shared (keep them immutable: frozen
    records, docs/decisions/0024). The copy of a pending decision names the clone as its game
    once the clone is stepped or answered (not before: an unplayed clone is no reference cycle,
    so dropping it frees it at once). ``ret``, the frame that finished last, is copied only while
    the running frame may read it (Ruleset.share_tables: docs/decisions/0027; else the clone's is
    None). Keep it in step with Game.__init__: a field not copied here is empty in the clone
    (compiled) or missing from it."""
    share = src.rs.share_tables
    ret = src.ret
    if share is not None:   # the runtime library's tables a clone shares (core.prims.base)
        if share(src) == 1:   # … and nobody reads src.ret before another frame finishes
            ret = None
    g = Game.__new__(Game)
    g.rs = src.rs
    g.nprogs = src.nprogs
    g.n = src.n
    g.seed = src.seed
    g.rng = src.rng.copy()
    g._log_level = src._log_level
    g.gbits = src.gbits & ~G_PLAIN | plain_bit(g)   # (g exactly a Game, src perhaps not)
    g.nskills = src.nskills
    g.ncounters = src.ncounters
    g.K = src.K
    g.players = [player_copy(cython.cast(Player, p)) for p in src.players]   # Players only
    g.cards = src.cards
    g.zbase = src.zbase
    g.zkinds = src.zkinds   # never written
    g.zone_kind = src.zone_kind
    g.zone_owner = src.zone_owner
    g.zone_at = src.zone_at   # never written
    g.zkind_at = src.zkind_at
    # the zones' lists: shared, copied by the first side that writes one (Game.zone_w)
    zs = src.zshared
    n = len(src.zones)
    i = 0
    while i < n:
        _ai_set(zs, i, 1)
        i += 1
    g.zones = list(src.zones)
    g.zshared = _copy_ints(zs)
    # the game's int tables: shared, copied by the first side that writes one (Game._own)
    g.card_zone = src.card_zone
    g.listen = src.listen
    g.holders = src.holders
    g.skill_uses = src.skill_uses
    g.shared = OWN_GAME
    src.shared = OWN_GAME
    # memo[0]: the original frames copied so far (each names its copy in .twin until the end);
    # then the containers held twice copied so far: original, copy, original, copy …
    frames = []
    memo = [frames]
    try:
        g.stack = [_copy_frame(f, memo) for f in src.stack]
        g.ret = _copy_frame(ret, memo) if ret is not None else None
        # a frame of the stack (its copy, made above), or None
        g.turn_frame = _copy_frame(src.turn_frame, memo) if src.turn_frame is not None else None
        g.phase_frame = _copy_frame(src.phase_frame, memo) if src.phase_frame is not None else None
        # after the frames: what it holds of their values (a board) is their copy
        g.kept = _copy_list(src.kept, memo, False) if src.kept is not None else None
    finally:
        for f in frames:
            _set_twin(cython.cast(Frame, f), None)
    g.pending = cython.cast(Decision, src.pending).copy_for(None) if src.pending is not None else None
    g.result = src.result
    g.ans = src.ans
    g.current = src.current
    g.first_seat = src.first_seat
    g.referee = src.referee
    g.phase = src.phase
    g.skipped = src.skipped
    g.turn_no = src.turn_no
    g.round = src.round
    g.last_regular = src.last_regular
    g.extra_turns = list(src.extra_turns) if src.extra_turns else []   # [] is cheaper than list()
    g.turn_hook = src.turn_hook
    g.root_state = None   # its copy in the clone's root frame, found there when first read
    g.cnt = src.cnt   # shared, copied by the first side that counts (OWN_CNT of OWN_GAME)
    g.cnt_touched = src.cnt_touched
    g.cnt_shared = src.cnt_shared = 15   # each scope's counters, copied by its first writer
    g.alive_memos = src.alive_memos   # shared: each answer is its key's (alive bits, start)
    g.alive_key = src.alive_key
    g.alive_bits = src.alive_bits
    g.held = None   # caches: recomputed as needed
    g.held_seats = None
    g.held_lists = {}
    g.held_by_kind = []
    g.seat_convert = None
    g.dist_memo = None   # the distances kept (core.held._distance): made again when read
    g.no_answer = 0   # held_by_kind's summary (status._query), recomputed with it
    g.serial = src.serial
    g.pushed = src.pushed
    g.popped = src.popped
    g.steps = src.steps
    g.step_end = src.step_end   # step's (run_pushed reads it): no end outside step
    g.n_timings = src.n_timings
    g.n_decisions = src.n_decisions
    g.n_skill_uses = src.n_skill_uses
    g.log = list(src.log) if src.log else []
    return g


def player_copy(pl):
    """Player pl's copy for a clone (Player.copy): its tables shared until either side writes one
    (own_player_tables)."""
    if cython.compiled:
        p = Player.__new__(Player)   # every field is set below
        p.seat = pl.seat
    else:
        p = Player(pl.seat, 0, 0)
    p.hp = pl.hp
    p.maxhp = pl.maxhp
    p.role = pl.role
    p.general = pl.general
    p.alive = pl.alive
    p.face_up = pl.face_up
    p.chained = pl.chained
    p.has = pl.has
    p.invalid = pl.invalid
    p.marks = pl.marks
    p.hand_names = pl.hand_names
    p.hand_bits = pl.hand_bits
    p.shared = OWN_PLAYER
    pl.shared = OWN_PLAYER
    return p


# Copy on write (docs/decisions/0026): a clone and its original share their int tables, and the
# engine's writers call Game._own / Player._own first, which call these while a table of theirs
# is still shared: its copy made, its bit cleared
def own_player_tables(pl, bits):
    """Player pl's tables of ``bits`` (OWN_HAS, OWN_INVALID, OWN_MARKS, OWN_HAND) copied if
    shared."""
    b = pl.shared & bits
    if b != 0:
        if b & OWN_HAS:
            pl.has = _copy_ints(pl.has)
        if b & OWN_INVALID:
            pl.invalid = _copy_ints(pl.invalid)
        if b & OWN_MARKS:
            pl.marks = _copy_ints(pl.marks)
        if b & OWN_HAND:
            pl.hand_names = _copy_ints(pl.hand_names)
        pl.shared &= ~b
    return 0


def own_game_tables(g, bits):
    """Game g's tables of ``bits`` (OWN_CARD_ZONE … OWN_CNT) copied if shared."""
    b = g.shared & bits
    if b != 0:
        if b & OWN_CARD_ZONE:
            g.card_zone = _copy_ints(g.card_zone)
        if b & OWN_LISTEN:
            g.listen = _copy_ints(g.listen)
        if b & OWN_HOLDERS:
            g.holders = _copy_ints(g.holders)
        if b & OWN_SKILL_USES:
            g.skill_uses = _copy_ints(g.skill_uses)
        if b & OWN_CNT:   # the lists only: a scope's counters are copied by Game._own_scope
            g.cnt = list(g.cnt)
            g.cnt_touched = list(g.cnt_touched)
        g.shared &= ~b
    return 0


def frame_copy(f):
    """Frame f's copy (Frame.copy): its fields, its values shared (_copy_frame replaces those a
    clone copies). Keep it in step with Frame.__init__."""
    if cython.compiled:   # a spare frame if any (core.spares), every field set below
        c = frame_obj(cython.cast(cython.pointer(PyObject), Frame), ())
    else:
        c = Frame(f.prog, 0)
    c.prog = f.prog
    c.pc = f.pc
    c.owner = f.owner
    c.skill = f.skill
    c.a = f.a
    c.b = f.b
    c.c = f.c
    c.flags = f.flags
    c.term_pc = f.term_pc
    c.jump_pc = f.jump_pc
    c.id = f.id
    c.result = f.result
    c.ev = f.ev
    c.child = f.child
    c.timing = f.timing
    c.subject = f.subject
    c.timings = f.timings
    c.x = f.x
    c.y = f.y
    c.slots = f.slots
    return c


# How the frames' values are copied. A clone must keep what the original shares: one frame named
# by several frames (a child's event, a parent's last child), and one list held in two places —
# a need flow's record, both in the root state (S_NEED) and in the flow's context (C_REC), and a
# use context in the frames of its flow — must stay one object in the clone, or a write through
# one holder is no longer seen through the other. So every frame, and every list, dict or set
# held more than once, is copied once: a frame names its copy in its field twin while the clone
# is made (cleared at the end); memo lists each container copied so far, followed by its copy
# (a scan by identity: they are few). Pure Python records every container there; compiled,
# a container whose reference count says nothing else holds it (the original's holder, the
# shallow copy being completed and the copier's variable: 3) cannot be reached twice and skips
# the memo. Tuples are rebuilt only when they hold something to copy; everything else (ints,
# strings, None, frozensets, Picks, frozen records …) is immutable and shared: a vanished
# virtual card's record is frozen (core.prims.cards.Frozen), so a clone does not look inside.

def _alone(v, holders):
    """Nothing but ``holders`` references hold container v (compiled: its reference count);
    pure Python answers False (every container goes through the memo)."""
    if cython.compiled:
        return Py_REFCNT(v) <= holders
    return False


def _copied(memo, v):
    """The copy of container v made so far in this clone, or None."""
    n = len(memo)
    i = 1
    while i < n:
        if memo[i] is v:
            return memo[i + 1]
        i += 2
    return None


def _copy_val(v, memo, alone):
    """A value of a frame's slots or scratch, for a clone (``alone``: nothing else references v,
    if it is a container; see above)."""
    t = type(v)
    if t is int or v is None or t is str or t is bool:
        return v
    if t is Frame:
        return _copy_frame(v, memo)
    if t is list:
        return _copy_list(v, memo, alone)
    if t is tuple:
        if _flat(v):
            return v
        r = list(v)
        _fix_items(v, r, memo)
        return tuple(r)
    if t is dict or t is set:
        if not alone:
            c = _copied(memo, v)
            if c is not None:
                return c
        if t is set:
            c = set(v)
        else:
            c = _copy_dict(v, memo)
        if not alone:
            memo.append(v)
            memo.append(c)
        return c
    if t is VCard:
        return VCard(v.name, v.cards)
    if t is _ARRAY:   # C ints (report counts)
        return _copy_ints(v)
    return v


@cython.boundscheck(False)   # i < n = len(a): the items are read unchecked (compiled)
@cython.wraparound(False)
def _flat(a):
    """Nothing in the list or tuple ``a`` needs a copy of its own (ints, strings, None and tuples
    of those): a clone copies it as a whole."""
    if type(a) is list:
        la = cython.cast(list, a)   # typed when compiled: C indexing
        n = len(la)
        i = 0
        while i < n:
            e = la[i]
            if not (e is None or type(e) is int or type(e) is str or type(e) is bool
                    or (type(e) is tuple and _flat(e))):
                return False
            i += 1
        return True
    ta = cython.cast(tuple, a)
    n = len(ta)
    i = 0
    while i < n:
        e = ta[i]
        if not (e is None or type(e) is int or type(e) is str or type(e) is bool
                or (type(e) is tuple and _flat(e))):
            return False
        i += 1
    return True


@cython.boundscheck(False)   # i < n = len(r): the items are read unchecked (compiled)
@cython.wraparound(False)
def _fix_items(a, r, memo):
    """r is a shallow copy of the list or tuple a: replace its items that need a copy of their
    own. Each item is held by a, by r and by e here: 3 references when nothing else holds it.
    (The loop runs over every item a clone copies — a frame's scratch is 16 items, mostly
    None —: its tests are pointer compares of the item and its type.)"""
    n = len(r)
    i = 0
    while i < n:
        e = r[i]
        if not (e is None or type(e) is int or type(e) is str or type(e) is bool):
            c = _copy_val(e, memo, _alone(e, 3))
            if c is not e:
                r[i] = c
        i += 1
    return 0


def _copy_list(a, memo, alone):
    if not alone:
        c = _copied(memo, a)
        if c is not None:
            return c
    r = a[:]
    if not alone:
        memo.append(a)
        memo.append(r)
    _fix_items(a, r, memo)
    return r


def _copy_dict(a, memo):
    r = a.copy()
    for k in a:
        e = a[k]
        t = type(e)
        if not (t is int or e is None or t is str or t is bool):
            c = _copy_val(e, memo, False)   # through the memo: the count is not worth tracking here
            if c is not e:
                r[k] = c
    return r


def _twin(f):
    """Frame f's copy in the clone being made, or None. Compiled, the frame's field twin is a C
    pointer (NULL: none), valid while the clone holds the copy: every copy is stored in the
    clone as it is made, and clone_game clears the originals' fields at its end."""
    if cython.compiled:
        if f.twin == cython.NULL:
            return None
        return cython.cast(Frame, f.twin)
    return f.twin


def _set_twin(f, c):
    """Frame f's copy in the clone being made is c (None: none; compiled, no reference taken)."""
    if cython.compiled:
        f.twin = cython.NULL if c is None else cython.cast(cython.pointer(PyObject), c)
    else:
        f.twin = c
    return 0


def _copy_frame(f, memo):
    """The clone's copy of frame f, made once (see above)."""
    r = _twin(f)
    if r is not None:
        return r
    c = frame_copy(f)   # shares f's values until they are replaced below
    _set_twin(f, c)
    cython.cast(list, memo[0]).append(f)
    if f.ev is not None:
        c.ev = _copy_frame(f.ev, memo)
    if f.child is not None:
        c.child = _copy_frame(f.child, memo)
    v = f.subject
    if not (v is None or type(v) is int):
        c.subject = _copy_val(v, memo, False)
    v = f.timings   # timing ids only
    if v is not None:
        if cython.compiled and type(v) is array.array:
            c.timings = array.copy(v)   # fire's C ints: a copy of the array's bytes
        else:
            c.timings = v[:]
    v = f.slots   # held by f, by c and by v: 3 references when nothing else holds it
    if v is not None:
        c.slots = _copy_list(v, memo, _alone(v, 3))
    v = f.x
    if v is not None:
        c.x = _copy_val(v, memo, _alone(v, 3))
    v = f.y
    if v is not None:
        c.y = _copy_val(v, memo, _alone(v, 3))
    return c


# the rooms' reader of a ruleset's marks by timing, or None (core.prims.register sets it: 1 at a
# card's flow rule, 2 at the idle point), which Game.listen holds from bit LISTEN_MARKS up
MARKS_OF = None


def mark_listen(g):
    """g.listen's marks made its ruleset's, its counts kept (init_game, set_rules)."""
    m = MARKS_OF(g.rs) if MARKS_OF is not None else None
    Game._own(g, OWN_LISTEN)
    for t in range(len(g.listen)):   # (a timing past m's end marked 1: fire's quiet path not)
        _ai_set(g.listen, t, _ai(g.listen, t) & LISTEN_COUNT | (0 if m is None else
                (_ai(m, t) if t < len(m) else 1) << LISTEN_MARKS))
    return 0


if not cython.compiled:   # C types when compiled (clone.pxd cimports them); the engine imports
    # this module's clone_game in its last lines, once these are defined
    from core.decision import Decision  # noqa: E402
    from core.engine import (OWN_CARD_ZONE, OWN_CNT, OWN_GAME, OWN_HAND, OWN_HAS,  # noqa: E402
                             OWN_HOLDERS, OWN_INVALID, OWN_LISTEN, OWN_MARKS, OWN_PLAYER,
                             OWN_SKILL_USES, G_DEBUG, G_PLAIN, Card, Frame, Game, Player,
                             VCard, LISTEN_COUNT, LISTEN_MARKS, _ai, _ai_set, _copy_ints,
                             _ints, plain_bit, set_log_level)
    from core.rng import Rng  # noqa: E402
