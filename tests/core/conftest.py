"""Mode selection for the core tests.

* default: the compiled core is (re)built incrementally before any test
  imports it (``core.build.build_core``, tests/conftest.py), so the tests run
  against the compiled extension modules;
* ``SGS_PURE=1``: nothing is built and the pure-Python sources are imported
  even if ``.so`` files are present (see core/__init__.py).
test_compiled.py additionally runs both modes in subprocesses and compares
their logs byte for byte.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


def pytest_report_header(config):
    import core
    return "sgs core: %s" % ("compiled" if core.compiled() else "pure Python")
