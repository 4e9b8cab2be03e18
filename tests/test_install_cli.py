"""`cordon packs install|remove|trust`: consent on the command line."""

from __future__ import annotations

import json

import pytest

from core.cli import main
from core.packs.roots import installed_dir
from tests import install_support
from tests.install_support import install_area

# Shared fixtures (pytest finds them as attributes of this module).
home = install_support.home
memory_keyring = install_support.memory_keyring
registry = install_support.registry
pytestmark = pytest.mark.usefixtures("home")


def test_install_needs_explicit_consent(registry, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    registry.publish_fixture("packs/scripted-pack")
    assert main(["packs", "install", "scripted-pack", "--registry", registry.url]) == 1
    out, err = capsys.readouterr()
    assert "scripts never run" in out and "network via fetch" in out and "consent was not given" in err
    assert not (installed_dir() / "scripted-pack").exists() and install_area()["staging"] == []

    assert main(["packs", "install", "scripted-pack@^1", "--registry", registry.url, "--yes", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["installed"] and report["request"]["installMode"] == "scripts never run"
    assert report["request"]["lifecycleScripts"] == ["preinstall", "install", "postinstall"]
    assert (installed_dir() / "scripted-pack" / "package.json").is_file()

    assert main(["packs", "trust", "scripted-pack"]) == 0
    assert main(["packs", "trust"]) == 0
    assert "scripted-pack: trusted" in capsys.readouterr().out
    assert main(["packs", "remove", "scripted-pack"]) == 0
    assert not (installed_dir() / "scripted-pack").exists()


def test_refusals_exit_1_naming_the_rule(registry, capsys):
    registry.publish_fixture("packs/host-pack")
    assert main(["packs", "install", "host-pack", "--registry", registry.url, "--yes", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["error"]["rule"] == "host-code-refused" and not report["installed"]
    assert main(["packs", "remove", "nothing-here"]) == 1
    assert "pack-not-installed" in capsys.readouterr().err
