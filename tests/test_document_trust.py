"""A document cannot grant itself powers: `cordon node run` and the trust store.

Documents are real files; the grants they ask for are tried against a real
HTTP server on 127.0.0.1 (allow_local_network), a real folder outside the
workspace (allow_host_filesystem), a shipped pack, and secrets. An untrusted
document runs its elevated grants only when the command line names the same
grants; a trusted one (its resolved path and content digest in Cordon's
state) runs as written, and any change to its bytes asks again.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.cli import main
from core.codenode.document import CodeNodeDocument, NodeProps, PackDeclaration, read_document
from core.codenode.grants import (
    RULE_NOT_TRUSTED,
    DocumentKey,
    Grants,
    is_trusted,
    revoke_trust,
    strip_grants,
    trust,
)
from core.paths import resources_dir
from tests.http_server import RecordingServer
from tests.install_support import home

pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home"]

CSV_PACK = "@cordon/sandbox-csv"


def node_run(capsys, path: Path, *flags: str) -> tuple[int, dict]:
    code = main(["node", "run", str(path), "--json", *flags])
    return code, json.loads(capsys.readouterr().out)


def write_doc(folder: Path, body: str, **props) -> Path:
    path = folder / "arrived.node.json"
    path.write_text(json.dumps({"schemaVersion": 1, "body": body, "outputs": [{"name": "out"}], "props": props}))
    return path


def refused(code: int, out: dict) -> str:
    assert code == 2 and out["ok"] is False, out
    assert out["error"]["rule"] == RULE_NOT_TRUSTED
    return out["error"]["message"]


def test_a_document_that_allows_itself_the_local_network_is_refused_until_the_flag_is_given(capsys, tmp_path):
    with RecordingServer() as server:
        path = write_doc(
            tmp_path,
            f'const r = await fetch("{server.url("/json")}"); await output("out", r.json.n);',
            allow_local_network=True,
        )
        message = refused(*node_run(capsys, path))
        assert server.count == 0, "nothing reached the server"
        assert "allow_local_network" in message and "--allow-local-network" in message
        code, out = node_run(capsys, path, "--allow-local-network")
        assert code == 0 and out["outputs"] == {"out": 42}
        assert server.count == 1


def test_host_filesystem_is_refused_without_the_flag(capsys, tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("host file")
    workspace = tmp_path / "ws"
    workspace.mkdir()
    path = write_doc(
        tmp_path, f'await output("out", await workspace.read({json.dumps(str(outside))}));', allow_host_filesystem=True
    )
    message = refused(*node_run(capsys, path, "--workspace", str(workspace)))
    assert "--allow-host-filesystem" in message
    code, out = node_run(capsys, path, "--workspace", str(workspace), "--allow-host-filesystem")
    assert code == 0 and out["outputs"] == {"out": "host file"}


def test_every_secret_must_be_named_and_the_message_lists_only_what_is_missing(capsys, tmp_path):
    path = write_doc(tmp_path, 'await output("out", 1);', secrets=["API_KEY", "DB_PASSWORD"])
    message = refused(*node_run(capsys, path, "--allow-secret", "API_KEY"))
    assert "--allow-secret DB_PASSWORD" in message and "--allow-secret API_KEY" not in message
    code, out = node_run(capsys, path, "--allow-secret", "API_KEY", "--allow-secret", "DB_PASSWORD")
    assert code == 0 and out["outputs"] == {"out": 1}


def test_a_pack_the_body_imports_needs_a_grant_declared_or_not(capsys, tmp_path):
    body = f'import {{ parse }} from "{CSV_PACK}";\nawait output("out", (await parse("a,b\\n1,2", {{ header: false }})).length);'
    path = write_doc(tmp_path, body)
    message = refused(*node_run(capsys, path))
    assert f"--allow-package {CSV_PACK}" in message
    code, out = node_run(capsys, path, "--allow-package", CSV_PACK)
    assert code == 0 and out["outputs"] == {"out": 2}
    # The reference's name is the same pack: one grant covers both spellings.
    code, out = node_run(capsys, path, "--allow-package", CSV_PACK.replace("@cordon/", "@nodetool-ai/"))
    assert code == 0 and out["outputs"] == {"out": 2}


def test_a_trusted_document_runs_as_written_until_its_bytes_change(capsys, tmp_path):
    with RecordingServer() as server:
        path = write_doc(
            tmp_path,
            f'const r = await fetch("{server.url("/json")}"); await output("out", r.json.n);',
            allow_local_network=True,
        )
        _, data = read_document(path)
        trust(DocumentKey.of(path, data))
        code, out = node_run(capsys, path)
        assert code == 0 and out["outputs"] == {"out": 42}
        path.write_bytes(data.replace(b'"out"', b'"out" ', 1))  # same meaning, different bytes
        refused(*node_run(capsys, path))
        assert server.count == 1


def test_trust_is_keyed_by_the_resolved_path(tmp_path):
    path = write_doc(tmp_path, "", allow_local_network=True)
    data = path.read_bytes()
    trust(DocumentKey.of(tmp_path / "." / path.name, data))
    assert is_trusted(DocumentKey.of(path, data))
    copy = tmp_path / "copy.node.json"
    copy.write_bytes(data)
    assert not is_trusted(DocumentKey.of(copy, data)), "the same bytes elsewhere are another document"


def test_revoking_trust_forgets_the_path_whatever_its_content(tmp_path):
    """The studio's Revoke Trust; other documents keep theirs."""
    path = write_doc(tmp_path, "", allow_local_network=True)
    other = tmp_path / "other.node.json"
    other.write_bytes(path.read_bytes())
    key, other_key = DocumentKey.of(path, path.read_bytes()), DocumentKey.of(other, other.read_bytes())
    trust(key)
    trust(other_key)
    assert revoke_trust(tmp_path / "." / path.name)
    assert not is_trusted(key) and is_trusted(other_key)
    assert not revoke_trust(path), "nothing left to revoke"


def test_shipped_examples_are_first_party(capsys):
    code, out = node_run(
        capsys, resources_dir() / "examples" / "csv-summary.node.json", "--inputs", json.dumps({"csv": "a,b\n1,2\n"})
    )
    assert code == 0, out


def test_what_a_document_requests_and_stripping_it():
    doc = CodeNodeDocument(
        body=f'import x from "{CSV_PACK}";\nimport y from "other";',
        props=NodeProps(allow_local_network=True, secrets=("A", "B")),
        packages=(PackDeclaration(specifier=CSV_PACK),),
    )
    assert Grants.requested_by(doc) == Grants(local_network=True, secrets=("A", "B"), packages=(CSV_PACK,))
    stripped = strip_grants(doc, Grants.requested_by(doc))
    assert not Grants.requested_by(stripped)
    assert stripped.body == doc.body and stripped.props.timeout == doc.props.timeout
    assert not Grants.requested_by(CodeNodeDocument(body="return 1"))
