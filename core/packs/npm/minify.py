"""Minification of one source file, line numbers kept: comments, indentation and local names.

Comments and the indentation of each line are most of what separates a
library's published files from a minified bundle (zod 4's files are about
half comments and JSDoc), and removing them changes nothing a program can
observe except `Function.prototype.toString` output. Every line break stays
(a block comment spanning lines becomes as many line breaks), so automatic
semicolon insertion sees the same program and the missing-global warnings
keep their line numbers. Text inside strings, template literals and regular
expression literals is never touched: only comment nodes and the whitespace
at the start of a line that begins outside such a literal are removed.
The names local to a function are shortened too (`rename`: parameters and
local variables; never a function's or class's name, a module's top-level
names or a property), so a stack trace keeps its line numbers and function
names and only a local variable reads shorter.
One more edit rides on this pass, a regex literal's `v` flag written as `u`
where both mean the same (`regexflags`: the guest's parser refuses valid `v`
patterns).
"""

from __future__ import annotations

from tree_sitter import Node, Tree

from core import jsparse
from core.packs.npm import regexflags
from core.packs.npm.rename import local_renames
from core.packs.npm.scope import Analysis

#: Node types whose text spans lines verbatim (a line inside one keeps its indentation).
_VERBATIM = frozenset({"template_string", "string", "regex"})


def minify(source: str, tree: Tree, analysis: Analysis | None = None) -> str:
    """`source` (parsed as `tree`) without comments or leading indentation, and with its local names shortened
    when given its scope `analysis`; same lines, same meaning."""
    data = source.encode("utf-8")
    cuts: list[tuple[int, int, bytes]] = [] if analysis is None else local_renames(tree, analysis)
    verbatim: list[tuple[int, int]] = []
    for node in jsparse.walk(tree.root_node):
        if node.type == "comment":
            body = data[node.start_byte : node.end_byte]
            keep = b"\n" * body.count(b"\n")
            cuts.append((node.start_byte, node.end_byte, keep or (b"" if body.startswith(b"//") else b" ")))
        elif node.type in _VERBATIM and node.start_point[0] != node.end_point[0]:
            verbatim.append((node.start_byte, node.end_byte))
        if node.type == "regex":
            cuts.extend(_unicode_sets(node))
    cuts.extend(_indentation(data, verbatim))
    cuts.sort()
    out = bytearray()
    position = 0
    for start, end, keep in cuts:
        if start < position:
            continue  # indentation inside a removed comment: already gone
        out += data[position:start]
        out += keep
        position = end
    out += data[position:]
    return out.decode("utf-8")


def _unicode_sets(regex: Node) -> list[tuple[int, int, bytes]]:
    """The cut that writes a `v` literal's flags as `u` where that means the same (see `regexflags`)."""
    pattern = regex.child_by_field_name("pattern")
    flags = regex.child_by_field_name("flags")
    if pattern is None or flags is None:
        return []
    written = regexflags.as_unicode(jsparse.text(pattern), jsparse.text(flags))
    return [] if written is None else [(flags.start_byte, flags.end_byte, written.encode("ascii"))]


def _indentation(data: bytes, verbatim: list[tuple[int, int]]) -> list[tuple[int, int, bytes]]:
    """Leading spaces and tabs of every line that starts outside a multi-line literal."""
    cuts = []
    spans = sorted(verbatim)
    index = 0
    line = 0
    size = len(data)
    while line < size:
        end = line
        while end < size and data[end] in b" \t":
            end += 1
        while index < len(spans) and spans[index][1] <= line:
            index += 1
        inside = index < len(spans) and spans[index][0] < line
        if end > line and not inside:
            cuts.append((line, end, b""))
        newline = data.find(b"\n", end)
        if newline == -1:
            break
        line = newline + 1
    return cuts
