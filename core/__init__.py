"""sgs scheduling core.

Compiled extension modules (built in place by ``core.build``/``sgs build``) take precedence
over the ``.py`` sources, as usual in Python, but only when they are *current*: a ``.so``
older than its sources plays other games than the sources, so it is never imported. The
core's modules and the generated engine's units (``generated.*``, whose package imports
``core`` first) each run compiled only if every one of their ``.so`` files exists and is
current; otherwise that package runs from its ``.py`` sources and ``uncompiled_reason()``
says why. Set ``SGS_PURE=1`` before the first ``import core`` to force the pure-Python
sources for both. (A compiled generated unit needs the compiled core: with a pure core the
generated units are pure too; a pure generated unit runs on the compiled core.)

The decision is taken for a package when its first module is imported (not at ``import
core``: ``core.build`` is plain Python and may first bring the core up to date).
"""
import os as _os
import sys as _sys

PURE = _os.environ.get("SGS_PURE", "") not in ("", "0")
_ROOT = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__)))

# package -> None (compiled .so files used) or the reason its .py sources run; decided once
_WHY = {}


def _decide(package):
    if package in _WHY:
        return _WHY[package]
    why = None
    if PURE:
        why = "SGS_PURE=1 is set"
    elif package == "generated" and _decide("core") is not None:
        why = "the core runs uncompiled (%s)" % (_decide("core"),)
    else:
        from . import build as _b
        if package == "core":
            mods = _b.MODULES
        else:
            folder = _os.path.join(_ROOT, package)
            mods = sorted(f[:-3] for f in _os.listdir(folder)
                          if f.endswith(".py") and f != "__init__.py")
        missing = [m for m in mods if not _os.path.exists(_b._ext_path(package, m))]
        stale = [m for m in mods if m not in missing and _b._stale(package, m)]
        if missing and len(missing) == len(mods):
            why = "%s/ is not compiled (no .so files: run `sgs build`)" % (package,)
        elif missing or stale:
            parts = []
            if missing:
                parts.append("missing: " + ", ".join(missing))
            if stale:
                parts.append("older than their sources: " + ", ".join(stale))
            why = "%s/ .so files %s (run `sgs build`)" % (package, "; ".join(parts))
    _WHY[package] = why
    return why


_BUILD = ("core.build", "core.pgo")


class _SourceFinder:
    """Resolve ``core.<mod>``, ``core.prims.<room>`` and ``generated.<mod>`` to the ``.py``
    source, ignoring ``.so``, when their package runs uncompiled (_decide)."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        parts = name.split(".")
        # (the build's own modules: plain Python, imported while a package is being decided)
        if parts[0] not in ("core", "generated") or len(parts) < 2 or name in _BUILD:
            return None
        if len(parts) > 2 and parts[:2] != ["core", "prims"] or len(parts) > 3:
            return None
        folder = _os.path.join(_ROOT, *parts[:-1])
        if parts[0] == "generated" and _os.path.dirname(_os.path.abspath(
                _sys.modules["generated"].__file__)) != folder:
            return None   # another package of that name
        if _decide(parts[0]) is None:
            return None
        import importlib.machinery as _m
        import importlib.util as _u
        src = _os.path.join(folder, parts[-1] + ".py")
        if not _os.path.exists(src):
            return None
        return _u.spec_from_file_location(name, src, loader=_m.SourceFileLoader(name, src))


if not any(type(f).__name__ == "_SourceFinder" for f in _sys.meta_path):
    _sys.meta_path.insert(0, _SourceFinder())


def compiled():
    """True if core.engine is the compiled extension."""
    from . import engine
    return not engine.__file__.endswith(".py")


def uncompiled_reason():
    """None when the core and the generated engine imported so far run compiled, else why
    they do not (SGS_PURE=1, .so files missing or older than their sources)."""
    from . import engine  # noqa: F401  (decides the core)
    why = _decide("core")
    if why is None and "generated" in _sys.modules:
        why = _decide("generated")
    return why
