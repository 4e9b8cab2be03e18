"""audio.*: each operation on a sine tone the test makes with PyAV, checked by decoding the result;
the caps refused from the header by name, the host alive and the next run healthy."""

from __future__ import annotations

import io
import wave

import av
import numpy as np
import pytest

from core import run_in_sandbox
from core.bridges import audio_ops
from core.media_store import Cap
from tests.conftest import ok, refused

RATE = 8000


def sine(seconds: float = 1.0, freq: float = 440.0, amp: float = 0.25, rate: int = RATE, channels: int = 1) -> bytes:
    """A sine tone encoded as 16-bit WAV by PyAV itself."""
    t = np.arange(round(seconds * rate)) / rate
    samples = np.repeat((amp * np.sin(2 * np.pi * freq * t)).astype(np.float32)[None, :], channels, axis=0)
    out = io.BytesIO()
    with av.open(out, "w", format="wav") as oc:
        stream = oc.add_stream("pcm_s16le", rate=rate, layout=f"{channels}c")
        frame = av.AudioFrame.from_ndarray(samples, format="fltp", layout=f"{channels}c")
        frame.sample_rate = rate
        for packet in [*stream.encode(frame), *stream.encode(None)]:
            oc.mux(packet)
    return out.getvalue()


def decoded(data: bytes) -> tuple[int, np.ndarray]:
    """(sample rate, float samples shaped (channels, n)) of encoded audio, by PyAV."""
    with av.open(io.BytesIO(data)) as c:
        stream = c.streams.audio[0]
        chunks = [f.to_ndarray() for f in c.decode(stream)]
        return stream.codec_context.sample_rate, np.concatenate(chunks, axis=1).astype(np.float32) / (
            32768 if chunks[0].dtype == np.int16 else 1
        )


def run_audio(body: str, **inputs):
    return run_in_sandbox(body, inputs=inputs)


def result_audio(body: str, **inputs) -> tuple[int, np.ndarray]:
    """Run `body`, which returns an audio handle, and decode the handle's bytes."""
    data = ok(run_audio(f"const h = await (async () => {{ {body} }})(); return await audio.bytes(h);", **inputs))
    return decoded(data)


TONE = sine()


def test_info_reads_the_header():
    info = ok(run_audio("return await audio.info(inputs.a)", a=TONE))
    assert info["duration"] == pytest.approx(1.0) and info["sampleRate"] == RATE and info["channels"] == 1
    assert info["codec"] == "pcm_s16le" and info["container"] == "wav" and info["byteLength"] == len(TONE)


def test_info_of_a_media_ref_and_of_a_handle():
    body = """
      const ref = { type: "audio", uri: "data:audio/wav;base64," + toBase64(inputs.a) };
      const handle = await audio.trim(ref, { end: 0.5 });
      return [handle.type, handle.mimeType, handle.uri.startsWith("sandbox://media/"), (await audio.info(handle)).duration];
    """
    assert ok(run_audio(body, a=TONE)) == ["audio", "audio/wav", True, 0.5]


def test_normalize_brings_the_peak_to_peak_db():
    rate, out = result_audio("return audio.normalize(inputs.a)", a=TONE)
    assert rate == RATE and np.abs(out).max() == pytest.approx(10 ** (-1 / 20), abs=1e-3)
    _, quiet = result_audio("return audio.normalize(inputs.a, {peakDb: -12})", a=TONE)
    assert np.abs(quiet).max() == pytest.approx(10 ** (-12 / 20), abs=1e-3)


