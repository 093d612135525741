# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""The rules' invariants sgs simulate checks between turns and at a game's end.

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import cython

from core import engine as E
from core.prims import board as Board
from core.prims.base import (
    EQUIP_SUBTYPE_ZONE, ROLE_LORD, ROLE_LOYALIST, ROLE_REBEL, ROLE_RENEGADE, S_CORR, V_ALIVE,
    V_NAME, _state)
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import _T_fast as _T, _rec_fast as _rec
else:
    from core.prims.base import _T, _rec


# ---- the rules' invariants (sgs simulate checks them between turns and at the game's end) ------


def check_game_invariants(g, /):
    """Check the engine's invariants (Game.check_invariants) and the rules' own; raise
    E.InvariantError naming the seat, the card and the zone. Called with ``g.result`` None,
    it must be between two turns (``g.turn_hook``), when no event runs, and checks them all;
    after the game's end only those that hold at any moment, since the game stops in the
    middle of an event (000:528 终止一切结算和流程)."""
    g.check_invariants()
    between = g.result is None
    if between and len(g.zone_cards(E.Z_PROCESS)) > 0:
        # 000:251 every event that moves cards into the 处理区 puts those still there into the
        # 弃牌堆 before it ends (a skill's use event: skill_default_move)
        raise E.InvariantError("between turns: %s in the 处理区"
                               % _inv_cards(g, g.zone_cards(E.Z_PROCESS)))
    for p in range(g.n):
        pl = g.players[p]
        _inv_equipment(g, p)
        if pl.alive and pl.maxhp < 1:
            # 000:476 a role whose max HP becomes 0 dies
            raise E.InvariantError("seat %d: alive with max hp %d" % (p, pl.maxhp))
        if not between:
            continue
        if pl.alive:
            if pl.hp < 1:
                # 000:443,454: HP at most 0 starts the dying flow, which ends with the role
                # above 0 or dead (000:499,504), within the event that hurt it
                raise E.InvariantError("between turns: seat %d alive with hp %d" % (p, pl.hp))
            _inv_judge(g, p)
        else:
            for zi in range(len(g.zones)):
                if g.zone_owner[zi] == p and len(g.zones[zi]) > 0:
                    # 000:532-533 离场: its hand, equipment, judge and general cards are
                    # discarded or put into the discard pile
                    raise E.InvariantError("between turns: seat %d is dead but has %s in its %s"
                                           % (p, _inv_cards(g, g.zones[zi]),
                                              g.rs.zone_names[g.zone_kind[zi]]))
            if pl.hp > 0:
                # 000:525 a dying role's HP is set to 0
                raise E.InvariantError("between turns: seat %d is dead with hp %d" % (p, pl.hp))
    _inv_result(g)
    b = Board._board(g)
    if b is not None:
        _inv_board(g, b, between)
    return True


def _inv_board(g, b, between, /):
    """A game on a board (001): every piece on a square of the map, one piece a square; between
    turns the living roles are on the field and the dead have left it (001:127); a flag is carried
    by a role of its camp or lies on a square; each camp has at most one flag (001:753); the scores
    only grow (001:715) and the game is over once a camp has 10 (001:717) or by the draw rule
    (docs/board.md)."""
    n_sq = b[Board.B_W] * b[Board.B_H]
    at = b[Board.B_AT]
    for p in range(g.n):
        sq = b[Board.B_PIECE][p]
        if sq >= n_sq or sq < -1:
            raise E.InvariantError("seat %d: its piece is on square %d, not on the map" % (p, sq))
        if sq >= 0 and at[sq] != p:
            raise E.InvariantError("seat %d: its piece is on square %d, which holds %d" % (p, sq, at[sq]))
        if between and b[Board.B_OFF][p] == 0 and sq < 0 and b[Board.B_KIND] is not None and g.turn_no > 0:
            raise E.InvariantError("between turns: seat %d is on the field but its piece is on no square" % p)
        if between and not g.players[p].alive and not b[Board.B_OFF][p]:
            raise E.InvariantError("between turns: seat %d is dead but has not left the field" % p)
        if b[Board.B_OFF][p] and (g.players[p].alive or sq >= 0):
            raise E.InvariantError("seat %d has left the field but is alive or on a square" % p)
    for sq in range(n_sq):
        q = at[sq]
        if q >= 0 and b[Board.B_PIECE][q] != sq:
            raise E.InvariantError("square %d holds seat %d, whose piece is on %d" % (sq, q, b[Board.B_PIECE][q]))
    for c in (Board.CAMP_WARM, Board.CAMP_COLD):
        by, lies = b[Board.B_FLAG_BY][c], b[Board.B_FLAG_AT][c]
        if by >= 0 and lies >= 0:
            raise E.InvariantError("the %s flag is carried by seat %d and lies on square %d"
                                   % (Board.CAMP_NAMES[c], by, lies))
        if by >= 0 and (Board._camp(g, by) != c or b[Board.B_PIECE][by] < 0):
            raise E.InvariantError("the %s flag is carried by seat %d (camp %d, square %d)"
                                   % (Board.CAMP_NAMES[c], by, Board._camp(g, by), b[Board.B_PIECE][by]))
        if lies >= n_sq:
            raise E.InvariantError("the %s flag lies on square %d, not on the map" % (Board.CAMP_NAMES[c], lies))
    seen = b[Board.B_CHECKED]
    for c in (Board.CAMP_WARM, Board.CAMP_COLD):
        if b[Board.B_SCORE][c] < seen[c]:
            raise E.InvariantError("the %s score fell from %d to %d"
                                   % (Board.CAMP_NAMES[c], seen[c], b[Board.B_SCORE][c]))
        seen[c] = b[Board.B_SCORE][c]
    top = max(b[Board.B_SCORE])
    if between and top >= Board.WIN_SCORE:
        raise E.InvariantError("between turns: a camp has %d points and the game goes on" % top)
    if g.result is not None and g.result.reason != "draw":
        w = sorted(g.result.winners)
        want = [c for c in (Board.CAMP_WARM, Board.CAMP_COLD) if b[Board.B_SCORE][c] >= Board.WIN_SCORE]
        if len(want) != 1 or w != sorted(Board._camp_seats(g, want[0])):
            raise E.InvariantError("the game ended with winners %s; scores %s" % (w, b[Board.B_SCORE]))


