"""A 时机 term whose body has two conditions: the compiler joins them with 且 (lower.timing_of);
the skill is offered only when both hold."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_timing_with_two_conditions_checks_both():
    f = Path(__file__).with_name("双条件.sgs")
    r = subprocess.run([sys.executable, "-m", "compiler.cli", "check", str(f)], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert "3 of 3 ruling(s) passed" in r.stdout
