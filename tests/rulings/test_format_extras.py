"""Format items of the rulings issue: marks, used skills and on-general cards in seat facts,
turn order and event order in expectations."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

RULINGS = """\
标记 「忍」

例 制衡：出牌阶段限一次，已发动过则不能再发动
  座次 A（孙权，已发动〖制衡〗，手牌【杀】【闪】），B（白板）
  当前 A 出牌阶段
  其余 放弃
  期望 A不能发动〖制衡〗

例 制衡：未发动过则能发动
  座次 A（孙权，手牌【杀】【闪】），B（白板）
  当前 A 出牌阶段
  其余 放弃
  期望 A可发动〖制衡〗

例 武将牌上的牌不是手牌
  座次 A（白板，武将牌上【杀】，「忍」2枚），B（白板）
  期望 A的手牌数为0

例 刚烈：于受到伤害后可发动，于受到伤害时❶不能发动
  座次 A（白板），B（夏侯惇）
  当前 A 出牌阶段
  其余 放弃
  A对B造成1点伤害。
  期望 B于受到伤害后可发动〖刚烈〗，B于受到伤害时❶不能发动〖刚烈〗

例 回合：当前回合与下一个回合
  座次 A（白板），B（白板），C（白板）
  当前 A 出牌阶段
  期望 当前回合角色为A，下一个进行回合的角色为B，轮数为1

例 伤害：受到伤害时❶先于受到伤害后
  座次 A（白板），B（白板）
  当前 A 出牌阶段
  A对B造成1点伤害。
  期望 受到伤害时❶先于受到伤害后发生

例 伤害：顺序写反则失败
  座次 A（白板），B（白板）
  当前 A 出牌阶段
  A对B造成1点伤害。
  期望 受到伤害后先于受到伤害时❶发生
"""


def test_marks_used_skills_and_event_order(tmp_path):
    f = tmp_path / "例.sgs"
    f.write_text(RULINGS, encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "compiler.cli", "check", str(f)], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert "6 of 7 ruling(s) passed" in r.stdout, r.stdout[-3000:]
    assert "顺序写反则失败" in r.stdout and "error[SGS503]" in r.stdout


def test_a_new_general_with_its_ruling_checks_against_the_bundled_specs():
    """The rule author's loop: a new skill (damage transfer, 002:204) and its ruling, checked
    and run together with the bundled specs by `sgs check FILE`."""
    f = Path(__file__).with_name("转伤.sgs")
    r = subprocess.run([sys.executable, "-m", "compiler.cli", "check", str(f)], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert "1 of 1 ruling(s) passed" in r.stdout
