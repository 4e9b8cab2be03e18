"""media.*: refs from every uri form, the asset store, type checks and caps, on the real engine."""

from __future__ import annotations

import base64
import hashlib
import io
import os

import pytest
from PIL import Image

from core import HostServices, RunServices, run_in_sandbox
from core.media_store import AssetStore
from tests.conftest import ok


def png_bytes(size: tuple[int, int] = (8, 6), color: tuple[int, ...] = (200, 30, 30)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, color).save(buf, "PNG")
    return buf.getvalue()


def failed(result, rule: str) -> str:
    """The message of a run that had to fail with `rule`."""
    assert not result.ok, f"expected a refusal by {rule}, got {result.result!r}"
    assert result.error.rule == rule, result.error
    return result.error.message


def test_data_uri_bytes_text_and_info():
    result = ok(
        run_in_sandbox("""
        const b64 = {type: "document", uri: "data:text/plain;charset=utf-8;base64,aMOpbGxv"};
        const pct = {type: "document", uri: "data:,a%20b%2Cc"};
        return {bytes: await media.bytes(b64), text: await media.text(b64), pct: await media.text(pct),
                info: await media.info(b64), pctInfo: await media.info(pct)};
    """)
    )
    assert result["bytes"] == "héllo".encode()
    assert result["text"] == "héllo"
    assert result["pct"] == "a b,c"
    assert result["info"] == {
        "type": "document",
        "mimeType": "text/plain;charset=utf-8",
        "uri": "data:text/plain;charset=utf-8;base64,aMOpbGxv",
        "size": 6,
    }
    assert result["pctInfo"]["mimeType"] == "application/octet-stream"


def test_text_encodings_bom_and_refusals():
    latin = base64.b64encode("café".encode("latin-1")).decode()
    bom = base64.b64encode(b"\xef\xbb\xbfhi \xff").decode()
    result = ok(
        run_in_sandbox(f"""
        return [await media.text({{type: "document", uri: "data:;base64,{latin}"}}, {{encoding: "latin1"}}),
                await media.text({{type: "document", uri: "data:;base64,{bom}"}})];
    """)
    )
    assert result == ["café", "hi \ufffd"]  # BOM dropped, invalid byte replaced (as TextDecoder does)
    for name in ("nope", "zlib", "latin-1"):  # "latin-1" is Python's name, not a WHATWG label
        failed(
            run_in_sandbox(f'return await media.text({{type: "document", uri: "data:,x"}}, {{encoding: "{name}"}})'),
            "text-encoding",
        )


def test_builders_persist_in_the_asset_store_and_round_trip():
    png = png_bytes()
    first = run_in_sandbox(
        """
        const doc = await media.toDocument(inputs.pdf, {mimeType: "application/pdf", filename: "report.pdf"});
        const img = await media.toImage(inputs.png);
        const aud = await media.toAudio(inputs.wav);
        const vid = await media.toVideo(new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112, 105, 115, 111, 109]));
        return {doc, img, aud, vid, back: await media.bytes(img), info: await media.info(doc)};
    """,
        inputs={"pdf": b"%PDF-1.4 fake", "png": png, "wav": b"RIFF\x00\x00\x00\x00WAVEfmt "},
    )
    result = ok(first)
    doc = result["doc"]
    assert doc["type"] == "document" and doc["filename"] == "report.pdf"
    assert doc["uri"] == "asset://" + hashlib.sha256(b"%PDF-1.4 fake").hexdigest()
    assert doc["mimeType"] == "application/pdf"
    assert result["img"]["mimeType"] == "image/png"  # sniffed from the bytes
    assert result["aud"]["mimeType"] == "audio/wav"
    assert result["vid"]["mimeType"] == "video/mp4"
    assert result["back"] == png
    assert result["info"]["size"] == len(b"%PDF-1.4 fake")
    # The ref outlives its run: a later run (or node) reads it from the store.
    later = ok(run_in_sandbox("return await media.bytes(inputs.ref)", inputs={"ref": doc}))
    assert later == b"%PDF-1.4 fake"
    stored = AssetStore().root / doc["uri"][8:10] / doc["uri"][8:]
    assert stored.read_bytes() == b"%PDF-1.4 fake"


