"""The engine a ruling runs in and its table: the generated module (engine_module), a game
with the ruling's deck, run up to its start point (当前), then laid out as 座次 and 牌堆顶 say."""
from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from .model import RulingFailure
from . import board as Board
from .vocab import DECK

_MODULE = {}


def engine_module(proj=None):
    """The engine generated from the checked project itself (the bundled specs plus the files
    `sgs check` was given, so a new general's rulings run with that general), lowered once per
    distinct set of specs into a temporary package."""
    from ..build import import_package
    from ..emit import render_units
    from ..lower import Lowerer, spec_hash
    from ..project import load_project
    from ..rulebooks import DEFAULT

    import core
    from core.build import MODULES, _stale

    if core.compiled() and any(_stale("core", m) for m in MODULES):
        raise RuntimeError("the compiled core is older than its sources: run `sgs build` "
                           "(or SGS_PURE=1 to use the sources)")
    if proj is None or proj.errors:  # a project that does not check: the bundled engine
        proj = load_project(rulebook=proj.rulebook if proj is not None else DEFAULT)
    name = proj.rulebook.key
    key = spec_hash({path: src.text for path, src in proj.sources.items()})
    if key in _MODULE:
        return _MODULE[key]
    if proj.errors:
        raise RuntimeError("the bundled specs do not compile: %s" % (proj.errors,))
    units = render_units(Lowerer(proj.checker, name, key).run())
    d = Path(tempfile.mkdtemp(prefix="sgs_rulings_"))
    try:
        mod = import_package(units, d, "sgs_rulings_" + key, name)
    finally:
        # the units are imported (they import each other at once): the folder is not needed
        # any more; kept with SGS_RULINGS_DEBUG=1, for tracebacks that show their lines
        if not os.environ.get("SGS_RULINGS_DEBUG"):
            shutil.rmtree(d, ignore_errors=True)
            if str(d) in sys.path:
                sys.path.remove(str(d))
    _MODULE[key] = mod
    return mod


# ---------------------------------------------------------------- the deck

def deck(rn):
    """The standard deck plus any card a ruling names that the deck does not have."""
    # the standard deck, or the rulebook's first (战棋's)
    cards = list(rn.P._deck_cards(rn.rs, rn.tables, DECK if DECK in rn.tables.decks else rn.tables.deck_order[0]))
    want = []
    for s in rn.r.seats:
        want += [c for c in s.hand + s.equip + s.judge + [c for c, _ in s.on_general] if c[0] != "any"]
    want += rn.r.top
    for name, suit, point in want:
        if not _find_in(rn, cards, name, suit, point):
            nid = rn.rs.id_of("card", name) if name else rn.rs.id_of("card", "杀")
            cards.append((nid, suit if suit is not None else 0, point if point is not None else 7))
    return cards


def _find_in(rn, cards, name, suit, point):
    nid = rn.rs.id_of("card", name) if name else None
    for c in cards:
        if (nid is None or c[0] == nid) and (suit is None or c[1] == suit) and (point is None or c[2] == point):
            return True
    return False


def take(rn, spec, used):
    """A physical card of the draw pile matching spec (name, suit, point)."""
    g, E = rn.g, rn.E
    name, suit, point = spec
    nid = rn.card_id(name) if name else None
    pile = list(g.zone_cards(E.Z_DRAW, -1))
    pile.reverse()  # from the top
    for c in pile:
        if c in used:
            continue
        card = g.cards[c]
        if (nid is None or card.name == nid) and (suit is None or card.suit == suit) and \
                (point is None or card.point == point):
            used.add(c)
            return c
    raise RulingFailure("SGS501", "no card %s%s%s left in the deck" % (
        rn.P.SUIT_TEXT[suit] if suit is not None else "", point or "",
        "【%s】" % name if name else ""), rn.r.span)


def neutral(rn, used):
    """A card for '手牌两张': from the draw pile's bottom, avoiding cards that answer
    questions by themselves (【闪】【桃】【无懈可击】【酒】)."""
    g, E = rn.g, rn.E
    avoid = {rn.card_id(n) for n in ("闪", "桃", "无懈可击", "酒")}
    for c in g.zone_cards(E.Z_DRAW, -1):
        if c not in used and g.cards[c].name not in avoid:
            used.add(c)
            return c
    raise RulingFailure("SGS501", "the deck ran out of cards", rn.r.span)


