"""Spec mutations through the whole pipeline: read, parse, check, lower, emit, compile, import.

Whatever a spec holds — hostile names and paths, control characters, quotes, `{{ }}`, bytes
that are no UTF-8, sentences repeated past the limits, brackets and blocks nested deep,
huge numbers — the result is diagnostics or a generated engine that compiles, never an
exception, and nothing from the spec runs as code (every payload would create PWNED in the
working folder). The diagnostics are shown without raw control characters.

The normal run does 90 mutations (seconds); `pytest -m soak` does 100,000.
"""
from __future__ import annotations

import importlib
import random
import sys
from pathlib import Path

import pytest

from compiler.checker import Checker
from compiler.diagnostics import CODES, render
from compiler.emit import CodeTooLarge, render_units
from compiler.frontend import parse_source
from compiler.lower import Lowerer, spec_hash
from compiler.source import Source, SourceError, decode

HERE = Path(__file__).resolve().parent
FIXTURE = (HERE.parent / "frontend" / "vocab_fixture.sgs").read_text(encoding="utf-8")
SEED = FIXTURE + """\
标记 「忍」
卡牌 【酒】 基本
牌堆 测试堆
  【杀】 黑桃7 红桃8
  【闪】 方块2
  【酒】 梅花K
武将 测试甲 魏 男 4
  〖刚烈〗你受到伤害后，你可判定▶若结果不为红桃▷来源选择一项：1.弃置两张手牌；2.受到你造成的1点伤害。
  〖测试〗锁定技，你受到伤害时❶，若你健康，你摸一张牌。
武将 测试乙 蜀 女 3 主公
  〖回复〗你受到伤害后，你回复1点体力。
用语 〔甲：角色〕摸两张测试牌
  甲摸两张牌。
"""
PAYLOAD = '__import__("os").mkdir("PWNED")'
HOSTILE = [
    "\n", "\r", "\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x00", "'", '"', "'''", '"""', "\\",
    "{{ 1 }}", "{% raw %}", "{#", "#", "*/", "\x1b[31m", "\x1b]0;t\x07", "\u202e", "\ufeff",
    "\udcff", "\U0001F600", "\t", "\u3000", "（", "）", "{", "}", "〖", "】", "：", "。",
    "\n" + PAYLOAD + "\n#", "');" + PAYLOAD + "#", "'''\n" + PAYLOAD + "\n'''",
]
NAMES = ("测试甲", "测试乙", "刚烈", "测试", "回复", "酒", "忍", "测试堆", "伤害", "摸两张测试牌")
WORDS = ["受到伤害后", "受到伤害时❶", "▶", "▷", "→", "，", "。", "【杀】", "〖刚烈〗", "「忍」", "若",
         "选择一项：", "1.", "；", "你摸一张牌", "你健康", "且", "或", "\n  ", "\n    ", "   ", "#",
         "用语 ", "武将 ", "卡牌 ", "事件 ", "时机 ", "原语 ", "为 ", "99999999999999999999", "十十十"]
PATHS = ["fz.sgs", "a\n#'''" + ";" + PAYLOAD + "\n'''/fz.sgs", "b\n                #'''#/fz.sgs",
         "c\r\u2028\x85'\"\\{{x}}/fz.sgs", "d\udcff\udcfe/fz.sgs", "e\x1b[2J/fz.sgs"]


# what a name may hold and still parse (the hostile part reaches the generated tables)
IN_NAMES = ["'", '"', "'''", '"""', "\\", "\\n", "{{ 1 }}", "{%", "#", "*/", "\x1b[31m", "\u202e",
            "\ufeff", "\U0001F600", "\x07", "\x7f", "\x9b", "');" + PAYLOAD.replace(" ", "") + "#"]
