"""sgs scheduling core.

Compiled extension modules (built in place by ``core.build.build_core``) take
precedence over the ``.py`` sources, as usual in Python.  Set the environment
variable ``SGS_PURE=1`` before the first ``import core`` to force the pure
Python sources even when ``.so`` files are present — for ``core.*`` and for
the generated engine ``generated.*`` (whose package imports ``core`` first).
"""
import os as _os
import sys as _sys

PURE = _os.environ.get("SGS_PURE", "") not in ("", "0")

if PURE:
    import importlib.machinery as _m
    import importlib.util as _u

    class _PureFinder:
        """Resolve ``core.<mod>`` and ``core.prims.<room>`` (and ``generated.<mod>``) to the
        ``.py`` source, ignoring ``.so``."""

        @staticmethod
        def find_spec(name, path=None, target=None):
            parts = name.split(".")
            if parts[0] not in ("core", "generated") or len(parts) < 2:
                return None
            if len(parts) > 2 and parts[:2] != ["core", "prims"] or len(parts) > 3:
                return None
            folder = _os.path.join(_os.path.dirname(_os.path.dirname(__file__)), *parts[:-1])
            src = _os.path.join(folder, parts[-1] + ".py")
            if not _os.path.exists(src):
                return None
            return _u.spec_from_file_location(
                name, src, loader=_m.SourceFileLoader(name, src))

    if not any(type(f).__name__ == "_PureFinder" for f in _sys.meta_path):
        _sys.meta_path.insert(0, _PureFinder())


def compiled():
    """True if core.engine is the compiled extension."""
    from . import engine
    return not engine.__file__.endswith(".py")
