"""core.media_preview: what the studio previews of a run's media outputs, on media the tests make
(a PyAV sine tone, PyAV clips, a Pillow PNG); each refusal by its rule, before anything is decoded."""

from __future__ import annotations

import io
import struct
import subprocess
import sys
import zlib

import av
import pytest
from PIL import Image

from core import SandboxRefusal, load_preview, media_kind
from core import media_preview as preview_module
from core.media_store import AssetStore, Cap
from tests.install_support import home
from tests.test_audio import sine
from tests.test_video import clip

__all__ = ["home"]


def png(width: int = 30, height: int = 20) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), "red").save(out, "PNG")
    return out.getvalue()


def refused(value: object, rule: str) -> str:
    with pytest.raises(SandboxRefusal) as caught:
        load_preview(value)
    assert caught.value.rule == rule, caught.value
    return str(caught.value)


def test_media_kind_names_refs_and_encoded_media_without_reading_them():
    assert media_kind(png()) == "image" and media_kind(sine()) == "audio" and media_kind(clip(n=2)) == "video"
    assert media_kind({"type": "audio", "uri": "asset://" + "0" * 64}) == "audio"  # not read: it need not exist
    assert media_kind({"type": "video", "uri": "sandbox://media/" + "0" * 32}) == "video"
    assert media_kind({"type": "document", "uri": "asset://" + "0" * 64}) is None
    assert media_kind({"type": "audio", "uri": "https://example.com/a.wav"}) is None
    assert media_kind(b"plain text") is None and media_kind({"type": "audio"}) is None and media_kind(3) is None


def test_naming_a_kind_loads_no_decoder():
    """The studio asks `media_kind` of every value it shows: that must not cost PyAV, numpy or Pillow."""
    code = (
        "import sys, core\n"
        "assert core.media_kind({'type': 'video', 'uri': 'asset://' + '0' * 64}) == 'video'\n"
        "assert core.media_kind(b'RIFF\\0\\0\\0\\0WAVEfmt ') == 'audio'\n"
        "print(sorted(m for m in ('av', 'numpy', 'PIL') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_an_asset_ref_is_read_from_the_store_with_its_header_facts(home):
    ref = {"type": "audio", "uri": AssetStore().put(sine(1.5)), "mimeType": "audio/wav"}
    preview = load_preview(ref)
    assert (preview.kind, preview.mime_type, preview.duration, preview.picture) == ("audio", "audio/wav", 1.5, None)
    image = load_preview(png(30, 20))
    assert (image.kind, image.width, image.height, image.mime_type) == ("image", 30, 20, "image/png")


def test_a_video_poster_is_its_first_frame_scaled_to_fit():
    preview = load_preview(clip(n=3, w=1280, h=720))
    assert (preview.kind, preview.width, preview.height, preview.duration) == ("video", 1280, 720, pytest.approx(0.3))
    poster = Image.open(io.BytesIO(preview.picture)).convert("RGB")
    assert poster.size == (preview_module.PICTURE_EDGE, 720 * preview_module.PICTURE_EDGE // 1280)
    # Frame 0: left half red, right half black; later frames add blue to the top half.
    scale = preview_module.PICTURE_EDGE / 1280
    (r, g, b), top_right = (
        poster.getpixel((int(200 * scale), int(600 * scale))),
        poster.getpixel((int(1200 * scale), int(80 * scale))),
    )
    assert r > 230 and g < 25 and b < 25 and max(top_right) < 25


def test_an_mp4_with_sound_only_is_previewed_as_audio():
    out = io.BytesIO()  # an MP4 (not M4A) holding one AAC track
    with av.open(out, "w", format="mp4") as oc:
        track = oc.add_stream("aac", rate=8000, layout="mono")
        with av.open(io.BytesIO(sine(0.5))) as tone:
            for frame in tone.decode(audio=0):
                frame.pts = None
                for packet in track.encode(frame):
                    oc.mux(packet)
        for packet in track.encode(None):
            oc.mux(packet)
    assert media_kind(out.getvalue()) == "video"
    preview = load_preview(out.getvalue())
    assert preview.kind == "audio" and preview.duration == pytest.approx(0.5, abs=0.15)


def test_bombs_are_refused_from_the_header_by_the_bridges_rules():
    bomb = bytearray(clip(sound=False))
    at = bomb.find(b"stts")  # one entry: N samples, each now lasting an hour
    bomb[at + 16 : at + 20] = struct.pack(">I", 3600 * 10240)
    assert "cap: video duration, 600 s" in refused(bytes(bomb), "video-too-long")
    assert "cap: video pixels" in refused(clip(n=1, w=4096, h=2304, sound=False), "video-too-many-pixels")
    huge = bytearray(png(1, 1))
    huge[16:24] = struct.pack(">II", 100_000, 100_000)  # the IHDR's width and height, and its checksum
    huge[29:33] = struct.pack(">I", zlib.crc32(bytes(huge[12:29])))
    refused(bytes(huge), "image-too-many-pixels")


def test_media_over_the_preview_cap_is_refused_before_it_is_read(home, monkeypatch):
    monkeypatch.setattr(preview_module, "PREVIEW_CAP", Cap(10_000, "preview, 10000 B", "preview-too-large"))
    assert "preview, 10000 B" in refused(sine(1.0), "preview-too-large")
    stored = {"type": "audio", "uri": AssetStore().put(sine(1.0))}
    refused(stored, "preview-too-large")
    assert load_preview(sine(0.25)).duration == 0.25


def test_a_handle_of_a_finished_run_says_to_persist_it():
    message = refused({"type": "video", "uri": "sandbox://media/" + "0" * 32}, "media-handle-unknown")
    assert "video.toAsset(handle)" in message
    refused({"type": "document", "uri": "asset://" + "0" * 64}, "media-ref-invalid")


def test_a_ref_to_an_asset_not_in_the_store_is_refused(home):
    refused({"type": "image", "uri": "asset://" + "a" * 64}, "asset-not-found")


def test_an_image_is_decoded_in_a_host_worker_and_the_studio_draws_only_the_png_it_wrote(monkeypatch):
    from core.hostwork import client

    forks: list[int] = []
    real = client.HostWorker.spawn.__func__

    def counted(cls: type) -> client.HostWorker:
        worker = real(cls)
        forks.append(worker.pid)
        return worker

    monkeypatch.setattr(client.HostWorker, "spawn", classmethod(counted))
    client.SPARE.stop()
    jpeg = io.BytesIO()
    Image.new("RGB", (40, 30), (200, 10, 10)).save(jpeg, "JPEG")
    preview = load_preview(jpeg.getvalue())
    assert forks  # a worker of its own (the spare was stopped): the decoder never ran in this process
    assert preview.data == jpeg.getvalue() and preview.picture is not None
    assert preview.picture.startswith(b"\x89PNG\r\n\x1a\n")
    assert Image.open(io.BytesIO(preview.picture)).size == (40, 30)
