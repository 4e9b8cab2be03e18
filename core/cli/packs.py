"""`cordon packs list|show|search`: what the catalog discovered, with every status by rule, and one
search over shipped packs, installed packs and npm libraries.

The verbs' arguments are declared in `core/cli/commands.py` (`PACKS_VERBS`); the installer's verbs
run in `core/cli/packs_install.py`, the pack authors' in `core/cli/packs_author.py`.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from core.cli.common import print_json
from core.packs import Pack, default_catalog, pack_sizes
from core.specifier import OUT_OF_SCOPE, canonical_specifier, package_of, reference_alias


def pack_json(pack: Pack, *, skill: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": pack.name,
        "alias": pack.alias,
        "version": pack.version,
        "origin": pack.origin,
        "path": str(pack.root),
        "description": pack.description,
        "size": pack.size,
        "sizes": pack_sizes(pack).to_json(),
        "modules": [
            {"specifier": m.specifier, "kind": m.kind, "digest": m.digest}
            for m in sorted(pack.modules.values(), key=lambda m: m.specifier)
        ],
        "skill": None if pack.skill is None else {"name": pack.skill.name, "description": pack.skill.description},
    }
    if skill and pack.skill is not None:
        out["skill"]["body"] = pack.skill.body
    return out


def main_list(args: argparse.Namespace) -> int:
    catalog = default_catalog()
    statuses = catalog.diagnostics()
    shown = [s for s in statuses if not s.for_authors]  # SKILL.md's: `cordon packs check`, for the author
    out_of_scope = (
        [{"name": name, "alias": reference_alias(name), "reason": reason} for name, reason in OUT_OF_SCOPE.items()]
        if args.all
        else []
    )
    if args.json:
        print_json(
            {
                "packs": [pack_json(p) for p in catalog.packs()],
                "statuses": [s.to_json() for s in statuses],
                **({"outOfScope": out_of_scope} if args.all else {}),
            }
        )
        return 0
    for pack in catalog.packs():
        also = f"  (also {pack.alias})" if pack.alias else ""
        print(f"{pack.name} {pack.version} ({pack.origin}){also}")
        for module in sorted(pack.modules.values(), key=lambda m: m.specifier):
            print(f"  {module.specifier}  [{module.kind}]  {module.digest[:19]}")
    for status in shown:
        print(status)
    if not catalog.packs() and not statuses:
        print("no sandbox packs found")
    for entry in out_of_scope:
        print(f"{entry['name']}  (also {entry['alias']})  not shipped, out of scope: {entry['reason']}")
    return 0


def main_show(args: argparse.Namespace) -> int:
    catalog = default_catalog()
    name = canonical_specifier(package_of(args.name) or args.name)
    pack = catalog.pack(name)
    statuses = [s for s in catalog.diagnostics() if s.pack == name]
    if pack is None and not statuses:
        print(f"cordon: no pack named {name}", file=sys.stderr)
        return 1
    if args.json:
        print_json({"pack": pack_json(pack, skill=True) if pack else None, "statuses": [s.to_json() for s in statuses]})
        return 0 if pack else 1
    if pack is not None:
        print(f"{pack.name} {pack.version} ({pack.origin})\n  {pack.root}")
        print("\n".join(pack_sizes(pack).lines()))
        if pack.alias:
            print(f"  also imported as {pack.alias}")
        if pack.description:
            print(f"  {pack.description}")
        for module in sorted(pack.modules.values(), key=lambda m: m.specifier):
            print(f"  {module.specifier}  [{module.kind}]  {module.digest}")
    for status in statuses:
        if not status.for_authors:  # SKILL.md's problems: `cordon packs check` shows them to the author
            print(status)
    if pack is not None and pack.skill is not None:
        print(f"\n--- SKILL.md ({pack.skill.name}) ---\n{pack.skill.body}")
    return 0 if pack else 1


def main_search(args: argparse.Namespace) -> int:
    """Shipped packs, installed packs and npm libraries in one list, best match first (`core.packs.search`)."""
    from core.packs.search import search_packs

    text = " ".join(args.text)
    found = search_packs(text, registry=args.registry)
    if args.json:
        print_json(found.to_json())
        return 0
    for hit in found.hits:
        print(hit.line())
        if hit.install is not None:
            print(f"    install: cordon packs install {hit.install}")
    if not found.hits:
        print(f"nothing found for {text!r}" if text else "no packs found")
    if found.npm_note is not None:
        print(found.npm_note)
    elif not text:
        print("type words to search npm too: cordon packs search WORDS")
    return 0
