"""Config-only packs: `{"npm": dep}` modules fetched, compiled, probed and run in the guest."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from core import RunServices, run_in_sandbox
from core.cli import main
from core.packs import Catalog, resolve_body
from core.packs.compiler import input_digest
from core.packs.install import InstallError, commit_install, discard, prepare_install
from core.packs.roots import installed_dir
from tests import install_support
from tests.conftest import ok
from tests.install_support import install_area, publish_package, tree_digest
from tests.npm_registry import FIXTURES, NpmRegistry, pack_folder, sri

# Shared fixtures (pytest finds them as attributes of this module).
home = install_support.home
memory_keyring = install_support.memory_keyring
registry = install_support.registry


def test_js_yaml_pack_installs_compiles_and_runs_yaml_load(registry):
    registry.publish_file("js-yaml-4.1.0.tgz")
    registry.publish_file("argparse-2.0.1.tgz")
    registry.publish_fixture("packs/yaml-pack")
    request = prepare_install("yaml-pack", registry=registry.url)
    assert [(d.name, d.version, d.path) for d in request.dependencies] == [
        ("js-yaml", "4.1.0", "node_modules/js-yaml"),
        ("argparse", "2.0.1", "node_modules/argparse"),
    ]
    assert all(d.integrity.startswith("sha512-") for d in request.dependencies)
    [module] = request.npm_modules
    assert module.ok and module.dependency == "js-yaml" and 0 < module.size < 1024 * 1024
    assert request.install_mode == "scripts never run"
    folder = commit_install(request)
    assert (folder / "node_modules" / "js-yaml" / "dist" / "js-yaml.mjs").is_file()

    code = (
        'import yaml, { dump } from "yaml-pack";\n'
        'const doc = yaml.load("name: cordon\\nlist: [1, 2]\\nnested: {a: true}");\n'
        "return { doc, text: dump({ b: [1] }) };"
    )
    packs = resolve_body(code, catalog=Catalog())
    assert packs.ok, packs.problems
    out = ok(run_in_sandbox(code, services=RunServices(modules=packs.modules, surfaces=packs.surfaces)))
    assert out == {"doc": {"name": "cordon", "list": [1, 2], "nested": {"a": True}}, "text": "b:\n  - 1\n"}


def test_a_pack_with_no_admitted_module_is_refused_naming_each_skip(registry):
    registry.publish(pack_folder(FIXTURES / "packages" / "uses-fs"))
    registry.publish_fixture("packs/fs-pack")
    with pytest.raises(InstallError) as refused:
        prepare_install("fs-pack", registry=registry.url)
    assert refused.value.rule == "pack-no-admitted-modules"
    assert "uses-fs: npm-module-builtin-import" in refused.value.message
    assert install_area()["staging"] == [] and not (installed_dir() / "fs-pack").exists()


def test_a_skipped_module_never_fails_the_pack(registry, tmp_path):
    """One module imports node:fs, one names a package the registry lacks: the third installs and runs."""
    registry.publish_file("js-yaml-4.1.0.tgz")
    registry.publish_file("argparse-2.0.1.tgz")
    registry.publish(pack_folder(FIXTURES / "packages" / "uses-fs"))
    publish_package(
        registry,
        tmp_path,
        {
            "name": "mixed-pack",
            "version": "1.0.0",
            "dependencies": {"js-yaml": "^4.1.0", "uses-fs": "^1.0.0", "not-published": "^1.0.0"},
            "cordon": {
                "apiVersion": 1,
                "sandboxModules": [
                    {"name": ".", "kind": "js", "npm": "js-yaml"},
                    {"name": "fs", "kind": "js", "npm": "uses-fs"},
                    {"name": "gone", "kind": "js", "npm": "not-published"},
                ],
            },
        },
        {},
    )
    request = prepare_install("mixed-pack", registry=registry.url)
    status = {m.dependency: (m.ok, m.rule) for m in request.npm_modules}
    assert status == {
        "js-yaml": (True, None),
        "uses-fs": (False, "npm-module-builtin-import"),
        "not-published": (False, "npm-module-unresolved"),
    }
    assert any("skipped (npm-module-unresolved)" in line and "package-not-found" in line for line in request.lines())
    commit_install(request)
    code = 'import yaml from "mixed-pack";\nreturn yaml.load("a: 1");'
    packs = resolve_body(code, catalog=Catalog())
    assert packs.ok, packs.problems
    assert ok(run_in_sandbox(code, services=RunServices(modules=packs.modules, surfaces=packs.surfaces))) == {"a": 1}
    # Discovery skips the refused module with the compiler's rule; a run importing it is refused naming it.
    packs = resolve_body('import { read } from "mixed-pack/fs";\nreturn 1;', catalog=Catalog())
    assert not packs.ok and "npm-module-builtin-import" in packs.errors[0].message


def test_npm_module_without_a_declared_dependency_is_refused(registry):
    registry.publish_fixture("packs/yaml-pack", overrides={"dependencies": {}})
    with pytest.raises(InstallError) as refused:
        prepare_install("yaml-pack", registry=registry.url)
    assert refused.value.rule == "dependency-missing"
    assert install_area()["staging"] == []


def test_a_dependency_with_a_bad_integrity_refuses_the_whole_install(registry):
    registry.publish((FIXTURES / "js-yaml-4.1.0.tgz").read_bytes(), behaviour="lie")
    registry.publish_file("argparse-2.0.1.tgz")
    registry.publish_fixture("packs/yaml-pack")
    with pytest.raises(InstallError) as refused:
        prepare_install("yaml-pack", registry=registry.url)
    assert refused.value.rule == "integrity-mismatch" and "js-yaml@4.1.0" in refused.value.message
    assert install_area()["staging"] == [] and not (installed_dir() / "yaml-pack").exists()


def test_discarding_a_config_only_pack_leaves_nothing(registry):
    registry.publish_file("js-yaml-4.1.0.tgz")
    registry.publish_file("argparse-2.0.1.tgz")
    registry.publish_fixture("packs/yaml-pack")
    discard(prepare_install("yaml-pack", registry=registry.url))
    assert install_area() == {"staging": [], "trash": [], "journal": []}


def _lib(registry: NpmRegistry, tmp_path: Path, version: str, extra: dict | None = None) -> str:
    """`tiny-lib@version`: an ES module exporting its version."""
    return publish_package(
        registry,
        tmp_path,
        {"name": "tiny-lib", "version": version, "type": "module", "exports": "./index.js", **(extra or {})},
        {"index.js": f'export const version = "{version}";\n'},
    )


def _lib_pack(registry: NpmRegistry, tmp_path: Path, lock: dict | None) -> None:
    files = {"package-lock.json": json.dumps(lock)} if lock else {}
    publish_package(
        registry,
        tmp_path,
        {
            "name": "lib-pack",
            "version": "1.0.0",
            "dependencies": {"tiny-lib": "^1.0.0"},
            "cordon": {"apiVersion": 1, "sandboxModules": [{"name": ".", "kind": "js", "npm": "tiny-lib"}]},
        },
        files,
    )


def _lockfile(version: str, integrity: str) -> dict:
    return {
        "name": "lib-pack",
        "lockfileVersion": 3,
        "packages": {
            "": {"name": "lib-pack", "dependencies": {"tiny-lib": "^1.0.0"}},
            "node_modules/tiny-lib": {"version": version, "integrity": integrity},
        },
    }


def test_a_shipped_lockfile_pins_the_exact_version(registry, tmp_path):
    old = _lib(registry, tmp_path, "1.0.0")
    _lib(registry, tmp_path, "1.1.0")  # the range's newest match, which the lockfile overrules
    _lib_pack(registry, tmp_path, _lockfile("1.0.0", sri(registry.files[old])))
    request = prepare_install("lib-pack", registry=registry.url)
    assert [(d.name, d.version) for d in request.dependencies] == [("tiny-lib", "1.0.0")]
    commit_install(request)
    code = 'import { version } from "lib-pack";\nreturn version;'
    packs = resolve_body(code, catalog=Catalog())
    assert ok(run_in_sandbox(code, services=RunServices(modules=packs.modules, surfaces=packs.surfaces))) == "1.0.0"


def test_a_lockfile_integrity_the_registry_does_not_match_refuses_the_pack(registry, tmp_path):
    _lib(registry, tmp_path, "1.0.0")
    _lib_pack(registry, tmp_path, _lockfile("1.0.0", sri(b"another artifact")))
    with pytest.raises(InstallError) as refused:
        prepare_install("lib-pack", registry=registry.url)
    assert refused.value.rule == "integrity-mismatch" and "lockfile" in refused.value.message
    assert install_area()["staging"] == []


def test_without_a_lockfile_the_newest_match_is_fetched(registry, tmp_path):
    _lib(registry, tmp_path, "1.0.0")
    _lib(registry, tmp_path, "1.1.0")
    _lib_pack(registry, tmp_path, None)
    request = prepare_install("lib-pack", registry=registry.url)
    assert [(d.name, d.version) for d in request.dependencies] == [("tiny-lib", "1.1.0")]
    discard(request)


def test_peer_dependencies_are_fetched_and_bundled(registry, tmp_path):
    _lib(registry, tmp_path, "1.2.0")
    publish_package(
        registry,
        tmp_path,
        {
            "name": "lib-plugin",
            "version": "1.0.0",
            "type": "module",
            "exports": "./index.js",
            "peerDependencies": {"tiny-lib": "^1.0.0"},
            "peerDependenciesMeta": {},
        },
        {"index.js": 'import { version } from "tiny-lib";\nexport const plugged = "on " + version;\n'},
    )
    publish_package(
        registry,
        tmp_path,
        {
            "name": "plugin-pack",
            "version": "1.0.0",
            "dependencies": {"lib-plugin": "^1.0.0"},
            "cordon": {"apiVersion": 1, "sandboxModules": [{"name": ".", "kind": "js", "npm": "lib-plugin"}]},
        },
        {},
    )
    request = prepare_install("plugin-pack", registry=registry.url)
    assert [(d.name, d.path) for d in request.dependencies] == [
        ("lib-plugin", "node_modules/lib-plugin"),
        ("tiny-lib", "node_modules/tiny-lib"),
    ]
    assert all(m.ok for m in request.npm_modules)
    commit_install(request)
    code = 'import { plugged } from "plugin-pack";\nreturn plugged;'
    packs = resolve_body(code, catalog=Catalog())
    assert ok(run_in_sandbox(code, services=RunServices(modules=packs.modules, surfaces=packs.surfaces))) == "on 1.2.0"


class _Opens:
    """Files opened while recording, seen through the interpreter's audit events (no patching)."""

    hooked = False
    recording: list[str] | None = None

    @classmethod
    def record(cls) -> list[str]:
        if not cls.hooked:
            sys.addaudithook(cls._hook)
            cls.hooked = True
        cls.recording = []
        return cls.recording

    @classmethod
    def _hook(cls, event: str, args: tuple) -> None:
        if event == "open" and cls.recording is not None and isinstance(args[0], (str, Path)):
            cls.recording.append(str(args[0]))


