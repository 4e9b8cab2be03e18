"""The loader is the only authority on specifiers: one verdict from a run, `validate` and discovery.

`core.specifier.specifier_refusal` decides; the engine (with and without packs),
`validate_code`/`validate_node` (what `cordon validate` and the editor show) and a pack's
discovery all report its rule and its words.
"""

from __future__ import annotations

import json

import pytest

from core import RunServices, run_in_sandbox
from core.cli import main
from core.codenode import validate_node
from core.codenode.document import parse_document
from core.packs import Declaration
from tests.packfixtures import catalog, make_pack, roots

CASES = [
    ("node:fs", "module-node-builtin", "Node builtins do not exist in the sandbox"),
    ("fs", "module-node-builtin", "Node builtins do not exist in the sandbox"),
    ("/etc/x.js", "module-absolute-path", "absolute paths and URLs are refused"),
    ("https://example.com/x.js", "module-absolute-path", "absolute paths and URLs are refused"),
    ("a%2fb", "module-path-encoded", "encoded or malformed specifiers"),
    ("cordon:internal", "module-private", "is private to the sandbox"),
]


@pytest.mark.parametrize(("spec", "rule", "words"), CASES)
def test_one_specifier_one_rule_everywhere(tmp_path, capsys, spec, rule, words):
    body = f'import m from "{spec}";\nreturn m;'
    # A run without packs, and a run with a pack declared.
    bare = run_in_sandbox(body)
    _, installed, _ = roots(tmp_path)
    make_pack(installed, "@acme/good", files={"index.js": "export default 'good';"})
    make_pack(installed, "@acme/bad", files={"index.js": f"import m from '{spec}'; export default m;"})
    cat = catalog(tmp_path)
    with_packs = run_in_sandbox(
        body, services=RunServices(modules=cat.resolve_for_execution([Declaration(specifier="@acme/good")]).modules)
    )
    for result in (bare, with_packs):
        assert not result.ok and result.error.rule == rule and words in result.error.message, result.error
        assert result.error.line == 1
    # validate: the node's checks (the editor) and `cordon validate --json`.
    doc = parse_document({"schemaVersion": 1, "body": body, "outputs": [{"name": "out"}]})
    diags = [d for d in validate_node(doc, catalog=cat) if d.line == 1]
    assert [(d.rule, words in d.message) for d in diags] == [(rule, True)]
    path = tmp_path / "n.node.json"
    path.write_text(json.dumps({"schemaVersion": 1, "body": body, "outputs": [{"name": "out"}]}))
    capsys.readouterr()
    main(["validate", str(path), "--json"])
    cli = json.loads(capsys.readouterr().out)["diagnostics"]
    assert rule in [d["rule"] for d in cli]
    # Discovery of a pack that imports it.
    bad = [s for s in cat.diagnostics() if s.specifier == "@acme/bad"]
    assert [(s.rule, words in s.message) for s in bad] == [(rule, True)]
