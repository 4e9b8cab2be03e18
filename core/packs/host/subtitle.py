"""`@cordon/sandbox-subtitle`: SRT and WebVTT in and out, as the `subtitle` npm package (4.2) does.

A line-for-line port of subtitle 4.2's `parseSync` state machine and its
`stringifySync` formatter (both small, written for exactly these formats), so
the nodes are the library's: `{type: "cue", data: {start, end, text,
settings?}}` with times in milliseconds, and `{type: "header", data:
"WEBVTT ..."}` for a WebVTT header. Python's subtitle libraries each change
the text (pysubs2 rewrites tags into ASS markup) or cover one format.

* `parse(text)` -> the node list; a cue without a valid timestamp line is
  `subtitle-invalid` naming the row, as the library's error does.
* `stringify(nodes, {format: "SRT" | "WebVTT"})` -> text; besides the
  library's nodes it takes bare cues `{start, end, text}` (the reference's
  shorthand). At most MAX_CUES cues either way.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from core.bridges.base import worker_checked
from core.errors import SandboxRefusal
from core.packs.host_registry import Arg, HostExport, HostModule, option, options_arg

MAX_CUES = 100_000
#: Lines (or nodes) between checks that the run is still alive (a 5 MB file checks ~250 times).
_CHECK_EVERY = 10_000
FORMATS = ("SRT", "WebVTT")

_STAMP = r"(?:\d{1,}:)?\d{1,2}:\d{1,2}[,.]\d{1,3}"
RE_TIMESTAMP = re.compile(rf"^({_STAMP}) --> ({_STAMP})(?: (.*))?$")
_ONE_STAMP = re.compile(r"^(?:(\d{1,}):)?(\d{1,2}):(\d{1,2})[,.](\d{1,3})$")
_INDEX = re.compile(r"^\d+$")


def _too_many() -> SandboxRefusal:
    return SandboxRefusal(f"more than {MAX_CUES} cues", rule="subtitle-too-many-cues", name="RangeError")


def parse_timestamp(stamp: str) -> int:
    match = _ONE_STAMP.match(stamp)
    assert match is not None  # RE_TIMESTAMP matched it already
    hours, minutes, seconds, ms = match.groups()
    return int(hours or 0) * 3_600_000 + int(minutes) * 60_000 + int(seconds) * 1000 + int(ms)


class _Parser:
    """subtitle's Parser: expects header -> id -> timestamp -> text (-> vtt_comment), one line at a time."""

    def __init__(self) -> None:
        self.nodes: list[dict[str, Any]] = []
        self.expect = "header"
        self.row = 0
        self.started = False
        self.webvtt = False
        self.node: dict[str, Any] = {}
        self.buffer: list[str] = []

    def line(self, contents: str) -> None:
        if self.row == 0:
            contents = contents.removeprefix("\ufeff")
        if not self.started:
            if not contents.strip():
                return
            self.started = True
        getattr(self, f"_{self.expect}")(contents)
        self.row += 1

    def flush(self) -> list[dict[str, Any]]:
        if self.buffer:
            self._push()
        return self.nodes

    def _header(self, line: str) -> None:
        if not self.webvtt:
            self.webvtt = line.startswith("WEBVTT")
            if not self.webvtt:
                self._id(line)
                return
            self.node["type"] = "header"
        self.buffer.append(line)
        if not line:
            self.expect = "id"

    def _id(self, line: str) -> None:
        self.expect = "timestamp"
        if self.node.get("type") == "header":
            self._push()
        if _INDEX.match(line.strip()):
            return
        if self.webvtt and line.startswith("NOTE"):
            self.expect = "vtt_comment"
            return
        self._timestamp(line)

    def _vtt_comment(self, line: str) -> None:
        self.expect = "id" if line.strip() == "" else "vtt_comment"

    def _timestamp(self, line: str) -> None:
        match = RE_TIMESTAMP.match(line)
        if match is None:
            raise SandboxRefusal(
                f'expected timestamp at row {self.row + 1}, but received: "{line[:200]}"',
                rule="subtitle-invalid",
                name="SyntaxError",
            )
        data: dict[str, Any] = {"start": parse_timestamp(match[1]), "end": parse_timestamp(match[2])}
        if match[3]:
            data["settings"] = match[3]
        data["text"] = ""
        self.node = {"type": "cue", "data": data}
        self.expect = "text"

    def _text(self, line: str) -> None:
        if not self.buffer:
            self.buffer.append(line)
        elif RE_TIMESTAMP.match(line):
            if _INDEX.match(self.buffer[-1].strip()):
                self.buffer.pop()
            self._push()
            self._timestamp(line)
        elif line.startswith("NOTE"):
            self._push()
            self._vtt_comment(line)
        else:
            self.buffer.append(line)

    def _push(self) -> None:
        if self.node.get("type") == "cue":
            while self.buffer and self.buffer[-1] in ("", "\n"):
                self.buffer.pop()
            # One slice, not pop(0) per blank line: that was quadratic (200,000 leading blank lines took 3.4 s).
            first = next((at for at, text in enumerate(self.buffer) if text not in ("", "\n")), len(self.buffer))
            self.node["data"]["text"] = "\n".join(self.buffer[first:])
        if self.node.get("type") == "header":
            self.node["data"] = "\n".join(self.buffer).strip()
        if len(self.nodes) >= MAX_CUES:
            raise _too_many()
        self.nodes.append(self.node)
        self.node = {}
        self.buffer = []


