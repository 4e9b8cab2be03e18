"""audio.*: inspect and edit audio on the host with PyAV (FFmpeg in the wheel); transforms
return handles.

Every op takes a media ref, encoded bytes (`Uint8Array`) or a `sandbox://media/<id>` handle
of this run. A transform decodes its inputs to float samples (numpy), edits them and keeps
the result as 16-bit PCM WAV in the run's handle store, returning a small
`{type: "audio", uri, mimeType}` handle, so chains never carry samples through the guest.

The threats are FFmpeg's reach and decompression bombs, and the defences are ordering:
* the container is named from its magic bytes and only that demuxer is opened, so FFmpeg
  never probes its way into a playlist or concat demuxer that opens other files or URLs;
* the caps (input bytes, duration, sample rate, channels) are checked from the container
  header before any sample is decoded, and again while decoding, for a header that lied or
  said nothing; an output's length is checked before it is built;
* decoding runs in a host worker thread (`in_worker_thread`) that checks the run between
  frames, so a stopped run frees it.
`video_ops` shares the container handling.
"""

from __future__ import annotations

import io
import logging
import wave
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import av
import numpy as np

from core.bridges.base import RunScope, worker_check_alive
from core.bridges.hostcalls import in_host_worker
from core.bridges.image_ops import _int, _number
from core.bridges.media import (
    bad_argument,
    byte_cap,
    filename_arg,
    load,
    load_each,
    only_options,
    parse_ref,
    persist,
    sniff_mime,
)
from core.errors import SandboxRefusal
from core.media_store import Cap, MediaItem, run_store, too_large

logger = logging.getLogger(__name__)

MB = 1024 * 1024
#: Caps of one audio input and of what one op may produce (checked before it is encoded).
INPUT_CAP = Cap(64 * MB, "audio input, 64 MB", "audio-input-too-large")
OUTPUT_CAP = Cap(128 * MB, "media output, 128 MB", "media-output-too-large")
MAX_SECONDS = 600
MAX_SAMPLE_RATE = 192_000
MAX_CHANNELS = 8
#: Decoded float samples one input or result may hold (256 MB of float32): what the output cap
#: allows as 16-bit PCM, so a long 8-channel 192 kHz input cannot take gigabytes.
MAX_SAMPLES = OUTPUT_CAP.size // 2
#: Inputs of one concat/mix call, and repetitions of one repeat.
MAX_INPUTS = 32
MAX_REPEAT = 1000
WAV_MIME = "audio/wav"
#: The demuxers this bridge opens, named from the first bytes (FFmpeg never probes).
_ADTS = (b"\xff\xf1", b"\xff\xf9")


def refuse(message: str, rule: str) -> SandboxRefusal:
    return SandboxRefusal(message, rule=rule, name="RangeError")


def container_format(data: bytes, what: str) -> str:
    """The FFmpeg demuxer for `data`, from its magic bytes; anything else is refused."""
    head = data[:16]
    if head[:4] == b"RIFF" and head[8:12] == b"WAVE":
        return "wav"
    if head[4:8] == b"ftyp":
        return "mp4"
    if head.startswith(b"\x1aE\xdf\xa3"):
        return "matroska"
    if head.startswith(b"OggS"):
        return "ogg"
    if head.startswith(b"fLaC"):
        return "flac"
    if head[:2] in _ADTS:
        return "aac"
    if head.startswith(b"ID3") or (len(head) > 1 and head[0] == 0xFF and head[1] & 0xE0 == 0xE0):
        return "mp3"
    raise SandboxRefusal(
        f"{what}: the bytes are not a container this bridge opens (WAV, MP3, AAC, FLAC, Ogg, "
        "MP4/M4A/MOV, Matroska/WebM)",
        rule="media-format-unsupported",
        name="TypeError",
    )


def undecodable(what: str, exc: BaseException) -> SandboxRefusal:
    return SandboxRefusal(
        f"{what}: the media could not be decoded: {str(exc)[:200] or type(exc).__name__}",
        rule="media-decode",
        name="TypeError",
    )


def open_container(data: bytes, what: str) -> av.container.InputContainer:
    """Open the header only, with the demuxer named from the magic bytes."""
    fmt = container_format(data, what)
    try:
        return cast(av.container.InputContainer, av.open(io.BytesIO(data), "r", format=fmt, metadata_errors="ignore"))
    except (av.FFmpegError, ValueError, UnicodeDecodeError) as exc:
        logger.debug("%s: FFmpeg could not open the container", what, exc_info=True)
        raise undecodable(what, exc) from None


def seconds_of(container: av.container.InputContainer, stream: av.stream.Stream) -> float | None:
    """The duration the header declares: the stream's, else the container's; None if it says none."""
    if stream.duration is not None and stream.time_base is not None:
        return float(stream.duration * stream.time_base)
    return container.duration / 1_000_000 if container.duration else None


