"""Executable rulings (例): the bundled ones pass; wrong ones fail with a clear message
(docs/rulings.md, docs/errors.md § Rulings)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler.diagnostics import CODES, render
from compiler.project import display_path, load_project
from compiler import rulings as R

DOC = Path(__file__).resolve().parents[2] / "docs" / "errors.md"
FENCE = re.compile(r"^```sgs (ruling-bad|ruling-fix)(?: line=(\d+) col=(\d+))?\n(.*?)^```", re.S | re.M)


@pytest.fixture(scope="session")
def bundled():
    proj = load_project()
    assert proj.errors == [], proj.errors
    return proj, R.run_ruling_decls(proj)


def run_text(tmp_path, text, name="例.sgs"):
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    proj = load_project([f])
    outs = R.run_ruling_decls(proj, paths={display_path(f)})
    return proj, outs


def test_bundled_rulings_pass(bundled):
    proj, outs = bundled
    bad = [render(o.diagnostic, proj.sources.get(o.diagnostic.span.path)) for o in outs if o.diagnostic]
    assert bad == [], "\n\n".join(bad)


def test_enough_seed_cited_rulings(bundled):
    proj, outs = bundled
    cited = 0
    for o in outs:
        line = proj.sources[o.decl.span.path].line_text(o.decl.span.line)
        if re.search(r"#.*\b00[02]:\d+", line):
            cited += 1
    assert cited >= 40, cited


def test_wrong_hp_fails_clearly(tmp_path):
    proj, outs = run_text(tmp_path, """例 错：受到1点伤害后体力为2
  座次 A（白板），B（白板）
  当前 A 出牌阶段
  A对B造成1点伤害。
  期望 B的体力为2
""")
    (o,) = outs
    d = o.diagnostic
    assert d is not None and d.code == "SGS503"
    assert d.span.line == 5
    assert "expected B的体力为2, got B的体力为3" in d.message
    text = render(d, proj.sources.get(d.span.path))
    assert ":5:3: error[SGS503]" in text
    logs = [n for n in d.notes if n.startswith("log: ")]
    assert 1 <= len(logs) <= R.LOG_TAIL
    assert any('"hp"' in n for n in logs)


def test_unscripted_decision_is_named(tmp_path):
    proj, outs = run_text(tmp_path, """例 错：未写出的询问
  座次 A（郭嘉），B（白板）
  当前 B 出牌阶段
  B对A造成1点伤害。
  期望 A的体力为2
""")
    d = outs[0].diagnostic
    assert d.code == "SGS504" and "〖遗计〗" in d.message


def test_others_decline(tmp_path):
    proj, outs = run_text(tmp_path, """例 其余放弃
  座次 A（郭嘉），B（白板）
  当前 B 出牌阶段
  其余 放弃
  B对A造成1点伤害。
  期望 A的体力为2，A可发动〖遗计〗，A被询问1次是否发动〖遗计〗
""")
    assert outs[0].diagnostic is None, outs[0].diagnostic


def doc_examples():
    text = DOC.read_text(encoding="utf-8")
    out = []
    for m in FENCE.finditer(text):
        heading = list(re.finditer(r"^### (SGS\d{3})", text[: m.start()], re.M))
        out.append((heading[-1].group(1), m.group(1), m.group(2) and int(m.group(2)),
                    m.group(3) and int(m.group(3)), m.group(4)))
    return out


@pytest.mark.parametrize("code,kind,line,col,body", doc_examples(),
                         ids=[f"{e[0]}-{e[1]}" for e in doc_examples()])
def test_errors_md_ruling_examples(tmp_path, code, kind, line, col, body):
    proj, outs = run_text(tmp_path, body)
    (o,) = outs
    if kind == "ruling-fix":
        assert o.diagnostic is None, o.diagnostic
    else:
        d = o.diagnostic
        assert d is not None and d.code == code, d
        assert (d.span.line, d.span.column) == (line, col), (d.span, d.message)
        assert d.code in CODES


def test_every_ruling_code_is_documented():
    documented = {c for c, kind, *_ in doc_examples() if kind == "ruling-bad"}
    assert documented == {c for c in CODES if c.startswith("SGS5")}


def test_every_ruling_phrase_has_its_handler():
    """Each phrase of the vocabulary names a handler that exists (found by name)."""
    from compiler.rulings import answers, expect, runner
    for entry in R.RULING_TERMS:
        pattern, kind, name = entry[:3]
        if kind == "act":
            assert name in answers.ANSWERS, pattern
        elif kind == "expect":
            assert name in expect.EXPECTATIONS, pattern
        else:
            assert name in runner.EVENTS, pattern
