"""An npm library's bundle limit: a default shown in the consent, raised per install up to a ceiling.

Why: mathjs bundles to 1.9 MB, over the old fixed 1 MB cap.
"""

from __future__ import annotations

import base64
import json
import random

import pytest

from core.cli import main
from core.packs.caps import MB, NPM_JS_CEILING, NPM_JS_MAX
from core.packs.install import InstallError, commit_install, prepare_install
from core.packs.install.flow import InstallSource
from core.packs.roots import installed_dir
from tests import install_support
from tests.conftest import ok
from tests.test_install_npm_node_compat import run

home = install_support.home
memory_keyring = install_support.memory_keyring
registry = install_support.registry

#: Four files of 0.9 MB each (one source file may not pass 1 MiB): a 3.6 MB bundle, over the 3 MB default.
#: Random text, since a repeated letter inflates past the archive's zip-bomb ratio.
PARTS = 4
PART = base64.b64encode(random.Random(29).randbytes(675 * 1024)).decode()


def publish_large(registry, tmp_path, version: str = "1.0.0") -> None:
    files = {f"part{i}.js": f'module.exports = "{PART}";\n' for i in range(PARTS)}
    files["index.js"] = (
        "const parts = [" + ", ".join(f'require("./part{i}.js")' for i in range(PARTS)) + "];\n"
        "exports.total = () => parts.reduce((n, p) => n + p.length, 0);\n"
    )
    manifest = {"name": "large-lib", "version": version, "main": "index.js"}
    install_support.publish_package(registry, tmp_path, manifest, files)


def test_a_bundle_over_the_default_limit_is_refused_naming_the_limit_and_how_to_raise_it(registry, tmp_path):
    assert NPM_JS_MAX == 3 * MB and NPM_JS_CEILING == 8 * MB
    publish_large(registry, tmp_path)
    with pytest.raises(InstallError) as refused:
        prepare_install("npm:large-lib", registry=registry.url)
    assert refused.value.rule == "pack-no-admitted-modules"
    message = refused.value.message
    assert "npm-module-too-large" in message and "3 MB (the default; up to 8 MB" in message
    assert "--max-bundle-size" in message


def test_under_a_raised_limit_it_installs_and_the_consent_and_discovery_keep_that_limit(registry, tmp_path):
    publish_large(registry, tmp_path)
    source = InstallSource.parse("npm:large-lib", max_bundle_bytes=4 * MB)
    request = prepare_install(source, registry=registry.url)
    [module] = request.npm_modules
    assert module.ok and module.size > NPM_JS_MAX
    assert module.limit == "4 MB (raised from the default 3 MB; up to 8 MB with --max-bundle-size)"
    assert any("bundle limit 4 MB (raised" in line for line in request.lines())
    assert request.to_json()["npmModules"][0]["limit"] == module.limit
    from gui.dialogs.consent import ConsentFacts  # the studio's consent dialog says it too

    assert f"npm module large-lib: bundle limit {module.limit}" in ConsentFacts.from_request(request).notices
    commit_install(request)
    # discovery (a fresh catalog) compiles the installed pack under the limit the person consented to
    assert ok(run('import { total } from "large-lib";\nreturn total();')) == PARTS * len(PART)


def test_the_cli_raises_it_and_refuses_a_size_past_the_ceiling(registry, tmp_path, capsys):
    publish_large(registry, tmp_path)
    base = ["packs", "install", "npm:large-lib", "--registry", registry.url, "--yes", "--json"]
    assert main([*base, "--max-bundle-size", "9MB"]) == 1
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["rule"] == "usage" and "8 MB" in error["message"]
    assert main([*base, "--max-bundle-size", "5MB"]) == 0
    [module] = json.loads(capsys.readouterr().out)["request"]["npmModules"]
    assert module["ok"] and module["limit"].startswith("5 MB (raised")


