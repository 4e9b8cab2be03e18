"""Shared fixtures of the installer tests: an isolated home, an in-memory keyring, a live registry."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import keyring
import pytest

from core.packs.roots import installed_dir
from tests import conftest
from tests.npm_registry import NpmRegistry, pack_folder


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """A fresh CORDON_HOME per test: installs, trust and caches never leak between tests."""
    root = tmp_path / "home"
    monkeypatch.setenv("CORDON_HOME", str(root))
    monkeypatch.delenv("CORDON_NPM_REGISTRY", raising=False)
    monkeypatch.setenv("NPM_CONFIG_USERCONFIG", str(tmp_path / "no-user-npmrc"))  # never the developer's ~/.npmrc
    for name in [n for n in os.environ if n.lower().startswith("npm_config_") and n != "NPM_CONFIG_USERCONFIG"]:
        monkeypatch.delenv(name)
    return root


#: The one isolated keyring fixture (tests/conftest.py), re-exported for the modules that import it from here.
memory_keyring = conftest.memory_keyring


@pytest.fixture
def no_keyring(home, monkeypatch):
    """A machine where keyring finds nothing (its real `fail` backend); Cordon's encrypted store, if a test
    opens one, is a file in this test's home and is locked again afterwards."""
    from keyring.backends import fail

    from core import secrets_store

    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    monkeypatch.delenv(secrets_store.PASSPHRASE_ENV, raising=False)
    try:
        yield home
    finally:
        secrets_store.lock()
        keyring.set_keyring(previous)


@pytest.fixture
def registry(home, memory_keyring):
    with NpmRegistry() as server:
        yield server


def tree_digest(folder: Path) -> dict[str, str]:
    """Every installed file with its content hash ("exactly as it was" = equal digests).

    The installer's private `.install/` area is left out: `install_area()` checks it.
    """
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.relative_to(folder).as_posix().startswith(".install/")
    }


def install_area() -> dict[str, list[str]]:
    """What the installer's private area holds (staging, trash, journal): empty after a refusal."""
    root = installed_dir() / ".install"
    return {
        name: sorted(p.name for p in (root / name).iterdir()) if (root / name).is_dir() else []
        for name in ("staging", "trash", "journal")
    }


def publish_package(registry: NpmRegistry, tmp_path: Path, package_json: dict, files: dict[str, str]) -> str:
    """Publish a package built from `package_json` (version 1.0.0 unless it says) and `files` ({path: text})."""
    package_json = {"version": "1.0.0", **package_json}
    folder = tmp_path / "src" / f"{package_json['name']}-{package_json['version']}"
    folder.mkdir(parents=True)
    (folder / "package.json").write_text(json.dumps(package_json))
    for rel, text in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text)
    return registry.publish(pack_folder(folder))