def test_type_mismatch_is_refused_by_rule():
    audio_ref = {"type": "audio", "uri": "data:audio/wav;base64,UklGRg=="}
    message = failed(
        run_in_sandbox("return await image.info(inputs.a)", inputs={"a": audio_ref}), "media-type-mismatch"
    )
    assert "'audio'" in message and "'image'" in message
    failed(run_in_sandbox("return await media.toImage(inputs.a)", inputs={"a": audio_ref}), "media-type-mismatch")
    # A handle of one type relabelled as another is caught at the store, not trusted from the label.
    failed(
        run_in_sandbox("""
        const h = await image.blank(2, 2);
        return await media.toAudio({type: "audio", uri: h.uri});
    """),
        "media-type-mismatch",
    )
    # Bytes that plainly are a PNG are not an audio ref, whatever the call says.
    failed(run_in_sandbox("return await media.toAudio(inputs.png)", inputs={"png": png_bytes()}), "media-type-mismatch")
    failed(
        run_in_sandbox('return await media.toImage(new Uint8Array([1]), {mimeType: "audio/wav"})'),
        "media-type-mismatch",
    )


@pytest.mark.parametrize(
    ("ref", "rule"),
    [
        ('"data:,x"', "media-ref-invalid"),  # a bare string: the ref's type would be lost
        ('{type: "spreadsheet", uri: "data:,x"}', "media-ref-invalid"),
        ('{type: "document"}', "media-ref-invalid"),
        ('{type: "document", uri: "package://nodetool/x.pdf"}', "media-uri-scheme"),
        ('{type: "document", uri: "file:///etc/passwd"}', "media-uri-scheme"),
        ('{type: "document", uri: "data:text/plain;base64,!!!"}', "data-uri-invalid"),
        ('{type: "document", uri: "data:text/plain"}', "data-uri-invalid"),
        ('{type: "document", uri: "data:,x", mimeType: "not a mime"}', "bad-argument"),
        ('{type: "document", uri: "asset://../../etc/passwd"}', "asset-id-invalid"),
        ('{type: "document", uri: "asset://" + "A".repeat(64)}', "asset-id-invalid"),
        ('{type: "document", uri: "asset://" + "0".repeat(64)}', "asset-not-granted"),  # not even looked up
        ('{type: "document", uri: "sandbox://media/" + "0".repeat(32)}', "media-handle-unknown"),
        ('{type: "document", uri: "sandbox://media/../x"}', "media-handle-unknown"),
    ],
)
def test_bad_refs_are_refused_by_rule(ref: str, rule: str):
    failed(run_in_sandbox(f"return await media.bytes({ref})"), rule)


def test_handles_do_not_work_in_a_later_run():
    first = ok(run_in_sandbox("return await image.blank(3, 3, {color: 'red'})"))
    assert first["uri"].startswith("sandbox://media/")
    message = failed(run_in_sandbox("return await image.bytes(inputs.h)", inputs={"h": first}), "media-handle-unknown")
    assert "later run" in message
    failed(run_in_sandbox("return await media.toImage(inputs.h)", inputs={"h": first}), "media-handle-unknown")
    # ... while persisting it before the run ends carries it over.
    persisted = ok(run_in_sandbox("return await media.toImage(await image.blank(3, 3, {color: 'red'}))"))
    assert persisted["uri"].startswith("asset://")
    assert Image.open(
        io.BytesIO(ok(run_in_sandbox("return await media.bytes(inputs.r)", inputs={"r": persisted})))
    ).size == (3, 3)


def test_byte_caps_refuse_by_limit_name():
    big = "A" * 5000  # base64 of 3,750 bytes
    limits = {"hostByteInputBytes": 1000, "hostTextInputBytes": 100}
    failed(
        run_in_sandbox(f'return await media.bytes({{type: "document", uri: "data:;base64,{big}"}})', limits=limits),
        "host-input-too-large",
    )
    failed(
        run_in_sandbox(f'return await media.text({{type: "document", uri: "data:,{"x" * 200}"}})', limits=limits),
        "host-text-too-large",
    )
    failed(run_in_sandbox("return await media.toDocument(new Uint8Array(1001))", limits=limits), "host-input-too-large")
    ref = ok(run_in_sandbox("return await media.toDocument(new Uint8Array(5000))"))
    failed(
        run_in_sandbox("return await media.bytes(inputs.r)", inputs={"r": ref}, limits=limits), "host-input-too-large"
    )
    # The host is fine afterwards.
    assert ok(run_in_sandbox("return (await media.info(inputs.r)).size", inputs={"r": ref})) == 5000


def test_asset_store_refuses_a_tampered_or_linked_asset(tmp_path):
    store = AssetStore()
    uri = store.put(b"original bytes")
    path = store.root / uri[8:10] / uri[8:]
    path.write_bytes(b"altered bytes!")
    failed(
        run_in_sandbox("return await media.bytes(inputs.r)", inputs={"r": {"type": "document", "uri": uri}}),
        "asset-corrupt",
    )
    secret = tmp_path / "secret.txt"
    secret.write_bytes(b"host secret")
    path.unlink()
    os.symlink(secret, path)
    failed(
        run_in_sandbox("return await media.bytes(inputs.r)", inputs={"r": {"type": "document", "uri": uri}}),
        "asset-not-found",
    )
    path.unlink()
    assert store.put(b"original bytes") == uri  # content-addressed: the same id again


