"""Rulings (例) of a game on a board (战棋, seed 001; docs/rulings.md § On a board): the seat facts,
events, answers and expectations of the board, registered with the reader, the runner, answers.py
and expect.py.

A seat's camp (暖方/冷方) and the square of its piece (位于第7行第1列) are seat facts; without them
the seats alternate camps from A (暖方) and pieces stay off the map. The map is the rulebook's
(its first 地图); squares are written 第R行第C列, rows from the top, columns from the left, as
`sgs play` draws the board.
"""
from __future__ import annotations

import re

# pattern, kind, handler name, as vocab.RULING_TERMS
TERMS = [
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
    ("〔甲：角色〕已离场", "expect", "board_left", {"want": True}),
    ("〔甲：角色〕在场上", "expect", "board_left", {"want": False}),
    ("〔甲：角色〕的武将棋子背面朝上", "expect", "board_up", {"want": False}),
    ("〔甲：角色〕的武将棋子正面朝上", "expect", "board_up", {"want": True}),
    ("〔甲：角色〕带有帅旗", "expect", "board_flag", {"want": True}),
    ("〔甲：角色〕未带有帅旗", "expect", "board_flag", {"want": False}),
    ("〔甲：阵营〕的帅旗位于第〔R：数〕行第〔C：数〕列", "expect", "board_flag_at"),
    ("〔甲：阵营〕的分数为〔X：数〕", "expect", "board_score_is"),
    # 战棋 calls the 判定区 延时区 (001:209)
    ("〔甲：角色〕的延时区里有〔N：牌名〕", "expect", "zone_has", {"zone": "judge", "want": True}),
    ("〔甲：角色〕的延时区里没有〔N：牌名〕", "expect", "zone_has", {"zone": "judge", "want": False}),
]
PHASES = ("延时阶段", "移动阶段")
CAMPS = {"暖方": 0, "冷方": 1}
SQUARE = re.compile(r"位于第?([0-9]+)行第?([0-9]+)列")
FACTS = "暖方/冷方, 位于第R行第C列, 棋子背面朝上, 已离场, 带有帅旗, 延时区…"


def add_vocabulary(v, order, Term, parse_pattern):
    """The camps as values of type 阵营 (the board terms' slots)."""
    v.add_type("阵营", [])
    for name in CAMPS:
        v.add_term(Term(name, parse_pattern(name), "阵营", None, None, order))
        order += 1
    return order


def seat_fact(seat, part) -> bool:
    """Read a board seat fact into seat.board (and 延时区… into seat.judge); False if part is none."""
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


def on_board(rn) -> bool:
    return bool(getattr(rn.mod, "MAPS", ()))


def lay_out(rn):
    """The map laid out with the seats' camps (before the run-up to the ruling's start: the turn
    flow reads the board from its first timing); the pieces are placed by place()."""
    P, g = rn.P, rn.g
    camps = [s.board.get("camp", p % 2) for p, s in enumerate(rn.r.seats)]
    P.lay_out(g, camps, [P.NONE] * g.n)
    place(rn)


def place(rn):
    """The seats' board facts on the laid-out board (again after the run-up, as the cards are)."""
    P, g = rn.P, rn.g
    b = P._board(g)
    for p, s in enumerate(rn.r.seats):
        g.players[p].role = P.ROLE_WARM + s.board.get("camp", p % 2)
        sq = P.square_at(g, *s.board["at"]) if "at" in s.board else P.NONE
        P.board._put(g, b, p, sq)
        b[P.B_UP][p] = 0 if s.board.get("down") else 1
        if s.board.get("off"):
            b[P.B_OFF][p] = 1
            P.board._put(g, b, p, P.NONE)
            g.set_alive(p, False)
            g.players[p].hp = 0
    for c in (P.CAMP_WARM, P.CAMP_COLD):
        base = P.board._base_of(b, c)
        carrier = [p for p, s in enumerate(rn.r.seats) if s.board.get("flag") and s.board.get("camp", p % 2) == c]
        on_base = b[P.B_AT][base] if base >= 0 and b[P.B_AT][base] >= 0 and \
            P.board._camp(g, b[P.B_AT][base]) == c else P.NONE
        b[P.B_FLAG_BY][c] = carrier[0] if carrier else on_base
        b[P.B_FLAG_AT][c] = P.NONE if b[P.B_FLAG_BY][c] >= 0 else base


