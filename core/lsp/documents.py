"""An editor's open file as the body the language service checks, and positions between the two.

A `.js` or `.ts` file is a body (a plain body file, as `cordon run` takes it: `inputs` untyped).
A `.node.json` document holds its body as a JSON list of lines, one element per line as Cordon
saves it (core/codenode/document.py): the body's line k is the document's line of element k, and a
column inside the JSON string maps through its escapes. Its inputs, outputs and language come from
the document. A document that does not parse yet (half typed) has no body until it does.

Positions are LSP's: 0-based lines, characters in UTF-16 units.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from core.typescript.context import BodyContext, Handle, pack_context
from core.typescript.service import Position

_BODY_KEY = re.compile(r'^\s*"body"\s*:\s*\[\s*$')


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _code_points(line: str, units: int) -> int:
    """The code-point column of UTF-16 column `units` in `line`."""
    count = 0
    for index, ch in enumerate(line):
        if count >= units:
            return index
        count += 2 if ord(ch) > 0xFFFF else 1
    return len(line)


@dataclass(frozen=True)
class BodyView:
    """The body inside one open file, its context, and how positions map (None outside the body)."""

    body: str
    ctx: BodyContext
    #: For a node document: the document line of each body line, and each such line's text.
    rows: tuple[int, ...] | None = None
    lines: tuple[str, ...] = ()

    def to_body(self, at: Position) -> Position | None:
        if self.rows is None:
            return at
        line, units = at
        if line not in self.rows:
            return None
        index = self.rows.index(line)
        raw = self.lines[line]
        start = raw.index('"') + 1
        column = _code_points(raw, units)
        if column < start:
            return None
        body_line = self.body.split("\n")[index]
        # the longest prefix of the body line whose escaped form fits before the caret
        for cut in range(len(body_line), -1, -1):
            if start + len(_escaped(body_line[:cut])) <= column:
                return index, _utf16(body_line[:cut])
        return index, 0

    def to_document(self, at: Position) -> Position:
        if self.rows is None:
            return at
        line, units = at
        body_lines = self.body.split("\n")
        line = min(line, len(body_lines) - 1)
        raw = self.lines[self.rows[line]]
        start = raw.index('"') + 1
        text = body_lines[line]
        cut = _code_points(text, units)
        return self.rows[line], _utf16(raw[:start] + _escaped(text[:cut]))


def _escaped(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)[1:-1]


def view_of(uri: str, text: str, catalog: Any) -> BodyView | None:
    """The body of an open file, or None for a file the service does not serve (or not yet)."""
    path = uri.lower()
    if path.endswith(".node.json"):
        return _node_view(text, catalog)
    if path.endswith((".ts", ".mts", ".cts")):
        language = "typescript"
    elif path.endswith((".js", ".mjs")):
        language = "javascript"
    else:
        return None
    packs, files, real = pack_context(text, catalog)
    return BodyView(text, BodyContext(language, None, (), packs, files, real))


def _node_view(text: str, catalog: Any) -> BodyView | None:
    from core.codenode import loads
    from core.errors import CordonError

    try:
        doc = loads(text, source="the open document")
    except CordonError:  # half typed, or not a node document: no body until it parses again
        return None
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if _BODY_KEY.match(line)), None)
    body_lines = doc.body.split("\n")
    if start is None:
        return None
    rows = tuple(range(start + 1, start + 1 + len(body_lines)))
    for row, expected in zip(rows, body_lines, strict=True):
        raw = lines[row].strip().rstrip(",") if row < len(lines) else ""
        try:
            if json.loads(raw) != expected:
                return None
        except ValueError:
            return None
    packs, files, real = pack_context(doc.body, catalog)
    ctx = BodyContext(
        doc.language,
        tuple(Handle(h.name, h.type) for h in doc.inputs),
        tuple(Handle(h.name, h.type) for h in doc.outputs),
        packs,
        files,
        real,
    )
    return BodyView(doc.body, ctx, rows, tuple(lines))
