"""The back end: IR shape, deterministic emission, write-if-changed."""
from __future__ import annotations

import ast as pyast
from pathlib import Path

from compiler import ir
from compiler.build import Output, stale, write
from compiler.emit import render_module
from compiler.lower import Lowerer
from compiler.project import load_project

FIXTURE = Path(__file__).resolve().parents[1] / "frontend" / "vocab_fixture.sgs"
SKILLS = """\
武将 测试 魏 男 4
  〖刚烈〗你受到伤害后，你可判定▶若结果不为红桃▷来源选择一项：1.弃置两张手牌；2.受到你造成的1点伤害。
"""


def compile_text(tmp_path, text=SKILLS):
    p = tmp_path / "t.sgs"
    p.write_text(text, encoding="utf-8")
    proj = load_project([FIXTURE, p], with_bundled=False)
    assert proj.errors == []
    return Lowerer(proj.checker, "t", "0123456789abcdef").run()


def test_ir_of_a_skill(tmp_path):
    m = compile_text(tmp_path)
    sk = next(s for s in m.skills if s.name == "刚烈")
    assert [t.name for t in sk.timings] == ["受到伤害后"] and sk.optional
    prog = next(p for p in m.programs if p.id == sk.program)
    kinds = [type(i).__name__ for i in prog.code]
    # cost, ▶, 若, ▷, choose, table, option 1, exit, option 2 (a term with a body), exit, the
    # default move of the skill's use event (000:251), return
    assert kinds == ["Do", "JumpUnlessExecuted", "JumpUnless", "JumpUnlessExecuted", "Do", "Choose",
                     "Do", "Jump", "Call", "Jump", "Do", "Return"]
    assert prog.code[10].call.name == "skill_default_move"
    assert prog.code[0].strict and prog.code[0].call.name == "judge"
    table = prog.code[5]
    assert table.targets == [6, 8, 10]   # option 1, option 2, the end (nobody to choose)
    choose = prog.code[4].call
    assert choose.name == "choose_option"
    assert choose.args[2].value == ("弃置两张手牌", "受到你造成的1点伤害")   # the options' texts
    assert all(i.where.startswith(str(tmp_path)) for i in prog.code)


def test_emission_is_deterministic_and_valid_python(tmp_path):
    a = render_module(compile_text(tmp_path))
    b = render_module(compile_text(tmp_path))
    assert a == b
    pyast.parse(a)
    assert "0123456789abcdef" in a.splitlines()[0]
    assert "def prog_" in a and "def register(rs):" in a


def test_write_only_when_changed(tmp_path):
    out = [Output(tmp_path / "g.py", "x = 1\n")]
    assert write(out) == [tmp_path / "g.py"]
    mtime = (tmp_path / "g.py").stat().st_mtime_ns
    assert write(out) == [] and stale(out) == []
    assert (tmp_path / "g.py").stat().st_mtime_ns == mtime
    assert stale([Output(tmp_path / "g.py", "x = 2\n")]) == [tmp_path / "g.py"]


def test_ids_follow_declaration_order(tmp_path):
    m = compile_text(tmp_path)
    assert m.timings[:2] == ["受到伤害时❶", "受到伤害后"]
    assert "移至目标区域后❷／失去牌后❷" in m.timings
    assert [p.id for p in m.programs] == sorted(p.id for p in m.programs)
    assert isinstance(m.programs[0], ir.Program) and m.programs[0].kind == "event"
