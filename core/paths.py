"""Where Cordon keeps its state, and the rule that no workspace may overlap it.

One folder named by `CORDON_HOME` when set (tests and scripts use it to stay
isolated from a user's real installation), otherwise the platform's user
data, config and cache dirs. Callers ask for a purpose, never build paths.

Everything in these folders (and in Cordon's own program folders) is loaded
as code or trusted state, so a run's workspace may neither contain nor lie
inside any of them (`check_workspace`, docs/security.md "Boundaries").
"""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

from core.errors import SandboxRefusal

APP = "cordon"
#: The rule a workspace overlapping Cordon's state or program folders is refused with.
STATE_OVERLAP_RULE = "workspace-contains-cordon-state"


def _home() -> Path | None:
    value = os.environ.get("CORDON_HOME")
    return Path(value).expanduser() if value else None


def _ensure(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def _platform_dir(kind: str) -> Path:
    """The platform's user folder of that kind ("data", "config", "cache") for Cordon.

    platformdirs is imported here, not at the top: it costs more than the rest
    of this module, and under CORDON_HOME (tests, scripts) it is never needed.
    """
    import platformdirs

    return Path(getattr(platformdirs, f"user_{kind}_dir")(APP))


def _data_path() -> Path:
    home = _home()
    return home / "data" if home else _platform_dir("data")


def _config_path() -> Path:
    home = _home()
    return home / "config" if home else _platform_dir("config")


def _cache_path() -> Path:
    home = _home()
    return home / "cache" if home else _platform_dir("cache")


def data_dir() -> Path:
    """Installed packs, trust decisions, asset store, cache digests."""
    return _ensure(_data_path())


def config_dir() -> Path:
    """Settings."""
    return _ensure(_config_path())


def cache_dir() -> Path:
    """Compiled engine module, npm compile cache, pack scans: safe to delete (read only through `core.cache`)."""
    return _ensure(_cache_path())


def log_dir() -> Path:
    """The studio's rotating log (`core.logs`): under the data folder, so no workspace may overlap it."""
    return _ensure(_data_path() / "logs")


def resources_dir() -> Path:
    """The shipped `resources/` folder (packs, examples, icons, styles).

    Next to the `core` package in a checkout; at the bundle root in a PyInstaller build.
    """
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parents[1] / "resources"


def docs_dir() -> Path:
    """The shipped `docs/` folder (the studio's Help → Sandbox API reads `sandbox-api.md` from it).

    Next to the `core` package in a checkout; at the bundle root in a PyInstaller build (the spec
    collects `docs/sandbox-api.md` into `docs/`).
    """
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "docs"
    return Path(__file__).resolve().parents[1] / "docs"


def protected_dirs() -> dict[str, str]:
    """Every folder Cordon loads code or trusted state from, by what it holds, resolved (none is created).

    The state folders, and the program: a workspace holding Cordon's Python code,
    its shipped packs or the Python environment it runs in could rewrite code
    the host imports on its next start just as surely as a cache file.
    """
    home = _home()
    state = {
        "data folder (installed packs, trust decisions, secrets index, cache digests, logs)": _data_path(),
        "config folder (settings, recent files)": _config_path(),
        "cache folder (compiled engine module, compiled npm bundles, pack scans)": _cache_path(),
    }
    if home is not None:
        state = {"home folder (CORDON_HOME)": home, **state}
    return {**{what: os.path.realpath(folder) for what, folder in state.items()}, **_program_dirs(), **_linked_packs()}


#: Under the data folder: `cordon packs link`'s symbolic links to pack folders being developed.
LINKS = "links"


def _linked_packs() -> dict[str, str]:
    """Folders linked as dev packs: loaded as pack code on every run, so as protected as installed packs."""
    root = _data_path() / LINKS
    found = {}
    try:
        entries = list(root.iterdir())
    except OSError:
        return {}
    for entry in entries:
        for link in list(entry.iterdir()) if entry.name.startswith("@") and not entry.is_symlink() else [entry]:
            if link.is_symlink():
                found[f"linked pack folder ({link.relative_to(root).as_posix()})"] = os.path.realpath(link)
    return found


@functools.cache
def _program_dirs() -> dict[str, str]:
    """The program's folders: fixed for the life of the process (the state folders follow the environment)."""
    return {
        what: os.path.realpath(folder)
        for what, folder in {
            "program folder (Cordon's code)": Path(__file__).parents[1],
            "shipped resources (packs, examples)": resources_dir(),
            "Python environment": sys.prefix,
            "Python installation": sys.base_prefix,
        }.items()
    }


def check_workspace(root: Path | None) -> None:
    """Refuse a workspace root that is, contains, or lies inside a folder of `protected_dirs()`.

    The engine calls this for every run before a guest exists, so the API, the
    CLI and the studio share it. Folders are compared by identity (device and
    inode) wherever they exist, so a symlink, `..` or another letter case
    cannot disguise one; a state folder not created yet is compared by its
    resolved path (it would be created inside the workspace later).
    """
    if root is None:
        return
    workspace = os.path.realpath(root)
    seen: dict[str, tuple[int, int] | str] = {}
    mine = _lineage(workspace, seen)
    for what, folder in protected_dirs().items():
        theirs = _lineage(folder, seen)
        if mine[0] in theirs:
            relation = "is" if mine[0] == theirs[0] else "contains"
        elif theirs[0] in mine:
            relation = "lies inside"
        else:
            continue
        raise SandboxRefusal(
            f"the workspace folder {workspace} {relation} Cordon's {what} {folder}: a run could "
            "rewrite what Cordon loads as code or trusted state. Choose a folder that neither "
            "contains nor lies inside Cordon's folders",
            rule=STATE_OVERLAP_RULE,
            name="WorkspaceError",
        )


def _lineage(path: str, seen: dict[str, tuple[int, int] | str]) -> list[tuple[int, int] | str]:
    """The identities of `path` (absolute, resolved) and each folder above it, nearest first."""
    found = []
    while True:
        known = seen.get(path)
        if known is None:
            try:
                st = os.stat(path)
            except OSError:
                known = os.path.normcase(path)
            else:
                known = (st.st_dev, st.st_ino)
            seen[path] = known
        found.append(known)
        parent = os.path.dirname(path)
        if parent == path:
            return found
        path = parent