def test_an_installed_pack_is_never_re_hashed_while_a_folder_elsewhere_always_is(registry, tmp_path):
    registry.publish_file("js-yaml-4.1.0.tgz")
    registry.publish_file("argparse-2.0.1.tgz")
    registry.publish_fixture("packs/yaml-pack")
    folder = commit_install(prepare_install("yaml-pack", registry=registry.url))
    first = input_digest(folder, "js-yaml")
    opened = _Opens.record()
    assert input_digest(folder, "js-yaml") == first
    _Opens.recording = None
    assert not [p for p in opened if "node_modules" in p]

    copy = tmp_path / "linked"
    shutil.copytree(folder, copy)
    assert input_digest(copy, "js-yaml") == first  # same content, same key
    opened = _Opens.record()
    input_digest(copy, "js-yaml")
    _Opens.recording = None
    assert len([p for p in opened if "node_modules" in p]) > 10


def test_an_installed_file_changed_in_place_with_its_mtime_restored_changes_the_digest(registry):
    registry.publish_file("js-yaml-4.1.0.tgz")
    registry.publish_file("argparse-2.0.1.tgz")
    registry.publish_fixture("packs/yaml-pack")
    folder = commit_install(prepare_install("yaml-pack", registry=registry.url))
    first = input_digest(folder, "js-yaml")
    target = folder / "node_modules" / "js-yaml" / "dist" / "js-yaml.mjs"
    before = target.stat()
    data = target.read_bytes()
    with open(target, "r+b") as handle:  # same inode, same size
        handle.write(b"//" if data[:2] != b"//" else b"/*")
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = target.stat()
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (before.st_size, before.st_mtime_ns, before.st_ino)
    assert input_digest(folder, "js-yaml") != first


