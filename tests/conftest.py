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
    engine's tests skipped rather than run."""
    import os
    if os.environ.get("SGS_PURE", "") in ("", "0") and "core.engine" not in sys.modules:
        from core.build import build_core
        build_core()


# a soak block plays thousands of games, and the "every skill activated" soaks may play all
# their blocks in one test: they are run by hand (-m soak), so the suite's per-test limit
# (pyproject's timeout, for the default run) is raised for them rather than dropped
SOAK_TIMEOUT_S = 4 * 3600


def pytest_collection_modifyitems(config, items):
    import pytest
    for item in items:
        if item.get_closest_marker("soak") is not None:
            item.add_marker(pytest.mark.timeout(SOAK_TIMEOUT_S))
