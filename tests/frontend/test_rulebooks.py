"""Rulebooks (specs/rulebooks.toml): which spec folders make each game, and how --mode and
--edition choose one."""
from pathlib import Path

import pytest

from compiler import rulebooks as R
from compiler.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_the_table_names_the_identity_game_first():
    assert R.DEFAULT.key == "identity" and R.DEFAULT.mode == "身份局" and R.DEFAULT.edition == "current"
    for rb in R.RULEBOOKS:
        assert all(p.exists() for p in rb.spec_paths()), rb


def test_select_defaults_and_errors():
    assert R.select() is R.DEFAULT
    assert R.select(mode="身份局") is R.DEFAULT
    assert R.select(edition="current") is R.DEFAULT
    with pytest.raises(R.RulebookError, match="no rulebook plays the mode 不存在; the modes are"):
        R.select(mode="不存在")
    with pytest.raises(R.RulebookError, match="no rulebook has the edition 不存在"):
        R.select(edition="不存在")
    assert R.select(edition="old") is R.by_key("identity_old")
    assert R.select(mode="身份局", edition="old") is R.by_key("identity_old")


def test_paths_choose_the_rulebooks_that_hold_them(tmp_path):
    both = [R.by_key("identity"), R.by_key("identity_old")]
    assert R.of_paths([ROOT / "specs" / "generals" / "standard" / "魏.sgs"]) == both   # shared
    # the old edition excludes the current turn flow and has its own
    assert R.of_paths([ROOT / "specs" / "identity" / "flows" / "回合.sgs"]) == [R.by_key("identity")]
    assert R.of_paths([ROOT / "specs" / "identity_old" / "flows" / "回合.sgs"]) == [R.by_key("identity_old")]
    assert R.of_paths([ROOT / "specs" / "identity" / "flows" / "伤害.sgs"]) == both
    assert R.of_paths([ROOT / "specs"]) == list(R.RULEBOOKS)   # a folder holding them all
    assert R.of_paths([tmp_path]) == [R.DEFAULT]              # a new general outside specs/


def test_a_malformed_table_is_an_error(tmp_path):
    bad = tmp_path / "rulebooks.toml"
    bad.write_text('[x]\nmode = "身份局"\n', encoding="utf-8")
    with pytest.raises(R.RulebookError, match=r"rulebook \[x\] needs mode, edition, specs and timings"):
        R.load(bad)
    bad.write_text('["a-b"]\nmode = "m"\nedition = "e"\nspecs = []\ntimings = "t"\n', encoding="utf-8")
    with pytest.raises(R.RulebookError, match="is not a module name"):
        R.load(bad)
    # shares: an earlier rulebook of the table (its units are rendered first; no cycle)
    book = 'mode = "m"\nedition = "{}"\nspecs = []\ntimings = "t"\n'
    bad.write_text("[a]\n" + book.format("e1") + 'shares = "b"\n[b]\n' + book.format("e2"), encoding="utf-8")
    with pytest.raises(R.RulebookError, match=r"\[a\] shares the units of 'b', which is not a rulebook listed before it"):
        R.load(bad)
    bad.write_text("[a]\n" + book.format("e1") + "[b]\n" + book.format("e2") + 'shares = "a"\n', encoding="utf-8")
    assert [r.shares for r in R.load(bad)] == ["", "a"]


@pytest.mark.parametrize("cmd", [["check", "--no-rulings"], ["simulate", "--games", "1"],
                                 ["timings"], ["explain", "刚烈"]])
def test_an_unknown_mode_is_a_clear_error(cmd, capsys):
    assert main(cmd + ["--mode", "不存在"]) in (1, 2)
    assert "no rulebook plays the mode 不存在" in capsys.readouterr().err


def test_a_timing_without_counterpart_is_refused_in_that_edition(tmp_path):
    """SGS115: a skill written with a timing of another edition of the game that this edition
    does not map (回合结束后 is the old edition's), or one it declares 无 (回合开始后❸ in the old
    edition: 004:5-7's pre-game timings), cannot fire there; a mapped one compiles (克己's
    弃牌阶段开始前 fires at the old 出牌阶段与弃牌阶段间)."""
    from compiler.project import load_project

    g = tmp_path / "测试.sgs"
    g.write_text("武将 测试甲 魏 男 4\n  〖测试甲〗回合开始后❸，你可摸一张牌。\n"
                 "武将 测试乙 魏 男 4\n  〖测试乙〗回合结束后，你可摸一张牌。\n"
                 "武将 测试丙 魏 男 4\n  〖测试丙〗弃牌阶段开始前，你可摸一张牌。\n", encoding="utf-8")
    cur = load_project([g], rulebook=R.by_key("identity"))
    assert [(d.code, d.span.line) for d in cur.errors] == [("SGS115", 4)]
    assert "回合结束后 is a timing of the old edition with no counterpart in the current edition" in cur.errors[0].message
    old = load_project([g], rulebook=R.by_key("identity_old"))
    assert [(d.code, d.span.line) for d in old.errors] == [("SGS115", 2)]
    assert "回合开始后❸ has no counterpart in the old edition" in old.errors[0].message
    assert "时机对应 回合开始后❸ 无" in old.errors[0].hint


def test_a_bad_counterpart_declaration(tmp_path):
    from compiler.project import load_project

    m = tmp_path / "对应.sgs"
    m.write_text("时机对应 回合开始前 即 回合开始时\n时机对应 某版本的时机 即 不存在的时机\n", encoding="utf-8")
    old = load_project([m], rulebook=R.by_key("identity_old"))
    assert [(d.code, d.span.line) for d in old.errors] == [("SGS401", 1), ("SGS101", 2)]
