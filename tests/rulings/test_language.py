"""The ruling language's constructs (docs/rulings.md, issue 18): each is run on a small table,
both ways — a ruling that holds passes, one that states the wrong thing fails with the code
and at the line expected. One file, one generated engine."""
from __future__ import annotations

import pytest

from compiler import rulings as R
from compiler.project import display_path, load_project

# title -> (expected code or None, the failing line's text when it fails)
RULINGS = """\
例 伤害的来源与属性
  座次 A（白板），B（白板），C（白板）
  当前 A 出牌阶段
  A对B造成1点雷电伤害。
  C受到1点无来源的伤害。
  期望 B受到了A造成的1点雷电伤害，B受到了1点雷电伤害，B未受到火焰伤害，B受到了A造成的1点伤害
  期望 C受到了1点无来源的伤害，C未受到A造成的伤害，B未受到无来源的伤害，B受到A造成的1点雷电伤害

例 错：伤害的属性
  座次 A（白板），B（白板）
  当前 A 出牌阶段
  A对B造成1点雷电伤害。
  期望 B受到了A造成的1点火焰伤害

例 错：伤害的来源
  座次 A（白板），B（白板），C（白板）
  当前 A 出牌阶段
  A对B造成1点伤害。
  期望 B受到了C造成的1点伤害

例 可选择的角色
  座次 A（张辽），B（白板，手牌两张），C（白板，手牌一张），D（白板）
  当前 A 摸牌阶段开始时❷
  答 A发动〖突袭〗
  期望 A可选择的角色为B和C，A不能选择D，A可选择B

例 可选择的两名角色
  座次 A（张辽），B（白板，手牌两张），C（白板，手牌一张），D（白板）
  当前 A 摸牌阶段开始时❷
  答 A发动〖突袭〗
  期望 A可选择B和C，A可选择C，A不能选择B和D

例 使用手牌中的【杀】时不发动转化技能
  座次 A（关羽，手牌黑桃7【杀】红桃3【闪】），B（白板）
  当前 A 出牌阶段
  其余 放弃
  答 A对B使用【杀】
  期望 A的手牌中有【闪】，B受到了A造成的1点伤害

例 错：可选择的角色
  座次 A（张辽），B（白板，手牌两张），C（白板，手牌一张），D（白板）
  当前 A 摸牌阶段开始时❷
  答 A发动〖突袭〗
  期望 A可选择的角色为B、C和D

例 错：不能选择的角色被拒绝
  座次 A（张辽），B（白板，手牌两张），C（白板，手牌一张），D（白板）
  当前 A 摸牌阶段开始时❷
  答 A发动〖突袭〗，A选择D
  期望 A的手牌数为1

例 错：不是合法目标的角色被拒绝
  座次 A（白板，手牌【杀】），B（白板），C（白板），D（白板）
  当前 A 出牌阶段
  答 A对C使用【杀】
  期望 C的体力为3

例 可对谁使用
  座次 A（白板，手牌【杀】），B（白板），C（白板），D（白板）
  当前 A 出牌阶段
  期望 A可对B使用【杀】，A不能对C使用【杀】，A可对D使用【杀】，A不能对A使用【杀】

例 错：可对谁使用
  座次 A（白板，手牌【杀】），B（白板），C（白板），D（白板）
  当前 A 出牌阶段
  期望 A可对C使用【杀】

例 未获胜与死亡流程中结束的游戏
  座次 A（白板，主公），B（白板，反贼，体力1）
  当前 A 出牌阶段
  A对B造成1点伤害。
  期望 A获胜，B未获胜，B死亡，游戏结束

例 错：未获胜
  座次 A（白板，主公），B（白板，反贼，体力1）
  当前 A 出牌阶段
  A对B造成1点伤害。
  期望 A未获胜

例 已死亡的座次
  座次 A（白板），B（白板，已死亡），C（白板）
  当前 A 出牌阶段
  期望 A至C的距离为1，B死亡，下一个进行回合的角色为C，A不能对B使用【杀】

例 询问是否使用某牌
  座次 A（白板，手牌【杀】），B（白板，手牌【闪】），C（白板，手牌【无懈可击】）
  当前 A 出牌阶段
  答 A对B使用【杀】，B不使用【闪】
  期望 B被询问是否使用【闪】，B未被询问是否使用【桃】，B被询问1次是否使用【闪】，C未被询问是否使用【闪】

例 错：询问的牌名
  座次 A（白板，手牌【杀】），B（白板，手牌【闪】）
  当前 A 出牌阶段
  答 A对B使用【杀】，B不使用【闪】
  期望 B被询问是否使用【无懈可击】

例 回复的点数与次数
  座次 A（白板，体力2，手牌【桃】【桃】），B（白板）
  当前 A 出牌阶段
  答 A使用【桃】，A使用【桃】
  期望 A回复了2点体力，A回复过2次体力，B未回复过体力，弃牌堆里有2张【桃】，A的手牌中有0张【桃】

例 错：回复的次数
  座次 A（白板，体力2，手牌【桃】【桃】），B（白板）
  当前 A 出牌阶段
  答 A使用【桃】，A使用【桃】
  期望 A回复过1次体力

例 时机的次数与主体
  座次 A（白板），B（白板），C（白板）
  当前 A 出牌阶段
  A对B造成1点伤害。
  A对C造成1点伤害。
  A对B造成1点伤害。
  期望 受到伤害后发生过3次，B的受到伤害后发生过2次，C的受到伤害后发生过1次，A的受到伤害后未发生，B的受到伤害后发生过

例 错：时机的主体
  座次 A（白板），B（白板），C（白板）
  当前 A 出牌阶段
  A对B造成1点伤害。
  期望 C的受到伤害后发生过

例 回合内
  座次 A（白板，手牌【杀】），B（白板）
  当前 A 出牌阶段
  答 A对B使用【杀】，A结束出牌阶段
  期望 于A的回合内受到伤害后发生过，于B的回合内受到伤害后未发生，于此回合内受到伤害后未发生，当前回合角色为B
  期望 于A的回合内，A使用过【杀】，B受到了1点伤害

例 错：回合内
  座次 A（白板，手牌【杀】），B（白板）
  当前 A 出牌阶段
  答 A对B使用【杀】，A结束出牌阶段
  期望 于此回合内受到伤害后发生过

例 目标、颜色、花色与点数
  座次 A（关羽，手牌红桃5【闪】），B（白板），C（白板）
  当前 A 出牌阶段
  答 A发动〖武圣〗对B使用【杀】
  期望 此【杀】的目标为B，A使用的【杀】的颜色为红色，此【杀】的花色为红桃，此【杀】的点数为5

例 目标的顺序
  座次 A（白板，手牌【南蛮入侵】），B（白板），C（白板），D（白板）
  当前 A 出牌阶段
  其余 放弃
  答 A使用【南蛮入侵】
  期望 此【南蛮入侵】的目标依次为B、C和D，此【南蛮入侵】的目标为D、B和C，此【南蛮入侵】为黑色

例 错：目标的顺序
  座次 A（白板，手牌【南蛮入侵】），B（白板），C（白板），D（白板）
  当前 A 出牌阶段
  其余 放弃
  答 A使用【南蛮入侵】
  期望 此【南蛮入侵】的目标依次为C、B和D

例 于时机发生的事件
  座次 A（白板，手牌【杀】），B（白板）
  当前 A 出牌阶段
  答 A对B使用【杀】
  于B的受到伤害时❶，B失去1点体力。
  期望 B的体力为2，B受到了1点伤害，B的受到伤害后发生过1次

例 错：时机之前的询问须有答
  座次 A（白板，手牌【杀】），B（白板，手牌【闪】）
  当前 A 出牌阶段
  答 A对B使用【杀】
  于B的受到伤害时❶，B失去1点体力。
  期望 B的体力为2

例 错：严格：未写出的询问
  座次 A（白板，手牌【杀】），B（白板，手牌【闪】）
  当前 A 出牌阶段
  其余 严格
  答 A对B使用【杀】
  期望 B的体力为4

例 严格：期望点名的询问
  座次 A（白板，手牌【杀】），B（白板，手牌【闪】）
  当前 A 出牌阶段
  其余 严格
  答 A对B使用【杀】
  期望 下一个询问为B是否使用【闪】

例 严格：每个询问都写出
  座次 A（白板，手牌【杀】），B（白板，手牌【闪】）
  当前 A 出牌阶段
  其余 严格
  答 A对B使用【杀】，B使用【闪】
  期望 B的体力为4

例 自己的嵌套询问：八卦阵的判定中发动天妒
  座次 A（白板，手牌【杀】），B（郭嘉，装备【八卦阵】）
  牌堆顶 红桃5【桃】
  当前 A 出牌阶段
  答 A对B使用【杀】，B发动〖八卦阵〗使用【闪】，B发动〖天妒〗
  期望 B的体力为3，B的手牌中有【桃】

例 轮数从主公起
  座次 A（白板，主公），B（白板），C（白板）
  当前 B 出牌阶段
  答 B结束出牌阶段，C结束出牌阶段
  期望 当前回合角色为A，轮数为2

例 轮数：主公之前同一轮
  座次 A（白板，主公），B（白板），C（白板）
  当前 B 出牌阶段
  答 B结束出牌阶段
  期望 当前回合角色为C，轮数为1

例 盲选：另一名角色的手牌
  座次 A（白板，手牌【过河拆桥】），B（白板，手牌两张，装备【八卦阵】）
  当前 A 出牌阶段
  其余 放弃
  答 A对B使用【过河拆桥】，A选择B的一张手牌
  期望 A看不到其选择的牌，B的手牌数为1

例 错：盲选：装备区里的牌看得到
  座次 A（白板，手牌【过河拆桥】），B（白板，手牌两张，装备【八卦阵】）
  当前 A 出牌阶段
  其余 放弃
  答 A对B使用【过河拆桥】，A选择B的【八卦阵】
  期望 A看不到其选择的牌

例 目标已定而游戏于使用中结束
  座次 A（白板，主公，手牌【杀】），B（白板，反贼，体力1）
  当前 A 出牌阶段
  答 A对B使用【杀】
  期望 游戏结束，A获胜

例 错：只有一名角色
  座次 A（白板）
  期望 A的体力为4

例 弃牌堆与处理区里的牌数
  座次 A（白板，手牌【杀】【杀】），B（白板，体力5）
  当前 A 出牌阶段
  其余 放弃
  答 A对B使用【杀】
  期望 弃牌堆里有1张【杀】，处理区里没有【杀】，A的手牌中有1张【杀】，牌堆里有【闪】
"""

