"""Where packs live: the shipped folder, the installed folder, and the roots discovery reads.

Its own module so the installer (which writes the installed folder) and
discovery (which reads it) both depend on this and never on each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from core import paths
from core.packs.pack import Origin

#: Cordon's own packs, read-only, shipped with the program.
SHIPPED_DIR = paths.resources_dir() / "packs"


@dataclass(frozen=True)
class PackRoot:
    """A folder of packs and whether they were shipped or installed (installed ones may not use our scope)."""

    path: Path
    origin: Origin


def installed_dir() -> Path:
    """Where the installer puts packs: `data_dir()/packs/<scope>/<name>/`."""
    return paths.data_dir() / "packs"


def links_dir() -> Path:
    """`cordon packs link`'s symbolic links, one per package name, each to an author's folder."""
    return paths.data_dir() / paths.LINKS


def default_roots() -> tuple[PackRoot, ...]:
    """The shipped packs, then linked dev folders, then installed packs (the first of a name wins).

    A linked folder is read with the installed origin: the same rules an installed pack meets."""
    return (
        PackRoot(SHIPPED_DIR, "shipped"),
        PackRoot(links_dir(), "installed"),
        PackRoot(installed_dir(), "installed"),
    )
