# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""The board of 三国杀战棋 (seed 001): the map's squares (地形, 军营, 大本营), the two camps, the
pieces on the squares, the flags (帅旗/将旗标记), the scores, the draft of generals, the action
units, a piece's movement (001:725-761) and board distance.

A map is declared in the specs (``地图``, docs/board.md) and registered with its squares as
kind indexes (SQUARE_KINDS); a game on a board keeps its state in the root state (S_BOARD), a
list of integer-indexed lists (seats, squares, camps), so a cloned game copies it. Square
``r * width + c`` is row r (from the top), column c (from the left).

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import cython

from core import engine as E
from core.engine import Frame, Game, Player
from core.prims.base import (
    EV_PIECE_MOVE, K_BOARD, NONE, OP_ASK_THEN, OP_CARDS_THEN, ROLE_WARM, S_BOARD, S_LASTTURN,
    _done, _enclosing, _kept, _pushed, prim, prim_id)
if not cython.compiled:   # C constants (base.pxd), cimported by this room's .pxd
    from core.prims.base import X_TMP
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import _T_fast as _T, _sx_fast as _sx, _st_fast as _st
else:
    from core.prims.base import _T, _sx, _st
# the other rooms, by module (they import each other): a C call for what their .pxd declares
from core.prims import decisions as Decisions, games as Games, roles as Roles
if cython.compiled:
    from cython.cimports.core.prims import decisions as Decisions, games as Games, roles as Roles
from core.prims.identity_mode import PROMPT_GENERAL
from core.ruleset import Modifier


# ---- the squares ---------------------------------------------------------------------------------

# the kinds of square a map's legend may name (compiler.checker.SQUARE_KINDS: a test keeps them
# equal): the terrains the seed names (树林 and 湖泊, whose 地形效果 001:85,123,149,557 cite),
# plain ground, and each camp's 军营 and 大本营 (001:45,63)
SQUARE_KINDS = ("平地", "树林", "湖泊", "暖方军营", "暖方大本营", "冷方军营", "冷方大本营")


T_PLAIN = 0
T_FOREST = 1
T_LAKE = 2
TERRAIN_NAMES = ("平地", "树林", "湖泊")


SITE_NONE = 0
SITE_CAMP = 1     # 军营
SITE_BASE = 2     # 大本营


CAMP_WARM = 0     # 暖方 (暖色阵营, 001:31)
CAMP_COLD = 1     # 冷方
CAMP_NAMES = ("暖方", "冷方")
# the question of each camp's action unit (choose_unit_role), made once
UNIT_PROMPTS = tuple(["选择进行此行动单元的%s角色" % name for name in CAMP_NAMES])


# per square kind: (terrain, site, camp)
KIND_FACTS = ((T_PLAIN, SITE_NONE, NONE), (T_FOREST, SITE_NONE, NONE), (T_LAKE, SITE_NONE, NONE),
              (T_PLAIN, SITE_CAMP, CAMP_WARM), (T_PLAIN, SITE_BASE, CAMP_WARM),
              (T_PLAIN, SITE_CAMP, CAMP_COLD), (T_PLAIN, SITE_BASE, CAMP_COLD))


# the 行动力 of a piece in its 移动阶段 (001:97): the seed's chapter 2 is not in the text, so
# this is the stand-in docs/board.md documents
BASE_ACTION_POINTS = 3


# ---- the board state (S_BOARD) -------------------------------------------------------------------

B_NAME = 0       # the map's name
B_W = 1          # columns
B_H = 2          # rows
B_KIND = 3       # per square: its kind (SQUARE_KINDS index)
B_PIECE = 4      # per seat: the square of its piece, or NONE (not on the map)
B_AT = 5         # per square: the seat whose piece is on it, or NONE
B_UP = 6         # per seat: 1 while its piece is face up (正面朝上), 0 face down
B_OFF = 7        # per seat: 1 while it has left the field (离场, 001:127) and not come back
B_FLAG_BY = 8    # per camp: the seat carrying its flag (帅旗/将旗标记), or NONE
B_FLAG_AT = 9    # per camp: the square its flag lies on, or NONE
B_SCORE = 10     # per camp: its points (分数, 001:705-723)
B_UNIT = 11      # the camp whose action unit (行动单元, 001:55) comes next
B_POOL = 12      # the generals on the table during the draft (001:35)
B_PICKS = 13     # per camp: the generals it picked (001:35-37)
B_MOVE = 14      # per seat: [turn number, 行动力 bonus] (a skill's 行动力+X for this turn)
B_CHECKED = 15   # per camp: the score the rules' invariants saw last (invariants.py: scores only grow)
B_ACTOR = 16     # the role the camp of the action unit chose (NONE before the first)
B_TEXT = 17      # per square: its text (square_text), the map's, made once (square_texts)
NB = 18


