"""The board of 战棋 in the runtime (core/prims/board.py, issue 19): the map as the specs declare
it, board distance read by every distance and attack range, the invariants of a board, the text
grid `sgs play` draws, and the tables the compiler and the runtime must agree on."""
from __future__ import annotations

import pytest

from compiler import checker as C
from compiler.board_view import board_text
from core import engine as E
from core import prims as P

M = pytest.importorskip("generated.zhanqi")
WARM, COLD = P.CAMP_WARM, P.CAMP_COLD


def table(n=4, squares=None, camps=None):
    """A 战棋 game without its mode: the map laid out, seats alternating camps, pieces on squares."""
    g = P.new_game(M, n, seed=1, mode=None, deck="战棋", hand=0, start=False, log_level=1)
    t = P._T(g)
    r = g.new_frame(t.root, -1, None, 0)
    r.y = (t.turnloop, ())
    g.push_frame(r)
    P.lay_out(g, camps or [p % 2 for p in range(n)], squares or [P.NONE] * n)
    return g


def test_compiler_and_runtime_agree():
    assert C.SQUARE_KINDS == P.SQUARE_KINDS
    assert set(C.EVENT_ROLES) == set(P.EVENT_ROLES)
    assert C.CAMP_ROLES == 3 and P.WIN_SCORE == 10


def test_the_map_as_declared():
    """specs/zhanqi/maps/演练场.sgs: 5 columns, 7 rows; the 冷方大本营 top left, the 暖方大本营 bottom
    right (001:27); each camp one 大本营 and four squares at home."""
    name, w, h, kinds = M.MAPS[0]
    assert (name, w, h, len(kinds)) == ("演练场", 5, 7, 35)
    k = [P.SQUARE_KINDS[x] for x in kinds]
    assert k[0] == "冷方大本营" and k[-1] == "暖方大本营"
    for camp in ("暖方", "冷方"):
        assert k.count(camp + "大本营") == 1 and k.count(camp + "军营") == 3


def test_board_distance_replaces_the_seat_distance():
    g = table(4)
    b = P._board(g)
    for p, rc in enumerate([(7, 1), (1, 5), (6, 1), (7, 4)]):
        P.board._put(g, b, p, P.square_at(g, *rc))
    assert g.distance(0, 1) == 10 and g.distance(0, 2) == 1 and g.distance(0, 3) == 3
    assert g.distance(1, 0) == 10
    assert g.in_range(0, 2) and not g.in_range(0, 3)          # attack range 1 (【杀】)
    assert P.within_distance(g, None, 0, 3) == (0, 2, 3)      # 001:667 itself included
    # a piece off the map: the seat distance, as a game without a board
    P.board._put(g, b, 3, P.NONE)
    assert g.distance(0, 3) == g.base_distance(0, 3)


def test_invariants_of_a_board():
    g = table(2, [P.NONE, P.NONE])
    b = P._board(g)
    P.board._put(g, b, 0, P.square_at(g, 7, 1))
    P.board._put(g, b, 1, P.square_at(g, 1, 5))
    g.turn_no = 1
    assert P.check_game_invariants(g)
    b[P.B_PIECE][1] = P.square_at(g, 7, 1)      # two pieces on one square
    with pytest.raises(E.InvariantError, match="seat 1: its piece is on square 30, which holds 0"):
        P.check_game_invariants(g)
    b[P.B_PIECE][1] = P.square_at(g, 1, 5)
    b[P.B_SCORE][WARM] = 3
    P.check_game_invariants(g)
    b[P.B_SCORE][WARM] = 2                       # scores only grow (001:715)
    with pytest.raises(E.InvariantError, match="score fell from 3 to 2"):
        P.check_game_invariants(g)
    b[P.B_SCORE][WARM] = 10                      # 001:717 the game is over at 10
    with pytest.raises(E.InvariantError, match="a camp has 10 points and the game goes on"):
        P.check_game_invariants(g)


def test_a_dead_role_leaves_the_field_between_turns():
    g = table(2, [P.NONE, P.NONE])
    b = P._board(g)
    P.board._put(g, b, 0, P.square_at(g, 7, 1))
    P.board._put(g, b, 1, P.square_at(g, 1, 5))
    g.turn_no = 1
    g.set_alive(1, False)
    g.players[1].hp = 0
    with pytest.raises(E.InvariantError, match="seat 1 is dead but has not left the field"):
        P.check_game_invariants(g)
    P.dead_leave_field(g, g.stack[0], True)
    assert b[P.B_OFF][1] == 1 and b[P.B_PIECE][1] == P.NONE and b[P.B_AT][P.square_at(g, 1, 5)] == P.NONE
    assert P.check_game_invariants(g)


