# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""The game factory (new_game, generals), the end of a game and the winners.

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import copy

import cython

from core import engine as E
from core.prims.base import (
    ROLE_LORD, ROLE_LOYALIST, ROLE_REBEL, ROLE_RENEGADE, SUIT_NAMES, S_WINNERS, _done, _enclosing,
    _player, _state, prim)
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import _T_fast as _T, _slot_fast as _slot
else:
    from core.prims.base import _T, _slot
if not cython.compiled:   # compiled, games.pxd cimports the class
    from core.engine import Game
if cython.compiled:   # held.pxd's C function: the skills that need each skill (_game_rules)
    from cython.cimports.core.held import _needers
else:
    from core.held import _needers
# the other rooms, by module (they import each other): a C call for what their .pxd declares
from core.prims import regarded as Regarded, register as Register, roles as Roles, status as Status
if cython.compiled:
    from cython.cimports.core.prims import (
        regarded as Regarded, register as Register, roles as Roles, status as Status)


# ---- the game factory --------------------------------------------------------------------------


def _deck_cards(rs, t, deck, /):
    if deck is None:
        if not t.deck_order:
            return []
        deck = t.deck_order[0]
    if isinstance(deck, str):
        src = t.decks[deck]
    else:
        src = deck
    out = []
    for c in src:
        name, suit, point = c[0], c[1], c[2]
        if isinstance(name, str):
            name = rs.card_name(name) if not rs.frozen else rs.id_of("card", name)
        if isinstance(suit, str):
            suit = SUIT_NAMES[suit]
        out.append((name, suit, point))
    return out


_RULES = {}   # module -> its registered and finished Rules (frozen once a game exists)
# (module, deck name) -> (the deck's cards in its tables, _deck_cards' answer for them as a tuple)
_DECKS = {}


def _named_deck(module, rs, t, deck, /):
    """_deck_cards(rs, t, deck), kept for a named deck (None: the first) of a module's rules: the
    same answer at each of its games (its names' ids are the module's ruleset's, which every copy
    shares and only extends), where each game made its (name, suit, point) tuples again (~160
    cards, ~23 k instructions a game; step 210b). Kept while the tables hold the same deck."""
    if deck is None:
        if not t.deck_order:
            return []
        deck = t.deck_order[0]
    if not isinstance(deck, str):
        return _deck_cards(rs, t, deck)
    src = t.decks[deck]
    kept = _DECKS.get((module, deck))
    if kept is not None and kept[0] is src:
        return kept[1]
    cards = tuple(_deck_cards(rs, t, src))
    _DECKS[(module, deck)] = (src, cards)
    return cards


def _game_rules(module, /):
    """A game's ruleset: registering a module costs about a millisecond, so it is done once per
    module; each game gets a shallow copy (the same frozen tables) with its own general pack,
    the only per-game entry of the tables (what the runtime keeps per game is Game.kept)."""
    base = _RULES.get(module)
    if base is None:
        base = Register.new_ruleset()
        module.register(base)
        Register.finish(base)
        # the frozen rules' needers made once, on the base its copies share them with: made on
        # each game's copy at its first grant, they were made again every game (~12 k; step 234a)
        _needers(base)
        _RULES[module] = base
    rs = _copy(base)
    t = _copy(base.sgs)
    t.pack = None
    rs.sgs = t
    return rs


def _copy(x, /):
    """copy.copy(x) of a Rules or its Tables, compiled: what copy.copy does with them (their
    Cython pickling's reduce, then the rebuild and its state), called directly; copy.copy's
    Python dispatch around it was two thirds of its cost (~34 k instructions a game for the
    two copies, ~12 k so; step 223a). Uncompiled they are plain classes: copy.copy."""
    if not cython.compiled:
        return copy.copy(x)
    r: tuple = x.__reduce__()
    y = r[0](*r[1])
    if len(r) > 2 and r[2] is not None:
        y.__setstate__(r[2])
    return y


