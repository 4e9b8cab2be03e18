"""The *.node.json document: strict schema, versioning, atomic save keeping the mode, props -> limits."""

from __future__ import annotations

import base64
import hashlib
import os
import stat

import orjson
import pytest

from core.codenode import document as docmod
from core.codenode.document import (
    CodeNodeDocument,
    DocumentError,
    PackDeclaration,
    limits_for,
    load_document,
    loads,
    parse_document,
    save_document,
    saved_bytes,
    stamp_packages,
)
from core.limits import MB


def _doc(**extra):
    return {"schemaVersion": 1, "body": "await output('n', 1);", "outputs": [{"name": "n"}], **extra}


def test_round_trip_keeps_every_field_and_writes_body_as_lines(tmp_path):
    doc = parse_document(
        _doc(
            name="demo",
            body="const a = 1;\nawait output('n', a);\n",
            inputs=[{"name": "rows", "type": "array", "default": [1, 2]}],
            props={"timeout": 2.5, "secrets": ["API_KEY"]},
            packages=[{"specifier": "@cordon/csv", "resolvedPackVersion": "1.0.0", "contentDigest": "sha256:ab"}],
        )
    )
    path = save_document(doc, tmp_path / "demo.node.json")
    raw = orjson.loads(path.read_bytes())
    assert raw["body"] == ["const a = 1;", "await output('n', a);", ""]
    assert load_document(path) == doc


@pytest.mark.parametrize(
    ("data", "names"),
    [
        (_doc(colour="red"), "unknown field 'colour'"),
        (_doc(props={"timeout": 5, "timout": 3}), "unknown field 'props.timout'"),
        (_doc(inputs=[{"name": "a", "type": "strnig"}]), "inputs[0].type"),
        (_doc(props={"timeout": "30"}), "props.timeout"),
        (_doc(props={"timeout": -1}), "props.timeout"),
        (_doc(props={"allow_local_network": "yes"}), "props.allow_local_network"),
        (_doc(inputs=[{"name": "a b"}]), "inputs[0].name"),
        (_doc(inputs=[{"name": "a"}, {"name": "a"}]), "duplicate input 'a'"),
        (_doc(inputs=[{"name": "n", "type": "number", "default": "x"}]), "default of input 'n' is not a number"),
        (_doc(packages=[{"specifier": "x", "version": "1"}]), "unknown field 'packages[0].version'"),
        ({"schemaVersion": 1}, "missing field 'body'"),
    ],
)
def test_malformed_documents_are_refused_naming_the_field(data, names):
    with pytest.raises(DocumentError) as info:
        parse_document(data)
    assert names in info.value.message


def test_versions_newer_missing_or_wrong_are_refused_by_name():
    with pytest.raises(DocumentError, match="schemaVersion 2 was written by a newer Cordon") as info:
        parse_document(_doc(schemaVersion=2))
    assert info.value.rule == "node-document-version"
    with pytest.raises(DocumentError, match="missing field 'schemaVersion'"):
        parse_document({"body": ""})
    with pytest.raises(DocumentError, match="'schemaVersion' must be an integer"):
        parse_document(_doc(schemaVersion="1"))
    with pytest.raises(DocumentError, match="not valid JSON"):
        loads(b"{nope")


def test_save_keeps_a_bak_only_when_asked_and_leaves_no_temp_files(tmp_path):
    path = tmp_path / "n.node.json"
    first = parse_document(_doc(name="first"))
    second = first.model_copy(update={"name": "second"})
    save_document(first, path)
    save_document(second, path)
    assert load_document(path).name == "second"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["n.node.json"]  # no .bak unasked
    save_document(first, path, backup=True)
    assert load_document(tmp_path / "n.node.json.bak").name == "second"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["n.node.json", "n.node.json.bak"]


