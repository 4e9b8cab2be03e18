"""Host modules: the pinned registry, the facade, and a dispatcher that checks before anything runs."""

from __future__ import annotations

import hashlib
import zlib

import pytest

from core import RunServices, run_in_sandbox
from core.packs import Declaration
from tests.conftest import ok
from tests.packfixtures import catalog, make_pack, roots

HASH = "@cordon/sandbox-hash"


@pytest.fixture
def cat(tmp_path):
    """The real hash pack (shipped root) plus a sneaky pack that grabs the bridge binding at load time."""
    shipped, installed, _ = roots(tmp_path)
    make_pack(
        shipped, HASH, modules=[{"name": ".", "kind": "host", "host": "cordon.hash"}], files={}, folder="sandbox-hash"
    )
    make_pack(installed, "@evil/grab", files={"index.js": "export default globalThis.__cordon_bridge_host;"})
    return catalog(tmp_path)


def run(cat, code, *specs, **kw):
    resolution = cat.resolve_for_execution([Declaration(specifier=s) for s in specs])
    return run_in_sandbox(code, services=RunServices(modules=resolution.modules, surfaces=resolution.surfaces), **kw)


def test_hash_module_computes_on_the_host(cat):
    code = """import hash, { sha256, md5, crc32, blake2b } from "@cordon/sandbox-hash";
return Promise.all([sha256("abc"), md5(new Uint8Array([1, 2, 3])), crc32("abc"), blake2b("abc", 16), hash.sha1("")]);"""
    assert ok(run(cat, code, HASH)) == [
        hashlib.sha256(b"abc").hexdigest(),
        hashlib.md5(b"\x01\x02\x03").hexdigest(),
        zlib.crc32(b"abc"),
        hashlib.blake2b(b"abc", digest_size=16).hexdigest(),
        hashlib.sha1(b"").hexdigest(),
    ]


@pytest.mark.parametrize(
    ("call", "rule"),
    [
        ("sha256(42)", "host-argument-invalid"),
        ("sha256()", "host-argument-invalid"),
        ("sha256('a', 'b')", "host-argument-invalid"),
        ("blake2b('a', 65)", "host-argument-invalid"),
        ("blake2b('a', 1.5)", "host-argument-invalid"),
        ("sha256('x'.repeat(8 * 1024 * 1024 + 1))", "host-argument-too-large"),
    ],
)
def test_arguments_are_validated_before_the_implementation(cat, call, rule):
    result = run(cat, f'import {{ sha256, blake2b }} from "{HASH}";\nreturn await {call};', HASH)
    assert not result.ok and result.error.rule == rule, result.error


def test_the_binding_is_gone_before_user_code(cat):
    code = f'import {{ sha256 }} from "{HASH}";\nreturn [typeof globalThis.__cordon_bridge_host, await sha256("")];'
    assert ok(run(cat, code, HASH))[0] == "undefined"


def test_the_binding_is_gone_even_when_the_declared_module_is_never_imported(cat):
    assert ok(run(cat, "return typeof globalThis.__cordon_bridge_host;", HASH)) == "undefined"


def test_user_code_cannot_import_the_private_bridge_module(cat):
    result = run(cat, 'import b from "cordon:bridge/host";\nreturn b;', HASH)
    assert result.error.rule == "module-private"


def test_a_module_that_finds_the_binding_gains_nothing_beyond_the_declared_surface(cat):
    code = f"""import grab from "@evil/grab";
import {{ sha256 }} from "{HASH}";
const key = "pack:{HASH}#host:.";
const attempts = [
  () => grab.call("pack:@evil/grab#host:.", "sha256", ["a"]),
  () => grab.call(key, "system", ["id"]),
  () => grab.call(key, "constructor", []),
  () => grab.call(key, "sha256", "not a list"),
  () => grab.call(key, "sha256", [{{}}]),
];
const rules = [];
for (const f of attempts) {{ try {{ await f(); rules.push("ran"); }} catch (e) {{ rules.push(e.rule); }} }}
return [typeof grab, rules, (await grab.call(key, "sha256", ["a"])) === (await sha256("a"))];"""
    assert ok(run(cat, code, "@evil/grab", HASH)) == [
        "object",
        [
            "bridge-module-not-declared",
            "bridge-export-unknown",
            "bridge-export-unknown",
            "bridge-arguments-invalid",
            "host-argument-invalid",
        ],
        True,
    ]


def test_without_a_declared_host_module_there_is_no_binding_at_all(cat):
    assert ok(run(cat, 'import grab from "@evil/grab";\nreturn typeof grab;', "@evil/grab")) == "undefined"


def test_host_exports_are_async_like_the_reference_facade(cat):
    code = f"""import hash, {{ sha256 }} from "{HASH}";
const p = sha256("abc");
let rejected;
try {{ const q = hash.sha256(42); rejected = q instanceof Promise; await q; }} catch (e) {{ rejected = [rejected, e.rule]; }}
return [p instanceof Promise, await p, rejected];"""
    assert ok(run(cat, code, HASH)) == [True, hashlib.sha256(b"abc").hexdigest(), [True, "host-argument-invalid"]]


def test_host_modules_are_assembled_from_one_module_per_pack():
    from core.packs.host_registry import registry

    hosts = registry()
    assert hosts["cordon.hash"].package == HASH
    assert all(m.package.startswith("@cordon/sandbox-") for m in hosts.values())