def new_game(module, nplayers, seed=0, mode="身份局", deck=None, generals=None, hand=4,
             shuffle=True, first=0, start=True, log_level=1, debug=False, pack=None):
    """Build a Ruleset, register ``module``, create and lay out the Game and
    start the mode (see the module docstring). ``pack``: the names of the generals the
    mode deals from (default all; empty: every seat plays a 白板, a 4-HP general without
    skills)."""
    rs = _game_rules(module)
    t = rs.sgs
    if pack is not None:
        t.pack = frozenset(pack)
    cards = _named_deck(module, rs, t, deck)
    # the log's header (with the Game's seed, n, first): everything else new_game needs to
    # build this game again, so a log replays on its own (core.replay.game_from_header)
    if deck is None:
        deck = t.deck_order[0] if t.deck_order else []
    if not isinstance(deck, str):   # a custom deck: its cards, by name
        deck = [[rs.card_names[c[0]], c[1], c[2]] for c in cards]
    setup = {"mode": mode, "generals": list(generals) if generals else None,
             "pack": sorted(pack) if pack is not None else None, "deck": deck,
             "hand": hand, "shuffle": bool(shuffle), "log_level": log_level,
             # the specs the engine was generated from: not needed to build the game, but a
             # replay that differs can say whether the rules changed since (sgs replay)
             "rules": getattr(module, "SPEC_HASH", None),
             # the rulebook (generated.<key>) whose engine plays it: sgs replay loads that one
             "rulebook": getattr(module, "__name__", "").rsplit(".", 1)[-1]}
    g: Game = E.Game(rs, nplayers, seed, cards, first=first, log_level=log_level, debug=debug,
                     setup=setup)
    if shuffle:
        g.shuffle_zone(E.Z_DRAW)
    # every seat's hidden skills: the list made once (the registered tables' answer), granted to
    # every seat at once by a C call of the engine (g is exactly a Game), where the list was made
    # again for every seat and each grant was a Python method call (step 210c), then each grant a
    # C call that forgot what depends on the skill's holders again (~20 a game; step 250b)
    Game.grant_everyone(g, Status.everyones_skills(t))
    if generals:
        for p in range(nplayers):
            if p < len(generals) and generals[p]:
                set_general(g, p, generals[p])
    mcid = t.events.get("模式:" + mode) if mode else None
    for p in range(nplayers):  # a seat without a general: a 4-HP blank (白板)
        pl = g.players[p]
        if pl.maxhp == 0:
            pl.maxhp = 4
            pl.hp = 4
    if mcid is None and hand:
        for p in range(nplayers):
            g.draw(p, hand)
    if start:
        r = g.new_frame(t.root, -1, None, 0)
        if mcid is not None:
            r.y = (mcid, ())
        else:
            r.y = (t.turnloop, ())
        g.push_frame(r)
        for p in range(nplayers):
            Regarded.update_regarded(g, p)
    return g


def set_general(g, p, name, /):
    """Give seat p the general ``name`` (set_general_at, by its index)."""
    set_general_at(g, p, _T(g).general_order.index(name))


def set_general_at(g, p, i, /):
    """Give seat p the general of index i: max HP and HP from it, its skills. By index: a choice
    holds one, where set_general's search of the name in the order (~2,300 instructions) and its
    Python call were made at each of 36 choices in the six games (step 230a)."""
    t = _T(g)
    faction, sex, hp, lord, skills = t.generals[t.general_order[i]]
    pl = g.players[p]
    pl.general = i
    pl.maxhp = hp
    pl.hp = hp
    ids = g.rs.ids   # Ruleset.id_of's table read here, not its method call (~350 instructions
    for sname in skills:   # at each of ~65 skills in the six games; step 223c)
        gain_skill(g, p, ids[("skill", sname)])
    Regarded.update_regarded(g, p)   # 视为装备 (〖八阵〗), once the game's state exists


