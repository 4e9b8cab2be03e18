"""`@cordon/sandbox-diff`: a unified diff of two texts on the host, in jsdiff's format.

The reference calls jsdiff 5's `createTwoFilesPatch(oldName, newName, before,
after, oldHeader, newHeader, {context})`. No Python library writes jsdiff's
patches, and difflib pairs ambiguous lines differently from jsdiff's Myers
(a different, equally valid patch; and it is quadratic on long texts with
scattered changes), so this is a port of jsdiff 5.2: lines split as jsdiff
splits them (`\\n` or `\\r\\n` ends a line and is part of it), its Myers walk
step for step (bounded: `diff-too-large` past `MYERS_BUDGET` steps), hunks
grouped, merged and counted by its `structuredPatch`, printed by its
`formatPatch` — the
`=====` separator, `Index:` when both names are equal, `@@ -0,0` for an empty
side, `\\ No newline at end of file` where jsdiff puts it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from core.bridges.base import worker_check_alive
from core.errors import SandboxRefusal
from core.packs.host_registry import Arg, HostExport, HostModule, option, options_arg

DEFAULT_CONTEXT = 3
MAX_CONTEXT = 100
NO_NEWLINE = "\\ No newline at end of file"
SEPARATOR = "=" * 67
#: Steps of the O(ND) line matching before it gives up (~6 s of Python: 2,000 changed lines in 100,000).
MYERS_BUDGET = 4_000_000
_LINE_END = re.compile(r"(\n|\r\n)")


def _tokens(text: str) -> list[str]:
    """jsdiff's line tokens: each line with its line ending."""
    parts = _LINE_END.split(text)
    if not parts[-1]:
        parts.pop()
    tokens: list[str] = []
    for i, part in enumerate(parts):
        if i % 2:
            tokens[-1] += part
        else:
            tokens.append(part)
    return [t for t in tokens if t]


class _Component:
    """A run of the edit path (jsdiff's linked `lastComponent`): kind "=", "+" or "-"."""

    __slots__ = ("count", "kind", "previous")

    def __init__(self, kind: str, count: int, previous: _Component | None) -> None:
        self.kind, self.count, self.previous = kind, count, previous


class _Path:
    __slots__ = ("last", "old_pos")

    def __init__(self, old_pos: int, last: _Component | None) -> None:
        self.old_pos, self.last = old_pos, last


def _myers(old: list[str], new: list[str]) -> list[tuple[str, list[str]]] | None:
    """jsdiff 5's `Diff.prototype.diff` on line tokens, ported step for step (same pairing of lines).

    None when the edit graph takes more than `MYERS_BUDGET` steps (the walk is O(ND): a few
    thousand changed lines in 100,000 fit, two wholly different large texts do not).
    """
    old_len, new_len = len(old), len(new)
    steps = 0

    def extend(path: _Path, diagonal: int) -> int:  # jsdiff's extractCommon
        nonlocal steps
        old_pos = path.old_pos
        new_pos = old_pos - diagonal
        start = new_pos
        while new_pos + 1 < new_len and old_pos + 1 < old_len and new[new_pos + 1] == old[old_pos + 1]:
            new_pos += 1
            old_pos += 1
        if new_pos > start:
            path.last = _Component("=", new_pos - start, path.last)
            steps += new_pos - start
        path.old_pos = old_pos
        return new_pos

    def step(path: _Path, kind: str) -> _Path:  # jsdiff's addToPath
        last = path.last
        if last is not None and last.kind == kind:
            return _Path(path.old_pos + (kind == "-"), _Component(kind, last.count + 1, last.previous))
        return _Path(path.old_pos + (kind == "-"), _Component(kind, 1, last))

    def build(last: _Component | None) -> list[tuple[str, list[str]]]:  # jsdiff's buildValues
        runs: list[_Component] = []
        while last is not None:
            runs.append(last)
            last = last.previous
        runs.reverse()
        out: list[tuple[str, list[str]]] = []
        old_pos = new_pos = 0
        for run in runs:
            if run.kind == "-":
                out.append(("-", old[old_pos : old_pos + run.count]))
                old_pos += run.count
                if len(out) > 1 and out[-2][0] == "+":  # removals are output first
                    out[-2], out[-1] = out[-1], out[-2]
            else:
                out.append((run.kind, new[new_pos : new_pos + run.count]))
                new_pos += run.count
                old_pos += run.count if run.kind == "=" else 0
        return out

    best: dict[int, _Path | None] = {0: _Path(-1, None)}
    first = best[0]
    assert first is not None
    new_pos = extend(first, 0)
    if first.old_pos + 1 >= old_len and new_pos + 1 >= new_len:
        return [("=", new)] if new else []
    max_edit = old_len + new_len
    low, high = -max_edit - 1, max_edit + 1
    for edit in range(1, max_edit + 1):
        worker_check_alive()  # a long walk stops with its run
        for diagonal in range(max(low, -edit), min(high, edit) + 1, 2):
            steps += 1
            if steps > MYERS_BUDGET:
                return None
            remove_path, add_path = best.get(diagonal - 1), best.get(diagonal + 1)
            if remove_path is not None:
                best[diagonal - 1] = None
            can_add = add_path is not None and 0 <= add_path.old_pos - diagonal < new_len
            can_remove = remove_path is not None and remove_path.old_pos + 1 < old_len
            if not can_add and not can_remove:
                best[diagonal] = None
                continue
            # jsdiff branches from the path that got further into the old text (an addition on a tie).
            if (
                add_path is not None
                and can_add
                and (remove_path is None or not can_remove or remove_path.old_pos + 1 < add_path.old_pos)
            ):
                path = step(add_path, "+")
            else:
                assert remove_path is not None
                path = step(remove_path, "-")
            new_pos = extend(path, diagonal)
            if path.old_pos + 1 >= old_len and new_pos + 1 >= new_len:
                return build(path.last)
            best[diagonal] = path
            if path.old_pos + 1 >= old_len:
                high = min(high, diagonal - 1)
            if new_pos + 1 >= new_len:
                low = max(low, diagonal + 1)
    return None


