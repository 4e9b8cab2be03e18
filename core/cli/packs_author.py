"""`cordon packs new|check|link|unlink`: tools for pack authors.

`new` writes a working template, `check` runs every discovery rule and the
capability-free probe on a folder without installing it (exit 1 when
anything would be skipped), and `link` makes a folder a dev install that
discovery re-reads on every catalog load. (`search` is everyone's: core/cli/packs.py.)
"""

from __future__ import annotations

import argparse
from pathlib import Path

from core.cli.common import fail, print_json
from core.errors import CordonError


def main_new(args: argparse.Namespace) -> int:
    from core.packs.authoring import new_pack

    folder = Path(args.dir) if args.dir else Path(args.name.rsplit("/", 1)[-1])
    try:
        written = new_pack(folder, args.name, wasm=args.wasm)
    except CordonError as exc:
        return fail(exc, False, 1)
    print(f"created {args.name} in {folder}: {', '.join(p.name for p in written)}")
    print(f"next: cordon packs check {folder}  |  cordon packs link {folder}")
    return 0


def main_check(args: argparse.Namespace) -> int:
    from core.packs.authoring import check_pack

    try:
        report = check_pack(Path(args.dir))
    except CordonError as exc:
        return fail(exc, False, 1)
    if args.json:
        print_json(report.to_json())
        return 0 if report.ok else 1
    for module in report.modules:
        state = "ok" if module.ok else "FAILS"
        print(f"  {module.specifier}  [{module.kind}]  {module.size} bytes  probe {state}: {module.detail}")
    for status in report.statuses:
        print(f"  {status}")
    print(report.summary())
    return 0 if report.ok else 1


def main_link(args: argparse.Namespace) -> int:
    from core.packs import default_catalog
    from core.packs.authoring import link_pack

    try:
        name, link = link_pack(Path(args.dir))
    except CordonError as exc:
        return fail(exc, False, 1)
    default_catalog().reload()
    print(f"linked {name}: {link} -> {Path(args.dir).resolve()} (edits show on the next run)")
    return 0


def main_unlink(args: argparse.Namespace) -> int:
    from core.packs.authoring import unlink_pack

    try:
        unlink_pack(args.name)
    except CordonError as exc:
        return fail(exc, False, 1)
    print(f"unlinked {args.name}")
    return 0