def equip_skills(rn, c):
    info = rn.tables.cards.get(rn.g.cards[c].name)
    return [rn.g.rs.id_of("skill", n) for n in info[4]] if info is not None else []


# ---------------------------------------------------------------- the game and its table

_GAME_CLASS = []


def ruling_game_class():
    """E.Game that also notes each timing's subject as it is fired: {log index of its "t"
    entry: subject} in ``fired`` (甲的受到伤害后发生过, 于甲的受到伤害时❶). Only rulings use it:
    the log and the games are the same."""
    if _GAME_CLASS:
        return _GAME_CLASS[0]
    from core import engine as E
    from core import prims as P

    class RulingGame(E.Game):
        def fire(self, t, ev, settled=False):
            subj = P.timing_subject(self, ev) if ev is not None else -1
            self.fired[len(self.log)] = subj if isinstance(subj, int) else -1
            # never settled: a ruling stops where a timing's dispatch frame was just pushed
            # (its start, 于…: runner.run_to), so every listened timing pushes one, as it did
            # before Game.fire could ask the seats itself (the games are the same either way)
            return E.Game.fire(self, t, ev, False)

    _GAME_CLASS.append(RulingGame)
    return RulingGame

def new_game(rn):
    """A Game of the ruling's seats (generals, roles), its deck shuffled with its seed."""
    E, P = rn.E, rn.P
    r = rn.r
    rs = P.new_ruleset()
    rn.mod.register(rs)
    rn.tables = P.finish(rs)
    rn.rs = rs
    gens = [s.general for s in r.seats]
    # build the game with our own deck (the ruling may name cards the deck lacks)
    rn.g = None
    cards = deck(rn)
    cur = r.current if r.current is not None else 0
    g = ruling_game_class()(rs, rn.n, r.seed, [(c[0], c[1], c[2]) for c in cards], first=cur, log_level=2,
                            debug=False, setup={"mode": "ruling", "generals": gens})
    g.fired = {}
    rn.g = g
    g.shuffle_zone(E.Z_DRAW)
    for p in range(rn.n):
        for sid in P.everyones_skills(rn.tables):
            g.grant_skill(p, sid)
        if gens[p]:
            P.set_general(g, p, gens[p])
        else:
            g.players[p].maxhp = g.players[p].hp = 4
    roles = [s.role for s in r.seats]
    if P.ROLE_LORD not in roles and roles[0] is None:
        roles[0] = P.ROLE_LORD
    for p in range(rn.n):
        g.players[p].role = roles[p] if roles[p] is not None else P.ROLE_REBEL
    # seat numbers and rounds count from the 主公 (002:24; 轮数), as in a game of the mode
    # (prims.number_seats); the ruling's first turn is still the 当前 role's
    lord = roles.index(P.ROLE_LORD) if P.ROLE_LORD in roles else cur
    g.first_seat = g.referee = lord
    g.last_regular = (cur - 1) % rn.n if cur != lord else -1
    return g


def start(rn):
    """Run up to the ruling's starting point (the current player's turn up to the start
    timing, decisions before it declined), then lay out the table."""
    from core.decision import Decision
    g, E = rn.g, rn.E
    r = rn.r
    t = rn.tables
    root = g.new_frame(t.root, -1, None, 0)
    root.y = (t.turnloop, ())
    if r.current is None:
        root.y = (t.dturn, (0,))
        g.push_frame(root)
        if Board.on_board(rn):
            Board.lay_out(rn)
        lay_out(rn)
        return
    g.push_frame(root)
    if Board.on_board(rn):
        Board.lay_out(rn)   # the turn flow reads the board from its first timing
    tid = g.rs.ids[("timing", r.start)]
    g.listen[tid] += 1
    try:
        while True:
            rn.meter.check(rn, r.span)
            res = g.step(1)
            st = g.stack
            if st and st[-1].prog == 0 and st[-1].a == tid:
                break
            if isinstance(res, Decision):
                g.answer(rn.auto(res))
            elif isinstance(res, E.GameResult):
                raise RulingFailure("SGS503", "the game ended before %s" % r.start, r.span)
    finally:
        g.listen[tid] -= 1
    lay_out(rn)
    g.log.append(json.dumps({"e": "ruling", "start": r.start, "p": r.current}, ensure_ascii=False))


