"""Config-only packs: `{"npm": dep}` modules fetched, compiled, probed and run in the guest."""

from __future__ import annotations

import pytest

from core import run_in_sandbox
from core.packs import Catalog, resolve_body
from core.packs.install import InstallError, commit_install, discard, prepare_install
from core.packs.roots import installed_dir
from tests import install_support
from tests.conftest import ok
from tests.install_support import install_area
from tests.npm_registry import FIXTURES, pack_folder

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
        ("js-yaml", "4.1.0", "node_modules/js-yaml"), ("argparse", "2.0.1", "node_modules/argparse")]
    assert all(d.integrity.startswith("sha512-") for d in request.dependencies)
    [module] = request.npm_modules
    assert module.ok and module.dependency == "js-yaml" and 0 < module.size < 1024 * 1024
    assert request.install_mode == "scripts never run"
    folder = commit_install(request)
    assert (folder / "node_modules" / "js-yaml" / "dist" / "js-yaml.mjs").is_file()

    code = ('import yaml, { dump } from "yaml-pack";\n'
            'const doc = yaml.load("name: cordon\\nlist: [1, 2]\\nnested: {a: true}");\n'
            'return { doc, text: dump({ b: [1] }) };')
    packs = resolve_body(code, catalog=Catalog())
    assert packs.ok, packs.problems
    out = ok(run_in_sandbox(code, modules=packs.modules, surfaces=packs.surfaces))
    assert out == {"doc": {"name": "cordon", "list": [1, 2], "nested": {"a": True}}, "text": "b:\n  - 1\n"}


def test_a_dependency_importing_node_fs_is_skipped_by_name(registry):
    registry.publish(pack_folder(FIXTURES / "packages" / "uses-fs"))
    registry.publish_fixture("packs/fs-pack")
    request = prepare_install("fs-pack", registry=registry.url)
    [module] = request.npm_modules
    assert (module.ok, module.rule) == (False, "npm-module-builtin-import")
    assert "node:fs" in module.message
    commit_install(request)
    # Discovery skips the module with the compiler's rule, and a run importing it is refused naming it.
    packs = resolve_body('import { read } from "fs-pack";\nreturn 1;', catalog=Catalog())
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
