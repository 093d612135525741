"""Nothing an author writes passes silently: every piece of text the reader or the lowering
would drop is an error (SGS213, SGS211) at the span of what was not read, against the bundled
vocabulary."""
from __future__ import annotations

import pytest

from compiler.project import load_project


def errors(tmp_path, text: str):
    p = tmp_path / "t.sgs"
    p.write_text(text, encoding="utf-8")
    return [(d.code, d.span.line, d.span.column, d.message) for d in load_project([p]).errors]


GENERAL = "武将 测试 魏 男 4\n"


@pytest.mark.parametrize("line,code,col,words", [
    # a note no term reads (the clause reads without it)
    ("  〖测〗你受到伤害后，你可弃置一张牌（无距离限制）▶你摸一张牌。", "SGS213", 20, "（无距离限制）"),
    # a note inside a definition
    ("  〖测〗你受到伤害后，你摸X张牌（X为1，至少一张）。", "SGS213", 23, "至少一张"),
    # a tag nothing reads
    ("  〖测〗使命技，你受到伤害后，你摸一张牌。", "SGS213", 6, "使命技"),
    # ／ whose wordings cannot be told apart
    ("  〖测〗你受到伤害后，你摸一张牌／【杀】。", "SGS213", 18, "／"),
    # who makes another choose is the one doing this
    ("  〖测〗你受到伤害后，来源令其选择一项：1.摸一张牌；2.回复1点体力。", "SGS213", 13, "来源"),
    # a delayed effect inside one option (what follows it is then read as an effect of the option)
    ("  〖测〗你受到伤害后，你选择一项：1.摸一张牌→你受到伤害后，你摸一张牌；2.回复1点体力。", "SGS213", 25, "option"),
])
def test_skill_text_that_would_be_dropped(tmp_path, line, code, col, words):
    got = errors(tmp_path, GENERAL + line + "\n")
    assert [(c, ln, cl) for c, ln, cl, _ in got][:1] == [(code, 2, col)], got
    assert words in got[0][3]


def test_a_second_delayed_effect_is_set_up_by_the_first(tmp_path):
    """A → after another is read: the first delayed effect sets up the second when it runs
    (〖双雄〗), so each has a program of its own."""
    from compiler.lower import Lowerer

    p = tmp_path / "t.sgs"
    p.write_text(GENERAL + "  〖测〗出牌阶段，你可弃置一张牌→你受到伤害后，你摸一张牌→你受到伤害后，你摸一张牌。\n",
                 encoding="utf-8")
    proj = load_project([p])
    assert proj.errors == []
    names = [pr.name for pr in Lowerer(proj.checker, "identity", "0123456789abcdef").run().programs]
    assert "延时 〖测〗" in names and "延时 〖测〗·2" in names


@pytest.mark.parametrize("text,code,line,col,words", [
    ("卡牌 【测】 基本\n  响应：你摸一张牌。\n", "SGS213", 2, 3, "响应"),
    ("卡牌 【测】 基本\n  使用时机：出牌阶段，你摸一张牌。\n", "SGS213", 2, 13, "使用时机"),
    ("卡牌 【测】 基本\n  使用时机：出牌阶段。使用目标：你，其他角色。\n", "SGS213", 2, 20, "使用目标"),
    ("卡牌 【测】 基本\n  作用效果：你摸一张牌→你受到伤害后，你摸一张牌。\n", "SGS213", 2, 13, "→"),
    ("卡牌 【测】 基本\n  使用方法①：使用时机：出牌阶段。额外说明：你于每回合内使用【测】（使用方法②）的次数上限为1。\n",
     "SGS213", 2, 35, "使用方法②"),
    ("卡牌 【测】 基本 普通锦囊\n  作用效果：你摸一张牌。\n", "SGS211", 1, 4, "普通锦囊"),
    ("卡牌 【测】 锦囊 普通锦嚢\n  作用效果：你摸一张牌。\n", "SGS211", 1, 4, "普通锦嚢"),
    ("卡牌 【测】 锦囊 普通锦囊 3\n  作用效果：你摸一张牌。\n", "SGS211", 1, 4, "3"),
    ("标记 「测」 一\n", "SGS211", 1, 1, "一"),
    ("事件 测试（甲：角色）\n  时机 测试时 主体 甲：甲的体力值大于1▶甲摸一张牌。\n", None, None, None, None),
])
def test_card_and_declaration_text_that_would_be_dropped(tmp_path, text, code, line, col, words):
    got = errors(tmp_path, text)
    if code is None:
        return
    assert [(c, ln, cl) for c, ln, cl, _ in got][:1] == [(code, line, col)], got
    assert words in got[0][3]


def test_a_sentence_names_its_own_usage_method(tmp_path):
    # 【酒】's 额外说明 under 使用方法① says （使用方法①）: read as the method it belongs to
    text = ("卡牌 【测】 基本\n"
            "  使用方法①：使用时机：出牌阶段。使用目标：你。作用效果：你摸一张牌。\n"
            "  额外说明：你于每回合内使用【测】（使用方法①）的次数上限为1。\n"
            "  使用方法②：使用时机：出牌阶段。使用目标：你。作用效果：你摸一张牌。\n")
    assert errors(tmp_path, text) == []


def test_a_timing_where_nothing_reads_one(tmp_path):
    # 作用效果 runs when the card takes effect: a timing there would be dropped, so it is not one
    got = errors(tmp_path, "卡牌 【测】 基本\n  使用时机：出牌阶段。使用目标：你。作用效果：你受到伤害后，你摸一张牌。\n")
    assert got and got[0][:3] == ("SGS102", 2, 25)


def test_the_bundled_specs_read_every_clause():
    proj = load_project()
    assert proj.errors == []
    unread = [cl.span for cl in proj.checker.all_clauses() if cl.match is None and not cl.matches]
    assert unread == []


MAP = ("地图 {name}\n  图例 ＿ 平地\n  图例 湖 湖泊\n  图例 冷营 冷方军营\n  图例 冷本 冷方大本营\n"
       "  图例 暖营 暖方军营\n  图例 暖本 暖方大本营\n  行 冷营 冷本 冷营\n  行 ＿ ＿ ＿\n  行 暖营 暖本 暖营\n")


def test_a_second_map_is_an_error_and_an_unused_legend_symbol_a_warning(tmp_path):
    # 战棋 lays out one map (摆放地图, 001:27): beside the bundled 演练场 another would never be
    # played; a legend symbol no row uses is a declaration nothing reads
    from compiler import rulebooks

    p = tmp_path / "t.sgs"
    p.write_text(MAP.format(name="小"), encoding="utf-8")
    proj = load_project([p], rulebook=rulebooks.by_key("zhanqi"))
    got = [(d.code, d.severity, d.span.line, d.span.column) for d in proj.diagnostics]
    assert got == [("SGS605", "error", 1, 4), ("SGS402", "warning", 3, 3)], got
    assert "演练场" in proj.errors[0].message
    # on its own, the map is the rulebook's one map
    alone = load_project([p], with_bundled=False)
    assert [(d.code, d.severity) for d in alone.diagnostics] == [("SGS402", "warning")]
