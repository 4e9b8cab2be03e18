"""Discovery rules on real pack folders: every refusal is a named status, never an exception."""

from __future__ import annotations

import os
import sys

import pytest

from core.packs import Catalog, PackRoot, jscheck
from core.packs.caps import AUTHORED_JS_MAX, PACK_MAX, SKILL_MAX, WASM_MAX
from core.packs.roots import SHIPPED_DIR
from tests.packfixtures import catalog, make_pack, roots, rules

needs_symlinks = pytest.mark.skipif(sys.platform == "win32", reason="symlinks need privileges on Windows")


def test_a_pack_with_the_cordon_field_and_one_with_nodetool(tmp_path):
    _, installed, _ = roots(tmp_path)
    make_pack(installed, "@acme/one")
    make_pack(
        installed,
        "@ref/two",
        field="nodetool",
        modules=[{"name": ".", "kind": "js", "file": "index.js"}, {"name": "extra", "kind": "js", "file": "extra.js"}],
        files={"index.js": "export default 1;", "extra.js": "export const x = 2;"},
    )
    cat = catalog(tmp_path)
    assert cat.diagnostics() == ()
    assert sorted(cat.pack("@ref/two").modules) == ["@ref/two", "@ref/two/extra"]
    assert cat.pack("@ref/two").sandbox_field == "nodetool"
    assert cat.module("@acme/one").kind == "js"


@pytest.mark.parametrize("name", ["../x", "a/b", "..", ".hidden", "node_modules"])
def test_invalid_module_names_are_specifier_invalid(tmp_path, name):
    _, installed, _ = roots(tmp_path)
    make_pack(
        installed,
        "@acme/p",
        modules=[{"name": ".", "kind": "js", "file": "index.js"}, {"name": name, "kind": "js", "file": "index.js"}],
    )
    cat = catalog(tmp_path)
    assert [s.rule for s in cat.diagnostics()] == ["specifier-invalid"]
    assert list(cat.pack("@acme/p").modules) == ["@acme/p"]  # the good entry still loads


def test_duplicate_specifiers_skip_every_duplicate(tmp_path):
    _, installed, _ = roots(tmp_path)
    make_pack(
        installed,
        "@acme/p",
        modules=[
            {"name": "x", "kind": "js", "file": "index.js"},
            {"name": "x", "kind": "js", "file": "other.js"},
            {"name": ".", "kind": "js", "file": "index.js"},
        ],
        files={"index.js": "export default 1;", "other.js": "export default 2;"},
    )
    cat = catalog(tmp_path)
    assert rules(cat) == {"@acme/p/x": "specifier-duplicate"}
    assert list(cat.pack("@acme/p").modules) == ["@acme/p"]


@pytest.mark.parametrize(
    ("file", "rule"),
    [
        ("missing.js", "module-missing-file"),
        ("../outside.js", "module-outside-pack"),
        ("/etc/passwd.js", "module-outside-pack"),
        ("sub\\index.js", "module-outside-pack"),
        ("%2e%2e/outside.js", "module-outside-pack"),
        ("readme.txt", "module-bad-extension"),
        ("sub", "module-bad-extension"),
    ],
)
def test_entry_files_must_exist_inside_the_pack(tmp_path, file, rule):
    _, installed, _ = roots(tmp_path)
    (tmp_path / "installed" / "outside.js").write_text("export default 'stolen';")
    make_pack(
        installed,
        "@acme/p",
        modules=[{"name": ".", "kind": "js", "file": file}],
        files={"readme.txt": "hi", "sub/index.js": "export default 1;"},
    )
    assert rules(catalog(tmp_path)) == {"@acme/p": rule}


def test_a_directory_named_like_a_module_is_not_a_file(tmp_path):
    _, installed, _ = roots(tmp_path)
    make_pack(
        installed,
        "@acme/p",
        modules=[{"name": ".", "kind": "js", "file": "dir.js"}],
        files={"dir.js/inner.js": "export default 1;"},
    )
    assert rules(catalog(tmp_path)) == {"@acme/p": "module-missing-file"}


