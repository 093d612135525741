"""`sgs diff` (compiler/diff.py): between the two editions of 身份局, and between the specs at
two git revisions (a temporary repository holding a copy of specs/)."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from compiler.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run_json(capsys, *argv):
    assert main(["diff", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def flow(d, name):
    return next(f for f in d["flows"] if f["flow"] == name)


def renamed(f):
    return {r["from"]: set(r["to"]) for r in f["timings"]["renamed"]}


@pytest.fixture(scope="module")
def editions():
    """old -> current, the rulings run under both (compiler.diff in process)."""
    from argparse import Namespace

    from compiler import diff

    args = Namespace(edition=["old", "current"], rev=[], mode=None, repo=None, json=True, no_rulings=False)
    return diff.collect(args)[0]


def test_editions_diff_lists_every_known_difference(editions):
    d = editions
    assert d["from"]["rulebook"] == "identity_old" and d["to"]["rulebook"] == "identity"
    # 【】 for skills (004) → 〖〗 (000)
    assert {"what": "skills are written", "from": "【】", "to": "〖〗"} in d["book"]
    # 回合开始前/时 → 回合开始后❶–❾ (❸ has no old counterpart: 004:5-7's pre-game timings)
    turn = flow(d, "回合")
    r = renamed(turn)
    assert r["回合开始前"] == {"回合开始后❶", "回合开始后❷", "回合开始后❹", "回合开始后❺"}
    assert r["回合开始时"] == {"回合开始后❻", "回合开始后❼", "回合开始后❽", "回合开始后❾"}
    assert turn["timings"]["added"] == ["回合开始后❸"]
    assert r["回合结束时"] == {f"回合结束前{c}" for c in "❶❷❸❹❺❻"} and r["回合结束后"] == {"回合结束前❼"}
    # "X阶段与Y阶段间" → "Y阶段开始前" (and the current edition's 准备阶段开始前 is new)
    for x, y in [("准备", "判定"), ("判定", "摸牌"), ("摸牌", "出牌"), ("出牌", "弃牌"), ("弃牌", "结束")]:
        assert renamed(flow(d, y + "阶段"))[f"{x}阶段与{y}阶段间"] == {f"{y}阶段开始前"}
    assert flow(d, "准备阶段")["timings"]["added"] == ["准备阶段开始前"]
    # draw 2 → 额定摸牌数
    changed = {c["at"]: c for c in flow(d, "摸牌阶段")["steps"]["changed"]}
    assert "摸牌的数量" in changed["摸牌阶段"]["from"] and "额定摸牌数" in changed["摸牌阶段"]["to"]
    # discarding one card at a time → X at once
    discard = [(c["from"].strip(), c["to"].strip()) for c in flow(d, "弃牌阶段")["steps"]["changed"]]
    assert ("进行此回合的角色弃置一张手牌。",
            "进行此回合的角色弃置X张手牌（X为进行此回合的角色的手牌数与进行此回合的角色的手牌上限之差）。") in discard
    assert any(a.startswith("只要 ") and b.startswith("若") for a, b in discard)
    # dying: a role whose own dying settlement is under way does not enter dying again (003:43)
    [c] = flow(d, "扣减体力")["steps"]["changed"]
    assert "不处于濒死结算中" in c["from"] and "不处于濒死结算中" not in c["to"]
    # death thresholds: max HP 0 sets HP to 0 (003:49); a death at HP > 0 keeps it (003:57)
    assert [s["text"].strip() for s in flow(d, "减体力上限")["steps"]["removed"]] == ["减者的体力值改为0。"]
    death = flow(d, "死亡")["steps"]
    added = [s["text"].strip() for s in death["added"]]
    assert "若死亡的角色的体力值大于0：" in added and "死亡的角色的体力值改为0。" in added
    # the turn owner's death ends the turn at once (003:17) / goes on at 回合结束前❶ (000:542)
    assert "死亡的角色的回合结束。" in [s["text"].strip() for s in death["removed"]]
    assert "此回合于当前时机处理完毕后进入回合结束前❶。" in added
    # skills written with a current timing: the same point under its old name
    moved = {s["skill"]: s for s in d["skills"] if s["status"] == "moved"}
    assert moved["克己"]["from"] == ["出牌阶段与弃牌阶段间"] and moved["克己"]["to"] == ["弃牌阶段开始前"]
    assert moved["克己"]["renamed"] and moved["突袭"]["renamed"]
    # the rulings run under both: the discard rule's ruling has another outcome
    titles = {r["ruling"] for r in d["rulings"]}
    assert "弃牌阶段：弃置多于手牌上限的手牌" in titles


def test_editions_diff_text(capsys):
    assert main(["diff", "--edition", "old", "--edition", "current", "--no-rulings"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("sgs diff: old (identity_old) → current (identity)")
    assert "timing renamed: 出牌阶段与弃牌阶段间 → 弃牌阶段开始前 (时机对应)" in out
    assert "〖克己〗 出牌阶段与弃牌阶段间 → 弃牌阶段开始前 (a renamed timing)" in out
    assert "rulings: not run (--no-rulings)" in out


# ---------------------------------------------------------------- --rev
def git(repo, *args):
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)


@pytest.fixture
def repo(tmp_path):
    """A git repository whose first commit is a copy of specs/."""
    shutil.copytree(ROOT / "specs", tmp_path / "specs")
    git(tmp_path, "init", "-q")
    git(tmp_path, "config", "user.email", "t@example.invalid")
    git(tmp_path, "config", "user.name", "t")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "specs")
    return tmp_path


def edit(repo, rel, old, new, message):
    p = repo / "specs" / rel
    text = p.read_text(encoding="utf-8")
    assert old in text
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    git(repo, "commit", "-qam", message)


def test_rev_diff_lists_exactly_the_one_flow_edited(repo, capsys):
    # a system step added to one shared flow (恢复, 000:586-594: no skill, card or ruling runs it;
    # 加体力上限 no longer, 山's 〖若愚〗 gains max HP)
    edit(repo, "identity/flows/区域.sgs", "  时机 恢复后 主体 其",
         "  其摸一张牌。\n  时机 恢复后 主体 其", "恢复: draw too")
    d = run_json(capsys, "--repo", str(repo), "--rev", "HEAD~1", "--rev", "HEAD", "--edition", "current")
    assert d["from"]["label"] == "HEAD~1" and d["to"]["label"] == "HEAD"
    assert d["book"] == [] and d["skills"] == [] and d["rulings"] == []
    assert [f["flow"] for f in d["flows"]] == ["恢复"]
    f = d["flows"][0]
    assert f["timings"] == {"added": [], "removed": [], "renamed": [], "reordered": []}
    assert f["steps"] == {"added": [{"at": "恢复前", "text": "其摸一张牌。"}], "removed": [], "changed": []}


def test_rev_diff_timing_renamed_and_reordered(repo, capsys):
    edit(repo, "identity/flows/回复体力.sgs", "时机 回复体力前 主体 回复者", "时机 回复体力开始前 主体 回复者",
         "rename a timing")
    # the working tree (not committed): two timings of 伤害 swapped
    p = repo / "specs" / "identity" / "flows" / "伤害.sgs"
    lines = p.read_text(encoding="utf-8").splitlines(keepends=True)
    i = next(k for k, l in enumerate(lines) if l.lstrip().startswith("时机 伤害结算开始前"))
    j = next(k for k, l in enumerate(lines) if l.lstrip().startswith("时机 伤害结算开始时"))
    lines[i], lines[j] = lines[j], lines[i]
    p.write_text("".join(lines), encoding="utf-8")
    d = run_json(capsys, "--repo", str(repo), "--rev", "HEAD~1", "--edition", "current", "--no-rulings")
    # one --rev: that revision against the working tree
    assert d["to"]["label"] == "working tree"
    assert [f["flow"] for f in d["flows"]] == ["伤害", "回复体力"]
    hurt, rec = d["flows"]
    assert rec["timings"]["renamed"] == [{"from": "回复体力前", "to": ["回复体力开始前"], "declared": False}]
    assert hurt["timings"]["reordered"] in (["伤害结算开始前"], ["伤害结算开始时"])
    assert hurt["timings"]["added"] == hurt["timings"]["removed"] == []
    assert d["rulings"] is None


def test_rev_diff_without_rulebook_table_and_errors(repo, capsys):
    # a revision written before specs/rulebooks.toml: the identity game of its folders
    (repo / "specs" / "rulebooks.toml").unlink()
    git(repo, "commit", "-qam", "no table")
    assert main(["diff", "--repo", str(repo), "--rev", "HEAD", "--rev", "HEAD~1", "--no-rulings"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("sgs diff: HEAD (identity) → HEAD~1 (identity)") and "flows: no change" in out
    assert main(["diff", "--repo", str(repo), "--rev", "no-such-rev"]) == 2
    assert "cannot read the specs at no-such-rev" in capsys.readouterr().err
    assert main(["diff", "--edition", "old"]) == 2
    assert "compare two editions" in capsys.readouterr().err
    assert main(["diff", "--edition", "old", "--edition", "nope"]) == 2
    assert "no rulebook of edition nope" in capsys.readouterr().err