def gain_skill(g, p, sid, /):
    """Seat p gains skill sid; a skill granting the other characters an action (〖黄天〗, 〖暴虐〗:
    Register._finish_grants) gives each character its hidden 〖名·授〗 the first time somebody
    has it (once given, it stays: its condition asks for a holder)."""
    g.grant_skill(p, sid)
    t = _T(g)
    if not t.granted:
        return
    # sorted only when sid grants one (most of the ~65 gains in the six games grant none: their
    # ids were listed and sorted and each entry looked up again); the granting skills' ids kept
    # with the tables' grants (_granters), where each gain walked the grants' values (step 238c)
    if sid not in _granters(t.granted):
        return
    for gid in sorted(t.granted):
        if t.granted[gid][0] == sid:
            for q in range(g.n):
                pl = g.players[q]
                if pl.has[gid] == 0:
                    g.grant_skill(q, gid)


# the last grants (Tables.granted: registered once, every game's tables copy shares them, frozen
# with the rules) and the ids of the skills that grant them, as gain_skill tests a gained skill
_GRANTERS = cython.declare(list, [None, frozenset()])


@cython.cfunc
def _granters(granted: dict, /) -> frozenset:
    """The ids of the skills that grant one of ``granted``'s hidden skills (its values' first
    items): the set kept for the same dict (held, so its identity is not reused), else made."""
    if _GRANTERS[0] is not granted:
        _GRANTERS[1] = frozenset([v[0] for v in granted.values()])
        _GRANTERS[0] = granted
    return _GRANTERS[1]


def general_of(g, p, /):
    """(name, faction, sex, hp, lord, skills) of seat p's general, or None."""
    pl = g.players[p]
    i = pl.general
    return None if i < 0 else general_card(g, i)


def general_card(g, i, /):
    """(name, faction, sex, hp, lord, skills) of the general with index i."""
    t = _T(g)
    name = t.general_order[i]
    return (name,) + t.generals[name]


@prim(group="角色组")
def win(g, f, strict, group, /):
    return g.end_game(list(Roles._group_all(g, f, group)), "win")


# ---- the end of a game -----------------------------------------------------------------------


@prim(returns="真假")
def game_running(g, f, /):
    return g.result is None


@prim
def end_game(g, f, strict, /):
    s = _state(g)
    w = s[S_WINNERS] if s is not None and s[S_WINNERS] is not None else []
    return g.end_game(list(w), "game over")


@prim
def announce_winners(g, f, strict, /):
    return end_game(g, f, strict)


@prim(returns="真假")
def game_over(g, f, /):
    """Identity mode end condition (000:9-10); computes the winners."""
    lord = -1
    for p in range(g.n):
        if g.players[p].role == ROLE_LORD:
            lord = p
    if lord < 0:
        alive = g.alive_seats()
        w = alive if len(alive) <= 1 else None
    elif not g.players[lord].alive:
        alive = g.alive_seats()
        if len(alive) == 1 and g.players[alive[0]].role == ROLE_RENEGADE:
            w = alive
        else:
            w = [p for p in range(g.n) if g.players[p].role == ROLE_REBEL]
    else:
        bad = [p for p in range(g.n) if g.players[p].role in (ROLE_REBEL, ROLE_RENEGADE)
               and g.players[p].alive]
        w = [p for p in range(g.n) if g.players[p].role in (ROLE_LORD, ROLE_LOYALIST)] \
            if not bad else None
    if w is None:
        return False
    s = _state(g)
    if s is not None:
        s[S_WINNERS] = list(w)
    return True


@prim(who="角色")
def leave_game(g, f, strict, who, /):
    if not _player(g, who).alive:
        return _done(f, False)
    g.kill(who)
    return _done(f, True)


@prim(returns="角色")
def dead_character(g, f, /):
    return _slot(_enclosing(g, f, "死亡"), 0)


@prim(a="角色", b="角色")
def record_killed(g, f, strict, a, b, /):
    return _done(f, True)


@prim
def terminate_all(g, f, strict, /):
    for fr in g.stack:
        g.terminate(fr)
    return 3


# the primitives this room's .pxd declares cpdef: Cython drops their @prim decorator when
# compiling, so they are registered here
prim(game_running)


# step 83's primitives, declared cpdef in the .pxd (Cython drops their @prim decorator)
prim(dead_character, record_killed, leave_game)