FAILS = {  # title -> (code, the failing line starts with)
    "错：伤害的属性": ("SGS503", "期望"),
    "错：伤害的来源": ("SGS503", "期望"),
    "错：可选择的角色": ("SGS503", "期望"),
    "错：不能选择的角色被拒绝": ("SGS504", "答"),
    "错：不是合法目标的角色被拒绝": ("SGS504", "答"),
    "错：可对谁使用": ("SGS503", "期望"),
    "错：未获胜": ("SGS503", "期望"),
    "错：询问的牌名": ("SGS503", "期望"),
    "错：回复的次数": ("SGS503", "期望"),
    "错：时机的主体": ("SGS503", "期望"),
    "错：回合内": ("SGS503", "期望"),
    "错：目标的顺序": ("SGS503", "期望"),
    "错：时机之前的询问须有答": ("SGS504", "于"),
    "错：严格：未写出的询问": ("SGS504", "期望"),
    "错：盲选：装备区里的牌看得到": ("SGS503", "期望"),
    "错：只有一名角色": ("SGS501", "座次"),
}


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    f = tmp_path_factory.mktemp("language") / "例.sgs"
    f.write_text(RULINGS, encoding="utf-8")
    proj = load_project([f])
    assert proj.errors == [], proj.errors
    lines = RULINGS.splitlines()
    return {o.decl.title: (o, lines) for o in R.run_ruling_decls(proj, paths={display_path(f)})}


def titles():
    return [line[2:].strip() for line in RULINGS.splitlines() if line.startswith("例 ")]


@pytest.mark.parametrize("title", titles())
def test_construct(outcomes, title):
    o, lines = outcomes[title]
    d = o.diagnostic
    if title not in FAILS:
        assert d is None, d
        return
    code, start = FAILS[title]
    assert d is not None, "the ruling should fail"
    assert d.code == code, d
    assert lines[d.span.line - 1].strip().startswith(start), (d.span, d.message)


def test_a_refused_answer_names_the_options(outcomes):
    d = outcomes["错：不能选择的角色被拒绝"][0].diagnostic
    assert "refused" in d.message and "of BC" in d.message, d.message
    d = outcomes["错：不是合法目标的角色被拒绝"][0].diagnostic
    assert "refused" in d.message and "SGS505" not in d.message


def test_every_failure_is_a_construct_of_this_file():
    assert set(FAILS) <= set(titles())
