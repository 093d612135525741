"""Compiler output (see compiler/templates): committed .py sources, ignored build products."""
