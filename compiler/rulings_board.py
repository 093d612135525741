"""Rulings (例) of a game on a board (战棋, seed 001): the seat facts, events, answers and
expectations of the board (docs/rulings.md, "On a board"), for compiler.rulings.

A seat's camp (暖方/冷方) and the square of its piece (位于第7行第1列) are seat facts; without them
the seats alternate camps from A (暖方) and pieces stay off the map. The map is the rulebook's
(its first 地图); squares are written 第R行第C列, rows from the top, columns from the left, as
`sgs play` draws the board.
"""
from __future__ import annotations

import re

# pattern -> (kind, name), as compiler.rulings.RULING_TERMS
BOARD_TERMS = [
    # events: run as the specs' flows
    ("〔甲：阵营〕获得〔X：数〕分", "event", "board_score"),
    ("〔甲：角色〕进行一次〔X：数〕步的移动", "event", "board_move"),
    # answers
    ("〔甲：角色〕移动至第〔R：数〕行第〔C：数〕列", "act", "board_step"),
    ("〔甲：角色〕停止移动", "act", "board_stop"),
    ("〔甲：角色〕将武将棋子放置于第〔R：数〕行第〔C：数〕列", "act", "board_place"),
    # expectations
    ("〔甲：角色〕位于第〔R：数〕行第〔C：数〕列", "expect", "board_at"),
    ("〔甲：角色〕不在地图上", "expect", "board_off_map"),
    ("〔甲：角色〕已离场", "expect", "board_left"),
    ("〔甲：角色〕在场上", "expect", "board_on_field"),
    ("〔甲：角色〕的武将棋子背面朝上", "expect", "board_down"),
    ("〔甲：角色〕的武将棋子正面朝上", "expect", "board_up"),
    ("〔甲：角色〕带有帅旗", "expect", "board_flag"),
    ("〔甲：角色〕未带有帅旗", "expect", "board_no_flag"),
    ("〔甲：阵营〕的帅旗位于第〔R：数〕行第〔C：数〕列", "expect", "board_flag_at"),
    ("〔甲：阵营〕的分数为〔X：数〕", "expect", "board_score_is"),
]
CAMPS = {"暖方": 0, "冷方": 1}
SQUARE = re.compile(r"位于第?([0-9]+)行第?([0-9]+)列")


def add_vocabulary(v, order, Term, parse_pattern):
    """The camps as values of type 阵营 (the board terms' slots)."""
    v.add_type("阵营", [])
    for name in CAMPS:
        v.add_term(Term(name, parse_pattern(name), "阵营", None, None, order))
        order += 1
    return order


def seat_fact(seat, part) -> bool:
    """Read a board seat fact into seat.board: 暖方/冷方, 位于第R行第C列, 棋子背面朝上, 已离场, 带有帅旗."""
    if part in CAMPS:
        seat.board["camp"] = CAMPS[part]
    elif m := SQUARE.fullmatch(part):
        seat.board["at"] = (int(m.group(1)), int(m.group(2)))
    elif part in ("棋子背面朝上", "武将棋子背面朝上"):
        seat.board["down"] = True
    elif part == "已离场":
        seat.board["off"] = True
    elif part in ("带有帅旗", "拥有帅旗", "带有将旗标记"):
        seat.board["flag"] = True
    else:
        return False
    return True


FACTS = "暖方/冷方, 位于第R行第C列, 棋子背面朝上, 已离场, 带有帅旗"


def on_board(runner) -> bool:
    return bool(getattr(runner.mod, "MAPS", ()))


def _square(runner, rc):
    return runner.P.square_at(runner.g, rc[0], rc[1])


def lay_out(runner):
    """The map laid out with the seats' camps and pieces (before the run-up to the ruling's
    start: the turn flow reads the board)."""
    P = runner.P
    g = runner.g
    seats = runner.r.seats
    camps = [s.board.get("camp", p % 2) for p, s in enumerate(seats)]
    P.lay_out(g, camps, [P.NONE] * g.n)
    place(runner)