def test_flags():
    """001:45 the flag is on its 大本营, carried by a role placed there; 001:691 a dead role's
    flag lies on its square; 001:753 a new one appears at home."""
    base_w, base_c = (7, 5), (1, 1)
    g = table(2, camps=[WARM, COLD], squares=[P.NONE, P.NONE])
    b = P._board(g)
    assert b[P.B_FLAG_AT][WARM] == P.square_at(g, *base_w) and b[P.B_FLAG_BY][WARM] == P.NONE
    g2 = table(2, camps=[WARM, COLD], squares=[P.square_at_of_map(M, *base_w), P.NONE])
    assert P.has_flag(g2, None, 0)
    f = g2.stack[0]
    P.move_piece_to(g2, f, True, 0, P.square_at(g2, 6, 5))
    assert P.drop_flag(g2, f, True, 0) == 0 and P._board(g2)[P.B_FLAG_AT][WARM] == P.square_at(g2, 6, 5)
    assert P.flag_on_square(g2, f, P.square_at(g2, 6, 5), WARM)
    assert P.take_flag(g2, f, True, 0, P.square_at(g2, 6, 5)) == 0 and P.has_flag(g2, None, 0)
    P.flag_vanishes(g2, f, True, 0)
    P.new_flag_at_base(g2, f, True, WARM)
    assert P._board(g2)[P.B_FLAG_AT][WARM] == P.square_at(g2, *base_w)
    assert P.is_base_of(g, None, P.square_at(g, *base_c), COLD)


def test_the_board_as_text():
    g = table(2, camps=[WARM, COLD], squares=[P.square_at_of_map(M, 7, 4), P.square_at_of_map(M, 1, 2)])
    text = board_text(g)
    rows = text.splitlines()
    assert rows[0].split() == ["1", "2", "3", "4", "5"]
    assert rows[1].split()[:3] == ["1", "冷本旗", "1冷"] and rows[7].split()[-2:] == ["0暖", "暖本旗"]
    assert "分数：暖方 0，冷方 0（10分获胜）" in text and "冷方帅旗：在第1行第1列（冷方大本营）" in text
    assert board_text(P.new_game(pytest.importorskip("generated.identity"), 5, seed=1, log_level=0)) == ""


def test_each_square_reads_as_its_row_column_and_kind():
    """square_text reads the map's texts, made once (board.square_texts): each is 第r行第c列（kind）
    of its square, row and column from 1; a value that is no square of the map reads as itself."""
    g = table(2)
    name, w, h, kinds = M.MAPS[0]
    for sq in range(w * h):
        want = "第%d行第%d列（%s）" % (sq // w + 1, sq % w + 1, P.SQUARE_KINDS[kinds[sq]])
        assert P.square_text(g, sq) == want
        assert P.square_at(g, sq // w + 1, sq % w + 1) == sq
    assert P.square_text(g, 0) == "第1行第1列（冷方大本营）"
    assert [P.square_text(g, v) for v in (-1, w * h, None)] == ["-1", str(w * h), "None"]
    assert P._board(g)[P.board.B_TEXT] is P._T(g).map_texts[name]   # the map's, shared


def test_the_seats_of_a_camp():
    """_camp_seats, a C loop compiled: the seats whose role's camp is c, in seat order, as the
    comprehension over _camp it replaced; c = NONE gives the seats of no camp."""
    g = table(6)
    g.players[4].role = 0                      # a role of no camp (not a 战棋 role)
    for c in (WARM, COLD, P.NONE):
        want = tuple(p for p in range(g.n) if P.board._camp(g, p) == c)
        assert P.board._camp_seats(g, c) == want
    assert P.board._camp_seats(g, WARM) == (0, 2) and P.board._camp_seats(g, P.NONE) == (4,)
    assert P.board._representative(g, COLD) == 1


def test_the_board_distance_modifier_is_its_function():
    """The board's distance rule is registered as a C class (board._BoardDistanceModifier) whose
    value is _mod_board_distance's, for every pair of seats, on the map and off it."""
    g = table(4)
    mods = [m for m in g.rs.mods[E.MK_DISTANCE] if m.mode == E.M_BASE]
    assert [type(m).__name__ for m in mods] == ["_BoardDistanceModifier"]
    b = P._board(g)
    for squares in ([(7, 1), (1, 5), (6, 1), (7, 4)], [(7, 1), None, (6, 2), (1, 1)]):
        for p, rc in enumerate(squares):
            P.board._put(g, b, p, P.square_at(g, *rc) if rc else P.NONE)
        for a in range(-1, g.n):
            for o in range(-1, g.n):
                assert mods[0].value(g, -1, a, o) == P.board._mod_board_distance(g, -1, a, o)
    assert mods[0].value(g, -1, 0, 2) == 2 and mods[0].value(g, -1, 0, 1) is None   # (7,1)-(6,2); off the map
