"""The board of a game played on one (战棋, seed 001) as text: the map as a grid with the pieces,
the flags and the camps' squares, the scores and the round (`sgs play`, `sgs replay --show`).

A square is one cell of the grid, four terminal columns wide:

    冷本  冷营  ．    林    湖      a camp's 大本营 or 军营, plain ground, 树林, 湖泊
    3冷   0暖*  5冷v               a piece: its seat and camp; * it carries its flag, v face down
    冷本旗  旗暖                   a flag lying on its 大本营, or elsewhere (its camp)
"""
from __future__ import annotations

import unicodedata

CELL = 7   # terminal columns of a cell (a CJK character takes two)
EMPTY = {"平地": "．", "树林": "林", "湖泊": "湖", "暖方军营": "暖营", "暖方大本营": "暖本",
         "冷方军营": "冷营", "冷方大本营": "冷本"}


def width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def cell(text: str) -> str:
    return text + " " * max(CELL - width(text), 1)


def square_cell(g, b, sq) -> str:
    from core.prims import board as B

    p = b[B.B_AT][sq]
    here = [q for q in range(g.n) if b[B.B_PIECE][q] == sq]
    if p < 0 and here:   # a piece passing an ally's square during a movement
        p = here[0]
    if p >= 0:
        camp = B._camp(g, p)
        text = f"{p}{B.CAMP_NAMES[camp][0] if camp >= 0 else '？'}"
        if camp >= 0 and b[B.B_FLAG_BY][camp] == p:
            text += "*"
        if not b[B.B_UP][p]:
            text += "v"
        return text
    empty = EMPTY.get(B.SQUARE_KINDS[b[B.B_KIND][sq]], "？")
    for c in (B.CAMP_WARM, B.CAMP_COLD):
        if b[B.B_FLAG_AT][c] == sq:
            return empty + "旗" if B.board_site(b, sq) == (B.SITE_BASE, c) else "旗" + B.CAMP_NAMES[c][0]
    return empty


def board_text(g) -> str:
    """The map with its pieces, the scores and where each flag is; "" when the game has no board."""
    from core.prims import board as B

    b = B._board(g)
    if b is None:
        return ""
    w, h = b[B.B_W], b[B.B_H]
    lines = ["    " + "".join(cell(str(c + 1)) for c in range(w))]
    for r in range(h):
        lines.append(f"{r + 1:>2}  " + "".join(cell(square_cell(g, b, r * w + c)) for c in range(w)).rstrip())
    flags = []
    for c in (B.CAMP_WARM, B.CAMP_COLD):
        by, at = b[B.B_FLAG_BY][c], b[B.B_FLAG_AT][c]
        where = f"{by}号携带" if by >= 0 else (f"在{B.square_text(g, at)}" if at >= 0 else "无")
        flags.append(f"{B.CAMP_NAMES[c]}帅旗：{where}")
    lines.append(f"分数：暖方 {b[B.B_SCORE][B.CAMP_WARM]}，冷方 {b[B.B_SCORE][B.CAMP_COLD]}"
                 f"（{B.WIN_SCORE}分获胜）  " + "  ".join(flags))
    lines.append("图例：数字 = 座次，暖/冷 = 阵营，* = 携带帅旗，v = 武将棋子背面朝上（本轮已行动），"
                 "旗 = 放在方格上的帅旗")
    return "\n".join(lines)


def seat_place(g, p) -> str:
    """Where seat p's piece is (for the seat lines of the table)."""
    from core.prims import board as B

    b = B._board(g)
    if b is None:
        return ""
    if b[B.B_OFF][p]:
        return "已离场"
    sq = b[B.B_PIECE][p]
    return ("位于" + B.square_text(g, sq)) if sq >= 0 else "未上场"
