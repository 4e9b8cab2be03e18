"""One set of sizes, the same numbers and words in the consent dialog, the pack's
page, `cordon packs install|show` and their `--json`; no agent jargon for an installed npm library.

An npm library with a dependency is published to the real registry on 127.0.0.1 and installed
through the CLI; the studio's pack manager then shows the installed pack."""

from __future__ import annotations

import json

import pytest

from core.cli import main
from core.packs import Catalog, PackRoot, default_catalog, human_size, pack_sizes
from core.packs.install import discard, prepare_install
from core.packs.roots import SHIPPED_DIR, installed_dir
from gui.dialogs.consent import ConsentDialog, ConsentFacts
from gui.pack_manager import PackManager
from tests import install_support

home = install_support.home
memory_keyring = install_support.memory_keyring
registry = install_support.registry
pytestmark = pytest.mark.usefixtures("home")


def publish_library_with_a_dependency(registry, tmp_path) -> int:
    """`size-lib` requiring `size-dep`; returns the bytes of both tarballs (what an install downloads)."""
    dep = install_support.publish_package(
        registry,
        tmp_path,
        {"name": "size-dep", "main": "index.js"},
        {"index.js": "exports.twice = (n) => 2 * n;\n" + "// padding\n" * 200},
    )
    lib = install_support.publish_package(
        registry,
        tmp_path,
        {"name": "size-lib", "main": "index.js", "dependencies": {"size-dep": "^1.0.0"}},
        {"index.js": "const d = require('size-dep');\nexports.quad = (n) => d.twice(d.twice(n));\n", "README.md": "x"},
    )
    return len(registry.files[dep]) + len(registry.files[lib])