def test_unreached_missing_globals_warn_in_consent_and_packs_show(registry, tmp_path, capsys):
    publish_package(
        registry,
        tmp_path,
        {"name": "timers-lib", "version": "1.0.0", "type": "module", "exports": "./index.js"},
        {"index.js": "export const now = 1;\nexport function later(cb) { return setTimeout(cb, 5); }\n"},
    )
    publish_package(
        registry,
        tmp_path,
        {
            "name": "timers-pack",
            "version": "1.0.0",
            "dependencies": {"timers-lib": "^1.0.0"},
            "cordon": {"apiVersion": 1, "sandboxModules": [{"name": ".", "kind": "js", "npm": "timers-lib"}]},
        },
        {},
    )
    request = prepare_install("timers-pack", registry=registry.url)
    [module] = request.npm_modules
    assert module.ok and any("'setTimeout'" in w and "index.js:2" in w for w in module.warnings)
    assert any(line.strip().startswith("warning: references 'setTimeout'") for line in request.lines())
    assert request.to_json()["npmModules"][0]["warnings"] == list(module.warnings)
    commit_install(request)
    assert main(["packs", "show", "timers-pack"]) == 0
    out = capsys.readouterr().out
    assert (
        "references 'setTimeout'" in out
        and "index.js:2" in out
        and "warning: " in out
        and "[npm-module-warning]" in out
    )


