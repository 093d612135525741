"""A module's freshness: an engine module that cimports a room's .pxd (the engine lists.pxd,
the dispatch smallint.pxd) is rebuilt when that .pxd changes, as the rooms and units are."""
import os

from core import build


def test_the_three_forms_of_a_rooms_cimport_are_read(tmp_path):
    py = tmp_path / "m.py"
    py.write_text("if cython.compiled:\n"
                  "    from cython.cimports.core.prims.lists import ints_append\n"
                  "from core.prims import base   # an import, not a cimport\n", encoding="utf-8")
    pxd = tmp_path / "m.pxd"
    pxd.write_text("from core.prims.smallint cimport small_int\ncimport core.prims.streq\n",
                   encoding="utf-8")
    assert build._rooms_cimported([str(py), str(pxd), str(tmp_path / "none.pxd")]) == \
        ["lists", "smallint", "streq"]


def _stale_with_newer(monkeypatch, tmp_path, newer, mod):
    """_stale("core", mod) when only the file ending in ``newer`` is newer than mod's extension."""
    ext = tmp_path / "ext.so"
    ext.write_bytes(b"")
    monkeypatch.setattr(build, "_ext_path", lambda package, m, root=build.ROOT: str(ext))
    real = os.path.getmtime
    monkeypatch.setattr(build.os.path, "getmtime",
                        lambda p: 2.0 if p.endswith(newer) else 1.0 if os.path.exists(p)
                        else real(p))
    return build._stale("core", mod)


def test_an_engine_module_is_stale_after_a_room_pxd_it_cimports(monkeypatch, tmp_path):
    lists = os.path.join("core", "prims", "lists.pxd")
    assert "lists" in build._rooms_cimported([os.path.join(build.HERE, "engine.py")])
    assert _stale_with_newer(monkeypatch, tmp_path, lists, "engine")
    # a module that cimports no room is not rebuilt for it; nor for a .pxd nobody cimports
    assert not _stale_with_newer(monkeypatch, tmp_path, lists, "rng")
    assert not _stale_with_newer(monkeypatch, tmp_path, os.path.join("core", "nothing.pxd"),
                                 "engine")
