"""Helpers shared by subcommands: JSON arguments and the machine-readable result object."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import orjson

from core.errors import UsageError
from core.transport import from_public


def json_arg(text: str | None, what: str) -> Any:
    """Parse a JSON command-line argument (public tagging: $bytes/$date/$number)."""
    if text is None:
        return None
    try:
        return from_public(json.loads(text))
    except (ValueError, TypeError) as exc:
        raise UsageError(f"{what} is not valid JSON: {exc}") from None


def read_source(path: str | None) -> str:
    """Code from a file, or from stdin for `-`/no path."""
    if path in (None, "-"):
        return sys.stdin.read()
    file = Path(path)
    if not file.is_file():
        raise UsageError(f"no such file: {path}")
    return file.read_text(encoding="utf-8")


def workspace_arg(value: str | None) -> Path | None:
    """`--workspace DIR`: an existing folder, resolved (the root the workspace bridge contains)."""
    if not value:
        return None
    folder = Path(value)
    if not folder.is_dir():
        raise UsageError(f"--workspace {value}: not a folder")
    return folder.resolve()


def print_json(obj: Any) -> None:
    sys.stdout.write(orjson.dumps(obj, option=orjson.OPT_SERIALIZE_NUMPY).decode() + "\n")


def usage_error(exc: UsageError, as_json: bool) -> int:
    if as_json:
        print_json({"ok": False, "result": None, "outputs": {}, "emitted": [], "logs": [],
                    "error": {"name": exc.name, "message": exc.message, "line": None, "rule": exc.rule},
                    "timings": {"setup_ms": 0.0, "run_ms": 0.0}})
    else:
        print(f"cordon: {exc.message}", file=sys.stderr)
    return 2
