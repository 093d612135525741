import sys
from pathlib import Path

# the repository root on sys.path, so `compiler`, `core`, `generated` import from the checkout
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def pytest_configure(config):
    """Rebuild the stale compiled core modules (prims included) before any test module imports
    the engine, unless SGS_PURE=1: the core runs compiled only when every .so is current
    (core/__init__.py), and which of the engines a process runs is decided once, at the first
    import. Here, in the root conftest, so that no folder's tests (tests/backend is collected
    first) import a stale core and leave the whole run on the pure engine, with the compiled
    engine's tests skipped rather than run.

    Under pytest-xdist (`-n auto`, docs/decisions/0176) only the controller builds: it
    configures before it starts the workers, and two workers building would write the same .c
    and .so files at once. A worker builds nothing; it checks that the core is current, and
    stops with the stale modules named if it is not (a source edited during the run)."""
    import os
    worker = hasattr(config, "workerinput")
    if worker:
        _stacks_to_stderr(config)
    if os.environ.get("SGS_PURE", "") in ("", "0") and "core.engine" not in sys.modules:
        from core import build
        if not worker:
            build.build_core()
            return
        stale = [m for m in build.MODULES if build._stale("core", m)]
        if stale:
            import pytest
            raise pytest.UsageError("xdist worker %s: core modules stale after the controller's "
                                    "build: %s" % (config.workerinput["workerid"], ", ".join(stale)))


def _stacks_to_stderr(config):
    """pytest-timeout's thread method writes the stacks of a test that ran out of time to the
    terminal writer, then ends the process (docs/decisions/0141). An xdist worker has no
    terminal reporter (its results go to the controller), so the dump would fail and the run
    would say only "worker crashed": the worker's writer is its stderr, which it shares with
    the controller's terminal."""
    from _pytest._io import TerminalWriter
    writer = TerminalWriter(sys.__stderr__)
    config.get_terminal_writer = lambda: writer


# a soak block plays thousands of games, and the "every skill activated" soaks may play all
# their blocks in one test: they are run by hand (-m soak), so the suite's per-test limit
# (pyproject's timeout, for the default run) is raised for them rather than dropped
SOAK_TIMEOUT_S = 4 * 3600


def pytest_collection_modifyitems(config, items):
    import pytest
    for item in items:
        if item.get_closest_marker("soak") is not None:
            item.add_marker(pytest.mark.timeout(SOAK_TIMEOUT_S))
