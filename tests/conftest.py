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