def test_npm_prefix_installs_any_library_as_a_wrapper_pack(registry, capsys):
    registry.publish_file("js-yaml-4.1.0.tgz")
    registry.publish_file("argparse-2.0.1.tgz")
    request = prepare_install("npm:js-yaml@^4", registry=registry.url)
    assert (request.name, request.version, request.origin) == ("js-yaml", "4.1.0", "npm")
    assert request.integrity == registry.packages["js-yaml"]["4.1.0"]["dist"]["integrity"]
    assert [d.name for d in request.dependencies] == ["js-yaml", "argparse"]
    files, size = request.tree_size
    assert files == 1 + sum(d.files for d in request.dependencies) and size > 100_000
    assert any(line.startswith("  on disk: ") and line.endswith("(2 npm packages)") for line in request.lines())
    [module] = request.npm_modules
    assert module.ok
    folder = commit_install(request)
    doc = json.loads((folder / "package.json").read_text())
    assert doc["dependencies"] == {"js-yaml": "4.1.0"} and doc["cordonWrapper"] == {"npm": "js-yaml", "range": "^4"}
    code = 'import yaml from "js-yaml";\nreturn yaml.load("x: [1, 2]");'
    packs = resolve_body(code, catalog=Catalog())
    assert ok(run_in_sandbox(code, services=RunServices(modules=packs.modules, surfaces=packs.surfaces))) == {
        "x": [1, 2]
    }