def check_seconds(seconds: float, what: str, kind: str = "audio") -> None:
    if seconds > MAX_SECONDS:
        raise refuse(
            f"{what}: {seconds:.1f} s of {kind} is longer than {MAX_SECONDS} s (cap: {kind} duration, {MAX_SECONDS} s)",
            f"{kind}-too-long",
        )


def check_output(size: int, what: str) -> None:
    if size > OUTPUT_CAP.size:
        raise too_large(f"{what}: the result", OUTPUT_CAP)


def check_samples(seconds: float, rate: int, channels: int, what: str) -> None:
    """Duration, then decoded size: before anything that long is decoded or built."""
    check_seconds(seconds, what)
    if seconds * rate * channels > MAX_SAMPLES:
        raise refuse(
            f"{what}: {seconds:.1f} s at {rate} Hz in {channels} channels is more than {MAX_SAMPLES} "
            f"samples (cap: decoded samples, {MAX_SAMPLES})",
            "audio-too-many-samples",
        )


def audio_header(container: av.container.InputContainer, what: str) -> av.audio.stream.AudioStream:
    """The first audio stream, after the header caps: sample rate, channels, duration."""
    if not container.streams.audio:
        raise SandboxRefusal(f"{what}: the media has no audio track", rule="media-no-audio", name="TypeError")
    stream = container.streams.audio[0]
    rate, channels = stream.codec_context.sample_rate, stream.codec_context.layout.nb_channels
    if not 0 < rate <= MAX_SAMPLE_RATE:
        raise refuse(
            f"{what}: a sample rate of {rate} Hz is outside 1..{MAX_SAMPLE_RATE} (cap: sample rate, "
            f"{MAX_SAMPLE_RATE} Hz)",
            "audio-sample-rate-too-high",
        )
    if not 0 < channels <= MAX_CHANNELS:
        raise refuse(
            f"{what}: {channels} channels is more than {MAX_CHANNELS} (cap: channels, {MAX_CHANNELS})",
            "audio-too-many-channels",
        )
    seconds = seconds_of(container, stream)
    if seconds is not None:
        check_samples(seconds, rate, channels, what)
    return stream


@dataclass(frozen=True)
class Clip:
    """Decoded audio: float32 samples shaped (channels, frames) at `rate` Hz."""

    samples: np.ndarray
    rate: int

    @property
    def channels(self) -> int:
        return int(self.samples.shape[0])

    @property
    def seconds(self) -> float:
        return self.samples.shape[1] / self.rate