def lay_out(rn):
    """Everything back to the draw pile, then each seat's cards, HP, chains, facing, marks,
    used skills and sealed zones as the 座次 line says; the named top of the draw pile."""
    g, E, P = rn.g, rn.E, rn.P
    for p in range(rn.n):
        for kind in (E.Z_HAND, E.Z_WEAPON, E.Z_ARMOR, E.Z_HORSE_ATK, E.Z_HORSE_DEF, E.Z_TREASURE, E.Z_JUDGE):
            cs = list(g.zone_cards(kind, p))
            if cs:
                if kind in E.EQUIP_ZONES:
                    for c in cs:
                        for sid in equip_skills(rn, c):
                            g.revoke_skill(p, sid)
                g.move(cs, E.Z_DRAW, -1)
    used = set()
    plan = []
    for p, s in enumerate(rn.r.seats):
        for spec in s.judge:
            plan.append((p, "judge", take(rn, spec, used)))
        for spec, name in s.on_general:
            plan.append((p, ("general", name), take(rn, spec, used)))
        for spec in s.equip:
            plan.append((p, "equip", take(rn, spec, used)))
        for spec in s.hand:
            if spec[0] == "any":
                for _ in range(spec[1]):
                    plan.append((p, "hand", neutral(rn, used)))
            else:
                plan.append((p, "hand", take(rn, spec, used)))
    top = [take(rn, spec, used) for spec in rn.r.top]
    for p, where, c in plan:
        if where == "hand":
            g.move([c], E.Z_HAND, p)
        elif isinstance(where, tuple):   # on the general, with its name (名称 “创”) if any
            g.move([c], E.Z_GENERAL, p)
            if where[1] is not None:
                P._Sw(g, P.S_PILE, len(g.cards))[c] = list(P._T(g).pile_names).index(where[1])
        elif where == "judge":
            g.move([c], E.Z_JUDGE, p)
            # a delayed trick in a 判定区 is a virtual card of its own name
            P._judge_vcard(g, c) if hasattr(P, "_judge_vcard") else None
        else:
            sub = rn.tables.cards.get(g.cards[c].name)
            zone = P.EQUIP_SUBTYPE_ZONE.get(sub[1] if sub else "", E.Z_WEAPON)
            g.move([c], zone, p)
            for sid in equip_skills(rn, c):   # its skills belong to its owner (000:177)
                g.grant_skill(p, sid)
    for c in reversed(top):
        g.move([c], E.Z_DRAW, -1)
    for p, s in enumerate(rn.r.seats):
        pl = g.players[p]
        if s.maxhp is not None:
            pl.maxhp = s.maxhp
        if s.hp is not None:
            pl.hp = s.hp
            if s.maxhp is None and pl.hp > pl.maxhp:
                pl.maxhp = pl.hp
        pl.chained = s.chained
        pl.face_up = not s.face_down
        for name, n in s.marks.items():
            pl.marks[rn.rs.id_of("mark", name)] = n
        for name, n in s.used.items():  # uses already made in the skill's limit scope
            sid = rn.rs.id_of("skill", name)
            scope = rn.rs.skills[sid].limit_scope
            if scope >= 0:
                g.add_count(scope, p, g.ncounters + sid, n)
        for zn in s.sealed:
            z = {"判定": E.Z_JUDGE, "武器": E.Z_WEAPON, "防具": E.Z_ARMOR, "进攻坐骑": E.Z_HORSE_ATK,
                 "防御坐骑": E.Z_HORSE_DEF, "宝物": E.Z_TREASURE}[zn]
            P._S(g, P.S_SEAL).append((z, p))
        if s.dead:   # dead before the ruling starts: its seat stays, it takes no part (000:540)
            pl.hp = 0
            g.kill(p)
    for p in range(len(rn.r.seats)):   # 视为装备 (〖八阵〗) follows the equipment laid out
        P.update_regarded(g, p)
    if Board.on_board(rn):
        Board.place(rn)
