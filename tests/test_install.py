"""Installing packs from a real npm-protocol registry on 127.0.0.1: consent, refusals, atomicity."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import textwrap

import pytest

from core import RunServices, paths, run_in_sandbox
from core.packs import Catalog, resolve_body
from core.packs.install import (
    INSTALL_MODE,
    InstallError,
    commit_install,
    discard,
    docs_for_agent,
    is_trusted,
    prepare_install,
    recover,
    remove,
    set_trust,
    skill_for_agent,
)
from core.packs.roots import installed_dir
from tests import install_support
from tests.conftest import ok
from tests.install_support import install_area, tree_digest
from tests.npm_registry import FIXTURES, file_member, pack_folder

# Shared fixtures (pytest finds them as attributes of this module).
home = install_support.home
memory_keyring = install_support.memory_keyring
registry = install_support.registry
pytestmark = pytest.mark.usefixtures("home")


def _install(source, registry):
    request = prepare_install(source, registry=registry.url)
    return request, commit_install(request)


# -- the happy path, and scripts that never run ------------------------------------------------
def test_lifecycle_scripts_never_run_and_the_pack_imports(registry, tmp_path, monkeypatch):
    markers = tmp_path / "markers"
    markers.mkdir()
    monkeypatch.setenv("CORDON_MARKER_DIR", str(markers))
    monkeypatch.chdir(tmp_path)
    registry.publish_fixture("packs/scripted-pack")
    progress = []
    request = prepare_install("scripted-pack", registry=registry.url, on_progress=lambda *a: progress.append(a))

    assert request.install_mode == INSTALL_MODE == "scripts never run"
    assert request.lifecycle_scripts == ("preinstall", "install", "postinstall")
    assert request.specifiers == ("scripted-pack",)
    assert request.integrity.startswith("sha512-") and request.file_count == 3
    assert "network via fetch, the workspace, the secrets the node may read" in request.grants
    assert not (installed_dir() / "scripted-pack").exists()  # consent first: nothing placed yet
    assert {p[0] for p in progress} >= {"resolve", "download", "extract"}

    folder = commit_install(request)
    assert folder == installed_dir() / "scripted-pack" and (folder / "package.json").is_file()
    assert list(markers.iterdir()) == [] and not list(tmp_path.glob("*.ran"))
    assert not [p for p in installed_dir().rglob("*.ran")]
    assert install_area() == {"staging": [], "trash": [], "journal": []}

    code = 'import { greet } from "scripted-pack";\nreturn greet("Ada");'
    packs = resolve_body(code)
    assert (
        ok(run_in_sandbox(code, services=RunServices(modules=packs.modules, surfaces=packs.surfaces))) == "hello, Ada"
    )


def test_discard_leaves_nothing_behind(registry):
    registry.publish_fixture("packs/scripted-pack")
    request = prepare_install("scripted-pack@^1", registry=registry.url)
    assert install_area()["staging"] != []
    discard(request)
    assert install_area() == {"staging": [], "trash": [], "journal": []}
    assert not (installed_dir() / "scripted-pack").exists()
    with pytest.raises(InstallError) as refused:
        commit_install(request)
    assert refused.value.rule == "install-stale"


def test_versions_ranges_and_tags(registry):
    for version in ("1.0.0", "1.4.0", "2.0.0-rc.1"):
        registry.publish_fixture(
            "packs/scripted-pack", overrides={"version": version}, tag="latest" if version == "1.4.0" else "next"
        )
    for spec, expected in (
        ("", "1.4.0"),
        ("@~1.0", "1.0.0"),
        ("@>=1.1 <2", "1.4.0"),
        ("@next", "2.0.0-rc.1"),
        ("@1.x", "1.4.0"),
        ("@1.0.0", "1.0.0"),
    ):
        request = prepare_install(f"scripted-pack{spec}", registry=registry.url)
        assert request.version == expected, spec
        discard(request)
    with pytest.raises(InstallError) as refused:
        prepare_install("scripted-pack@^3", registry=registry.url)
    assert refused.value.rule == "version-not-found"
    with pytest.raises(InstallError) as refused:
        prepare_install("no-such-pack", registry=registry.url)
    assert refused.value.rule == "package-not-found"


# -- refusals: nothing left behind, previous install intact -----------------------------------
def _hostile(kind: str) -> bytes:
    # 1.1.0's own bytes: the 1.0.0 tarball's would be served from the verified cache, never downloaded.
    base = pack_folder(FIXTURES / "packs" / "scripted-pack", overrides={"version": "1.1.0"})
    if kind == "traversal":
        return pack_folder(FIXTURES / "packs" / "scripted-pack", extra=[file_member("package/../../evil.js", b"x")])
    if kind == "symlink":
        link = tarfile.TarInfo("package/sandbox/link.js")
        link.type, link.linkname = tarfile.SYMTYPE, "/etc/passwd"
        return pack_folder(FIXTURES / "packs" / "scripted-pack", extra=[(link, None)])
    if kind == "oversize":
        return pack_folder(
            FIXTURES / "packs" / "scripted-pack", extra=[file_member("package/big.bin", bytes(65 * 1024 * 1024))]
        )
    return base


@pytest.mark.parametrize(
    ("kind", "behaviour", "rule"),
    [
        ("plain", "lie", "integrity-mismatch"),
        ("traversal", None, "archive-unsafe-path"),
        ("symlink", None, "archive-link"),
        ("oversize", None, "archive-too-large"),
        ("plain", "truncate", "download-incomplete"),
    ],
)
def test_refusals_leave_the_previous_install_intact(registry, kind, behaviour, rule):
    registry.publish_fixture("packs/scripted-pack", tag="latest")
    _install("scripted-pack@1.0.0", registry)
    before = tree_digest(installed_dir())

    registry.publish(_hostile(kind), version="1.1.0", behaviour=behaviour)
    with pytest.raises(InstallError) as refused:
        prepare_install("scripted-pack@1.1.0", registry=registry.url)
    assert refused.value.rule == rule, refused.value.message
    assert tree_digest(installed_dir()) == before
    assert install_area() == {"staging": [], "trash": [], "journal": []}
    assert not (installed_dir().parent / "evil.js").exists()


def test_oversized_download_is_refused_before_it_is_read(registry, monkeypatch):
    from core.packs.install import registry as registry_module

    monkeypatch.setattr(registry_module, "MAX_TARBALL_BYTES", 1024)
    registry.publish(
        pack_folder(FIXTURES / "packs" / "scripted-pack", extra=[file_member("package/noise.bin", os.urandom(4096))])
    )
    with pytest.raises(InstallError) as refused:
        prepare_install("scripted-pack", registry=registry.url)
    assert refused.value.rule == "download-too-large"
    assert install_area()["staging"] == []


def test_a_tarball_naming_another_package_is_refused(registry):
    registry.publish(pack_folder(FIXTURES / "packs" / "scripted-pack"), name="innocent-pack")
    with pytest.raises(InstallError) as refused:
        prepare_install("innocent-pack", registry=registry.url)
    assert refused.value.rule == "package-name-mismatch"


@pytest.mark.parametrize(
    ("fixture", "needle"), [("host-pack", "host module 'cordon.hash'"), ("register-pack", "nodetool.register")]
)
def test_host_code_is_refused(registry, fixture, needle):
    registry.publish_fixture(f"packs/{fixture}")
    with pytest.raises(InstallError) as refused:
        prepare_install(fixture, registry=registry.url)
    assert refused.value.rule == "host-code-refused"
    assert needle in refused.value.message
    assert install_area()["staging"] == []


def test_classification_change_is_flagged(registry):
    registry.publish_fixture("packs/scripted-pack")
    _install("scripted-pack", registry)
    wasm = {
        "apiVersion": 1,
        "sandboxModules": [
            {"name": ".", "kind": "js", "file": "sandbox/greet.js"},
            {"name": "fast", "kind": "wasm", "file": "sandbox/fast.wasm", "memoryPagesMax": 1, "exports": ["f"]},
        ],
    }
    registry.publish_fixture("packs/scripted-pack", overrides={"version": "2.0.0", "cordon": wasm})
    request = prepare_install("scripted-pack@2", registry=registry.url)
    assert request.previous_version == "1.0.0"
    assert request.previous_classification == "sandbox-only (js)"
    assert request.classification.label == "sandbox-only (js, wasm)"
    assert request.classification_changed
    assert any(line.startswith("  CHANGED:") for line in request.lines())
    discard(request)


def test_commit_refuses_when_the_installed_pack_changed_meanwhile(registry):
    registry.publish_fixture("packs/scripted-pack")
    request = prepare_install("scripted-pack", registry=registry.url)
    other = prepare_install("scripted-pack", registry=registry.url)
    commit_install(other)
    with pytest.raises(InstallError) as refused:
        commit_install(request)
    assert refused.value.rule == "install-stale"
    assert install_area()["staging"] == []


# -- local sources --------------------------------------------------------------------------
def test_local_tarball_and_folder(home, tmp_path, memory_keyring):
    tgz = tmp_path / "scripted-pack-1.0.0.tgz"
    tgz.write_bytes(pack_folder(FIXTURES / "packs" / "scripted-pack"))
    request = prepare_install(str(tgz))
    assert (request.origin, request.name, request.download_size) == ("tarball", "scripted-pack", tgz.stat().st_size)
    commit_install(request)

    folder = tmp_path / "src"
    (folder / "sandbox").mkdir(parents=True)
    for rel in ("package.json", "SKILL.md", "sandbox/greet.js"):
        (folder / rel).write_bytes((FIXTURES / "packs" / "scripted-pack" / rel).read_bytes())
    (folder / "node_modules" / "junk").mkdir(parents=True)  # an npm-built tree is never copied
    request = prepare_install(str(folder))
    assert request.origin == "folder" and request.file_count == 3 and request.integrity.startswith("sha512-")
    assert request.previous_version == "1.0.0"
    commit_install(request)
    assert not (installed_dir() / "scripted-pack" / "node_modules").exists()

    (folder / "sandbox" / "link.js").symlink_to(folder / "package.json")
    with pytest.raises(InstallError) as refused:
        prepare_install(str(folder))
    assert refused.value.rule == "archive-link"


def test_remove_and_trust(registry):
    registry.publish_fixture("packs/scripted-pack")
    _install("scripted-pack", registry)
    skill = (installed_dir() / "scripted-pack" / "SKILL.md").read_text()
    wrapped = docs_for_agent("scripted-pack", skill)
    assert wrapped.startswith('<untrusted-package-docs pack="scripted-pack">')
    assert wrapped.count("</untrusted-package-docs>") == 1 and wrapped.endswith("</untrusted-package-docs>")
    assert "&lt;/untrusted-package-docs>" in wrapped  # the body's copy of the tag is defused

    [pack] = [p for p in Catalog().packs() if p.name == "scripted-pack"]
    assert skill_for_agent(pack) == docs_for_agent("scripted-pack", pack.skill.body)
    assert skill_for_agent(pack).startswith("<untrusted-package-docs")

    set_trust("scripted-pack", True)
    assert skill_for_agent(pack) == pack.skill.body
    assert is_trusted("scripted-pack") and docs_for_agent("scripted-pack", skill) == skill
    assert docs_for_agent("@cordon/sandbox-hash", "body", first_party=True) == "body"
    stored = json.loads((home_data() / "trust.json").read_text())
    assert stored["packs"] == {"scripted-pack": "trusted"}

    remove("scripted-pack")
    assert not (installed_dir() / "scripted-pack").exists() and not is_trusted("scripted-pack")
    with pytest.raises(InstallError) as refused:
        remove("scripted-pack")
    assert refused.value.rule == "pack-not-installed"


def home_data():
    from core import paths

    return paths.data_dir()


def test_registry_token_goes_only_to_the_registry(registry, memory_keyring):
    from core import secrets_store

    secrets_store.set_secret(f"npm-token:127.0.0.1:{registry.port}", "s3cret")
    registry.publish_fixture("packs/scripted-pack")
    discard(prepare_install("scripted-pack", registry=registry.url))
    assert all("authorization" not in headers for _, headers in registry.requests)  # a public registry: never asked

    registry.token = "s3cret"  # a private registry: the keyring's token once it refuses, then on each request
    registry.requests.clear()
    shutil.rmtree(paths.cache_dir() / "npm")  # downloaded again, not read from the cache
    discard(prepare_install("scripted-pack", registry=registry.url))
    assert [headers.get("authorization") for _, headers in registry.requests] == [None] + ["Bearer s3cret"] * 2

    registry.requests.clear()
    shutil.rmtree(paths.cache_dir() / "npm" / "tarballs")
    registry.packages["scripted-pack"]["1.0.0"]["dist"]["tarball"] = (
        f"http://localhost:{registry.port}/-/scripted-pack-1.0.0.tgz"  # another origin
    )
    with pytest.raises(InstallError) as refused:  # the other origin asks for it too, and never gets it
        prepare_install("scripted-pack", registry=registry.url)
    assert refused.value.rule == "registry-error"
    tarball_request = [h for path, h in registry.requests if path.startswith("/-/")]
    assert tarball_request and "authorization" not in tarball_request[0]


# -- interrupted installs ----------------------------------------------------------------------
KILLED_INSTALL = textwrap.dedent("""
    import sys
    from core.packs.install import commit_install, prepare_install
    commit_install(prepare_install("scripted-pack@2.0.0", registry=sys.argv[1]))