def decode_stream(
    container: av.container.InputContainer,
    stream: av.audio.stream.AudioStream,
    what: str,
    rate: int | None = None,
    channels: int | None = None,
) -> Clip:
    """Decode `stream` to float samples (at `rate`/`channels` when given), counting against the cap."""
    rate = rate or stream.codec_context.sample_rate
    channels = channels or stream.codec_context.layout.nb_channels
    resampler = av.AudioResampler(format="fltp", layout=av.AudioLayout(f"{channels}c"), rate=rate)
    limit = min(MAX_SECONDS * rate, MAX_SAMPLES // channels)
    chunks: list[np.ndarray] = []
    total = 0

    def take(frames: list[av.AudioFrame]) -> None:
        nonlocal total
        for out in frames:
            chunk = out.to_ndarray()
            chunks.append(chunk)
            total += chunk.shape[1]
        if total > limit:  # a header that lied or said nothing about its length
            check_samples(total / rate, rate, channels, what)

    try:
        for frame in container.decode(stream):
            worker_check_alive()
            take(resampler.resample(frame))
        take(resampler.resample(None))
    except av.FFmpegError as exc:
        logger.debug("%s: FFmpeg could not decode the audio", what, exc_info=True)
        raise undecodable(what, exc) from None
    samples = np.concatenate(chunks, axis=1) if chunks else np.zeros((channels, 0), np.float32)
    return Clip(samples.astype(np.float32, copy=False), rate)


def decode(data: bytes, what: str, rate: int | None = None, channels: int | None = None) -> Clip:
    with open_container(data, what) as container:
        return decode_stream(container, audio_header(container, what), what, rate, channels)


def encode_wav(clip: Clip, what: str) -> MediaItem:
    """16-bit PCM WAV, after the output caps (duration and size) are checked."""
    check_samples(clip.seconds, clip.rate, clip.channels, f"{what}: the result")
    check_output(44 + clip.samples.size * 2, what)
    pcm = (np.clip(clip.samples, -1.0, 1.0) * 32767).round().astype("<i2")
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(clip.channels)
        w.setsampwidth(2)
        w.setframerate(clip.rate)
        w.writeframes(pcm.T.tobytes())
    return MediaItem("audio", WAV_MIME, out.getvalue())


# -- inputs ----------------------------------------------------------------------------


async def source(scope: RunScope, value: Any, what: str, kind: str = "audio", cap: Cap | None = None) -> MediaItem:
    """A media ref, a handle or encoded bytes -> the encoded media, under the input cap (audio's by default)."""
    cap = cap or INPUT_CAP
    if isinstance(value, bytes):
        if len(value) > cap.size:
            raise too_large(f"{what}: the {kind} bytes", cap)
        return MediaItem(kind, sniff_mime(value[:16]) or "application/octet-stream", value)
    if isinstance(value, dict):
        return await load(scope, parse_ref(value, kind, what), cap, what)
    raise bad_argument(f"{what}: expected an {kind} ref, a handle or a Uint8Array of encoded bytes")


async def _sources(scope: RunScope, values: Any, what: str) -> list[MediaItem]:
    if not isinstance(values, list) or not 1 <= len(values) <= MAX_INPUTS:
        raise bad_argument(f"{what}: pass an array of 1 to {MAX_INPUTS} audio inputs")
    return await load_each(values, lambda value, label: source(scope, value, label), OUTPUT_CAP, what, "input")


async def _transform(
    scope: RunScope, what: str, items: list[MediaItem], edit: Callable[[list[Clip]], Clip], same_format: bool = False
) -> dict[str, Any]:
    """Decode `items` (to the first one's rate and channels when `same_format`), `edit`, keep as a handle."""

    def work() -> MediaItem:
        clips = [decode(items[0].data, what)]
        held = clips[0].samples.size
        for i, item in enumerate(items[1:], 1):
            fmt = (clips[0].rate, clips[0].channels) if same_format else (None, None)
            clips.append(decode(item.data, f"{what}: input {i}", *fmt))
            held += clips[-1].samples.size
            if held > MAX_SAMPLES:  # each input is capped; together they are too
                raise refuse(
                    f"{what}: the inputs together decode to more than {MAX_SAMPLES} samples (cap: "
                    f"decoded samples, {MAX_SAMPLES})",
                    "audio-too-many-samples",
                )
        return encode_wav(edit(clips), what)

    item: MediaItem = await in_host_worker(scope, work)
    return item.ref(run_store(scope).put(item))


# -- ops: inspection -------------------------------------------------------------------


async def info_op(scope: RunScope, value: Any) -> dict[str, Any]:
    item = await source(scope, value, "audio.info")

    def header() -> dict[str, Any]:
        with open_container(item.data, "audio.info") as container:
            stream = audio_header(container, "audio.info")
            return {
                "duration": seconds_of(container, stream),
                "sampleRate": stream.codec_context.sample_rate,
                "channels": stream.codec_context.layout.nb_channels,
                "codec": stream.codec_context.name,
                "container": container_format(item.data, "audio.info"),
                "mimeType": item.mime_type,
                "byteLength": len(item.data),
                "bitRate": container.bit_rate or None,
            }

    return await in_host_worker(scope, header)


async def bytes_op(scope: RunScope, value: Any) -> bytes:
    return (await source(scope, value, "audio.bytes", cap=byte_cap(scope))).data


async def to_asset_op(scope: RunScope, value: Any, options: dict[str, Any], kind: str = "audio") -> dict[str, Any]:
    what = f"{kind}.toAsset"
    only_options(options, {"filename"}, what)
    filename = filename_arg(options.get("filename"), what)
    item = await source(scope, value, what, kind, cap=Cap.of_limit(run_store(scope).budget, "runMediaBytes"))
    if not (isinstance(value, dict) and str(value.get("uri", "")).startswith("sandbox://")):
        container_format(item.data, what)  # bytes that are no media are refused, not stored as audio
        run_store(scope).charge(len(item.data))  # new bytes on disk count against the run's media budget
    return await persist(scope, item, filename)


# -- ops: transforms -------------------------------------------------------------------


async def normalize_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    """Peak normalization to `peakDb` dBFS (default -1)."""
    what = "audio.normalize"
    only_options(options, {"peakDb"}, what)
    target = 10 ** (_number(options, "peakDb", -1, -96, 0, what) / 20)

    def normalize(clips: list[Clip]) -> Clip:
        clip = clips[0]
        peak = float(np.abs(clip.samples).max()) if clip.samples.size else 0.0
        return clip if peak == 0 else Clip(clip.samples * np.float32(target / peak), clip.rate)

    return await _transform(scope, what, [await source(scope, value, what)], normalize)


def span(options: dict[str, Any], what: str) -> tuple[float, float | None]:
    start = _number(options, "start", 0, 0, MAX_SECONDS, what)
    if "end" in options and "duration" in options:
        raise bad_argument(f"{what}: pass end or duration, not both")
    end = (
        _number(options, "end", None, 0, MAX_SECONDS, what)
        if "end" in options
        else start + _number(options, "duration", None, 0, MAX_SECONDS, what)
        if "duration" in options
        else None
    )
    if end is not None and end <= start:
        raise refuse(f"{what}: end ({end:g} s) must be after start ({start:g} s)", "bad-argument")
    return start, end


async def trim_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    """Keep [start, end) seconds (or `duration` seconds from `start`)."""
    what = "audio.trim"
    only_options(options, {"start", "end", "duration"}, what)
    start, end = span(options, what)

    def trim(clips: list[Clip]) -> Clip:
        clip = clips[0]
        if start >= clip.seconds:
            raise refuse(
                f"{what}: start ({start:g} s) is past the end of the {clip.seconds:.3f} s audio", "bad-argument"
            )
        stop = None if end is None else round(end * clip.rate)
        return Clip(clip.samples[:, round(start * clip.rate) : stop], clip.rate)

    return await _transform(scope, what, [await source(scope, value, what)], trim)


async def concat_op(scope: RunScope, values: Any, options: dict[str, Any]) -> dict[str, Any]:
    """One after another, at the first input's sample rate and channel count."""
    what = "audio.concat"
    only_options(options, set(), what)

    def concat(clips: list[Clip]) -> Clip:
        check_samples(sum(c.seconds for c in clips), clips[0].rate, clips[0].channels, f"{what}: the result")
        return Clip(np.concatenate([c.samples for c in clips], axis=1), clips[0].rate)

    return await _transform(scope, what, await _sources(scope, values, what), concat, same_format=True)


async def mix_op(scope: RunScope, values: Any, options: dict[str, Any]) -> dict[str, Any]:
    """Summed (each times its `volumes[i]`, default 1) over the longest input; clipped at full scale."""
    what = "audio.mix"
    only_options(options, {"volumes"}, what)
    items = await _sources(scope, values, what)
    volumes = options.get("volumes", [1] * len(items))
    if not isinstance(volumes, list) or len(volumes) != len(items):
        raise bad_argument(f"{what}: volumes must be an array with one number per input")
    gains = [_number({"volume": v}, "volume", None, 0, 16, what) for v in volumes]

    return await _transform(scope, what, items, lambda clips: mix_clips(clips, gains), same_format=True)


def mix_clips(clips: list[Clip], gains: list[float]) -> Clip:
    """Clips of one rate and channel count summed, each times its gain, over the longest."""
    out = np.zeros((clips[0].channels, max(c.samples.shape[1] for c in clips)), np.float32)
    for clip, gain in zip(clips, gains, strict=True):
        out[:, : clip.samples.shape[1]] += clip.samples * np.float32(gain)
    return Clip(out, clips[0].rate)


async def reverse_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    what = "audio.reverse"
    only_options(options, set(), what)
    return await _transform(
        scope,
        what,
        [await source(scope, value, what)],
        lambda clips: Clip(np.ascontiguousarray(clips[0].samples[:, ::-1]), clips[0].rate),
    )


async def _fade(scope: RunScope, value: Any, options: dict[str, Any], what: str, fade_in: bool) -> dict[str, Any]:
    """A linear ramp over the first (fadeIn) or last (fadeOut) `duration` seconds."""
    only_options(options, {"duration"}, what)
    seconds = _number(options, "duration", None, 0, MAX_SECONDS, what)

    def fade(clips: list[Clip]) -> Clip:
        clip = clips[0]
        samples = clip.samples.copy()
        n = min(samples.shape[1], round(seconds * clip.rate))
        if n:
            if fade_in:  # from silence up to (not quite) full level
                samples[:, :n] *= np.linspace(0.0, 1.0, n, endpoint=False, dtype=np.float32)
            else:  # from full level down to silence at the last sample
                samples[:, samples.shape[1] - n :] *= np.linspace(1.0, 0.0, n, dtype=np.float32)
        return Clip(samples, clip.rate)

    return await _transform(scope, what, [await source(scope, value, what)], fade)


async def fade_in_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    return await _fade(scope, value, options, "audio.fadeIn", True)


async def fade_out_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    return await _fade(scope, value, options, "audio.fadeOut", False)


async def repeat_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    """The audio `times` times in a row (the result's length is checked before it is built)."""
    what = "audio.repeat"
    only_options(options, {"times"}, what)
    times = _int(options, "times", None, 1, MAX_REPEAT, what)

    def repeat(clips: list[Clip]) -> Clip:
        clip = clips[0]
        check_samples(clip.seconds * times, clip.rate, clip.channels, f"{what}: the result")
        return Clip(np.tile(clip.samples, (1, times)), clip.rate)

    return await _transform(scope, what, [await source(scope, value, what)], repeat)
