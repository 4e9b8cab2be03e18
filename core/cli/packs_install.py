"""`cordon packs install|remove|trust`: the installer on the command line.

`install` prints the consent request and places the pack only on an explicit
yes: `--yes`, or typing "y" at the prompt. Without a terminal and without
`--yes` nothing is placed (exit status 1), so a script can never consent by
accident. Install scripts never run, whatever the answer.
"""

from __future__ import annotations

import argparse
import sys

from core.cli.common import fail, print_json
from core.errors import CordonError
from core.packs.install import (
    PROGRESS_UNITS,
    InstallSource,
    commit_install,
    decisions,
    discard,
    is_trusted,
    outdated,
    prepare_install,
    recorded_source,
    remove,
    set_trust,
)
from core.packs.npm.limit import parse_size


def _fail(exc: CordonError, as_json: bool) -> int:
    if not as_json:
        return fail(exc, False, 1)
    print_json({"ok": False, "installed": False, "error": {"name": exc.name, "message": exc.message, "rule": exc.rule}})
    return 1


class _ProgressLine:
    """Install progress on a terminal: one line (name, phase, bytes) redrawn in place, then cleared.

    Silent when stderr is no terminal or under `--json` (stdout stays one JSON object)."""

    def __init__(self, name: str, enabled: bool) -> None:
        self.name = name
        self.enabled = enabled
        self.drawn = False

    def __call__(self, phase: str, done: int, total: int | None) -> None:
        if not self.enabled:
            return
        unit = PROGRESS_UNITS.get(phase)
        amount = "" if unit is None else f" {done}/{total} {unit}" if total else f" {done} {unit}"
        print(f"\r\x1b[K{self.name}: {phase}{amount}", end="", file=sys.stderr, flush=True)
        self.drawn = True

    def clear(self) -> None:
        if self.drawn:
            print("\r\x1b[K", end="", file=sys.stderr, flush=True)
            self.drawn = False


def main_install(args: argparse.Namespace) -> int:
    try:
        size = getattr(args, "max_bundle_size", None)
        limit = None if size is None else parse_size(size)
        source = InstallSource.parse(args.source, entries=tuple(args.entry or (".",)), max_bundle_bytes=limit)
    except CordonError as exc:
        return _fail(exc, args.json)
    return _install(source, args.registry, yes=args.yes, as_json=args.json)


def _install(source: InstallSource, registry: str | None, *, yes: bool, as_json: bool) -> int:
    """Prepare `source`, show the consent request, and place it only on an explicit yes."""
    progress = _ProgressLine(source.name or str(source.path), sys.stderr.isatty() and not as_json)
    try:
        request = prepare_install(source, registry=registry, on_progress=progress)
    except CordonError as exc:
        progress.clear()
        return _fail(exc, as_json)
    progress.clear()
    if not as_json:
        print("\n".join(request.lines()))
    consent = yes
    if not consent and not as_json and sys.stdin.isatty():
        try:
            consent = input("Install it? [y/N] ").strip().lower() in ("y", "yes")
        except EOFError:  # Ctrl+D: a "no", said without a newline (it was `internal error: EOFError`)
            discard(request)
            print("\ncancelled, nothing installed", file=sys.stderr)
            return 1
        except KeyboardInterrupt:  # Ctrl+C: the staged pack goes too, then `cordon` reports "interrupted"
            discard(request)
            raise
    if not consent:
        discard(request)
        if as_json:
            print_json(
                {
                    "ok": False,
                    "installed": False,
                    "request": request.to_json(),
                    "error": {
                        "name": "UsageError",
                        "rule": "consent-required",
                        "message": "not installed: consent was not given (use --yes)",
                    },
                }
            )
        else:
            print("not installed: consent was not given (use --yes to consent non-interactively)", file=sys.stderr)
        return 1
    try:
        folder = commit_install(request)
    except CordonError as exc:
        return _fail(exc, as_json)
    if as_json:
        print_json({"ok": True, "installed": True, "path": str(folder), "request": request.to_json()})
    else:
        print(f"installed {request.name}@{request.version} in {folder}")
        print("\n".join(request.sizes.lines()))
    return 0


def main_remove(args: argparse.Namespace) -> int:
    try:
        remove(args.name)
    except CordonError as exc:
        return _fail(exc, False)
    print(f"removed {args.name}")
    return 0


def main_trust(args: argparse.Namespace) -> int:
    if args.name is None:
        for name, decision in sorted(decisions().items()):
            print(f"{name}: {decision}")
        return 0
    try:
        set_trust(args.name, not args.revoke)
    except CordonError as exc:
        return _fail(exc, False)
    print(f"{args.name}: {'trusted' if is_trusted(args.name) else 'untrusted'}")
    return 0


def main_outdated(args: argparse.Namespace) -> int:
    try:
        found = outdated(registry=args.registry)
    except CordonError as exc:
        return _fail(exc, args.json)
    if args.json:
        print_json(
            {
                "outdated": [
                    {"name": o.record.name, "installed": o.installed, "latest": o.latest, "source": o.record.source}
                    for o in found
                ]
            }
        )
        return 0
    for item in found:
        print(f"{item.record.name}: {item.installed} -> {item.latest}  ({item.record.source})")
    if not found:
        print("every pack installed from a registry is up to date")
    return 0


def main_update(args: argparse.Namespace) -> int:
    """Prepare each outdated pack again from its recorded source; a failure leaves the installed one as it was."""
    try:
        found = outdated(args.name, registry=args.registry)
    except CordonError as exc:
        return _fail(exc, args.json)
    if not found:
        if not args.json:
            print(f"{args.name or 'every pack'} is up to date")
        else:
            print_json({"ok": True, "updated": []})
        return 0
    status = 0
    for item in found:
        try:
            source = recorded_source(item.record)
        except CordonError as exc:
            status |= _fail(exc, args.json)
            continue
        status |= _install(source, args.registry or item.record.registry, yes=args.yes, as_json=args.json)
    return status
