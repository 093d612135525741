"""The commands' terminal output (compiler/console.py) and `sgs simulate --plot`.

At a terminal: rich tables, colour, a progress bar. Anywhere else (these pipes): the plain
text exactly as before, no escape codes, no bar; `--json` unchanged either way.
"""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from rich.text import Text

from compiler import console as C
from compiler import simulate as S
from compiler.diagnostics import Diagnostic, render
from compiler.source import Source, Span

ROOT = Path(__file__).resolve().parents[2]


def sgs(*args):
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    return subprocess.run([sys.executable, "-m", "compiler.cli", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, env=env)


def test_simulate_plain_when_not_a_terminal():
    plain = sgs("simulate", "--games", "3", "--seed", "5")
    data = sgs("simulate", "--games", "3", "--seed", "5", "--json")
    assert plain.returncode == 0 and data.returncode == 0, plain.stderr + data.stderr
    assert "\x1b" not in plain.stdout + plain.stderr
    # no progress bar on a pipe (an uncompiled engine says so on stderr: SGS_PURE=1 runs)
    assert [ln for ln in plain.stderr.splitlines() if "running uncompiled" not in ln] == []
    report = json.loads(data.stdout)
    expected = S.render(report).split("\n")
    got = plain.stdout.rstrip("\n").split("\n")
    # the first line says how long the run took: the same words, another time
    assert got[0].split(":")[0] == expected[0].split(":")[0]
    assert got[1:] == expected[1:]


def test_progress_bar_when_asked_for():
    r = sgs("simulate", "--games", "2", "--seed", "5", "--progress", "--json")
    assert r.returncode == 0
    assert "games" in r.stderr and "2/2" in r.stderr
    json.loads(r.stdout)  # the report itself untouched


def test_simulate_tables_at_a_terminal(monkeypatch):
    report = json.loads(sgs("simulate", "--games", "2", "--seed", "5", "--json").stdout)
    buf = io.StringIO()
    monkeypatch.setattr(S, "console", lambda: C.console(buf, force=True))
    S.show_report(report)
    out = buf.getvalue()
    assert "\x1b[" in out  # colour
    text = Text.from_ansi(out).plain
    for role in report["win_rate_by_role"]:
        assert role in text
    assert "win rate by general" in text and "skill activations" in text and "never used" in text


def test_diagnostics_coloured_keep_their_words():
    src = Source("a.sgs", "武将 甲 魏 男 4\n  〖乙〗你收到伤害后，你摸一张[red]牌[/red]。\n")
    d = Diagnostic("SGS101", "unknown timing in 你收到伤害后 [bold]x[/bold]", Span("a.sgs", 2, 7, 2, 13),
                   hint="did you mean 受到伤害后?", notes=["[link]n[/link]"])
    plain = render(d, src)
    coloured = C.diagnostic_text(plain)
    assert coloured.plain == plain  # colour only: the spec's brackets are text, not markup
    buf = io.StringIO()
    C.console(buf, force=True).print(coloured)
    assert "[bold]x[/bold]" in buf.getvalue() and "\x1b[1;31m" in buf.getvalue()


def test_check_plain_when_not_a_terminal(tmp_path):
    bad = tmp_path / "甲.sgs"
    bad.write_text("武将 甲 魏 男 4\n  〖乙〗你收到伤害后，你摸一张牌。\n", encoding="utf-8")
    r = sgs("check", "--no-rulings", str(bad))
    assert r.returncode == 1 and "\x1b" not in r.stdout
    assert "error[SGS101]: unknown timing in 你收到伤害后" in r.stdout
    assert r.stdout.rstrip().split("\n")[-1].startswith("sgs check: 1 error(s), 0 warning(s) — ")


def test_plot_draws_roles_generals_and_lengths(tmp_path):
    out = tmp_path / "run.svg"
    r = sgs("simulate", "--games", "4", "--seed", "3", "--json", "--plot", str(out))
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    root = ET.parse(out).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    texts = {"".join(t.itertext()).strip() for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert set(report["win_rate_by_role"]) <= texts  # the roles named, as text
    assert set(report["win_rate_by_general"]) <= texts
    assert {"win rate by role", "win rate by general", "game length (4 games)", "turns"} <= texts
    # the same run draws the same bytes
    again = tmp_path / "again.svg"
    sgs("simulate", "--games", "4", "--seed", "3", "--json", "--plot", str(again))
    assert again.read_bytes() == out.read_bytes()


def test_plot_wants_svg(tmp_path):
    r = sgs("simulate", "--games", "1", "--plot", str(tmp_path / "x.png"))
    assert r.returncode == 2 and "ending in .svg" in r.stderr
