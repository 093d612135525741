import sys


def pytest_configure(config):
    """Like tests/runtime: rebuild stale compiled core modules (prims included) unless
    SGS_PURE=1, so the rulings never run on a stale prims .so."""
    import os
    if os.environ.get("SGS_PURE", "") in ("", "0") and "core.engine" not in sys.modules:
        from core.build import build_core
        build_core()
