"""Where Cordon keeps its state.

One folder named by `CORDON_HOME` when set (tests and scripts use it to stay
isolated from a user's real installation), otherwise the platform's user
data, config and cache dirs. Callers ask for a purpose, never build paths.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "cordon"


def _home() -> Path | None:
    value = os.environ.get("CORDON_HOME")
    return Path(value).expanduser() if value else None


def _ensure(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    """Installed packs, trust decisions, asset store."""
    home = _home()
    return _ensure(home / "data" if home else Path(platformdirs.user_data_dir(APP)))


def config_dir() -> Path:
    """Settings."""
    home = _home()
    return _ensure(home / "config" if home else Path(platformdirs.user_config_dir(APP)))


def cache_dir() -> Path:
    """Compiled engine module, npm compile cache: safe to delete."""
    home = _home()
    return _ensure(home / "cache" if home else Path(platformdirs.user_cache_dir(APP)))


def resources_dir() -> Path:
    """The shipped `resources/` folder (packs, examples, icons, styles).

    Next to the `core` package in a checkout; at the bundle root in a PyInstaller build.
    """
    import sys

    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parents[1] / "resources"
