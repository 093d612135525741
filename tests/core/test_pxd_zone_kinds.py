"""The zone kinds `core/prims/handname.pxd` restates as C constants (its hands' counts read
HAND_KIND, the kept attack ranges WEAPON_KIND: docs/decisions/0114, 0121) are core/codes.py's.
A .pxd enum cannot import a Python constant, and a compiled game that disagreed would count the
wrong zone's cards and keep ranges past a weapon's move; this names the mismatch directly."""
import re
from pathlib import Path

from core import codes

PXD = Path(__file__).resolve().parents[2] / "core" / "prims" / "handname.pxd"


def _enum_values(text: str) -> dict:
    return {m.group(1): int(m.group(2))
            for m in re.finditer(r"^\s+([A-Z_]+_KIND)\s*=\s*(-?\d+)", text, re.M)}


def test_handname_pxd_kinds_are_the_codes():
    kinds = _enum_values(PXD.read_text(encoding="utf-8"))
    assert kinds == {"HAND_KIND": codes.Z_HAND, "WEAPON_KIND": codes.Z_WEAPON}


def test_a_changed_kind_is_seen():
    text = PXD.read_text(encoding="utf-8").replace("WEAPON_KIND = 4", "WEAPON_KIND = 5")
    assert _enum_values(text)["WEAPON_KIND"] != codes.Z_WEAPON