def _components(old: list[str], new: list[str]) -> list[tuple[str, list[str]]]:
    runs = _myers(old, new)
    if runs is None:
        raise SandboxRefusal(
            f"the texts ({len(old)} and {len(new)} lines) differ in too many places to diff "
            f"within the host's budget of {MYERS_BUDGET:,} steps",
            rule="diff-too-large",
            name="RangeError",
        )
    return runs


def _lines(tokens: list[str]) -> list[str]:
    return re.sub(r"\n\Z", "", "".join(tokens)).split("\n")


def _hunks(before: str, after: str, context: int) -> list[tuple[int, int, int, int, list[str]]]:
    """jsdiff's structuredPatch: (oldStart, oldLines, newStart, newLines, lines) per hunk."""
    runs = [(kind, _lines(tokens)) for kind, tokens in _components(_tokens(before), _tokens(after))]
    runs.append(("=", []))  # jsdiff's trailing empty run, which closes the last hunk
    hunks: list[tuple[int, int, int, int, list[str]]] = []
    old_start = new_start = 0
    current: list[str] = []
    old_line = new_line = 1
    for i, (kind, lines) in enumerate(runs):
        if kind != "=":
            if not old_start:
                old_start, new_start = old_line, new_line
                if i > 0:
                    previous = runs[i - 1][1]
                    current = [" " + line for line in previous[-context:]] if context > 0 else []
                    old_start -= len(current)
                    new_start -= len(current)
            current.extend(kind + line for line in lines)
            if kind == "+":
                new_line += len(lines)
            else:
                old_line += len(lines)
            continue
        if old_start:
            if len(lines) <= context * 2 and i < len(runs) - 2:
                current.extend(" " + line for line in lines)
            else:
                size = min(len(lines), context)
                current.extend(" " + line for line in lines[:size])
                old_count, new_count = old_line - old_start + size, new_line - new_start + size
                if i >= len(runs) - 2 and len(lines) <= context:  # EOF is inside this hunk
                    old_eol, new_eol = before.endswith("\n"), after.endswith("\n")
                    no_nl_before_adds = len(lines) == 0 and len(current) > old_count
                    if not old_eol and no_nl_before_adds and before:
                        current.insert(old_count, NO_NEWLINE)
                    if (not old_eol and not no_nl_before_adds) or not new_eol:
                        current.append(NO_NEWLINE)
                hunks.append((old_start, old_count, new_start, new_count, current))
                old_start = new_start = 0
                current = []
        old_line += len(lines)
        new_line += len(lines)
    return hunks


def unified(before: str, after: str, options: Mapping[str, Any] | None = None) -> str:
    old_name = option(options, "oldName", str, "a")
    new_name = option(options, "newName", str, "b")
    old_header = option(options, "oldHeader", str, None)
    new_header = option(options, "newHeader", str, None)
    context = option(options, "context", int, DEFAULT_CONTEXT)
    if not 0 <= context <= MAX_CONTEXT:
        raise SandboxRefusal(
            f"option 'context' must be between 0 and {MAX_CONTEXT}, got {context}",
            rule="host-option-invalid",
            name="RangeError",
        )
    out = [f"Index: {old_name}"] if old_name == new_name else []
    out.append(SEPARATOR)
    out.append(f"--- {old_name}" + ("" if old_header is None else f"\t{old_header}"))
    out.append(f"+++ {new_name}" + ("" if new_header is None else f"\t{new_header}"))
    for old_start, old_count, new_start, new_count, lines in _hunks(before, after, context):
        out.append(f"@@ -{old_start - (old_count == 0)},{old_count} +{new_start - (new_count == 0)},{new_count} @@")
        out.extend(lines)
    return "\n".join(out) + "\n"


MODULE = HostModule(
    "cordon.diff",
    "@cordon/sandbox-diff",
    "1",
    {
        "unified": HostExport(unified, (Arg("before", ("string",)), Arg("after", ("string",)), options_arg())),
    },
)
