"""seeded_games.run_both: a script's output, the same on the pure engine and as built, or the
test that runs it fails (the many tests that hold the readable reference and the compiled
engine to the same answers rely on it)."""
import pytest

from seeded_games import run_both

BY_MODE = r"""
import os
print("pure" if os.environ.get("SGS_PURE") == "1" else "built")
"""


def test_run_both_answers_the_output_both_engines_print():
    assert run_both('import sys; print(" ", sys.argv[1], " ")', "same") == "same"


def test_run_both_fails_when_the_two_engines_print_differently():
    with pytest.raises(AssertionError, match="'pure'.*'built'"):
        run_both(BY_MODE)