# event name -> (the specs' event flow, its arguments), as runner.EVENTS
EVENTS = {
    "board_score": ("获得分数", lambda P, a: [CAMPS[a["甲"]], a["X"]]),
    "board_move": ("移动", lambda P, a: [a["甲"], a["X"]]),
}


# ---------------------------------------------------------------- answers (answers.ANSWERS)

def _pick_square(rn, s, d, prompts, prefix):
    labels = d.data if isinstance(d.data, list) else []
    if d.kind != rn.E.D_OPTION or str(d.prompt) not in prompts:
        return False
    label = prefix + rn.P.square_text(rn.g, rn.P.square_at(rn.g, s.args["R"], s.args["C"]))
    if label not in labels:
        return False
    return rn.spend(d.options[labels.index(label)])


def answer_board_step(rn, s, d):
    """A移动至第R行第C列: one displacement of the route being declared (001:731)."""
    return _pick_square(rn, s, d, ("声明位移",), "移动至")


def answer_board_stop(rn, s, d):
    """A停止移动: 停止声明该移动 (001:735)."""
    if d.kind == rn.E.D_OPTION and str(d.prompt) == "声明位移":
        return rn.spend(0)
    return False


def answer_board_place(rn, s, d):
    """A将武将棋子放置于第R行第C列: the square of a 军营/大本营 (001:45,63; 〖归营〗)."""
    return _pick_square(rn, s, d, ("放置武将棋子", "移动武将棋子"), "")


ANSWERS = {"board_step": answer_board_step, "board_stop": answer_board_stop, "board_place": answer_board_place}


# ---------------------------------------------------------------- expectations (expect.EXPECTATIONS)

def _board(rn, s):
    b = rn.P._board(rn.g)
    if b is None:
        rn.fail(s, "%s: the game has no board" % s.text)
    return b


def _where(rn, sq):
    return rn.P.square_text(rn.g, sq) if sq >= 0 else "no square"


def expect_board_at(rn, s, a):
    b, P = _board(rn, s), rn.P
    sq = b[P.B_PIECE][a["甲"]]
    return sq == P.square_at(rn.g, a["R"], a["C"]), "%s on %s" % (rn.seat(a["甲"]), _where(rn, sq))


def expect_board_off_map(rn, s, a):
    b, P = _board(rn, s), rn.P
    sq = b[P.B_PIECE][a["甲"]]
    return sq < 0, "%s on %s" % (rn.seat(a["甲"]), _where(rn, sq))


def expect_board_left(rn, s, a):
    b, P = _board(rn, s), rn.P
    off = bool(b[P.B_OFF][a["甲"]])
    return off == a["want"], "%s%s" % (rn.seat(a["甲"]), "已离场" if off else "在场上")


def expect_board_up(rn, s, a):
    b, P = _board(rn, s), rn.P
    up = b[P.B_UP][a["甲"]] == 1
    return up == a["want"], "%s的武将棋子%s朝上" % (rn.seat(a["甲"]), "正面" if up else "背面")


def expect_board_flag(rn, s, a):
    _board(rn, s)
    has = rn.P.has_flag(rn.g, None, a["甲"])
    return has == a["want"], "%s%s带有帅旗" % (rn.seat(a["甲"]), "" if has else "未")


def expect_board_flag_at(rn, s, a):
    b, P = _board(rn, s), rn.P
    c = CAMPS[a["甲"]]
    sq = P.square_at(rn.g, a["R"], a["C"])
    by, at = b[P.B_FLAG_BY][c], b[P.B_FLAG_AT][c]
    ok = at == sq or (by >= 0 and b[P.B_PIECE][by] == sq)
    return ok, "%s的帅旗%s" % (a["甲"], ("由%s带着" % rn.seat(by)) if by >= 0 else "在" + _where(rn, at))


def expect_board_score_is(rn, s, a):
    b, P = _board(rn, s), rn.P
    got = b[P.B_SCORE][CAMPS[a["甲"]]]
    return got == a["X"], "%s的分数为%d" % (a["甲"], got)


EXPECTATIONS = {name[len("expect_"):]: fn for name, fn in list(globals().items()) if name.startswith("expect_")}