@needs_symlinks
def test_symlink_escaping_the_pack_is_refused(tmp_path):
    _, installed, _ = roots(tmp_path)
    secret = tmp_path / "secret.js"
    secret.write_text("export default 'secret';")
    pack = make_pack(installed, "@acme/p", files={"inner.js": "export default 1;"})
    os.symlink(secret, pack / "index.js")
    other = make_pack(installed, "@acme/q", modules=[{"name": ".", "kind": "js", "file": "up/secret.js"}], files={})
    os.symlink(tmp_path, other / "up")
    assert rules(catalog(tmp_path)) == {"@acme/p": "module-symlink-escape", "@acme/q": "module-symlink-escape"}


@needs_symlinks
def test_symlink_inside_the_pack_is_allowed(tmp_path):
    _, installed, _ = roots(tmp_path)
    pack = make_pack(installed, "@acme/p", files={"real.js": "export default 1;"})
    os.symlink(pack / "real.js", pack / "index.js")
    assert catalog(tmp_path).module("@acme/p") is not None


def test_authored_module_over_256_kb_is_too_large(tmp_path):
    _, installed, _ = roots(tmp_path)
    make_pack(installed, "@acme/p", files={"index.js": "//" + "x" * AUTHORED_JS_MAX + "\nexport default 1;"})
    assert rules(catalog(tmp_path)) == {"@acme/p": "module-too-large"}


def test_pack_over_8_mb_is_too_large(tmp_path):
    _, installed, _ = roots(tmp_path)
    chunk = "//" + "x" * (AUTHORED_JS_MAX - 100) + "\n"
    count = PACK_MAX // len(chunk) + 1
    files = {f"m{i:02}.js": chunk for i in range(count)}
    files["index.js"] = "".join(f'import "./m{i:02}.js";\n' for i in range(count)) + "export default 1;"
    make_pack(installed, "@acme/big", files=files, internal=[f"m{i:02}.js" for i in range(count)])
    make_pack(installed, "@acme/small")
    cat = catalog(tmp_path)
    assert rules(cat) == {"@acme/big": "pack-too-large"}
    assert cat.pack("@acme/big") is None and cat.module("@acme/small") is not None


def test_wasm_binary_over_4_mb_is_too_large_before_validation(tmp_path):
    _, installed, _ = roots(tmp_path)
    make_pack(
        installed,
        "@acme/w",
        modules=[{"name": ".", "kind": "wasm", "file": "a.wasm", "memoryPagesMax": 1, "exports": ["f"]}],
        files={"a.wasm": b"\0" * (WASM_MAX + 1)},
    )
    assert rules(catalog(tmp_path)) == {"@acme/w": "module-too-large"}


def test_invalid_wasm_is_a_named_skip_from_the_wasm_validator(tmp_path):
    _, installed, _ = roots(tmp_path)
    make_pack(
        installed,
        "@acme/w",
        modules=[
            {"name": ".", "kind": "wasm", "file": "a.wasm", "memoryPagesMax": 1, "exports": ["f"]},
            {"name": "js", "kind": "js", "file": "index.js"},
        ],
        files={"a.wasm": b"not wasm", "index.js": "export default 1;"},
    )
    cat = catalog(tmp_path)
    status = next(s for s in cat.diagnostics() if s.specifier == "@acme/w")
    assert status.severity == "error" and status.rule and status.path == "a.wasm"
    assert cat.module("@acme/w") is None and cat.module("@acme/w/js") is not None