def test_an_update_keeps_the_raised_limit_the_install_recorded(registry, tmp_path, capsys):
    """`cordon packs update` prepares the recorded source again: it rewrote the wrapper with the default
    limit, so a library installed under a raised one was refused (or kept a limit nobody chose)."""
    publish_large(registry, tmp_path)
    base = ["--registry", registry.url, "--yes", "--json"]
    assert main(["packs", "install", "npm:large-lib@^1", "--max-bundle-size", "4MB", *base]) == 0
    capsys.readouterr()
    publish_large(registry, tmp_path, "1.1.0")
    assert main(["packs", "update", "large-lib", *base]) == 0
    [module] = json.loads(capsys.readouterr().out)["request"]["npmModules"]
    assert module["ok"] and module["limit"].startswith("4 MB (raised")
    assert json.loads((installed_dir() / "large-lib" / "package.json").read_text())["version"] == "1.1.0"
    # and the next update still has it: the record written by the update keeps the limit
    publish_large(registry, tmp_path, "1.2.0")
    assert main(["packs", "update", "large-lib", *base]) == 0
    [module] = json.loads(capsys.readouterr().out)["request"]["npmModules"]
    assert module["limit"].startswith("4 MB (raised")


def test_a_bundle_past_one_mib_is_served_from_a_graph_image_once_seen(registry, tmp_path):
    """The graph image's build analyses a pack module up to its own cap: jsparse's 1 MiB for bodies made
    the build of any larger bundle (mathjs, 1.9 MB) raise, so every run re-evaluated it."""
    from core.engine import graph_image

    publish_large(registry, tmp_path)
    commit_install(
        prepare_install(InstallSource.parse("npm:large-lib", max_bundle_bytes=4 * MB), registry=registry.url)
    )
    before = dict(graph_image.counts)
    for _ in range(graph_image.SNAPSHOT_AFTER + 2):
        assert ok(run('import { total } from "large-lib";\nreturn total();')) == PARTS * len(PART)
        graph_image.wait_for_builds()
    assert graph_image.counts["served"] - before["served"] >= 1


def test_the_pack_manager_raises_the_limit_for_an_npm_install_and_the_consent_shows_it(qtbot, registry, tmp_path):
    """The studio's npm install path has the CLI's `--max-bundle-size`: a box from 1 MB to the ceiling,
    at the default; raised, the consent dialog says the limit in force and the record keeps it."""
    from PySide6.QtCore import Qt

    from core.packs import Catalog, PackRoot
    from core.packs.install.records import records
    from gui.pack_manager import PackManager

    publish_large(registry, tmp_path)
    manager = PackManager(Catalog([PackRoot(installed_dir(), "installed")]), registry=registry.url)
    qtbot.addWidget(manager)
    try:
        box = manager.bundle_limit
        assert (box.minimum(), box.value(), box.maximum()) == (1, NPM_JS_MAX // MB, NPM_JS_CEILING // MB)
        qtbot.keyClicks(manager.package_name, "npm:large-lib")
        qtbot.keyClick(manager.package_name, Qt.Key.Key_Return)
        qtbot.waitUntil(manager.install_button.isEnabled, timeout=30_000)
        with qtbot.waitSignal(manager.install_finished, timeout=60_000) as refused:
            qtbot.mouseClick(manager.install_button, Qt.MouseButton.LeftButton)
        assert refused.args[0] is False and "npm-module-too-large" in refused.args[1]
        assert "npm bundle limit" in manager.status.text()  # says where the studio raises it

        box.setValue(4)
        with qtbot.waitSignal(manager.consent_requested, timeout=60_000) as asked:
            qtbot.mouseClick(manager.install_button, Qt.MouseButton.LeftButton)
        dialog = asked.args[0]
        limit = "4 MB (raised from the default 3 MB; up to 8 MB with --max-bundle-size)"
        assert f"npm module large-lib: bundle limit {limit}" in dialog.facts.notices
        with qtbot.waitSignal(manager.install_finished, timeout=60_000) as finished:
            qtbot.mouseClick(dialog.allow, Qt.MouseButton.LeftButton)
        assert finished.args[0] is True
        assert records()["large-lib"].max_bundle_bytes == 4 * MB
    finally:
        manager.shutdown()
