"""Compiler output (see compiler/templates): committed .py sources, ignored build products.

``core`` is imported first so that SGS_PURE=1 also selects the .py sources here."""
import core  # noqa: F401  (installs the SGS_PURE finder)