@pytest.mark.parametrize(
    ("source", "rule"),
    [
        ("export default (;", "module-syntax-error"),
        ("export const f = () => import('./x.js');", "module-dynamic-import"),
        ("export default import('node:' + 'fs');", "module-dynamic-import"),
        ("const fs = require('fs'); export default fs;", "module-require"),
        ("const r = require; export default r;", "module-require"),
        ("import fs from 'node:fs'; export default fs;", "module-node-builtin"),
        ("import fs from 'fs'; export default fs;", "module-node-builtin"),
        ("import y from '@cordon/sandbox-yaml'; export default y;", "module-cross-pack"),
        ("export * from '@other/pack';", "module-cross-pack"),
        ("import x from '../../escape.js'; export default x;", "module-outside-pack"),
        ("import x from '/abs/x.js'; export default x;", "module-absolute-path"),
        ("import x from '.%2fsib.js'; export default x;", "module-path-encoded"),
        ("import x from 'file:///etc/x.js'; export default x;", "module-absolute-path"),
        ("import x from './not-listed.js'; export default x;", "module-not-mounted"),
        ("import x from './sib'; export default x;", "module-not-mounted"),
    ],
)
def test_static_checks_of_pack_modules(tmp_path, source, rule):
    _, installed, _ = roots(tmp_path)
    make_pack(
        installed,
        "@acme/p",
        files={"index.js": source, "not-listed.js": "export default 1;", "sib.js": "export default 2;"},
        internal=["sib.js"],
    )
    assert rules(catalog(tmp_path))["@acme/p"] == rule


def test_typeof_require_feature_tests_are_fine(tmp_path):
    _, installed, _ = roots(tmp_path)
    make_pack(installed, "@acme/p", files={"index.js": "export default typeof require === 'function';"})
    assert catalog(tmp_path).module("@acme/p") is not None


def test_siblings_internal_files_and_own_specifiers_resolve(tmp_path):
    _, installed, _ = roots(tmp_path)
    make_pack(
        installed,
        "@acme/p",
        modules=[
            {"name": ".", "kind": "js", "file": "src/index.js"},
            {"name": "extra", "kind": "js", "file": "src/extra.js"},
        ],
        files={
            "src/index.js": "import { h } from '../lib/help.js'; export * from './extra.js';\n"
            "import e from '@acme/p/extra'; export default h + e;",
            "src/extra.js": "export default 2; export const extra = 1;",
            "lib/help.js": "export { deep as h } from './deep/x.js';",
            "lib/deep/x.js": "export const deep = 40;",
        },
        internal=["lib/help.js", "./lib/deep/x.js"],
    )
    cat = catalog(tmp_path)
    assert cat.diagnostics() == ()
    module = cat.module("@acme/p")
    assert "pack:@acme/p#lib/deep/x.js" in module.closure
    mounted = cat.pack("@acme/p").mounted
    assert mounted["pack:@acme/p#lib/help.js"].role == "internal"
    assert mounted["pack:@acme/p#src/index.js"].requests["@acme/p/extra"] == "pack:@acme/p#src/extra.js"


@pytest.mark.parametrize(
    ("internal", "rule"),
    [
        (["lib.js", "./lib.js"], "internal-duplicate"),
        (["index.js"], "internal-is-entry"),
        (["notes.txt"], "internal-not-js"),
        (["../x.js"], "module-outside-pack"),
    ],
)
def test_internal_list_rules_reject_the_pack(tmp_path, internal, rule):
    _, installed, _ = roots(tmp_path)
    make_pack(
        installed, "@acme/p", files={"index.js": "export default 1;", "lib.js": "", "notes.txt": ""}, internal=internal
    )
    cat = catalog(tmp_path)
    assert rules(cat) == {"@acme/p": rule}
    assert cat.pack("@acme/p") is None


def test_import_cycles_are_refused_and_skip_their_users(tmp_path):
    _, installed, _ = roots(tmp_path)
    make_pack(
        installed,
        "@acme/p",
        modules=[{"name": ".", "kind": "js", "file": "index.js"}, {"name": "ok", "kind": "js", "file": "ok.js"}],
        files={
            "index.js": "import './a.js'; export default 1;",
            "a.js": "import './b.js';",
            "b.js": "import './a.js';",
            "ok.js": "export default 2;",
        },
        internal=["a.js", "b.js"],
    )
    cat = catalog(tmp_path)
    assert rules(cat)["@acme/p"] == "module-import-cycle"
    assert "a.js -> b.js -> a.js" in next(s.message for s in cat.diagnostics() if s.specifier == "@acme/p")
    assert list(cat.pack("@acme/p").modules) == ["@acme/p/ok"]


