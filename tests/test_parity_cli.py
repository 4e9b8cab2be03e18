"""`cordon run` of each reference-parity example prints the reference's result.

One example per parity gap not already shown through the CLI in tests/test_parity_entry.py
(which covers truncation, legacy yield, implicit return, dynamic import, empty code
and streams). The expected values are the reference's.
"""

from __future__ import annotations

import json

import pytest

from core.cli import main


def cordon_run(capsys, tmp_path, code: str, *argv: str) -> dict:
    path = tmp_path / "body.js"
    path.write_text(code)
    main(["run", str(path), "--json", *argv])
    out = capsys.readouterr().out
    assert out.count("\n") == 1, "exactly one JSON object on stdout"
    return json.loads(out)


@pytest.mark.parametrize(
    ("item", "code", "expected"),
    [
        (
            "1 workspace",
            'await workspace.write("a/b/c.txt", "x"); await workspace.mkdir("d/e");'
            ' return [await workspace.list("."), (await workspace.stat("nope")).exists];',
            [["a", "d"], False],
        ),
        (
            "2 getRandomValues",
            "const b = crypto.getRandomValues(16); return [b instanceof Uint8Array, b.length,"
            " crypto.getRandomValues(100000).length]",
            [True, 16, 65536],
        ),
        (
            "3 format",
            'return [await format.number(0.25, {style: "percent"}),'
            ' await format.number(1234.5, {style: "currency", currency: "EUR", locale: "de-DE"})]',
            ["25%", "1.234,50\u00a0€"],
        ),
        (
            "11 nodetool",
            "try { nodetool.workflows.run(); } catch (e) { return [nodetool.capabilities(), e.rule]; }",
            [{}, "nodetool-tool-unavailable"],
        ),
        (
            "12 assets",
            'await workspace.write("in.txt", "hi"); const ref = await sandboxToAsset("in.txt");'
            ' await assetToSandbox(ref.asset_id, "out/copy.txt"); return await workspace.read("out/copy.txt");',
            "hi",
        ),
    ],
)
def test_cordon_run_prints_the_reference_result(capsys, tmp_path, item, code, expected):
    ws = tmp_path / "ws"
    ws.mkdir()
    out = cordon_run(capsys, tmp_path, code, "--workspace", str(ws))
    assert out["ok"], (item, out["error"])
    assert out["result"] == expected, item


def test_cordon_run_takes_the_reference_limit_names(capsys, tmp_path):
    """`maxFetchCalls` (runInSandbox's name) and `timeout` in seconds (the node prop)."""
    out = cordon_run(capsys, tmp_path, 'await fetch("https://example.invalid/")', "--limits", '{"maxFetchCalls": 0}')
    assert not out["ok"] and out["error"]["rule"] == "fetch-max-calls"
    out = cordon_run(capsys, tmp_path, "while (true) {}", "--limits", '{"timeout": 0.3}')
    assert not out["ok"] and out["error"]["rule"] == "timeout"


def test_cordon_node_run_gives_json_copies(capsys, tmp_path):
    """A legacy return of a Map is {} and a Date its ISO string, as in the reference."""
    doc = tmp_path / "n.node.json"
    doc.write_text(
        json.dumps({"schemaVersion": 1, "name": "n", "body": "return { m: new Map([[1, 2]]), d: new Date(0) }"})
    )
    main(["node", "run", str(doc), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["ok"], out
    assert out["outputs"] == {"m": {}, "d": "1970-01-01T00:00:00.000Z"}