def place(runner):
    """The seats' board facts on the laid-out board (again after the run-up, as the cards)."""
    P, g = runner.P, runner.g
    b = P._board(g)
    for p, s in enumerate(runner.r.seats):
        g.players[p].role = P.ROLE_WARM + s.board.get("camp", p % 2)
        sq = _square(runner, s.board["at"]) if "at" in s.board else P.NONE
        P.board._put(g, b, p, sq)
        b[P.B_UP][p] = 0 if s.board.get("down") else 1
        if s.board.get("off"):
            b[P.B_OFF][p] = 1
            P.board._put(g, b, p, P.NONE)
            g.players[p].alive = False
            g.players[p].hp = 0
    for c in (P.CAMP_WARM, P.CAMP_COLD):
        base = P.board._base_of(b, c)
        carrier = [p for p, s in enumerate(runner.r.seats) if s.board.get("flag") and
                   s.board.get("camp", p % 2) == c]
        b[P.B_FLAG_BY][c] = carrier[0] if carrier else (b[P.B_AT][base] if b[P.B_AT][base] >= 0 and
                                                         P.board._camp(g, b[P.B_AT][base]) == c else P.NONE)
        b[P.B_FLAG_AT][c] = P.NONE if b[P.B_FLAG_BY][c] >= 0 else base


def event(runner, s):
    """(event name, arguments) of a board event line, or None."""
    a = s.args
    if s.name == "board_score":
        return "获得分数", [CAMPS[a["甲"]], a["X"]]
    if s.name == "board_move":
        return "移动", [a["甲"], a["X"]]
    return None


def answer(runner, s, d):
    """Answer d with board step s: True (answered), False (s does not fit d); None: not a board step."""
    E = runner.E
    a = s.args
    n = s.name
    if not n.startswith("board_"):
        return None
    if d.who != a["甲"] or d.kind != E.D_OPTION:
        return False
    labels = d.data if isinstance(d.data, list) else []
    if n == "board_stop":
        if str(d.prompt) == "声明位移":
            return runner.spend(0)
        return False
    want = runner.P.square_text(runner.g, runner.P.square_at(runner.g, a["R"], a["C"]))
    if n == "board_step" and str(d.prompt) == "声明位移":
        label = "移动至" + want
    elif n == "board_place" and str(d.prompt) in ("放置武将棋子", "移动武将棋子"):
        label = want
    else:
        return False
    if label not in labels:
        return False
    return runner.spend(d.options[labels.index(label)])


def expect(runner, s) -> bool:
    """Check a board expectation; False if s is none."""
    P, g = runner.P, runner.g
    n = s.name
    if not n.startswith("board_"):
        return False
    a = s.args
    b = P._board(g)
    if b is None:
        runner.fail(s, "%s: the game has no board" % s.text)
    p = a.get("甲")
    who = runner.seat(p) if isinstance(p, int) else ""

    def where(sq):
        return P.square_text(g, sq) if sq >= 0 else "no square"

    def check(ok, got):
        if not ok:
            runner.fail(s, "expected %s, got %s" % (s.text, got))

    if n == "board_at":
        sq = P.square_at(g, a["R"], a["C"])
        check(b[P.B_PIECE][p] == sq, "%s on %s" % (who, where(b[P.B_PIECE][p])))
    elif n == "board_off_map":
        check(b[P.B_PIECE][p] < 0, "%s on %s" % (who, where(b[P.B_PIECE][p])))
    elif n in ("board_left", "board_on_field"):
        check(bool(b[P.B_OFF][p]) == (n == "board_left"), "%s %s" % (who, "已离场" if b[P.B_OFF][p] else "在场上"))
    elif n in ("board_down", "board_up"):
        check(b[P.B_UP][p] == (1 if n == "board_up" else 0), "%s's piece %s" % (
            who, "正面朝上" if b[P.B_UP][p] else "背面朝上"))
    elif n in ("board_flag", "board_no_flag"):
        has = P.has_flag(g, None, p)
        check(has == (n == "board_flag"), "%s %s帅旗" % (who, "带有" if has else "未带有"))
    elif n == "board_flag_at":
        c = CAMPS[a["甲"]]
        sq = P.square_at(g, a["R"], a["C"])
        by, at = b[P.B_FLAG_BY][c], b[P.B_FLAG_AT][c]
        check(at == sq or (by >= 0 and b[P.B_PIECE][by] == sq),
              "%s的帅旗 %s" % (a["甲"], ("carried by %s" % runner.seat(by)) if by >= 0 else where(at)))
    elif n == "board_score_is":
        c = CAMPS[a["甲"]]
        check(b[P.B_SCORE][c] == a["X"], "%s的分数为%d" % (a["甲"], b[P.B_SCORE][c]))
    else:
        runner.fail(s, "no board expectation %s" % n)
    return True
