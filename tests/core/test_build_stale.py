"""A module's freshness in the repository: an engine module that cimports a room's .pxd (the
engine lists.pxd, the dispatch smallint.pxd) is rebuilt when that .pxd changes, and a module is
not rebuilt for a .pxd it does not reach (docs/decisions/0192; the reading itself:
test_build_deps.py)."""
import os

from core import build


def test_the_three_forms_of_a_rooms_cimport_are_read():
    modules, _ = build._cimported_names(
        "if cython.compiled:\n"
        "    from cython.cimports.core.prims.lists import ints_append\n"
        "from core.prims import base   # an import, not a cimport\n"
        "from core.prims.smallint cimport small_int\ncimport core.prims.streq\n")
    assert {"core.prims.lists", "core.prims.smallint", "core.prims.streq"} <= modules
    assert not any(m.startswith("core.prims.base") for m in modules)


def _stale_with_newer(monkeypatch, tmp_path, newer, mod, package="core"):
    """_stale(package, mod) when only the file ending in ``newer`` is newer than mod's extension."""
    ext = tmp_path / "ext.so"
    ext.write_bytes(b"")
    monkeypatch.setattr(build, "_ext_path", lambda package, m, root=build.ROOT: str(ext))
    real = os.path.getmtime
    monkeypatch.setattr(build.os.path, "getmtime",
                        lambda p: 2.0 if p.endswith(newer) else 1.0 if os.path.exists(p)
                        else real(p))
    return build._stale(package, mod)


def test_an_engine_module_is_stale_after_a_room_pxd_it_cimports(monkeypatch, tmp_path):
    lists = os.path.join("core", "prims", "lists.pxd")
    assert os.path.join(build.ROOT, lists) in build._dependencies("core", "engine")
    assert _stale_with_newer(monkeypatch, tmp_path, lists, "engine")
    # a module that cimports no room is not rebuilt for it; nor for a .pxd nobody cimports
    assert not _stale_with_newer(monkeypatch, tmp_path, lists, "rng")
    assert not _stale_with_newer(monkeypatch, tmp_path, os.path.join("core", "nothing.pxd"),
                                 "engine")


def test_a_pxd_rebuilds_the_modules_that_reach_it_only(monkeypatch, tmp_path):
    # each room's .pxd: the rooms and units that reach it are stale after it, the others not
    # (before decision 0192 every room and unit was stale after any room's .pxd)
    units = sorted(f[:-3] for f in os.listdir(os.path.join(build.ROOT, "generated"))
                   if f.endswith(".py") and f != "__init__.py")
    modules = [("core", m) for m in build.MODULES] + [("generated", u) for u in units]
    spared = 0
    for pxd in ["verdict.pxd", "moving.pxd"]:
        path = os.path.join(build.ROOT, "core", "prims", pxd)
        for pkg, m in modules:
            reaches = path in build._dependencies(pkg, m)
            assert _stale_with_newer(monkeypatch, tmp_path, path, m, pkg) == reaches, (pxd, m)
            spared += not reaches
    assert spared > len(modules)
