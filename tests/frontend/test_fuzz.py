"""Mutation fuzzing of the real specs: whatever the input, only diagnostics, never a crash.

The default run does 500 mutations; `pytest -m soak` does 20,000.
"""
from __future__ import annotations

import random

import pytest

from compiler.checker import Checker
from compiler.frontend import parse_source
from compiler.project import SPECS, spec_files
from compiler.source import Source, decode, SourceError

FILES = [(p, p.read_text(encoding="utf-8")) for p in spec_files([SPECS])]
NEAR_MISSES = ["受到伤害后", "受到伤害时❷", "回合开始后❾", "判定结果确定前", "▶", "▷", "→", "，", "。",
               "【杀】", "〖刚烈〗", "「忍」", "若", "选择一项：", "1.", "；", "（", "）", "{", "}", "\n  ",
               "\n", "   ", "\t", "#", "〔甲：角色〕", "时机 ", "事件 ", "用语 ", "武将 ", "卡牌 ", "例 "]


def mutate(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(5)
        i = rng.randrange(len(text) + 1)
        if op == 0 and text:  # delete a run
            text = text[:i] + text[i + rng.randint(1, 8):]
        elif op == 1:  # insert a symbol or a near-miss word
            text = text[:i] + rng.choice(NEAR_MISSES) + text[i:]
        elif op == 2 and len(text) > 2:  # swap two characters
            j = rng.randrange(len(text))
            a, b = sorted((i % len(text), j))
            text = text[:a] + text[b] + text[a + 1:b] + text[a] + text[b + 1:]
        elif op == 3:  # replace a timing-like word with a near miss
            for word in ("后", "时", "前", "❶", "❷", "阶段"):
                k = text.find(word, i)
                if k >= 0:
                    text = text[:k] + rng.choice(["后", "时", "前", "❸", "❾", ""]) + text[k + len(word):]
                    break
        else:  # duplicate a line
            lines = text.split("\n")
            k = rng.randrange(len(lines))
            lines.insert(k, lines[k])
            text = "\n".join(lines)
    return text


def run_case(seed: int, full_check: bool):
    rng = random.Random(seed)
    path, text = FILES[rng.randrange(len(FILES))]
    bad = mutate(text, rng)
    if rng.random() < 0.05:  # raw bytes, not text
        raw = bad.encode("utf-8")
        k = rng.randrange(len(raw) + 1)
        raw = raw[:k] + bytes([rng.randrange(256)]) + raw[k:]
        try:
            bad = decode(raw)
        except SourceError:
            return
    spec, diags = parse_source(Source(str(path), bad))
    for d in diags:
        assert d.code.startswith("SGS") and d.span.line >= 1
    if full_check:
        for d in Checker([spec]).run():
            assert d.code.startswith("SGS") and d.span.line >= 1


@pytest.mark.parametrize("block", range(10))
def test_mutations_give_only_diagnostics(block):
    for seed in range(block * 50, block * 50 + 50):
        run_case(seed, full_check=(seed % 10 == 0))


@pytest.mark.soak
def test_mutations_soak():
    for seed in range(1000, 21000):
        run_case(seed, full_check=(seed % 10 == 0))


def test_empty_and_odd_inputs():
    for text in ["", "\n\n", "#只有注释\n", "   \n", "武将", "【", "〖刚烈〗", "\ufeff武将 甲 魏 男 4\n", "\x01\x02"]:
        spec, diags = parse_source(Source("odd.sgs", text))
        Checker([spec]).run()