def test_an_entry_needing_a_broken_internal_file_names_the_file(tmp_path):
    _, installed, _ = roots(tmp_path)
    make_pack(
        installed,
        "@acme/p",
        files={"index.js": "import './bad.js'; export default 1;", "bad.js": "import('x');"},
        internal=["bad.js"],
    )
    status = next(s for s in catalog(tmp_path).diagnostics() if s.specifier == "@acme/p")
    assert status.rule == "module-dynamic-import" and status.path == "bad.js" and "needs bad.js" in status.message


@pytest.mark.parametrize(
    ("manifest", "rule"),
    [
        (None, "manifest-missing"),
        (b"{nope", "manifest-invalid-json"),
        (b'{"name": "@acme/p", "version": "1.0.0"}', "manifest-no-sandbox"),
        (b'{"name": "@acme/p", "version": "1.0.0", "cordon": {"apiVersion": 2}}', "manifest-api-version"),
        (b'{"name": "@acme/p", "cordon": {"apiVersion": 1}}', "manifest-invalid"),
        (b'{"name": "@acme/p", "version": "1.0.0", "cordon": {"apiVersion": 1, "internal": "x"}}', "manifest-invalid"),
        (b'{"name": "@acme/p", "version": "1.0.0", "x": "' + b"y" * 300_000 + b'"}', "manifest-too-large"),
    ],
)
def test_manifest_problems_reject_the_pack_and_not_the_others(tmp_path, manifest, rule):
    _, installed, _ = roots(tmp_path)
    pack = make_pack(installed, "@acme/p")
    (pack / "package.json").unlink()
    if manifest is not None:
        (pack / "package.json").write_bytes(manifest)
    make_pack(installed, "@acme/good")
    cat = catalog(tmp_path)
    assert rules(cat) == {"@acme/p": rule}
    assert cat.module("@acme/good") is not None


def test_malformed_entry_skips_only_itself(tmp_path):
    _, installed, _ = roots(tmp_path)
    make_pack(
        installed,
        "@acme/p",
        modules=[
            {"name": ".", "kind": "js", "file": "index.js"},
            {"name": "bad", "kind": "rust", "file": "x.rs"},
            "junk",
        ],
    )
    cat = catalog(tmp_path)
    assert {s.rule for s in cat.diagnostics()} == {"manifest-entry-invalid"}
    assert list(cat.pack("@acme/p").modules) == ["@acme/p"]


def test_installed_layout_rules(tmp_path):
    shipped, installed, _ = roots(tmp_path)
    make_pack(installed, "@acme/right")
    make_pack(installed, "plain")
    make_pack(installed, "@acme/claimed", folder="@acme/elsewhere")
    make_pack(installed, "@cordon/fake")
    make_pack(installed, "@acme/staged", folder=".staging/@acme/staged")
    make_pack(shipped, "@cordon/dup", folder="dup")
    make_pack(installed, "@cordon-x/dup")
    make_pack(installed, "dupname", folder="dupname")
    make_pack(shipped, "dupname", folder="dupname-shipped")
    cat = catalog(tmp_path)
    assert rules(cat) == {
        "@acme/claimed": "pack-location-mismatch",
        "@cordon/fake": "pack-reserved-scope",
        "dupname": "pack-duplicate",
    }
    assert [p.name for p in cat.packs()] == ["@acme/right", "@cordon-x/dup", "@cordon/dup", "dupname", "plain"]
    assert cat.pack("dupname").origin == "shipped"


@pytest.mark.parametrize(
    ("skill", "rule"),
    [
        (None, "skill-missing"),
        ("no frontmatter", "skill-frontmatter-invalid"),
        ("---\nname: x\n---\nbody", "skill-frontmatter-invalid"),
        ("---\nname: x\ndescription: y\nbody", "skill-frontmatter-invalid"),
        ("---\nname: x\ndescription: y\n---\n" + "z" * SKILL_MAX, "skill-too-large"),
    ],
)
def test_skill_problems_are_warnings_and_never_disable_modules(tmp_path, skill, rule):
    _, installed, _ = roots(tmp_path)
    make_pack(installed, "@acme/p", skill=skill)
    cat = catalog(tmp_path)
    assert rules(cat, "warning") == {"@acme/p": rule} and rules(cat, "error") == {}
    assert cat.module("@acme/p") is not None and cat.pack("@acme/p").skill is None


