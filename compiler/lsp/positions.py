"""Spans (1-based lines, columns in characters) <-> LSP positions (0-based, in the code units
the client and server agreed on: UTF-16 unless the client offers another).

A CJK character is one UTF-16 unit, a character outside the Basic Multilingual Plane (an
emoji, a rare 𠀀 ideograph) two: columns are converted through the line's own text, never by
arithmetic on the column.
"""
from __future__ import annotations

from lsprotocol import types as T
from pygls.workspace.position_codec import PositionCodec

from ..source import Span


def lsp_range(span: Span, line_text, codec: PositionCodec) -> T.Range:
    """``line_text(n)`` gives the text of 1-based line n. A span that runs past the end of
    its first line (a ruling line with its line end, a whole declaration) is drawn to the end
    of that line, as the CLI's caret is."""
    first = line_text(span.line)
    end_col = span.end_column if span.end_line == span.line else len(first) + 1
    end_col = max(end_col, span.column)
    return T.Range(_position(span.line, span.column, first, codec), _position(span.line, end_col, first, codec))


def lsp_block_range(span: Span, line_text, codec: PositionCodec) -> T.Range:
    """A span over several lines (a declaration) as a range over those lines."""
    last_line = span.end_line
    end_col = span.end_column
    if last_line > span.line and end_col <= 1:  # ends at the start of the next line: its end is the line before
        last_line -= 1
        end_col = len(line_text(last_line)) + 1
    start = _position(span.line, span.column, line_text(span.line), codec)
    end = _position(last_line, end_col, line_text(last_line), codec)
    return T.Range(start, end)


def _position(line: int, column: int, text: str, codec: PositionCodec) -> T.Position:
    return T.Position(line - 1, codec.client_num_units(text[: max(column - 1, 0)]))


def column_of(position: T.Position, line_text: str, codec: PositionCodec) -> int:
    """The 1-based character column of a client position on a line of ``line_text``."""
    units = 0
    for i, ch in enumerate(line_text):
        if units >= position.character:
            return i + 1
        units += codec.client_num_units(ch)
    return len(line_text) + 1