def parse(text: str) -> list[dict[str, Any]]:
    parser = _Parser()
    # a stopped run's parse does not keep a host worker busy
    for line in worker_checked(text.replace("\r\n", "\n").split("\n"), _CHECK_EVERY):
        parser.line(line)
    return parser.flush()


def format_timestamp(ms: float, fmt: str = "SRT") -> str:
    """subtitle's formatTimestamp (hours wrap at 24, as its Date arithmetic does)."""
    whole = int(ms)
    hours, minutes, seconds = (whole // 3_600_000) % 24, (whole // 60_000) % 60, (whole // 1000) % 60
    rest = math.floor(ms - (hours * 3_600_000 + minutes * 60_000 + seconds * 1000))
    return f"{hours:02d}:{minutes:02d}:{seconds:02d}{'.' if fmt == 'WebVTT' else ','}{rest:03d}"


def _cue(node: Any, at: int) -> tuple[str, Mapping[str, Any] | None]:
    """(type, cue data) of one input node: a library node, or a bare `{start, end, text}` cue."""
    if not isinstance(node, dict):
        raise SandboxRefusal(f"node {at} must be an object", rule="host-argument-invalid", name="TypeError")
    kind = node.get("type", "cue" if "start" in node else None)
    if kind != "cue":
        return str(kind), None
    data = node.get("data", node) if "type" in node else node
    if not isinstance(data, dict):
        raise SandboxRefusal(f"node {at}: data must be an object", rule="host-argument-invalid", name="TypeError")
    for key in ("start", "end"):
        value = data.get(key)
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise SandboxRefusal(
                f"cue {at}: {key} must be a number of milliseconds >= 0, got {value!r}"[:300],
                rule="host-argument-invalid",
                name="TypeError",
            )
    return "cue", data


def stringify(nodes: list[Any], options: Mapping[str, Any] | None = None) -> str:
    fmt = option(options, "format", str, "SRT")
    if fmt not in FORMATS:
        raise SandboxRefusal(
            f'option \'format\' must be "SRT" or "WebVTT", got {fmt[:40]!r}',
            rule="host-option-invalid",
            name="TypeError",
        )
    if not isinstance(nodes, list):
        raise SandboxRefusal("nodes must be an array of cues", rule="host-argument-invalid", name="TypeError")
    if len(nodes) > MAX_CUES:
        raise _too_many()
    out: list[str] = []
    header = False
    index = 1
    for at, node in enumerate(worker_checked(nodes, _CHECK_EVERY)):
        kind, cue = _cue(node, at)
        if kind == "header" and fmt == "WebVTT":
            header = True
            out.append(f"{node.get('data', '')}\n\n")
        if cue is None:
            continue
        if not header and fmt == "WebVTT":
            header = True
            out.append("WEBVTT\n\n")
        settings = f" {cue['settings']}" if fmt == "WebVTT" and cue.get("settings") else ""
        text = cue.get("text", "")
        times = f"{format_timestamp(cue['start'], fmt)} --> {format_timestamp(cue['end'], fmt)}{settings}"
        out.append(
            "\n".join(
                [f"{chr(10) if index > 1 else ''}{index}", times, text if isinstance(text, str) else str(text), ""]
            )
        )
        index += 1
    return "".join(out)


MODULE = HostModule(
    "cordon.subtitle",
    "@cordon/sandbox-subtitle",
    "1",
    {
        "parse": HostExport(parse, (Arg("text", ("string",)),)),
        "stringify": HostExport(stringify, (Arg("nodes", ("json",)), options_arg())),
    },
)