def test_skill_is_parsed(tmp_path):
    _, installed, _ = roots(tmp_path)
    make_pack(installed, "@acme/p", skill="---\nname: acme\ndescription: 'does things'\n---\n# Body\n")
    skill = catalog(tmp_path).pack("@acme/p").skill
    assert (skill.name, skill.description, skill.body) == ("acme", "does things", "# Body")


def test_host_modules_only_from_the_pinned_shipped_pack(tmp_path):
    shipped, installed, _ = roots(tmp_path)
    host = [{"name": ".", "kind": "host", "host": "cordon.hash"}]
    make_pack(installed, "@evil/hash", modules=host, files={})
    make_pack(shipped, "@cordon/not-hash", modules=host, files={}, folder="not-hash")
    make_pack(installed, "@evil/other", modules=[{"name": ".", "kind": "host", "host": "cordon.shell"}], files={})
    make_pack(shipped, "@cordon/sandbox-hash", modules=host, files={}, folder="hash")
    cat = catalog(tmp_path)
    assert rules(cat) == {
        "@evil/hash": "host-module-not-pinned",
        "@cordon/not-hash": "host-module-not-pinned",
        "@evil/other": "host-module-unknown",
    }
    assert cat.module("@cordon/sandbox-hash").kind == "host"


def test_discovery_executes_no_pack_code(tmp_path):
    _, installed, _ = roots(tmp_path)
    make_pack(installed, "@acme/loop", files={"index.js": "for (;;) {} export default 1;"})
    make_pack(installed, "@acme/throws", files={"index.js": "throw new Error('ran'); export default 1;"})
    cat = catalog(tmp_path)
    assert cat.diagnostics() == ()
    assert cat.module("@acme/loop") and cat.module("@acme/throws")


def test_a_failing_npm_compiler_skips_one_module_only(tmp_path):
    _, installed, _ = roots(tmp_path)
    make_pack(
        installed,
        "@acme/p",
        modules=[{"name": ".", "kind": "js", "file": "index.js"}, {"name": "dep", "kind": "js", "npm": "some-dep"}],
    )

    def broken(root, dependency):
        raise RuntimeError("compiler bug")

    cat = Catalog(roots(tmp_path)[2], compile_npm=broken)
    assert rules(cat) == {"@acme/p/dep": "module-load-failed"}
    assert cat.module("@acme/p") is not None


def test_shipped_packs_discover_cleanly():
    cat = Catalog([PackRoot(SHIPPED_DIR, "shipped")])
    assert [s for s in cat.diagnostics() if s.severity == "error"] == []
    for name in ("@cordon/sandbox-yaml", "@cordon/sandbox-csv", "@cordon/sandbox-dates", "@cordon/sandbox-hash"):
        pack = cat.pack(name)
        assert pack is not None and pack.skill is not None and pack.size <= PACK_MAX
        if pack.modules[name].kind == "js":
            assert (pack.root / "LICENSE").is_file()


def test_a_module_is_parsed_once_per_content(tmp_path, monkeypatch):
    """Scans that pass are remembered by content (core.cache); a changed file is scanned again, a failure always."""
    parsed: list[str] = []
    real_parse = jscheck.jsparse.parse
    monkeypatch.setattr(
        jscheck.jsparse, "parse", lambda source, **kw: parsed.append(source) or real_parse(source, **kw)
    )
    _, installed, pack_roots = roots(tmp_path)
    mark = f"// {tmp_path.name}\n"  # content no other test scans
    pack = make_pack(installed, "@acme/scan", {"index.js": mark + "export default 1;\n"})
    cat = Catalog(pack_roots)
    cat.reload()
    assert cat.module("@acme/scan") is not None and len([p for p in parsed if p.startswith(mark)]) == 1
    (pack / "index.js").write_text(mark + 'export default import("./x.js");\n', encoding="utf-8")
    cat.reload()
    cat.reload()
    assert rules(cat) == {"@acme/scan": "module-dynamic-import"}
    assert len([p for p in parsed if p.startswith(mark)]) == 3
