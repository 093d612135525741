"""`sgs check` from the outside: exit codes, formats, and no traceback for any input."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

FIXTURE = Path(__file__).with_name("vocab_fixture.sgs")
ROOT = Path(__file__).resolve().parents[2]


def sgs(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "compiler.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_clean_file_exits_zero():
    r = sgs("check", "--alone", str(FIXTURE))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "ok" in r.stdout


def test_errors_exit_one_with_positions_and_caret(tmp_path):
    bad = tmp_path / "bad.sgs"
    bad.write_text(FIXTURE.read_text(encoding="utf-8") + "武将 测试 魏 男 4\n  〖测〗你受到伤害前，你摸一张牌。\n",
                   encoding="utf-8")
    r = sgs("check", "--alone", str(bad))
    assert r.returncode == 1
    n = len(FIXTURE.read_text(encoding="utf-8").splitlines()) + 2
    assert f"bad.sgs:{n}:6: error[SGS101]: unknown timing in 你受到伤害前" in r.stdout
    lines = r.stdout.splitlines()
    i = next(k for k, l in enumerate(lines) if "SGS101" in l)
    # the caret sits under 你: 2 spaces + 〖测〗 (3 full-width chars, 6 columns), after the 4-space gutter
    assert lines[i + 2] == " " * (4 + 2 + 6) + "^" * 12
    assert "did you mean 受到伤害后?" in r.stdout


def test_json_format(tmp_path):
    bad = tmp_path / "bad.sgs"
    bad.write_text("武将 测试 魏 男 4\n  〖测〗，，\n", encoding="utf-8")
    r = sgs("check", "--alone", "--format", "json", str(bad))
    assert r.returncode == 1
    data = json.loads(r.stdout)
    assert data and all({"path", "line", "column", "code", "message", "severity"} <= set(d) for d in data)


def test_no_traceback_for_broken_inputs(tmp_path):
    cases = {
        "binary.sgs": bytes(range(256)),
        "gbk.sgs": "武将 测试 魏 男 4\n".encode("gbk"),
        "empty.sgs": b"",
        "bom.sgs": "\ufeff# 注释\n".encode("utf-8"),
        "crlf.sgs": "武将 测试 魏 男 4\r\n  〖测〗你受到伤害后，你摸一张牌。\r\n".encode("utf-8"),
        "deep.sgs": ("若" * 3000).encode("utf-8"),
    }
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
    r = sgs("check", "--alone", str(tmp_path))
    assert "Traceback" not in r.stderr + r.stdout
    assert r.returncode in (0, 1)
    assert "binary.sgs:1:1: error[SGS001]" in r.stdout
    assert "gbk.sgs:1:" in r.stdout and "SGS001" in r.stdout
    r = sgs("check", str(tmp_path / "missing.sgs"))
    assert r.returncode == 2 and "no such file" in r.stderr and "Traceback" not in r.stderr


def test_check_runs_rulings_and_reports_a_wrong_one(tmp_path):
    bad = tmp_path / "例.sgs"
    bad.write_text("例 伤害：故意写错的期望\n"
                   "  座次 A（白板），B（白板）\n"
                   "  当前 A 出牌阶段\n"
                   "  A对B造成2点伤害。\n"
                   "  期望 B的体力为3\n", encoding="utf-8")
    r = sgs("check", str(bad))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "例.sgs:5:" in r.stdout and "error[SGS503]" in r.stdout and "B的体力为3" in r.stdout
    assert "0 of 1 ruling(s) passed" in r.stdout
    r = sgs("check", "--no-rulings", str(bad))
    assert r.returncode == 0


def test_explain_shows_spec_ir_code_and_when_a_skill_is_offered():
    r = sgs("explain", "刚烈")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "〖刚烈〗你受到伤害后" in out                            # the spec line
    assert "-- IR program" in out and "choose_option" in out        # the IR
    assert "def prog_" in out                                       # the generated code
    assert "-- when 〖刚烈〗 is offered" in out and "_actors_alive" in out
    r = sgs("explain", "不存在")
    assert r.returncode == 1 and "no skill, card, flow or term named 不存在" in r.stderr
    assert "Traceback" not in r.stderr


def test_check_of_a_folder_runs_its_rulings(tmp_path):
    # `sgs check DIR` runs the rulings of the files under DIR (it used to run none and say ok)
    pack = tmp_path / "包" / "子"
    pack.mkdir(parents=True)
    (pack / "例.sgs").write_text("例 伤害：故意写错的期望\n"
                                 "  座次 A（白板），B（白板）\n"
                                 "  当前 A 出牌阶段\n"
                                 "  A对B造成2点伤害。\n"
                                 "  期望 B的体力为3\n", encoding="utf-8")
    r = sgs("check", str(tmp_path / "包"))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "error[SGS503]" in r.stdout and "0 of 1 ruling(s) passed" in r.stdout