""")


def test_an_install_killed_midway_leaves_no_half_installed_pack(registry, home):
    registry.publish_fixture("packs/scripted-pack")
    _install("scripted-pack@1.0.0", registry)
    before = tree_digest(installed_dir())
    registry.publish(
        pack_folder(
            FIXTURES / "packs" / "scripted-pack",
            overrides={"version": "2.0.0"},
            extra=[file_member("package/padding.bin", os.urandom(256 * 1024))],
        ),
        behaviour="stall",
    )
    env = {**os.environ, "CORDON_HOME": str(home), "PYTHONPATH": os.getcwd()}
    child = subprocess.Popen([sys.executable, "-c", KILLED_INSTALL, registry.url], env=env)
    try:
        assert registry.stalled.wait(60), "the child never reached the download"
        child.kill()  # SIGKILL: no cleanup handler of the child runs
        child.wait(30)
    finally:
        if child.poll() is None:
            child.kill()
    assert tree_digest(installed_dir()) == before  # untouched while the staging debris is still there
    assert install_area()["staging"] != []
    recover()
    assert install_area() == {"staging": [], "trash": [], "journal": []}
    assert tree_digest(installed_dir()) == before


def test_recovery_rolls_back_a_swap_interrupted_between_renames(registry):
    """The state a kill between `old -> trash` and `staged -> place` leaves: recover() restores the old."""
    from core.packs.install import staging

    registry.publish_fixture("packs/scripted-pack")
    _install("scripted-pack", registry)
    before = tree_digest(installed_dir())
    dest = installed_dir() / "scripted-pack"
    journal = installed_dir() / ".install" / "journal" / "cafe.json"
    journal.parent.mkdir(parents=True, exist_ok=True)
    journal.write_text(json.dumps({"dest": "scripted-pack", "trash": "cafe", "had_previous": True}))
    os.replace(dest, installed_dir() / ".install" / "trash" / "cafe")
    assert not dest.exists()
    staging.recover()
    assert tree_digest(installed_dir()) == before
    assert install_area() == {"staging": [], "trash": [], "journal": []}


def test_npm_cannot_be_tricked_into_the_packs_dir_by_a_journal(home):
    from core.packs.install import staging

    outside = home / "victim"
    outside.mkdir(parents=True)
    journal = staging.packs_dir() / ".install" / "journal" / "bad.json"
    journal.parent.mkdir(parents=True, exist_ok=True)
    journal.write_text(json.dumps({"dest": "../victim", "trash": "x", "had_previous": False}))
    staging.recover()
    assert outside.is_dir() and not journal.exists()
