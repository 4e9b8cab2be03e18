"""video.*: each operation on a 10-frame H.264 MP4 the test makes with PyAV, checked by decoding
the result (duration, dimensions, pixel values); bombs refused from the header by the cap's name,
the host alive and the next run healthy."""

from __future__ import annotations

import io
import struct

import av
import numpy as np
import pytest
from PIL import Image

from core import run_in_sandbox
from core.bridges import audio_ops, video_ops
from core.media_store import Cap
from tests.conftest import ok
from tests.test_audio import decoded as decoded_audio
from tests.test_audio import sine

W, H, FPS, N = 64, 48, 10, 10


def clip(n: int = N, w: int = W, h: int = H, fps: int = FPS, sound: bool = True) -> bytes:
    """`n` frames: the left half red, the top half's blue 25 * frame index; a 440 Hz tone as sound."""
    out = io.BytesIO()
    with av.open(out, "w", format="mp4") as oc:
        stream = oc.add_stream("libx264", rate=fps, options={"preset": "ultrafast", "qp": "0"})
        stream.width, stream.height, stream.pix_fmt = w, h, "yuv420p"
        track = oc.add_stream("aac", rate=8000, layout="mono") if sound else None
        for i in range(n):
            img = np.zeros((h, w, 3), np.uint8)
            img[:, : w // 2, 0] = 255
            img[: h // 2, :, 2] = i * 25
            for packet in stream.encode(av.VideoFrame.from_ndarray(img, format="rgb24")):
                oc.mux(packet)
        for packet in stream.encode(None):
            oc.mux(packet)
        if track is not None:
            t = np.arange(8000 * n // fps) / 8000
            frame = av.AudioFrame.from_ndarray(
                (0.25 * np.sin(2 * np.pi * 440 * t)).astype(np.float32)[None, :], format="fltp", layout="mono"
            )
            frame.sample_rate = 8000
            for packet in [*track.encode(frame), *track.encode(None)]:
                oc.mux(packet)
    return out.getvalue()


def frames_of(data: bytes) -> list[np.ndarray]:
    with av.open(io.BytesIO(data)) as c:
        return [f.to_ndarray(format="rgb24") for f in c.decode(c.streams.video[0])]


def run_video(body: str, **inputs):
    return run_in_sandbox(body, inputs=inputs)


def result_bytes(body: str, **inputs) -> bytes:
    """Run `body`, which returns a handle, and fetch the handle's bytes."""
    return ok(run_video(f"const h = await (async () => {{ {body} }})(); return await media.bytes(h);", **inputs))


def refused(result, rule: str) -> str:
    assert not result.ok and result.error.rule == rule, result.error
    return result.error.message


CLIP = clip()


def test_info_reads_the_header():
    info = ok(run_video("return await video.info(inputs.v)", v=CLIP))
    assert (info["width"], info["height"], info["frameRate"], info["frames"]) == (W, H, FPS, N)
    assert info["duration"] == pytest.approx(1.0) and info["codec"] == "h264" and info["container"] == "mp4"
    assert info["hasAudio"] and info["audioCodec"] == "aac" and info["sampleRate"] == 8000


def test_trim_keeps_the_span_and_its_sound():
    data = result_bytes("return video.trim(inputs.v, {start: 0.2, end: 0.7})", v=CLIP)
    frames = frames_of(data)
    assert len(frames) == 5
    assert abs(int(frames[0][5, 40, 2]) - 50) <= 4  # the first kept frame is frame 2 (blue 2 * 25)
    with av.open(io.BytesIO(data)) as c:
        assert c.streams.audio and float(c.streams.video[0].duration * c.streams.video[0].time_base) == 0.5


def test_resize_keeps_the_aspect_from_one_side():
    frames = frames_of(result_bytes("return video.resize(inputs.v, {width: 32})", v=CLIP))
    assert frames[0].shape == (24, 32, 3) and len(frames) == N
    assert frames[0][20, 4, 0] > 240 and frames[0][20, 28, 0] < 15  # still red on the left only


def test_rotate_turns_clockwise():
    frames = frames_of(result_bytes("return video.rotate(inputs.v, 90)", v=CLIP))
    assert frames[0].shape == (W, H, 3)
    # The red left half is the top half after a clockwise quarter turn.
    assert frames[0][5, 24, 0] > 240 and frames[0][60, 24, 0] < 15
    refused(run_video("return await video.rotate(inputs.v, 45)", v=CLIP), "bad-argument")


def test_extract_audio_gives_an_audio_handle():
    body = "const a = await video.extractAudio(inputs.v); return [a.type, a.mimeType, await audio.bytes(a)];"
    kind, mime, data = ok(run_video(body, v=CLIP))
    rate, samples = decoded_audio(data)
    assert (kind, mime, rate) == ("audio", "audio/wav", 8000)
    assert samples.shape[1] / rate == pytest.approx(1.0, abs=0.2) and np.abs(samples).max() > 0.2


def test_extract_frame_gives_an_image_handle_of_the_frame_at_that_time():
    body = "const f = await video.extractFrame(inputs.v, {time: 0.5}); return [f, await image.bytes(f)];"
    handle, data = ok(run_video(body, v=CLIP))
    assert (handle["type"], handle["mimeType"], handle["width"], handle["height"]) == ("image", "image/png", W, H)
    im = Image.open(io.BytesIO(data)).convert("RGB")
    assert abs(im.getpixel((40, 5))[2] - 125) <= 4 and im.getpixel((5, 40))[0] > 240  # frame 5
    refused(run_video("return await video.extractFrame(inputs.v, 30)", v=CLIP), "bad-argument")


def test_add_audio_puts_a_track_on_a_silent_video_cut_to_its_length():
    body = "return video.addAudio(inputs.v, await audio.repeat(inputs.a, 3))"
    data = result_bytes(body, v=clip(sound=False), a=sine(1.0))
    with av.open(io.BytesIO(data)) as c:
        track = c.streams.audio[0]
        assert track.codec_context.name == "aac"
        assert float(track.duration * track.time_base) == pytest.approx(1.0, abs=0.2)  # + AAC priming
    assert len(frames_of(data)) == N


def test_add_audio_keeping_the_original_mixes_both():
    body = "return video.addAudio(inputs.v, inputs.a, {keepOriginalAudio: true, volume: 0.5})"
    data = result_bytes(body, v=CLIP, a=sine(1.0, freq=880))
    with av.open(io.BytesIO(data)) as c:
        samples = np.concatenate([f.to_ndarray() for f in c.decode(c.streams.audio[0])], axis=1)[0]
    spectrum = np.abs(np.fft.rfft(samples[2000:6000]))
    freqs = np.fft.rfftfreq(4000, 1 / 8000)
    assert spectrum[np.argmin(abs(freqs - 440))] > 100 and spectrum[np.argmin(abs(freqs - 880))] > 100


def test_to_asset_and_media_to_video_persist_a_handle():
    body = """
      const h = await video.resize(inputs.v, { height: 24 });
      const a = await video.toAsset(h);
      const b = await media.toVideo(h);
      return [a.type, a.mimeType, a.width, a.uri === b.uri, (await media.info(a)).size > 0];
    """
    assert ok(run_video(body, v=CLIP)) == ["video", "video/mp4", 32, True, True]


def test_handles_die_with_the_run():
    handle = ok(run_video("return await video.trim(inputs.v, {end: 0.5})", v=CLIP))
    refused(run_video("return await video.info(inputs.h)", h=handle), "media-handle-unknown")


# -- bombs and caps --------------------------------------------------------------------


def test_a_header_claiming_ten_hours_is_refused_before_decoding(run):
    bomb = bytearray(clip(sound=False))
    at = bomb.find(b"stts")  # one entry: N samples, each now lasting an hour
    bomb[at + 16 : at + 20] = struct.pack(">I", 3600 * 10240)
    message = refused(run_video("return await video.trim(inputs.v, {end: 1})", v=bytes(bomb)), "video-too-long")
    assert "cap: video duration, 600 s" in message
    assert ok(run("return 1")) == 1


def test_a_frame_over_the_pixel_cap_is_refused_before_decoding(run):
    big = clip(n=1, w=4096, h=2304, sound=False)
    message = refused(run_video("return await video.extractFrame(inputs.v)", v=big), "video-too-many-pixels")
    assert "cap: video pixels" in message
    assert ok(run_video("return (await video.info(inputs.v)).width", v=CLIP)) == W


def test_frame_rate_cap():
    fast = clip(n=3, fps=240, sound=False)
    assert "cap: frame rate, 120 fps" in refused(
        run_video("return await video.info(inputs.v)", v=fast), "video-frame-rate-too-high"
    )


def test_input_size_cap(monkeypatch):
    monkeypatch.setattr(video_ops, "INPUT_CAP", Cap(1000, "video input, 1000 B", "video-input-too-large"))
    assert "limit video input" in refused(
        run_video("return await video.info(inputs.v)", v=CLIP), "video-input-too-large"
    )


def test_output_size_cap(worker_patch):
    worker_patch(video_ops, "audio_ops", audio_ops)  # video_ops's code goes by value too, to reach the patch
    worker_patch(audio_ops, "OUTPUT_CAP", Cap(2000, "media output, 2000 B", "media-output-too-large"))
    assert "limit media output" in refused(
        run_video("return await video.resize(inputs.v, {width: 128})", v=CLIP), "media-output-too-large"
    )


def test_not_a_video_is_refused(run):
    refused(run_video("return await video.info(inputs.v)", v=sine()), "media-no-video")
    refused(
        run_video("return await video.info(inputs.v)", v=b"\x00\x00\x00\x18ftypisom" + b"\x00" * 64), "media-decode"
    )
    assert ok(run("return 2")) == 2


def test_a_run_that_uses_no_media_does_not_import_pyav():
    import subprocess
    import sys

    code = (
        "import sys; from core import run_in_sandbox; assert run_in_sandbox('return 1').ok; "
        "print(sorted(m for m in ('av', 'numpy', 'skia') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "[]"