def test_trim_keeps_the_span():
    _, src = decoded(TONE)
    _, out = result_audio("return audio.trim(inputs.a, {start: 0.25, end: 0.75})", a=TONE)
    assert out.shape == (1, RATE // 2)
    assert np.allclose(out, src[:, RATE // 4 : 3 * RATE // 4], atol=1e-4)
    _, by_duration = result_audio("return audio.trim(inputs.a, {start: 0.5, duration: 0.1})", a=TONE)
    assert by_duration.shape == (1, RATE // 10)


def test_concat_joins_at_the_first_inputs_format():
    stereo_16k = sine(0.5, rate=16000, channels=2)
    _, out = result_audio("return audio.concat([inputs.a, inputs.b, inputs.a])", a=TONE, b=stereo_16k)
    assert out.shape == (1, RATE * 2 + RATE // 2)


def test_mix_sums_over_the_longest_input():
    _, src = decoded(TONE)
    _, out = result_audio(
        "return audio.mix(inputs.a, await audio.trim(inputs.a, {end: 0.5}), {volumes: [1, 1]})", a=TONE
    )
    assert out.shape == (1, RATE)
    assert np.allclose(out[:, : RATE // 2], 2 * src[:, : RATE // 2], atol=1e-3)
    assert np.allclose(out[:, RATE // 2 :], src[:, RATE // 2 :], atol=1e-3)


def test_reverse_plays_backwards():
    _, src = decoded(TONE)
    _, out = result_audio("return audio.reverse(inputs.a)", a=TONE)
    assert np.allclose(out, src[:, ::-1], atol=1e-4)


def test_fades_ramp_from_and_to_silence():
    _, src = decoded(TONE)
    _, fin = result_audio("return audio.fadeIn(inputs.a, 0.5)", a=TONE)
    _, fout = result_audio("return audio.fadeOut(inputs.a, {duration: 0.5})", a=TONE)
    assert np.abs(fin[:, :40]).max() < 0.01 and np.allclose(fin[:, RATE // 2 :], src[:, RATE // 2 :], atol=1e-4)
    assert np.abs(fout[:, -40:]).max() < 0.01 and np.allclose(fout[:, : RATE // 2], src[:, : RATE // 2], atol=1e-4)


def test_repeat_plays_it_n_times():
    _, src = decoded(TONE)
    _, out = result_audio("return audio.repeat(inputs.a, 3)", a=TONE)
    assert out.shape == (1, 3 * RATE) and np.allclose(out[:, 2 * RATE :], src, atol=1e-4)


def test_to_asset_and_media_to_audio_persist_a_handle():
    body = """
      const h = await audio.reverse(inputs.a);
      const a = await audio.toAsset(h, { filename: "rev.wav" });
      const b = await media.toAudio(h);
      const same = toHex(await media.bytes(a)) === toHex(await audio.bytes(h));
      return [a.type, a.uri.startsWith("asset://"), a.filename, b.uri === a.uri, same, b.mimeType];
    """
    assert ok(run_audio(body, a=TONE)) == ["audio", True, "rev.wav", True, True, "audio/wav"]


def test_handles_die_with_the_run():
    handle = ok(run_audio("return await audio.reverse(inputs.a)", a=TONE))
    refused(run_audio("return await audio.info(inputs.h)", h=handle), "media-handle-unknown")


# -- caps and bad input ----------------------------------------------------------------


def wav_header_only(rate: int, channels: int, frames: int, width: int = 1) -> bytes:
    b = io.BytesIO()
    with wave.open(b, "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(width)
        w.setframerate(rate)
        w.writeframes(bytes(frames * channels * width))
    return b.getvalue()


def test_a_header_claiming_ten_hours_is_refused_before_decoding(run):
    bomb = wav_header_only(rate=1, channels=1, frames=36_000)  # 36 kB that say "10 hours"
    message = refused(run_audio("return await audio.reverse(inputs.a)", a=bomb), "audio-too-long")
    assert "cap: audio duration, 600 s" in message
    assert ok(run("return 1")) == 1


def test_sample_rate_and_channel_caps():
    rate = refused(
        run_audio("return await audio.info(inputs.a)", a=wav_header_only(400_000, 1, 10)), "audio-sample-rate-too-high"
    )
    assert "cap: sample rate" in rate
    channels = refused(
        run_audio("return await audio.info(inputs.a)", a=wav_header_only(8000, 9, 10)), "audio-too-many-channels"
    )
    assert "cap: channels, 8" in channels


def test_decoded_samples_cap_is_checked_from_the_header(worker_patch):
    worker_patch(audio_ops, "MAX_SAMPLES", 12_000)  # 1.5 s of the 8 kHz tone
    message = refused(run_audio("return await audio.reverse(inputs.a)", a=sine(2.0)), "audio-too-many-samples")
    assert "cap: decoded samples" in message and "the result" not in message


def test_an_output_past_the_duration_cap_is_refused_before_it_is_built():
    message = refused(run_audio("return await audio.repeat(inputs.a, 700)", a=TONE), "audio-too-long")
    assert "the result" in message and "cap: audio duration" in message


def test_input_bytes_over_the_cap_are_refused_by_name(worker_patch):
    worker_patch(audio_ops, "INPUT_CAP", Cap(1000, "audio input, 1000 B", "audio-input-too-large"))
    assert "limit audio input" in refused(
        run_audio("return await audio.info(inputs.a)", a=TONE), "audio-input-too-large"
    )


def test_not_audio_is_refused_and_the_next_run_is_healthy(run):
    refused(
        run_audio("return await audio.info(inputs.a)", a=b"#EXTM3U\nhttp://127.0.0.1/x\n"), "media-format-unsupported"
    )
    refused(run_audio("return await audio.info(inputs.a)", a=b"RIFF\0\0\0\0WAVEjunkjunk"), "media-decode")
    refused(run_audio('return await audio.info({type: "image", uri: "data:image/png;base64,"})'), "media-type-mismatch")
    assert ok(run_audio("return (await audio.info(inputs.a)).channels", a=TONE)) == 1


def test_an_output_over_the_size_cap_is_refused_by_name(worker_patch):
    worker_patch(audio_ops, "OUTPUT_CAP", Cap(20_000, "media output, 20000 B", "media-output-too-large"))
    message = refused(run_audio("return await audio.repeat(inputs.a, 2)", a=TONE), "media-output-too-large")
    assert "limit media output" in message
    assert ok(run_audio("return (await audio.info(await audio.trim(inputs.a, {end: 0.5}))).duration", a=TONE)) == 0.5


def test_inputs_that_together_decode_past_the_samples_cap_are_refused(worker_patch):
    worker_patch(audio_ops, "MAX_SAMPLES", 12_000)  # each 1 s tone (8,000) fits; two do not
    message = refused(run_audio("return await audio.mix([inputs.a, inputs.a])", a=TONE), "audio-too-many-samples")
    assert "the inputs together" in message and "cap: decoded samples" in message