def test_workspace_file_refs(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "notes.txt").write_text("hello from the workspace", encoding="utf-8")
    (tmp_path / "pic.png").write_bytes(png_bytes((5, 4)))
    outside = tmp_path.parent / f"{tmp_path.name}-outside.txt"
    outside.write_text("outside")
    os.symlink(outside, tmp_path / "escape.txt")
    services = HostServices(workspace=tmp_path)
    result = ok(
        run_in_sandbox(
            """
        const notes = {type: "document", uri: "docs/notes.txt"};
        const pic = {type: "image", uri: "pic.png"};
        return {text: await media.text(notes), info: await media.info(notes), picInfo: await image.info(pic),
                small: await image.resize(pic, {width: 2})};
    """,
            services=RunServices(host=services),
        )
    )
    assert result["text"] == "hello from the workspace"
    assert result["info"] == {"type": "document", "mimeType": "text/plain", "uri": "docs/notes.txt", "size": 24}
    assert (result["picInfo"]["width"], result["picInfo"]["height"]) == (5, 4)
    assert result["small"]["width"] == 2
    for uri, rule in [
        ("../outside.txt", "workspace-escape"),
        ("/etc/passwd", "workspace-escape"),
        ("escape.txt", "workspace-symlink"),
        ("missing.txt", "workspace-not-found"),
    ]:
        failed(
            run_in_sandbox(
                f"return await media.bytes({{type: 'document', uri: {uri!r}}})", services=RunServices(host=services)
            ),
            rule,
        )
    # No workspace granted: a path resolves nothing.
    failed(
        run_in_sandbox("return await media.bytes({type: 'document', uri: 'docs/notes.txt'})"), "workspace-unavailable"
    )


def test_run_media_budget_counts_new_assets():
    limits = {"runMediaBytes": 10_000}
    failed(
        run_in_sandbox(
            """
        for (let i = 0; i < 5; i++) await media.toDocument(new Uint8Array(3000).fill(i));
    """,
            limits=limits,
        ),
        "media-quota",
    )


def test_remote_refs_go_through_the_guarded_fetch():
    from core.bridges.netguard import TREAT_AS_PUBLIC
    from tests.http_server import RecordingServer

    with RecordingServer() as server:
        public = HostServices().provide(TREAT_AS_PUBLIC, [("127.0.0.1", server.port)])
        result = ok(
            run_in_sandbox(
                """
            const bin = {type: "document", uri: inputs.base + "/bytes?n=300"};
            const latin = {type: "document", uri: inputs.base + "/latin1"};
            return {info: await media.info(bin), text: await media.text(latin), latinInfo: await media.info(latin)};
        """,
                inputs={"base": server.url("")},
                services=RunServices(host=public),
            )
        )
        assert result["info"]["size"] == 300 and result["info"]["mimeType"] == "application/octet-stream"
        assert result["text"] == "café"  # the served charset decides
        assert result["latinInfo"]["mimeType"] == "text/plain; charset=iso-8859-1"
        failed(
            run_in_sandbox(
                "return await media.bytes({type: 'document', uri: inputs.u})",
                inputs={"u": server.url("/status?code=404")},
                services=RunServices(host=public),
            ),
            "media-fetch-status",
        )
        failed(
            run_in_sandbox(
                "return await media.bytes({type: 'document', uri: inputs.u})",
                inputs={"u": server.url("/bytes?n=2000")},
                limits={"hostByteInputBytes": 1000},
                services=RunServices(host=public),
            ),
            "host-input-too-large",
        )
        # Media fetches spend the run's fetch budget like fetch() does.
        failed(
            run_in_sandbox(
                """
            const r = {type: "document", uri: inputs.u};
            await media.bytes(r);
            return await media.bytes(r);
        """,
                inputs={"u": server.url("/bytes?n=3")},
                limits={"fetchMaxCalls": 1},
                services=RunServices(host=public),
            ),
            "fetch-max-calls",
        )
        seen = server.count
        # Without the host's say-so, loopback is refused before anything is sent.
        failed(
            run_in_sandbox(
                "return await media.bytes({type: 'document', uri: inputs.u})", inputs={"u": server.url("/bytes?n=3")}
            ),
            "ssrf-private-address",
        )
        assert server.count == seen