def test_save_keeps_the_file_mode(tmp_path):
    """644 stays 644 (not the temp file's 600), 640 stays 640; a new file gets the umask's."""
    path = tmp_path / "n.node.json"
    doc = parse_document(_doc(name="m"))
    mask = os.umask(0o022)
    try:
        save_document(doc, path)
    finally:
        os.umask(mask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    save_document(doc, path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    path.chmod(0o640)
    save_document(doc, path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_failed_save_leaves_the_previous_document_intact(tmp_path, monkeypatch):
    path = tmp_path / "n.node.json"
    save_document(parse_document(_doc(name="kept")), path)

    def disk_full(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(docmod.os, "replace", disk_full)
    with pytest.raises(DocumentError, match="No space left on device; the previous file is unchanged"):
        save_document(parse_document(_doc(name="lost")), path)
    monkeypatch.undo()
    assert load_document(path).name == "kept"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_props_map_onto_limits_through_resolve_limits():
    limits = limits_for(
        parse_document(
            _doc(
                props={
                    "timeout": 1.5,
                    "max_response_mb": 3,
                    "allow_local_network": True,
                    "allow_host_filesystem": True,
                    "secrets": ["GITHUB_TOKEN"],
                }
            )
        )
    )
    assert limits.timeoutMs == 1500
    assert limits.fetchMaxBodyBytes == 3 * MB
    assert limits.allowPrivateNetwork is True
    assert limits.filesystemAccess == "host"
    assert limits.secretScope == ("GITHUB_TOKEN",)
    defaults = limits_for(parse_document(_doc()))
    assert (defaults.timeoutMs, defaults.fetchMaxBodyBytes) == (30_000, 1 * MB)
    assert (defaults.allowPrivateNetwork, defaults.filesystemAccess, defaults.secretScope) == (False, "workspace", ())
    assert limits_for(parse_document(_doc(props={"timeout": 0}))).timeoutMs == 0  # 0 means none
    # A document cannot raise a limit past its ceiling (50 MB fetch body).
    assert limits_for(parse_document(_doc(props={"max_response_mb": 4096}))).fetchMaxBodyBytes == 50 * MB


def test_stamping_derives_packages_from_the_body_imports():
    doc = CodeNodeDocument(
        body='import Papa from "@cordon/csv";\nimport y from "yaml-pack";\nimport "@cordon/csv";',
        packages=(
            PackDeclaration(specifier="yaml-pack", resolvedPackVersion="0.9.0"),
            PackDeclaration(specifier="unused"),
        ),
    )
    installed = {"@cordon/csv": ("1.2.0", "sha256:00ff")}
    stamped = stamp_packages(doc, installed.get)
    assert [p.model_dump() for p in stamped.packages] == [
        {"specifier": "@cordon/csv", "resolvedPackVersion": "1.2.0", "contentDigest": "sha256:00ff"},
        # Not installed here: the author's stamp survives the save.
        {"specifier": "yaml-pack", "resolvedPackVersion": "0.9.0", "contentDigest": None},
    ]


def test_large_test_input_media_are_stored_beside_the_document(tmp_path):
    """Bytes and data: URIs of 16 KiB or more go to <name>.assets/<sha256>; reading puts
    them back; a marker resolves only to an untampered, non-symlinked file of that digest in that folder."""
    big = os.urandom(20 * 1024)
    ref = {"type": "video", "uri": "data:video/mp4;base64," + base64.b64encode(big).decode(), "filename": "f.mp4"}
    inputs = {"raw": {"$bytes": base64.b64encode(big).decode()}, "film": ref, "small": {"$bytes": "AAEC"}}
    doc = parse_document(_doc(name="media")).model_copy(update={"testInputs": inputs})
    path = tmp_path / "m.node.json"
    save_document(doc, path)
    digest = hashlib.sha256(big).hexdigest()
    assert [p.name for p in (tmp_path / "m.assets").iterdir()] == [digest]  # one copy, content-addressed
    written = orjson.loads(path.read_bytes())["testInputs"]
    assert written["raw"] == {"$beside": digest, "as": "bytes"} and written["small"] == {"$bytes": "AAEC"}
    assert written["film"]["uri"] == {"$beside": digest, "as": "data-uri", "mime": "video/mp4"}
    assert path.stat().st_size < 2048 and saved_bytes(doc) == path.read_bytes()
    assert load_document(path) == doc

    (tmp_path / "m.assets" / digest).write_bytes(b"tampered")
    assert load_document(path).testInputs == {"small": {"$bytes": "AAEC"}}  # a bad value is dropped, not read
    (tmp_path / "m.assets" / digest).unlink()
    (tmp_path / "m.assets" / digest).symlink_to(tmp_path / "elsewhere")
    (tmp_path / "elsewhere").write_bytes(big)
    assert load_document(path).testInputs == {"small": {"$bytes": "AAEC"}}  # never through a symlink
    (tmp_path / "m.assets" / digest).unlink()

    save_document(doc.model_copy(update={"testInputs": {}}), path)  # nothing left to store: the folder goes
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere", "m.node.json"]
