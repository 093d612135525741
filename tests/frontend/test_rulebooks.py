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


def test_paths_choose_the_rulebooks_that_hold_them(tmp_path):
    assert R.of_paths([ROOT / "specs" / "generals" / "standard" / "魏.sgs"]) == [R.DEFAULT]
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


@pytest.mark.parametrize("cmd", [["check", "--no-rulings"], ["simulate", "--games", "1"],
                                 ["timings"], ["explain", "刚烈"]])
def test_an_unknown_mode_is_a_clear_error(cmd, capsys):
    assert main(cmd + ["--mode", "不存在"]) in (1, 2)
    assert "no rulebook plays the mode 不存在" in capsys.readouterr().err