def test_npm_prefix_of_a_library_with_nothing_admissible_exits_1(registry, capsys):
    registry.publish(pack_folder(FIXTURES / "packages" / "uses-fs"))
    assert main(["packs", "install", "npm:uses-fs", "--registry", registry.url, "--yes", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["error"]["rule"] == "pack-no-admitted-modules" and not report["installed"]
    assert "npm-module-builtin-import" in report["error"]["message"]
    assert install_area()["staging"] == []


def test_npm_prefix_refuses_a_library_that_needs_code_generation_and_installs_nothing(registry, capsys):
    """@exodus/schemasafe (its real tarball) compiles every validator with new Function, as ajv does."""
    registry.publish_file("exodus-schemasafe-1.3.0.tgz")
    assert main(["packs", "install", "npm:@exodus/schemasafe", "--registry", registry.url, "--yes", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["error"]["rule"] == "pack-no-admitted-modules" and not report["installed"]
    message = report["error"]["message"]
    assert "npm-module-needs-code-generation" in message and "src/generate-function.js:101" in message
    assert install_area()["staging"] == [] and not (installed_dir() / "@exodus" / "schemasafe").exists()
    assert Catalog().pack("@exodus/schemasafe") is None


def test_npm_prefix_admits_a_library_whose_code_generation_few_exports_reach_with_a_warning(registry, capsys):
    """lodash-es (its real tarball): `template` builds a Function, 2 of its 322 exports reach it."""
    registry.publish_file("lodash-es-4.18.1.tgz")
    assert main(["packs", "install", "npm:lodash-es", "--registry", registry.url, "--yes", "--json"]) == 0
    [module] = json.loads(capsys.readouterr().out)["request"]["npmModules"]
    assert module["ok"] and any("'Function'" in w and "lodash-es/template.js:271" in w for w in module["warnings"])
    chunk = 'import { chunk } from "lodash-es";\nreturn chunk([1, 2, 3, 4], 2);'
    packs = resolve_body(chunk, catalog=Catalog())
    assert ok(run_in_sandbox(chunk, services=RunServices(modules=packs.modules, surfaces=packs.surfaces))) == [
        [1, 2],
        [3, 4],
    ]
    template = 'import { template } from "lodash-es";\nreturn template("<%= a %>")({ a: 1 });'
    packs = resolve_body(template, catalog=Catalog())
    failed = run_in_sandbox(template, services=RunServices(modules=packs.modules, surfaces=packs.surfaces))
    assert not failed.ok and failed.error.name == "EvalError" and "no-eval" in failed.error.message


def test_outdated_and_update_show_what_changes_and_a_failed_update_changes_nothing(registry, tmp_path, capsys):
    _lib(registry, tmp_path, "1.0.0")
    assert main(["packs", "install", "npm:tiny-lib@^1", "--registry", registry.url, "--yes", "--json"]) == 0
    capsys.readouterr()
    assert main(["packs", "outdated", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"outdated": []}

    publish_package(
        registry,
        tmp_path,
        {"name": "tiny-lib", "version": "1.1.0", "type": "module", "exports": "./index.js"},
        {"index.js": 'export const version = "1.1.0";\nexport const later = () => setTimeout(1);\n'},
    )
    assert main(["packs", "outdated", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "outdated": [{"name": "tiny-lib", "installed": "1.0.0", "latest": "1.1.0", "source": "npm:tiny-lib@^1"}]
    }

    assert main(["packs", "update", "tiny-lib", "--json"]) == 1  # no consent: nothing placed
    changes = json.loads(capsys.readouterr().out)["request"]["changes"]
    assert any(c.startswith("integrity: sha512-") and " -> sha512-" in c for c in changes)
    assert any(c.startswith("on disk: ") for c in changes)
    assert any("new warning: references 'setTimeout'" in c for c in changes)
    folder = installed_dir() / "tiny-lib"
    assert json.loads((folder / "package.json").read_text())["version"] == "1.0.0"

    publish_package(
        registry,
        tmp_path,
        {"name": "tiny-lib", "version": "1.2.0", "type": "module", "exports": "./index.js"},
        {"index.js": "export const version = 3;\n"},
    )
    tgz = registry.files.pop("tiny-lib-1.2.0.tgz")
    registry.publish(tgz, behaviour="lie")  # a tampered artifact: the update must fail and keep 1.0.0
    before = tree_digest(folder)
    assert main(["packs", "update", "--yes", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["error"]["rule"] == "integrity-mismatch"
    assert tree_digest(folder) == before and install_area()["staging"] == []

    registry.publish(tgz)  # the honest artifact
    assert main(["packs", "update", "--yes"]) == 0
    assert "installed tiny-lib@1.2.0" in capsys.readouterr().out
    assert main(["packs", "outdated"]) == 0
    assert "up to date" in capsys.readouterr().out


def test_an_update_lists_modules_added_and_removed(registry, tmp_path):
    _lib(registry, tmp_path, "1.0.0")
    _lib_pack(registry, tmp_path, None)
    commit_install(prepare_install("lib-pack", registry=registry.url))
    publish_package(
        registry,
        tmp_path,
        {
            "name": "lib-pack",
            "version": "1.1.0",
            "dependencies": {"tiny-lib": "^1.0.0"},
            "cordon": {"apiVersion": 1, "sandboxModules": [{"name": "again", "kind": "js", "npm": "tiny-lib"}]},
        },
        {},
    )
    request = prepare_install("lib-pack", registry=registry.url)
    assert "modules added: lib-pack/again" in request.changes and "modules removed: lib-pack" in request.changes
    assert any(line.strip() == "change: modules added: lib-pack/again" for line in request.lines())
    discard(request)


def test_a_pack_from_a_folder_is_not_updatable(registry, capsys):
    assert main(["packs", "install", str(FIXTURES / "packs" / "scripted-pack"), "--yes"]) == 0
    assert main(["packs", "update", "scripted-pack"]) == 1
    assert "pack-not-updatable" in capsys.readouterr().err


def test_npm_prefix_wraps_each_entry_point_picked_and_updates_keep_them(registry, tmp_path, capsys):
    def multi(version: str) -> None:
        publish_package(
            registry,
            tmp_path,
            {
                "name": "multi-lib",
                "version": version,
                "type": "module",
                "exports": {".": "./index.js", "./extra": "./extra/index.js"},
            },
            {"index.js": f'export const main = "{version}";\n', "extra/index.js": 'export const extra = "x";\n'},
        )

    multi("1.0.0")
    assert (
        main(
            [
                "packs",
                "install",
                "npm:multi-lib",
                "--entry",
                ".",
                "--entry",
                "./extra",
                "--registry",
                registry.url,
                "--yes",
                "--json",
            ]
        )
        == 0
    )
    report = json.loads(capsys.readouterr().out)["request"]
    assert report["specifiers"] == ["multi-lib", "multi-lib/extra"]
    assert [m["dependency"] for m in report["npmModules"]] == ["multi-lib", "multi-lib/extra"]
    code = 'import { main } from "multi-lib";\nimport { extra } from "multi-lib/extra";\nreturn main + extra;'
    packs = resolve_body(code, catalog=Catalog())
    assert ok(run_in_sandbox(code, services=RunServices(modules=packs.modules, surfaces=packs.surfaces))) == "1.0.0x"

    multi("1.1.0")
    assert main(["packs", "update", "multi-lib", "--yes", "--json"]) == 0
    request = json.loads(capsys.readouterr().out)["request"]
    assert request["version"] == "1.1.0" and request["specifiers"] == ["multi-lib", "multi-lib/extra"]
    assert not any(c.startswith("modules removed") for c in request["changes"])
    assert main(["packs", "install", "npm:multi-lib", "--entry", "../up", "--registry", registry.url]) == 1
    assert "[usage]" in capsys.readouterr().err


def test_version_choice_prefers_the_latest_dist_tag_as_npm_pick_manifest_does(registry, tmp_path):
    """`latest` wins when it satisfies the range and is not deprecated, else the highest."""
    from core.packs.install.registry import Registry

    for version in ("1.0.0", "1.1.0", "1.2.0", "2.0.0", "2.1.0-beta.1"):
        publish_package(registry, tmp_path, {"name": "picky", "version": version}, {"index.js": "export default 1;"})
    registry.tags["picky"] = {"latest": "1.1.0", "next": "2.1.0-beta.1"}
    registry.packages["picky"]["1.2.0"]["deprecated"] = "use 2.x"
    expected = {
        "": "1.1.0",
        "*": "1.1.0",
        "^1.0.0": "1.1.0",
        ">=1.0.0": "1.1.0",
        "~1.0.0": "1.0.0",
        "^1.1.1": "1.2.0",  # only the deprecated version satisfies: it is still picked
        "^2": "2.0.0",
        ">1.1.0": "2.0.0",  # the non-deprecated 2.0.0 before the deprecated 1.2.0
        "1.2.0": "1.2.0",
        "latest": "1.1.0",
        "next": "2.1.0-beta.1",
    }
    with Registry(registry.url) as client:
        assert {spec: client.resolve("picky", spec).version for spec in expected} == expected
    registry.packages["picky"]["1.1.0"]["deprecated"] = "broken"
    with Registry(registry.url) as client:
        assert client.resolve("picky", "^1").version == "1.0.0"  # deprecated latest and 1.2.0 passed over
