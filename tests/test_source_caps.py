"""Reading a source costs bounded host time.

Before, every analysis climbed `Node.parent` (tree-sitter walks down from the root for each: O(depth))
and the dynamic-import query went super-linear past ~32,000 levels: a 120 KB `f(f(...))` took 10 s to
run and 2 minutes to validate, and a pack holding it as long to install. Now the analyses walk the tree
once, and a source deeper than `jsparse.MAX_DEPTH` or larger than `MAX_SOURCE_CHARS` is refused by a
named rule in the run, `cordon validate`, pack discovery and the npm compiler alike.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from core import jsparse
from core.packs.npm.resolve import CompileError
from core.packs.npm.transform import transform_file
from tests.packfixtures import catalog, make_pack, roots, rules

ROOT = Path(__file__).resolve().parents[1]
#: `cordon` from this checkout (a worktree of an older commit runs its own code).
CORDON = [sys.executable, "-c", "import sys; from core.cli import main; sys.exit(main())"]

#: 120 KB of nested calls, 40,000 deep: 10 s of setup and 2 minutes of `cordon validate` before.
DEEP = "const f = (x) => x;\nreturn " + "f(" * 40_000 + "1" + ")" * 40_000 + ";\n"
#: 120 KB of 3,000-term sums (trees 3,000 levels deep, under the cap): valid, and QuickJS runs it.
#: With a parent climb per identifier, validating it was quadratic (~40 s).
WIDE = "let a = 1, x = 0;\n" + ("x += " + "+".join(["a"] * 3_000) + ";\n") * 20 + "return x;\n"


def cordon(*argv: str, timeout: float = 60) -> tuple[subprocess.CompletedProcess[str], float]:
    started = time.monotonic()
    proc = subprocess.run(
        [*CORDON, *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return proc, time.monotonic() - started


def test_validate_refuses_a_deep_source_by_rule_in_seconds(tmp_path):
    (tmp_path / "deep.js").write_text(DEEP)
    proc, took = cordon("validate", str(tmp_path / "deep.js"))
    assert proc.returncode == 1, proc.stderr
    assert "[source-too-deep]" in proc.stdout + proc.stderr
    assert took < 10


def test_run_refuses_a_deep_body_as_one_json_result(tmp_path):
    (tmp_path / "deep.js").write_text(DEEP)
    proc, took = cordon("run", str(tmp_path / "deep.js"), "--json", "--limits", '{"timeoutMs": 1000}')
    assert proc.returncode == 1, proc.stderr
    obj = json.loads(proc.stdout)
    assert obj["ok"] is False and obj["error"]["rule"] == "source-too-deep" and obj["error"]["line"] == 2
    assert took < 10


def test_a_deep_source_under_the_cap_validates_and_runs_in_linear_time(tmp_path):
    (tmp_path / "wide.js").write_text(WIDE)
    proc, took = cordon("validate", str(tmp_path / "wide.js"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert took < 15
    proc, took = cordon("run", str(tmp_path / "wide.js"), "--json")
    assert json.loads(proc.stdout)["result"] == 60_000
    assert took < 15


def test_a_pack_module_too_deep_is_skipped_by_rule(tmp_path):
    _, installed, _ = roots(tmp_path)
    make_pack(installed, "@acme/p", files={"index.js": "export default " + "[" * 5_000 + "]" * 5_000 + ";"})
    started = time.monotonic()
    assert rules(catalog(tmp_path))["@acme/p"] == "source-too-deep"
    assert time.monotonic() - started < 10


def test_the_npm_compiler_refuses_a_deep_file_by_rule():
    with pytest.raises(CompileError) as caught:
        transform_file(
            "module.exports = " + "[" * 5_000 + "]" * 5_000 + ";", "deep.js", json=False, dependency_id=lambda _: 0
        )
    assert caught.value.rule == "source-too-deep"


def test_a_source_over_the_size_cap_is_refused():
    with pytest.raises(jsparse.SourceRefused) as caught:
        jsparse.parse("x;" * (jsparse.MAX_SOURCE_CHARS // 2 + 1))
    assert caught.value.rule == "source-too-large"


def test_analyses_see_to_the_bottom_of_a_deep_tree():
    """The one-pass walks (which replaced a query and parent climbs) see to the deepest level the cap allows."""
    depth = 1_900  # two tree levels per call: 3,800 levels
    tree = jsparse.parse("let f;\nexport default " + "f(" * depth + "import('x'), require, yield_" + ")" * depth)
    assert len(jsparse.dynamic_import_calls(tree)) == 1
    assert [jsparse.text(n) for n in jsparse.require_references(tree)] == ["require"]
    assert {jsparse.text(n) for n in jsparse.free_references(tree)} == {"require", "yield_"}
    generator = jsparse.parse("function* g() { " + "f(" * depth + "yield 1" + ")" * depth + " }\nyield(2)")
    assert [n.start_point[0] for n in jsparse.legacy_yields(generator)] == [1]


def test_the_editor_and_the_document_read_no_imports_from_a_refused_source():
    """The studio's completion, import placement and pack stamping must not raise on a body the run refuses."""
    from core.codenode.document import imported_specifiers

    deep = 'import x from "@cordon/sandbox-csv";\n' + "f(" * 5_000 + ")" * 5_000
    assert jsparse.import_bindings(deep) == []
    assert jsparse.import_insertion_line(deep) == 1
    assert imported_specifiers(deep) == ()


def test_node_run_of_a_deep_body_fails_by_rule(tmp_path):
    doc = {"schemaVersion": 1, "body": DEEP, "outputs": [{"name": "out"}]}
    (tmp_path / "deep.node.json").write_text(json.dumps(doc))
    proc, took = cordon("node", "run", str(tmp_path / "deep.node.json"), "--json")
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert json.loads(proc.stdout)["error"]["rule"] == "source-too-deep"
    assert took < 10


def test_packs_check_refuses_a_deep_module_by_rule(tmp_path):
    proc, _ = cordon("packs", "new", "@acme/deep", "--dir", str(tmp_path / "deep"))
    assert proc.returncode == 0, proc.stderr
    with (tmp_path / "deep" / "index.js").open("a") as index:
        index.write("\nexport const deep = " + "f(" * 3_000 + ")" * 3_000 + ";\n")
    proc, took = cordon("packs", "check", str(tmp_path / "deep"))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "[source-too-deep]" in proc.stdout + proc.stderr
    assert took < 10
