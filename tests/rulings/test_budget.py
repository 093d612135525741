"""A ruling has a bounded budget (decisions, engine steps, stack depth, time) and fails with
SGS506 when it is spent; a decision costs the same however long the game has run; each run
cleans up its generated engine's temporary folder (issue 17)."""
from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from compiler import rulings as R
from compiler.project import REPO, display_path, load_project
from compiler.rulings import runner as runner_mod

# 预使用 cut after its first 1,460 bytes: the pre-use never starts a use event, so a use
# answer is offered again at each idle point (it made `sgs check` run for more than 600 s)
CUT = 1460


def cut_specs(tmp_path):
    specs = tmp_path / "specs"
    shutil.copytree(REPO / "specs", specs)
    f = specs / "identity" / "flows" / "预使用.sgs"
    f.write_bytes(f.read_bytes()[:CUT])
    return specs


def test_a_use_that_never_starts_spends_the_decision_budget(tmp_path, monkeypatch):
    from compiler import rulebooks

    # the copy's identity rulebook (specs/ holds the older edition's flows too)
    rb = rulebooks.load(cut_specs(tmp_path) / "rulebooks.toml")[0]
    proj = load_project(rulebook=rb)
    assert proj.errors == [], proj.errors
    loads = []
    real = json.loads
    monkeypatch.setattr(runner_mod.json, "loads", lambda s: loads.append(1) or real(s))
    outs = R.run_ruling_decls(proj, select="杀：目标不响应则受到1点伤害", budget=R.Budget(decisions=300))
    (o,) = outs
    d = o.diagnostic
    assert d is not None and d.code == "SGS506", d
    assert "300 decisions" in d.message
    assert any(n.startswith("a ruling may spend") for n in d.notes)
    # each line of the log parsed once (the notes' log tail parses it once more)
    lines = len([n for n in d.notes if n.startswith("log: ")])
    assert lines > 0
    # about a dozen log lines a decision here: parsing the whole log at each decision would
    # be some 500,000 parses
    assert len(loads) <= 40 * 300, len(loads)


def test_the_budget_is_per_ruling(tmp_path):
    f = tmp_path / "例.sgs"
    f.write_text("""例 三次询问
  座次 A（张飞，手牌【杀】【杀】【杀】），B（白板，体力5）
  当前 A 出牌阶段
  其余 放弃
  答 A对B使用【杀】，A对B使用【杀】，A对B使用【杀】
  期望 B的体力为2
""", encoding="utf-8")
    proj = load_project([f])
    wanted = {display_path(f)}
    (ok,) = R.run_ruling_decls(proj, paths=wanted)
    assert ok.diagnostic is None, ok.diagnostic
    (o,) = R.run_ruling_decls(proj, paths=wanted, budget=R.Budget(decisions=3))
    assert o.diagnostic is not None and o.diagnostic.code == "SGS506", o.diagnostic
    (o,) = R.run_ruling_decls(proj, paths=wanted, budget=R.Budget(steps=20))
    assert o.diagnostic.code == "SGS506" and "20 steps" in o.diagnostic.message


def test_no_temporary_folder_is_left(tmp_path, monkeypatch):
    made = []
    real = tempfile.mkdtemp

    def mkdtemp(*a, **k):
        d = real(*a, **k)
        made.append(d)
        return d

    monkeypatch.setattr(tempfile, "mkdtemp", mkdtemp)
    monkeypatch.delenv("SGS_RULINGS_DEBUG", raising=False)
    f = tmp_path / "例.sgs"
    # a spec of its own: a new engine is generated for it
    f.write_text("""例 另一套规则
  座次 A（白板），B（白板）
  期望 A的体力为4
""", encoding="utf-8")
    proj = load_project([f])
    (o,) = R.run_ruling_decls(proj, paths={display_path(f)})
    assert o.diagnostic is None
    assert made and not any(Path(d).exists() for d in made)