def disk_usage(folder) -> tuple[int, int]:
    files = [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    return len(files), sum(p.stat().st_size for p in files)


def test_the_three_sizes_agree_across_dialog_page_and_cli(qtbot, registry, tmp_path, capsys):
    downloaded = publish_library_with_a_dependency(registry, tmp_path)

    request = prepare_install("npm:size-lib", registry=registry.url)
    try:
        dialog = ConsentDialog(ConsentFacts.from_request(request))
        qtbot.addWidget(dialog)
        in_dialog = dict(dialog.facts.sizes)
    finally:
        discard(request)

    assert main(["packs", "install", "npm:size-lib", "--registry", registry.url, "--yes"]) == 0
    printed = capsys.readouterr().out
    assert main(["packs", "show", "size-lib", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)["pack"]["sizes"]

    pack = default_catalog().pack("size-lib")
    assert pack is not None
    files, size = disk_usage(installed_dir() / "size-lib")
    # The numbers: what came down (both tarballs), what is on disk (the library and its dependency under
    # node_modules), what the guest loads.
    assert shown == {"download": downloaded, "disk": size, "files": files, "bundle": pack.size, "packages": 2}
    assert pack.size > 0 and downloaded > 0

    # The words: the dialog, the CLI's install output and the pack's page say the same three lines.
    expected = {
        "Download": human_size(downloaded),
        "On disk": f"{human_size(size)} in {files} files (2 npm packages)",
        "Sandbox bundle": f"{human_size(pack.size)} (what a Code node loads)",
    }
    assert in_dialog == expected
    for label, words in expected.items():
        assert f"  {label.lower()}: {words}\n" in printed
    assert "download 0 bytes" not in printed

    manager = PackManager(Catalog([PackRoot(installed_dir(), "installed")]))
    qtbot.addWidget(manager)
    try:
        assert manager.select_pack("size-lib")
        on_page = {label: w.text() for label, w in manager.size_labels.items() if w.text()}
        assert on_page == expected
    finally:
        manager.shutdown()

    assert main(["packs", "install", "npm:size-lib", "--registry", registry.url, "--yes", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["request"]["sizes"] == shown


def test_a_shipped_pack_shows_its_real_size(qtbot):
    catalog = Catalog([PackRoot(SHIPPED_DIR, "shipped")])
    pack = catalog.pack("@cordon/sandbox-csv")
    assert pack is not None
    files, size = disk_usage(pack.root)
    sizes = pack_sizes(pack)
    assert size > 0 and (sizes.files, sizes.disk) == (files, size)
    assert sizes.download is None  # shipped with Cordon: nothing was downloaded

    manager = PackManager(catalog)
    qtbot.addWidget(manager)
    try:
        assert manager.select_pack("@cordon/sandbox-csv")
        assert manager.size_labels["On disk"].text() == f"{human_size(size)} in {files} files"
        assert "0 bytes" not in " ".join(w.text() for w in manager.size_labels.values())
    finally:
        manager.shutdown()


def test_an_installed_npm_library_shows_no_agent_jargon(qtbot, registry, tmp_path, capsys):
    """Every fresh npm pack showed a red "Problems (1) … agents cannot discover it [skill-missing]"."""
    publish_library_with_a_dependency(registry, tmp_path)
    assert main(["packs", "install", "npm:size-lib", "--registry", registry.url, "--yes"]) == 0
    assert main(["packs", "list"]) == 0
    assert main(["packs", "show", "size-lib"]) == 0
    out = capsys.readouterr().out
    assert "size-lib 1.0.0" in out and "skill" not in out.lower() and "agents" not in out
    assert [s for s in default_catalog().diagnostics() if s.pack == "size-lib"] == []

    manager = PackManager(Catalog([PackRoot(installed_dir(), "installed")]))
    qtbot.addWidget(manager)
    try:
        assert manager.select_pack("size-lib")
        assert manager.diagnostics_label.text() == "Problems: none" and manager.diagnostics.count() == 0
        docs = manager.docs.toPlainText()
        assert "size-lib is an npm library" in docs and "SKILL" not in docs
        row = manager.pack_list.topLevelItem(manager.names().index("size-lib"))
        assert row.text(2) == manager.trust_state.text() == "—" and not manager.trust_button.isEnabled()
    finally:
        manager.shutdown()


def test_the_skill_check_stays_in_the_pack_authors_view(tmp_path, capsys):
    """`cordon packs check` (the author's view) still says a hand-written pack lacks its SKILL.md."""
    folder = tmp_path / "my-pack"
    folder.mkdir()
    (folder / "index.js").write_text("export const one = 1;\n")
    (folder / "package.json").write_text(
        json.dumps(
            {
                "name": "my-pack",
                "version": "1.0.0",
                "cordon": {"apiVersion": 1, "sandboxModules": [{"name": ".", "kind": "js", "file": "index.js"}]},
            }
        )
    )
    assert main(["packs", "check", str(folder)]) == 0
    assert "[skill-missing]" in capsys.readouterr().out


def test_a_pack_from_a_file_says_the_same_sizes_before_and_after(qtbot):
    """A local .tgz or folder was not downloaded: neither the consent nor the page claims a download."""
    from core.packs.install import commit_install
    from tests.npm_registry import FIXTURES

    request = prepare_install(str(FIXTURES / "packs" / "scripted-pack"))
    in_dialog = dict(ConsentFacts.from_request(request).sizes)
    commit_install(request)
    assert list(in_dialog) == ["On disk", "Sandbox bundle"]
    manager = PackManager(Catalog([PackRoot(installed_dir(), "installed")]))
    qtbot.addWidget(manager)
    try:
        assert manager.select_pack("scripted-pack")
        assert {label: w.text() for label, w in manager.size_labels.items() if w.text()} == in_dialog
    finally:
        manager.shutdown()


def test_the_page_walks_a_pack_folder_once_until_an_install_writes_a_new_one(tmp_path, monkeypatch):
    """Selecting a pack walked its whole folder every time (date-fns: ~5,000 files); the walk is
    kept for the same folder, and a new folder (an install or update writes one) is walked again."""
    from core.packs import sizes
    from tests.packfixtures import make_pack

    walks: list[str] = []
    real = sizes.on_disk
    monkeypatch.setattr(sizes, "on_disk", lambda root: walks.append(root.name) or real(root))
    root = tmp_path / "installed"
    make_pack(root, "@acme/walked", files={"index.js": "export const a = 1;\n"})
    pack = Catalog([PackRoot(root, "installed")]).pack("@acme/walked")
    assert pack is not None
    first = pack_sizes(pack)
    assert pack_sizes(pack) == first and len(walks) == 1
    folder = pack.root
    folder.rename(folder.with_name("old"))  # an update: the new folder takes the name, with more in it
    make_pack(root, "@acme/walked", files={"index.js": "export const a = 1;\n", "extra.txt": "x" * 5000})
    assert pack_sizes(pack).files == first.files + 1 and len(walks) == 2
