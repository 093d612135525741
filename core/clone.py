"""The deep copy of a game (``Game.clone``): its state and stack, with the frames' slots and
scratch copied and the frames they name remapped.

Pure-Python-mode Cython like core/engine.py (``clone.pxd`` adds the C types). The engine and this
module cimport each other: Game.clone calls clone_game, which builds a Game.
"""
import cython


def clone_game(src):
    """A deep copy of game ``src`` (Game.clone: its docstring says what is copied and what
    shared). Keep it in step with Game.__init__: a field not copied here is empty in the clone
    (compiled) or missing from it."""
    g = Game.__new__(Game)
    g.rs = src.rs
    g.n = src.n
    g.seed = src.seed
    g.rng = src.rng.copy()
    g.debug = src.debug
    g.log_level = src.log_level
    g.nskills = src.nskills
    g.ncounters = src.ncounters
    g.K = src.K
    g.players = [cython.cast(Player, p).copy() for p in src.players]
    g.cards = src.cards
    g.zbase = src.zbase
    g.zone_kind = src.zone_kind
    g.zone_owner = src.zone_owner
    g.zones = [cython.cast(list, z)[:] for z in src.zones]
    g.card_zone = src.card_zone[:]
    memo = {}
    g.stack = [_copy_frame(f, memo) for f in src.stack]
    g.pending = src.pending.copy_for(None) if src.pending is not None else None
    g.result = src.result
    g.ans = src.ans
    g.ret = _copy_frame(src.ret, memo) if src.ret is not None else None
    g.current = src.current
    g.first_seat = src.first_seat
    g.referee = src.referee
    g.phase = src.phase
    g.skipped = src.skipped
    g.turn_no = src.turn_no
    g.round = src.round
    g.last_regular = src.last_regular
    g.turn_extra = src.turn_extra
    g.turn_cut = src.turn_cut
    g.extra_turns = list(src.extra_turns)
    g.turn_hook = src.turn_hook
    g.cnt = [cython.cast(dict, c).copy() for c in src.cnt]
    g.listen = src.listen[:]
    g.holders = src.holders[:]
    g.held = None   # caches: recomputed as needed
    g.held_lists = {}
    g.hver = src.hver
    g.serial = src.serial
    g.pushed = src.pushed
    g.popped = src.popped
    g.steps = src.steps
    g.n_timings = src.n_timings
    g.n_decisions = src.n_decisions
    g.skill_uses = src.skill_uses[:]
    g.n_skill_uses = src.n_skill_uses
    g.log = list(src.log)
    return g


def _copy_val(v, memo):
    """A value of a frame's slots or scratch, for a clone: frames are remapped (memo: id of
    an original frame -> its copy), lists, dicts, sets and virtual cards copied, tuples
    rebuilt when they hold any of those; everything else (ints, strings, None, frozensets,
    Picks …) is immutable and shared."""
    t = type(v)
    if t is int or v is None or t is str or t is bool:
        return v
    if t is list:
        return _copy_list(v, memo)
    if t is Frame:
        return _copy_frame(v, memo)
    if t is tuple:
        if _flat(v):
            return v
        return tuple([_copy_val(x, memo) for x in v])
    if t is dict:
        return {k: _copy_val(e, memo) for k, e in v.items()}
    if t is set:
        return set(v)
    if t is VCard:
        return VCard(v.name, v.cards)
    return v


def _flat(a):
    """Nothing in the list or tuple ``a`` needs a copy of its own (ints, strings, None,
    and tuples of those): a clone copies it as a whole."""
    if type(a) is list:
        la = cython.cast(list, a)   # typed when compiled: C indexing
        n = len(la)
        i = 0
        while i < n:
            e = la[i]
            t = type(e)
            if not (t is int or e is None or t is str or t is bool or (t is tuple and _flat(e))):
                return False
            i += 1
        return True
    ta = cython.cast(tuple, a)
    n = len(ta)
    i = 0
    while i < n:
        e = ta[i]
        t = type(e)
        if not (t is int or e is None or t is str or t is bool or (t is tuple and _flat(e))):
            return False
        i += 1
    return True


def _copy_list(a, memo):
    r = a[:]
    n = len(a)
    i = 0
    while i < n:
        e = a[i]
        t = type(e)
        if not (t is int or e is None or t is str or t is bool):
            c = _copy_val(e, memo)
            if c is not e:
                r[i] = c
        i += 1
    return r


def _copy_frame(f, memo):
    key = id(f)
    r = memo.get(key)
    if r is not None:
        return r
    c = f.copy()
    memo[key] = c
    if f.ev is not None:
        c.ev = _copy_frame(f.ev, memo)
    if f.slots is not None:
        c.slots = _copy_list(f.slots, memo)
    if f.x is not None:
        c.x = _copy_val(f.x, memo)
    if f.y is not None:
        c.y = _copy_val(f.y, memo)
    return c


if not cython.compiled:   # C types when compiled (clone.pxd cimports them); the engine imports
    # this module's clone_game in its last lines, once these are defined
    from core.engine import Frame, Game, Player, VCard  # noqa: E402