# 001:23,717 a camp wins when it has at least this many points
WIN_SCORE = 10


_S_BOARD = S_BOARD   # a C int (board.pxd): the board is read at every board primitive


def _board(g, /):
    """The board state of a game on a board, else None. It lives in the root state; once the game
    is over and its stack empty, the board it ended with (the game's own tables keep it: sgs play's
    last table, the invariants at the end, a ruling's expectations)."""
    s = g.stack
    if len(s) == 0:
        return _kept(g)[K_BOARD]
    if cython.cast(Frame, s[0]).prog != _T(g).root:
        return None
    return _st(g)[_S_BOARD]


def _bd(g, /):
    b = _board(g)
    if b is None:
        raise E.EngineError("no board: the mode has not laid out a map (摆放地图)")
    return b


def square_texts(width, squares, /):
    """Each square of a map as people read it, 第3行第2列（树林）: made once per map
    (register_map), since a movement asks with one label per square it may step to (~6 k
    instructions a label when each was formatted at the question)."""
    return tuple(["第%d行第%d列（%s）" % (sq // width + 1, sq % width + 1, SQUARE_KINDS[k])
                  for sq, k in enumerate(squares)])


def square_text(g, sq, /):
    """A square as people read it: 第3行第2列（树林） (its map's square_texts)."""
    b = _board(g)
    if b is None or not isinstance(sq, int) or sq < 0 or sq >= b[B_W] * b[B_H]:
        return str(sq)
    return b[B_TEXT][sq]


# a role's camp as C ints (board.pxd): the first camp's role, and "no camp"
_ROLE_WARM = ROLE_WARM
_NO_CAMP = NONE


def _camp(g, p, /):
    role = cython.cast(Player, g.players[p]).role
    return role - _ROLE_WARM if role >= _ROLE_WARM else _NO_CAMP


def _camp_seats(g, c, /):
    """The seats of camp ``c`` in seat order (compiled, a C loop over the players: the action
    units, the draft and the flags ask it often, ~5 k instructions a call as a comprehension of
    _camp calls)."""
    out = []
    for p in range(g.n):
        role = cython.cast(Player, g.players[p]).role
        if (role - _ROLE_WARM if role >= _ROLE_WARM else _NO_CAMP) == c:
            out.append(p)
    return tuple(out)


def _representative(g, c, /):
    """The seat that answers its camp's questions (the draft, the action units): its first."""
    seats = _camp_seats(g, c)
    return seats[0] if seats else NONE


def _neighbours(b, sq, /):
    w, h = b[B_W], b[B_H]
    r, c = sq // w, sq % w
    out = []
    if r > 0:
        out.append(sq - w)
    if c > 0:
        out.append(sq - 1)
    if c < w - 1:
        out.append(sq + 1)
    if r < h - 1:
        out.append(sq + w)
    return out


def _site(b, sq, /):
    return KIND_FACTS[b[B_KIND][sq]]


def board_site(b, sq, /):
    """(site, camp) of a square: (SITE_CAMP/SITE_BASE, its camp) or (SITE_NONE, NONE)."""
    fa = KIND_FACTS[b[B_KIND][sq]]
    return fa[1], fa[2]


def _home_squares(g, b, c, /):
    """The camp's 军营 and 大本营 squares."""
    return [sq for sq in range(b[B_W] * b[B_H]) if _site(b, sq)[1] != SITE_NONE and _site(b, sq)[2] == c]


def _base_of(b, c, /):
    for sq in range(b[B_W] * b[B_H]):
        f = _site(b, sq)
        if f[1] == SITE_BASE and f[2] == c:
            return sq
    return NONE


def board_distance(g, a, b_, /):
    """The number of steps between two pieces' squares (the stand-in board distance of
    docs/board.md), or None when one of them is not on the map."""
    b = _board(g)
    if b is None:
        return None
    pa, pb = b[B_PIECE][a], b[B_PIECE][b_]
    if pa < 0 or pb < 0:
        return None
    w = b[B_W]
    dr = pa // w - pb // w
    dc = pa % w - pb % w
    return (dr if dr >= 0 else -dr) + (dc if dc >= 0 else -dc)


def _mod_board_distance(g, owner, a, b_, /):
    """The distance modifier of a game on a board (register.finish): the board distance
    replaces the seat distance as its base value (M_BASE), every rule that reads a distance or
    an attack range reads it (002:119-135 with board squares for seats)."""
    if a < 0 or b_ < 0:
        return None
    return board_distance(g, a, b_)


@cython.cclass
class _BoardDistanceModifier(Modifier):
    """_mod_board_distance as a C call from Game.modval, where Modifier.value called it as a
    Python function (~250 instructions at each distance a 战棋 game reads: every 【杀】's targets
    and attack range). An extension type of this module only (register.finish registers it)."""

    @cython.ccall
    def value(self, g: Game, owner: cython.int, a: cython.int, b: cython.int, /):
        return _mod_board_distance(g, owner, a, b)


# ---- setting up the board (001:25-49) ----------------------------------------------------------


@prim
def lay_out_map(g, f, strict, /):
    """摆放地图 (001:27): the board of the rulebook's map (the first it declares), no pieces on
    it; the mode's seats are its two camps' roles."""
    t = _T(g)
    if not t.map_order:
        return _done(f, False)
    name = t.map_order[0]
    w, h, squares = t.maps[name]
    b = [None] * NB
    b[B_TEXT] = t.map_texts[name]   # a tuple of str: a clone shares it
    b[B_NAME] = name
    b[B_W] = w
    b[B_H] = h
    b[B_KIND] = list(squares)
    b[B_PIECE] = [NONE] * g.n
    b[B_AT] = [NONE] * (w * h)
    b[B_UP] = [1] * g.n
    b[B_OFF] = [0] * g.n
    b[B_FLAG_BY] = [NONE, NONE]
    b[B_FLAG_AT] = [NONE, NONE]
    b[B_SCORE] = [0, 0]
    b[B_UNIT] = CAMP_WARM
    b[B_POOL] = []
    b[B_PICKS] = [[], []]
    b[B_MOVE] = [[0, 0] for p in range(g.n)]
    b[B_CHECKED] = [0, 0]
    b[B_ACTOR] = NONE
    _st(g)[S_BOARD] = b
    _kept(g)[K_BOARD] = b   # the board once the game is over (_board)
    if g._log_level > 0:
        g.log_event({"e": "board", "map": name, "w": w, "h": h})
    return _done(f, True)


def lay_out(g, camps, squares, up=None, /):
    """For tools (rulings, tests): the rulebook's map laid out as 摆放地图 does, seat p of camp
    ``camps[p]`` (CAMP_WARM/CAMP_COLD) with its piece on ``squares[p]`` (NONE: not on the map) and
    face up unless ``up[p]`` is false; each flag on its 大本营, taken by a piece standing there. The
    game's root frame must be on the stack (it holds the board)."""
    root = g.stack[0]
    lay_out_map(g, root, True)
    b = _bd(g)
    for p in range(g.n):
        g.players[p].role = ROLE_WARM + camps[p]
        if squares[p] >= 0:
            _put(g, b, p, squares[p])
        if up is not None:
            b[B_UP][p] = 1 if up[p] else 0
    flags_at_bases(g, root, True)
    return b


def square_at(g, row, col, /):
    """The square of row ``row`` and column ``col`` (from 1, as square_text writes them)."""
    b = _bd(g)
    if not (1 <= row <= b[B_H] and 1 <= col <= b[B_W]):
        raise E.EngineError("no square at row %d, column %d of map %s" % (row, col, b[B_NAME]))
    return (row - 1) * b[B_W] + (col - 1)


def square_at_of_map(module, row, col, name=None, /):
    """The square of row/column (from 1) of a generated module's map (its first, or ``name``),
    before any game lays it out."""
    for nm, w, h, kinds in module.MAPS:
        if name is None or nm == name:
            return (row - 1) * w + (col - 1)
    raise E.EngineError("no map %r" % (name,))


@prim
def camps_of_three(g, f, strict, /):
    """每个阵营分别由三名角色组成 (001:31): six seats, the 暖方 and 冷方 roles alternate (the
    core asks in seat order, docs/board.md); a role's 身份 is its camp."""
    if g.n != 6:
        return _done(f, False)
    for p in range(g.n):
        g.players[p].role = ROLE_WARM + (p % 2)
    if g._log_level > 0:
        g.log_event({"e": "roles", "roles": [g.players[p].role for p in range(g.n)]})
    return _done(f, True)


@prim(returns="阵营")
def camp_warm(g, f, /):
    return CAMP_WARM


@prim(returns="阵营")
def camp_cold(g, f, /):
    return CAMP_COLD


@prim(who="角色", returns="阵营")
def camp_of(g, f, who, /):
    """〔甲〕的阵营."""
    if not isinstance(who, int) or who < 0:
        return NONE
    return _camp(g, who)


@prim(c="阵营", returns="阵营")
def enemy_camp(g, f, c, /):
    """〔阵营〕的敌方阵营."""
    return 1 - c if c in (CAMP_WARM, CAMP_COLD) else NONE


@prim(c="阵营", returns="角色组")
def camp_roles(g, f, c, /):
    """〔阵营〕的所有角色: alive or not (001:23,717 无论是否存活)."""
    return _camp_seats(g, c)


@prim(x="数")
def deal_draft_pool(g, f, strict, x, /):
    """随机将X张武将牌正面朝上置于桌面 (001:35)."""
    b = _bd(g)
    t = _T(g)
    pool = [i for i in range(len(t.general_order)) if t.pack is None or t.general_order[i] in t.pack]
    g.rng.shuffle(pool)
    b[B_POOL] = pool[:x]
    if g._log_level > 0:
        g.log_event({"e": "draft", "pool": list(b[B_POOL])})
    return _done(f, len(b[B_POOL]) == x)


@prim(returns="角色")
def warm_side(g, f, /):
    """暖色方 (001:31-55): the player who answers for the warm camp (its first seat)."""
    return _representative(g, CAMP_WARM)


@prim(returns="角色")
def cold_side(g, f, /):
    """冷色方: the player who answers for the cold camp."""
    return _representative(g, CAMP_COLD)


@prim(who="角色", x="数")
def side_picks_generals(g, f, strict, who, x, /):
    """〔甲〕选择X名武将 (001:35): a side chooses X of the generals on the table for its camp."""
    b = _bd(g)
    c = _camp(g, who)
    pool = b[B_POOL]
    n = x if x < len(pool) else len(pool)
    if n <= 0 or c < 0:
        return _done(f, False)
    if n == len(pool):
        return _picked(g, f, True, tuple(pool), c)
    prompt = "%s（为%s选择%d名）" % (PROMPT_GENERAL, CAMP_NAMES[c], n)
    return Decisions._helper(g, f, OP_CARDS_THEN, [tuple(pool), n, n, prompt, _PICKED, c], who)


def _picked(g, f, strict, chosen, c, /):
    b = _bd(g)
    for i in chosen:
        if i in b[B_POOL]:
            b[B_POOL].remove(i)
            b[B_PICKS][c].append(i)
    return _done(f, True)


prim(_picked)
_PICKED = prim_id("_picked")   # what helper frames hold (decisions._then)


@prim(who="角色")
def side_assigns_generals(g, f, strict, who, /):
    """〔甲〕选择其所选的武将牌中的三张分别扣置于己方三名角色的面前 (001:37): a side gives one of
    its picks to each role of its camp, in seat order."""
    c = _camp(g, who)
    if c < 0:
        return _done(f, False)
    return _assign_next(g, f, who, c)


def _assign_next(g, f, who, c, /):
    b = _bd(g)
    seats = [p for p in _camp_seats(g, c) if g.players[p].general < 0]
    taken = [g.players[p].general for p in range(g.n)]
    picks = [i for i in b[B_PICKS][c] if i not in taken]
    if not seats:
        return _done(f, True)
    if not picks:
        return _done(f, False)
    if len(picks) == 1:
        return _assigned(g, f, True, (picks[0],), who, c)
    prompt = "%s（扣置于%d号面前）" % (PROMPT_GENERAL, seats[0])
    return Decisions._helper(g, f, OP_CARDS_THEN, [tuple(picks), 1, 1, prompt, _ASSIGNED, who, c],
                             who)


def _assigned(g, f, strict, chosen, who, c, /):
    seats = [p for p in _camp_seats(g, c) if g.players[p].general < 0]
    Games.set_general(g, seats[0], _T(g).general_order[chosen[0]])
    return _assign_next(g, f, who, c)


prim(_assigned)
_ASSIGNED = prim_id("_assigned")   # what helper frames hold (decisions._then)


# ---- the pieces ---------------------------------------------------------------------------------


def _put(g, b, p, sq, /):
    """Piece p onto square sq (NONE: off the map). A square holds the piece standing on it: a piece
    passing an ally's square during a movement (001:753; docs/board.md) does not take it."""
    old = b[B_PIECE][p]
    if old >= 0 and b[B_AT][old] == p:
        b[B_AT][old] = NONE
    b[B_PIECE][p] = sq
    if sq >= 0 and b[B_AT][sq] < 0:
        b[B_AT][sq] = p
    if g._log_level > 0:
        g.log_event({"e": "piece", "p": p, "sq": sq})


@prim(who="角色")
def place_piece_home(g, f, strict, who, /):
    """〔甲〕将其武将棋子放置于一个没有角色存在的己方军营或大本营方格 (001:45, 63): it
    chooses one; a role placed on its 大本营 where its flag lies takes the flag (001:45)."""
    b = _bd(g)
    c = _camp(g, who)
    free = [sq for sq in _home_squares(g, b, c) if b[B_AT][sq] < 0]
    if c < 0 or not free or b[B_PIECE][who] >= 0:
        return _done(f, False)
    if len(free) == 1:
        return _placed(g, f, True, 0, who, tuple(free))
    labels = [square_text(g, sq) for sq in free]
    return Decisions._helper(g, f, OP_ASK_THEN, [E.D_OPTION, list(range(len(free))), 1, 1,
                                                 ("放置武将棋子", labels), _PLACED, who, tuple(free)],
                             who)


def _placed(g, f, strict, i, who, free, /):
    b = _bd(g)
    sq = free[i]
    _put(g, b, who, sq)
    _pick_up(g, b, who, sq)
    return _done(f, True)


prim(_placed)
_PLACED = prim_id("_placed")   # what helper frames hold (decisions._then)


@prim(who="角色", returns="真假")
def at_home(g, f, who, /):
    """〔甲〕位于己方军营或大本营方格."""
    b = _board(g)
    if b is None or not isinstance(who, int) or who < 0 or b[B_PIECE][who] < 0:
        return False
    fa = _site(b, b[B_PIECE][who])
    return fa[1] != SITE_NONE and fa[2] == _camp(g, who)


@prim(actor="角色", who="角色")
def relocate_piece_home(g, f, strict, actor, who, /):
    """〔甲〕将〔乙〕的武将棋子移至一个没有角色存在的己方军营或大本营方格 (〖归营〗's stand-in):
    it chooses the square; its own flag lying there is taken (001:753)."""
    b = _bd(g)
    c = _camp(g, who)
    free = [sq for sq in _home_squares(g, b, c) if b[B_AT][sq] < 0]
    if c < 0 or not free or b[B_PIECE][who] < 0:
        return _done(f, False)
    if len(free) == 1:
        return _placed(g, f, True, 0, who, tuple(free))
    labels = [square_text(g, sq) for sq in free]
    return Decisions._helper(g, f, OP_ASK_THEN, [E.D_OPTION, list(range(len(free))), 1, 1,
                                                 ("移动武将棋子", labels), _PLACED, who, tuple(free)],
                             who)


@prim(who="角色", x="数")
def kill_score_plus(g, f, strict, who, x, /):
    """〔甲〕杀死敌方阵营的角色获得的分数+X (〖恶来〗): a status rule no query reads: the death flow
    applies it (001:695-697 广敬按, 死亡.sgs reads 拥有〖恶来〗)."""
    return _done(f, True)


@prim(who="角色", returns="方格")
def piece_square(g, f, who, /):
    """〔甲〕的武将棋子所在的方格."""
    b = _board(g)
    if b is None or not isinstance(who, int) or who < 0:
        return NONE
    return b[B_PIECE][who]


def _face(g, f, who, up, /):
    b = _bd(g)
    if b[B_UP][who] == up:
        return _done(f, False)
    b[B_UP][who] = up
    if g._log_level > 0:
        g.log_event({"e": "piece_up", "p": who, "up": up})
    return _done(f, True)


@prim(who="角色")
def piece_down(g, f, strict, who, /):
    """〔甲〕的武将棋子背面朝上放置 (the state change of 001:503)."""
    return _face(g, f, who, 0)


@prim(who="角色")
def piece_up(g, f, strict, who, /):
    """〔甲〕的武将棋子正面朝上放置."""
    return _face(g, f, who, 1)


@prim(returns="真假")
def all_pieces_up(g, f, /):
    """所有角色的武将棋子均为正面朝上 (001:61)."""
    b = _bd(g)
    return all([u == 1 for u in b[B_UP]])


@prim(returns="真假")
def all_pieces_down(g, f, /):
    """所有角色的武将棋子均为背面朝上 (001:127)."""
    b = _bd(g)
    return all([u == 0 for u in b[B_UP]])


@prim(who="角色", returns="真假")
def piece_face_down(g, f, who, /):
    """〔甲〕的武将棋子背面朝上."""
    b = _bd(g)
    return b[B_UP][who] == 0


@prim
def dead_leave_field(g, f, strict, /):
    """所有已死亡的角色离场，将这些角色的武将棋子移出场外 (001:127)."""
    b = _bd(g)
    for p in range(g.n):
        if not g.players[p].alive and not b[B_OFF][p]:
            b[B_OFF][p] = 1
            _put(g, b, p, NONE)
    return _done(f, True)


@prim(who="角色", returns="真假")
def is_off_field(g, f, who, /):
    """〔甲〕已离场 (001:63)."""
    b = _bd(g)
    return bool(b[B_OFF][who])


@prim(who="角色")
def return_to_field(g, f, strict, who, /):
    """〔甲〕回到场上 (001:63): it takes part in the game again; its HP is recovered and its
    piece placed by the steps that follow."""
    b = _bd(g)
    if not b[B_OFF][who]:
        return _done(f, False)
    b[B_OFF][who] = 0
    g.set_alive(who, True)
    if g._log_level > 0:
        g.log_event({"e": "revive", "p": who})
    return _done(f, True)


# ---- the flags (帅旗 / 将旗标记) -----------------------------------------------------------------


def _pick_up(g, b, p, sq, /):
    """A role entering (or placed on) a square where its own camp's flag lies takes it
    (001:45, 753)."""
    c = _camp(g, p)
    if c >= 0 and b[B_FLAG_AT][c] == sq and b[B_FLAG_BY][c] < 0:
        b[B_FLAG_AT][c] = NONE
        b[B_FLAG_BY][c] = p
        if g._log_level > 0:
            g.log_event({"e": "flag", "camp": c, "by": p})
        return True
    return False


@prim
def flags_at_bases(g, f, strict, /):
    """位于大本营方格的角色将一枚己方帅旗标记置于其武将棋子上 (001:45): each camp's flag is
    on its 大本营 (taken by the role placed there, if any)."""
    b = _bd(g)
    for c in (CAMP_WARM, CAMP_COLD):
        base = _base_of(b, c)
        b[B_FLAG_AT][c] = base
        b[B_FLAG_BY][c] = NONE
        p = b[B_AT][base] if base >= 0 else NONE
        if p >= 0:
            _pick_up(g, b, p, base)
    return _done(f, True)


@prim(who="角色", returns="真假")
def has_flag(g, f, who, /):
    """〔甲〕带有将旗标记／〔甲〕拥有帅旗: it carries its camp's flag."""
    b = _board(g)
    if b is None or not isinstance(who, int) or who < 0:
        return False
    c = _camp(g, who)
    return c >= 0 and b[B_FLAG_BY][c] == who


@prim(sq="方格", c="阵营", returns="真假")
def flag_on_square(g, f, sq, c, /):
    """〔方格〕上有〔阵营〕的将旗标记."""
    b = _bd(g)
    return c in (CAMP_WARM, CAMP_COLD) and sq >= 0 and b[B_FLAG_AT][c] == sq


@prim(who="角色", sq="方格")
def take_flag(g, f, strict, who, sq, /):
    """〔甲〕获得〔方格〕上的将旗标记 (001:753)."""
    b = _bd(g)
    return _done(f, _pick_up(g, b, who, sq))


@prim(who="角色")
def drop_flag(g, f, strict, who, /):
    """将〔甲〕的帅旗放置在其武将棋子所在的方格上 (001:691)."""
    b = _bd(g)
    c = _camp(g, who)
    if c < 0 or b[B_FLAG_BY][c] != who:
        return _done(f, False)
    b[B_FLAG_BY][c] = NONE
    b[B_FLAG_AT][c] = b[B_PIECE][who]
    if g._log_level > 0:
        g.log_event({"e": "flag", "camp": c, "at": b[B_FLAG_AT][c]})
    return _done(f, True)


@prim(who="角色")
def flag_vanishes(g, f, strict, who, /):
    """令〔甲〕的将旗标记消失 (001:753)."""
    b = _bd(g)
    c = _camp(g, who)
    if c < 0 or b[B_FLAG_BY][c] != who:
        return _done(f, False)
    b[B_FLAG_BY][c] = NONE
    if g._log_level > 0:
        g.log_event({"e": "flag", "camp": c, "gone": True})
    return _done(f, True)


@prim(c="阵营")
def new_flag_at_base(g, f, strict, c, /):
    """令一个新的将旗标记生成于〔阵营〕的大本营 (001:753): it lies there (a role of the camp
    takes it by entering the square)."""
    b = _bd(g)
    if b[B_FLAG_BY][c] >= 0 or b[B_FLAG_AT][c] >= 0:
        return _done(f, False)
    b[B_FLAG_AT][c] = _base_of(b, c)
    if g._log_level > 0:
        g.log_event({"e": "flag", "camp": c, "at": b[B_FLAG_AT][c]})
    return _done(f, True)


@prim(sq="方格", c="阵营", returns="真假")
def is_base_of(g, f, sq, c, /):
    """〔方格〕为〔阵营〕的大本营."""
    b = _bd(g)
    if not isinstance(sq, int) or sq < 0:
        return False
    fa = _site(b, sq)
    return fa[1] == SITE_BASE and fa[2] == c


# ---- terrain --------------------------------------------------------------------------------------


@prim(returns="地形")
def terrain_plain(g, f, /):
    return T_PLAIN


@prim(returns="地形")
def terrain_forest(g, f, /):
    return T_FOREST


@prim(returns="地形")
def terrain_lake(g, f, /):
    return T_LAKE


@prim(who="角色", terrain="地形", returns="真假")
def on_terrain(g, f, who, terrain, /):
    """〔甲〕位于〔地形〕: its piece is on a square of that terrain."""
    b = _board(g)
    if b is None or not isinstance(who, int) or who < 0:
        return False
    sq = b[B_PIECE][who]
    return sq >= 0 and _site(b, sq)[0] == terrain


@prim(who="角色", x="数", returns="角色组")
def within_distance(g, f, who, x, /):
    """〔甲〕距离X以内的角色: the living roles at a distance at most X from it (itself
    included, 001:669)."""
    return tuple([p for p in g.alive_seats() if p == who or g.distance(who, p) <= x])


@prim(who="角色", x="数", group="角色组", returns="角色组")
def within_distance_of(g, f, who, x, group, /):
    """〔甲〕距离X以内的〔乙〕: those of the group at a distance at most X from 甲 (【桃】, 001:667)."""
    keep = [p for p in Roles._group_keep(g, f, group) if p == who or g.distance(who, p) <= x]
    return Roles._regroup(group, keep)


# ---- scores and the end (001:23, 695, 705-723) ----------------------------------------------------


@prim(c="阵营", returns="数")
def score_of(g, f, c, /):
    """〔阵营〕的分数."""
    b = _bd(g)
    return b[B_SCORE][c] if c in (CAMP_WARM, CAMP_COLD) else 0


@prim(c="阵营", x="数")
def add_score(g, f, strict, c, x, /):
    """〔阵营〕获得X分 (001:715): the points are put in front of the camp."""
    b = _bd(g)
    if c not in (CAMP_WARM, CAMP_COLD) or x <= 0:
        return _done(f, False)
    b[B_SCORE][c] += x
    if g._log_level > 0:
        g.log_event({"e": "score", "camp": c, "d": x, "v": b[B_SCORE][c]})
    return _done(f, True)


@prim
def draw_game(g, f, strict, /):
    """游戏以平局结束: nobody wins (docs/board.md: not in the seed)."""
    return g.end_game([], "draw")


# ---- action units (001:55) and 行动力 ---------------------------------------------------------------


@prim(who="角色")
def first_unit(g, f, strict, who, /):
    """由〔甲〕开始第一个行动单元 (001:55): 甲 is a side (暖色方/冷色方)."""
    b = _bd(g)
    c = _camp(g, who)
    if c < 0:
        return _done(f, False)
    b[B_UNIT] = c
    return _done(f, True)


def _unit_camp(g, b, /):
    """The camp of the next action unit; the other when it has no face-up piece (docs/board.md)."""
    c = b[B_UNIT]
    for cc in (c, 1 - c):
        if [p for p in _camp_seats(g, cc) if b[B_UP][p] == 1]:
            return cc
    return c


@prim
def choose_unit_role(g, f, strict, /):
    """进行此行动单元的阵营选择一名武将棋子正面朝上的角色 (001:55): the camp of the action unit
    chooses one of its roles whose piece is face up (on the field or not: a role off the field
    comes back at its 回合开始后❷, 001:63); its side answers."""
    b = _bd(g)
    c = _unit_camp(g, b)
    seats = [p for p in _camp_seats(g, c) if b[B_UP][p] == 1]
    if not seats:
        return _done(f, False)
    if len(seats) == 1:
        return _unit_chosen(g, f, True, (seats[0],))
    return Decisions._helper(g, f, OP_ASK_THEN,
                             [E.D_PLAYERS, seats, 1, 1, UNIT_PROMPTS[c], _UNIT_CHOSEN],
                             _representative(g, c))


def _unit_chosen(g, f, strict, chosen, /):
    b = _bd(g)
    b[B_ACTOR] = chosen[0]
    return _done(f, True)


prim(_unit_chosen)
_UNIT_CHOSEN = prim_id("_unit_chosen")   # what helper frames hold (decisions._then)


@prim(returns="角色")
def unit_role(g, f, /):
    """此行动单元的角色: the role its camp chose (choose_unit_role)."""
    b = _bd(g)
    return b[B_ACTOR]


@prim
def alternate_units(g, f, strict, /):
    """此后双方阵营交替行动 (001:55): the next action unit is the other camp's."""
    b = _bd(g)
    last = _st(g)[S_LASTTURN]
    if isinstance(last, int) and last >= 0:
        b[B_UNIT] = 1 - _camp(g, last)
    return _done(f, True)


@prim(who="角色", returns="数")
def action_points(g, f, who, /):
    """〔甲〕此阶段的行动力 (001:97): BASE_ACTION_POINTS and this turn's bonuses."""
    b = _bd(g)
    m = b[B_MOVE][who]
    return BASE_ACTION_POINTS + (m[1] if m[0] == g.turn_no else 0)


@prim(who="角色", x="数")
def action_points_plus(g, f, strict, who, x, /):
    """〔甲〕此回合的行动力+X."""
    b = _bd(g)
    m = b[B_MOVE][who]
    if m[0] != g.turn_no:
        m[0] = g.turn_no
        m[1] = 0
    m[1] += x
    return _done(f, True)


# ---- the movement (001:725-761) --------------------------------------------------------------------


def _move_frame(g, f, /):
    ev = _enclosing(g, f, EV_PIECE_MOVE)
    if ev is None:
        raise E.EngineError("本次移动: no movement (移动) is running")
    return ev


def _route_of(g, f, /):
    x = _sx(_move_frame(g, f))
    if x[X_TMP] is None:
        x[X_TMP] = []
    return x[X_TMP]


def _may_pass(g, b, p, sq, /):
    """A displacement a role may declare (001:733 合法位移; docs/board.md): onto a square of the
    map not holding an enemy's piece."""
    q = b[B_AT][sq]
    return q < 0 or q == p or _camp(g, q) == _camp(g, p)


@prim(who="角色")
def declare_route(g, f, strict, who, /):
    """〔甲〕声明本次移动的路线 (001:731-735): displacement after displacement (one step to a
    neighbouring square each), until the route is as long as the movement (its X) or it stops
    declaring."""
    b = _bd(g)
    x = _move_frame(g, f).slots[1]
    route = _route_of(g, f)
    del route[:]
    if b[B_PIECE][who] < 0 or x <= 0:
        return _done(f, False)
    return _next_step(g, f, who, x)


def _next_step(g, f, who, x, /):
    b = _bd(g)
    route = _route_of(g, f)
    here = route[len(route) - 1] if route else b[B_PIECE][who]
    opts = [sq for sq in _neighbours(b, here) if _may_pass(g, b, who, sq)]
    if len(route) >= x or not opts:
        return _done(f, True)
    texts = b[B_TEXT]   # square_text's, for squares of the map
    labels = ["停止声明该移动"] + ["移动至" + texts[sq] for sq in opts]
    return Decisions._helper(g, f, OP_ASK_THEN, [E.D_OPTION, list(range(len(opts) + 1)), 1, 1,
                                                 ("声明位移", labels), _STEPPED, who, x, tuple(opts)],
                             who)


def _stepped(g, f, strict, i, who, x, opts, /):
    if i == 0:
        return _done(f, True)
    _route_of(g, f).append(opts[i - 1])
    return _next_step(g, f, who, x)


prim(_stepped)
_STEPPED = prim_id("_stepped")   # what helper frames hold (decisions._then)


@prim(who="角色", x="数")
def route_length_plus(g, f, strict, who, x, /):
    """〔甲〕令本次移动的长度+X (〖防御坐骑〗's stand-in): the movement's X, before the route is declared."""
    ev = _move_frame(g, f)
    ev.slots[1] = ev.slots[1] + x
    return _done(f, True)


@prim(returns="方格组")
def route(g, f, /):
    """本次移动的路线: the squares of the declared displacements, in order."""
    return tuple(_route_of(g, f))


@prim(returns="真假")
def route_illegal(g, f, /):
    """本次移动出现了不合法局面 (001:743-751): the pre-settlement replays the route without
    moving the piece: a role on an illegal square (an enemy's piece there) that cannot go on
    (3), or, at its end, on a square another piece holds (2). (1, a role whose square and all
    neighbours are illegal, cannot happen to a role standing on a legal square.)"""
    b = _bd(g)
    who = _move_frame(g, f).slots[0]
    rt = _route_of(g, f)
    for sq in rt:
        if not _may_pass(g, b, who, sq):
            return True
    if rt:
        q = b[B_AT][rt[len(rt) - 1]]
        if q >= 0 and q != who:
            return True
    return False


@prim(who="角色", sq="方格")
def move_piece_to(g, f, strict, who, sq, /):
    """〔甲〕的武将棋子移动至〔方格〕 (001:753): one displacement."""
    b = _bd(g)
    if not isinstance(sq, int) or sq < 0:
        return _done(f, False)
    _put(g, b, who, sq)
    return _done(f, True)


# the primitives this room's .pxd declares cpdef: Cython drops their @prim decorator when
# compiling, so they are registered here
prim(on_terrain, has_flag, piece_square)
