"""The suite's per-test time limit (docs/decisions/0141): a test that loops fails the run with
its stack instead of stalling CI until its hard limit. Found when a mutated idle test made the
games loop in-process (session 36)."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_default_run_has_a_limit_that_stops_compiled_code(request):
    # thread: a watchdog thread ends the process, which also stops a loop inside compiled C
    # that never returns to the interpreter (a signal would wait for it)
    assert request.config.getini("timeout_method") == "thread"
    limit = float(request.config.getini("timeout"))
    # above the slowest test on CI's two cores, far below CI's 90-minute hard limit
    assert 300 <= limit <= 1200


def test_a_looping_test_fails_with_its_stack(tmp_path):
    (tmp_path / "test_loop.py").write_text(
        "def test_loop():\n    while True:\n        pass\n", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                        "-o", "timeout=2", "-o", "timeout_method=thread",
                        "--rootdir", str(tmp_path), str(tmp_path / "test_loop.py")],
                       cwd=tmp_path, capture_output=True, text=True, timeout=120)
    out = r.stdout + r.stderr
    assert r.returncode != 0
    assert "Timeout" in out and "test_loop" in out


def test_a_looping_test_fails_with_its_stack_in_a_worker(tmp_path):
    # the README's run has xdist workers (docs/decisions/0176), which have no terminal of their
    # own: the root conftest (loaded here as a plugin, SGS_PURE=1 for no build) gives the dump
    # the worker's stderr, else the run would say only "worker 'gw0' crashed"
    (tmp_path / "test_loop.py").write_text(
        "def test_loop():\n    while True:\n        pass\n", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                        "-p", "tests.conftest", "-n", "1",
                        "-o", "timeout=2", "-o", "timeout_method=thread",
                        "--rootdir", str(tmp_path), str(tmp_path / "test_loop.py")],
                       cwd=tmp_path, capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, SGS_PURE="1", PYTHONPATH=str(ROOT)))
    out = r.stdout + r.stderr
    assert r.returncode != 0
    # the looping frame itself, from the dump (the crash report names the test, not its lines)
    assert "+ Timeout +" in out and re.search(r'test_loop\.py", line [23], in test_loop', out), \
        out[-3000:]


@pytest.mark.soak
def test_a_soak_test_gets_the_long_limit(request):
    from tests.conftest import SOAK_TIMEOUT_S
    assert request.node.get_closest_marker("timeout").args == (SOAK_TIMEOUT_S,)