# and a skill's name, between 〖〗, more: any character but 〗 and a line end
IN_SKILLS = IN_NAMES + ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", " ", "\t", "'''\u2028" + PAYLOAD]


def mutate(text: str, rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.2:   # the text as it is: only the path is hostile
        return text
    if kind < 0.6:   # names made hostile, the notation kept
        for _ in range(rng.randint(1, 3)):
            name = rng.choice(NAMES)
            extra = rng.choice(IN_SKILLS if name in ("刚烈", "测试", "回复") else IN_NAMES)
            text = text.replace(name, name + extra, rng.randint(1, 3))
        return text
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(9)
        i = rng.randrange(len(text) + 1)
        if op == 0 and text:   # delete a run
            text = text[:i] + text[i + rng.randint(1, 8):]
        elif op == 1:   # a word of the notation
            text = text[:i] + rng.choice(WORDS) + text[i:]
        elif op == 2:   # a hostile text anywhere
            text = text[:i] + rng.choice(HOSTILE) + text[i:]
        elif op == 3:   # a name made hostile (it reaches the generated code's tables)
            name = rng.choice(NAMES)
            text = text.replace(name, name + rng.choice(HOSTILE), rng.randint(1, 3))
        elif op == 4:   # a clause repeated past the limits
            text = text[:i] + "你摸一张牌，" * rng.choice([10, 100, 400]) + text[i:]
        elif op == 5:   # brackets nested
            k = rng.choice([3, 17, 40])
            text = text[:i] + "（" * k + "一" + "）" * k + text[i:]
        elif op == 6:   # 且 chained
            text = text[:i] + "且".join(["你健康"] * rng.choice([5, 40, 120])) + text[i:]
        elif op == 7:   # a line duplicated, or indented deeper
            lines = text.split("\n")
            k = rng.randrange(len(lines))
            lines.insert(k, " " * rng.choice([0, 2, 4, 40]) + lines[k])
            text = "\n".join(lines)
        elif text:   # two characters swapped
            j = rng.randrange(len(text))
            a, b = sorted((i % len(text), j))
            text = text[:a] + text[b] + text[a + 1:b] + text[a] + text[b + 1:]
    return text


def shown_cleanly(out: str) -> bool:
    return all(c.isprintable() or c in "\n\t" or c == "\u3000" for c in out)


def run_case(seed: int, tmp: Path):
    rng = random.Random(seed)
    text = mutate(SEED, rng)
    path = rng.choice(PATHS)
    raw = text.encode("utf-8", "surrogatepass")
    try:
        text = decode(raw)
    except SourceError:
        return "unreadable"
    source = Source(path, text)
    spec, diags = parse_source(source)
    checker = Checker([spec])
    diags += checker.run()
    for d in diags:
        assert d.code in CODES and d.span.line >= 1, (seed, d.code, d.message)
        out = render(d, source)
        assert shown_cleanly(out), (seed, out)
        assert len(out) < 3000, (seed, len(out))
    if any(d.severity == "error" for d in diags):
        return "diagnostics"
    module = Lowerer(checker, "fz", spec_hash({path: text})).run()
    try:
        units = render_units(module)
    except CodeTooLarge:
        return "too large"
    for name, code in units.items():
        code.encode("utf-8")
        compile(code, name, "exec")
    if seed % 10 == 0:   # import it too: a module runs when imported
        pkg = f"fz_{seed}"
        (tmp / pkg).mkdir()
        (tmp / pkg / "__init__.py").write_text("", encoding="utf-8")
        for name, code in units.items():
            (tmp / pkg / f"{name}.py").write_text(code, encoding="utf-8")
        sys.path.insert(0, str(tmp))
        try:
            importlib.invalidate_caches()
            for name in sorted(units):
                importlib.import_module(f"{pkg}.{name}")
        finally:
            sys.path.remove(str(tmp))
            for name in [m for m in sys.modules if m == pkg or m.startswith(pkg + ".")]:
                del sys.modules[name]
    assert not Path("PWNED").exists(), seed
    return "compiled"


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_seed_compiles(workdir):
    assert run_case(-1, workdir) in ("compiled", "diagnostics")
    spec, diags = parse_source(Source("seed.sgs", SEED))
    assert not [d for d in diags + Checker([spec]).run() if d.severity == "error"]


@pytest.mark.parametrize("block", range(3))
def test_mutations_give_diagnostics_or_safe_code(workdir, block):
    seen = {run_case(seed, workdir) for seed in range(block * 30, block * 30 + 30)}
    assert "compiled" in seen and "diagnostics" in seen   # both paths are exercised


@pytest.mark.soak
def test_mutations_soak(workdir):
    seen = {}
    for seed in range(10000, 110000):
        r = run_case(seed, workdir)
        seen[r] = seen.get(r, 0) + 1
    assert seen.get("compiled", 0) > 1000, seen