def _inv_cards(g, cs, /):
    names = g.rs.card_names
    return "、".join(["【%s】(card %d)" % (names[g.card_name(c)], c) for c in cs])


def _inv_equipment(g, p, /):
    """000:158: an equipment card goes into the slot of its subtype, replacing the card there
    (the two move at once), so a slot holds at most one card, of its own subtype."""
    t = _T(g)
    for k in E.EQUIP_ZONES:
        cs = g.zone_cards(k, p)
        zname = g.rs.zone_names[k]
        if len(cs) > 1:
            raise E.InvariantError("seat %d has %d cards in its %s: %s"
                                   % (p, len(cs), zname, _inv_cards(g, cs)))
        for c in cs:
            info = t.cards.get(g.card_name(c))
            if info is None or EQUIP_SUBTYPE_ZONE.get(info[1], -1) != k:
                raise E.InvariantError("seat %d has %s in its %s" % (p, _inv_cards(g, (c,)), zname))


def _inv_judge(g, p, /):
    """000:158: only delayed tricks enter a 判定区, and 000:81 a role whose 判定区 holds a
    delayed trick is no legal target of one of the same name: no two share a name. (Between
    turns only: the name of a card used as another delayed trick is in the root state.)"""
    t = _T(g)
    st = _state(g)
    corr = st[S_CORR] if st is not None else None
    seen = []
    for c in g.zone_cards(E.Z_JUDGE, p):
        name = g.card_name(c)
        v = corr[c] if corr is not None else None
        if v is not None and _rec(g, v)[V_ALIVE]:
            name = _rec(g, v)[V_NAME]   # e.g. a 方块 card used as 【乐不思蜀】
        info = t.cards.get(name)
        what = "%s as 【%s】" % (_inv_cards(g, (c,)), g.rs.card_names[name]) \
            if name != g.card_name(c) else _inv_cards(g, (c,))
        if info is None or info[1] != "延时锦囊":
            raise E.InvariantError("seat %d has %s, not a delayed trick, in its 判定区" % (p, what))
        if name in seen:
            raise E.InvariantError("seat %d has two delayed tricks named 【%s】 in its 判定区"
                                   % (p, g.rs.card_names[name]))
        seen.append(name)


def _inv_result(g, /):
    """000:8-10: the game is over exactly when the identity mode's end condition holds (the
    lord is dead, or every rebel and renegade is), with the book's winners. A game without
    a lord (no mode) is not checked."""
    lord = -1
    for p in range(g.n):
        if g.players[p].role == ROLE_LORD:
            lord = p
    if lord < 0:
        return
    over = g.result is not None
    # dead: left the game, or (at the end) the role whose death ended it: its HP was set to 0
    # (000:525) and the game ended (000:528) before it left (000:530)
    dead = [not g.players[p].alive or (over and g.players[p].hp <= 0) for p in range(g.n)]
    living = [p for p in range(g.n) if not dead[p]]
    if dead[lord]:
        if len(living) == 1 and g.players[living[0]].role == ROLE_RENEGADE:
            want = living
        else:
            want = [p for p in range(g.n) if g.players[p].role == ROLE_REBEL]
    elif all([dead[p] for p in range(g.n)
              if g.players[p].role in (ROLE_REBEL, ROLE_RENEGADE)]):
        want = [p for p in range(g.n) if g.players[p].role in (ROLE_LORD, ROLE_LOYALIST)]
    else:
        want = None
    if not over:
        if want is not None:
            raise E.InvariantError("between turns: the game should be over (winners %s)" % (want,))
        return
    if want is None:
        raise E.InvariantError("the game ended (%s) but no end condition holds; alive: %s"
                               % (g.result.reason, living))
    if sorted(g.result.winners) != want:
        raise E.InvariantError("the game ended with winners %s, the book's are %s"
                               % (sorted(g.result.winners), want))
