"""video.*: inspect and edit video on the host with PyAV; transforms return handles.

Every op takes a media ref, encoded bytes or a `sandbox://media/<id>` handle of this run.
A video transform decodes frame by frame, edits each frame and encodes H.264 (AAC for the
sound) into MP4 as it goes, so memory holds a few frames, not the clip; the result stays in
the run's handle store as `{type: "video", uri, mimeType, width, height}`. `extractAudio`
returns an audio handle (WAV), `extractFrame` an image handle.

The container handling and its defences are `audio_ops`': the demuxer is named from the
magic bytes, and the caps (input bytes, pixels per frame, frame rate, duration, and the audio
track's own) are checked from the header before any frame is decoded, then again on every
decoded frame for a header that lied; FFmpeg's decoder gets the same pixel cap
(`max_pixels`). The output's size is checked while it is written.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import av
import numpy as np

from core.bridges import audio_ops
from core.bridges.audio_ops import Clip, check_output, check_seconds, refuse, seconds_of, source
from core.bridges.base import RunScope, worker_check_alive
from core.bridges.hostcalls import in_host_worker
from core.bridges.image_ops import _Encoding, _number
from core.bridges.media import bad_argument, byte_cap, only_options
from core.errors import SandboxRefusal
from core.media_store import Cap, MediaItem, run_store

logger = logging.getLogger(__name__)

MB = 1024 * 1024
INPUT_CAP = Cap(256 * MB, "video input, 256 MB", "video-input-too-large")
#: Pixels of one frame (3840x2160, 4K UHD) and its longest edge; frames per second.
MAX_PIXELS = 3840 * 2160
MAX_EDGE = 8192
MAX_FPS = 120
MIME = "video/mp4"
#: libx264's speed/quality trade: fast enough for a run's budget, visually lossless.
X264_OPTIONS = {"preset": "veryfast", "crf": "18"}
_AUDIO_CHUNK = 8192


def check_frame_size(width: int, height: int, what: str) -> None:
    if width < 1 or height < 1:
        raise refuse(f"{what}: a frame of {width}x{height} pixels is empty", "media-decode")
    if max(width, height) > MAX_EDGE or width * height > MAX_PIXELS:
        raise refuse(
            f"{what}: a frame of {width}x{height} is {width * height} pixels, more than {MAX_PIXELS} or an "
            f"edge over {MAX_EDGE} (cap: video pixels, 3840x2160)",
            "video-too-many-pixels",
        )


def frame_rate(stream: av.video.stream.VideoStream) -> Fraction:
    rate = stream.average_rate or stream.guessed_rate or stream.base_rate
    return Fraction(rate) if rate else Fraction(0)


def video_header(container: av.container.InputContainer, what: str) -> av.video.stream.VideoStream:
    """The first video stream, after the header caps: pixels, frame rate, duration, frame count."""
    if not container.streams.video:
        raise SandboxRefusal(f"{what}: the media has no video track", rule="media-no-video", name="TypeError")
    stream = container.streams.video[0]
    check_frame_size(stream.codec_context.width, stream.codec_context.height, what)
    fps = frame_rate(stream)
    if fps <= 0:
        raise SandboxRefusal(f"{what}: the video declares no frame rate", rule="media-decode", name="TypeError")
    if fps > MAX_FPS:
        raise refuse(
            f"{what}: {float(fps):g} frames per second is more than {MAX_FPS} (cap: frame rate, {MAX_FPS} fps)",
            "video-frame-rate-too-high",
        )
    seconds = seconds_of(container, stream)
    if seconds is not None:
        check_seconds(seconds, what, "video")
    if stream.frames:  # the sample table's own count and timing (an MP4's stts), not just its stated duration
        check_seconds(stream.frames / float(fps), what, "video")
    if container.streams.audio:
        audio_ops.audio_header(container, what)
    # The decoder refuses a frame over the cap too (a mid-stream size change), before allocating it.
    stream.codec_context.options = {"max_pixels": str(MAX_PIXELS)}
    return stream


def open_video(data: bytes, what: str) -> av.container.InputContainer:
    return audio_ops.open_container(data, what)


def frames(
    container: av.container.InputContainer,
    stream: av.video.stream.VideoStream,
    what: str,
    start: float = 0.0,
    end: float | None = None,
) -> Iterator[av.VideoFrame]:
    """Decoded frames in [start, end), each checked (size, time, count) as it arrives."""
    fps = frame_rate(stream)
    count = 0
    try:
        for frame in container.decode(stream):
            worker_check_alive()
            check_frame_size(frame.width, frame.height, what)
            count += 1
            t = frame.time if frame.time is not None else (count - 1) / fps
            if t > audio_ops.MAX_SECONDS or count > audio_ops.MAX_SECONDS * MAX_FPS:
                check_seconds(max(t, count / MAX_FPS), what, "video")
            if t < start - 1e-6:
                continue
            if end is not None and t >= end - 1e-6:
                return
            yield frame
    except av.FFmpegError as exc:
        logger.debug("%s: FFmpeg could not decode the video", what, exc_info=True)
        raise audio_ops.undecodable(what, exc) from None


class Writer:
    """An H.264 (+ AAC) MP4 being written, its size checked after every packet."""

    def __init__(self, what: str, fps: Fraction, size: tuple[int, int], track: Clip | None) -> None:
        self.what, self.fps, self.size, self.track = what, fps, size, track
        self.buf = io.BytesIO()
        self.out = av.open(self.buf, "w", format="mp4")
        self.video = self.out.add_stream("libx264", rate=fps, options=X264_OPTIONS)
        self.video.width, self.video.height = size
        self.video.pix_fmt = "yuv420p"
        self.audio = (
            self.out.add_stream("aac", rate=track.rate, layout=f"{track.channels}c")
            if track is not None and track.samples.size
            else None
        )
        self.count = 0

    def _mux(self, packets: list[av.Packet]) -> None:
        for packet in packets:
            self.out.mux(packet)
        check_output(self.buf.tell(), self.what)

    def add(self, frame: av.VideoFrame) -> None:
        frame = frame.reformat(width=self.size[0], height=self.size[1], format="yuv420p")
        frame.pts = self.count
        frame.time_base = 1 / self.fps
        self.count += 1
        self._mux(self.video.encode(frame))

    def finish(self, fit_audio: bool = False) -> MediaItem:
        """Flush; the sound is cut to the picture's length when `fit_audio`."""
        if not self.count:
            raise refuse(f"{self.what}: no frame falls in the span asked for", "bad-argument")
        self._mux(self.video.encode(None))
        if self.audio is not None and self.track is not None:
            samples = self.track.samples
            if fit_audio:
                samples = samples[:, : round(self.count / self.fps * self.track.rate)]
            layout = f"{self.track.channels}c"
            for i in range(0, samples.shape[1], _AUDIO_CHUNK):
                chunk = av.AudioFrame.from_ndarray(
                    np.ascontiguousarray(samples[:, i : i + _AUDIO_CHUNK]), format="fltp", layout=layout
                )
                chunk.sample_rate = self.track.rate
                self._mux(self.audio.encode(chunk))
            self._mux(self.audio.encode(None))
        self.out.close()
        check_output(len(self.buf.getvalue()), self.what)
        return MediaItem("video", MIME, self.buf.getvalue(), *self.size)

    def close(self) -> None:
        """Release the output (a no-op after `finish`); a half-written file is dropped anyway."""
        try:
            self.out.close()
        except av.FFmpegError:
            logger.debug("%s: closing the output", self.what, exc_info=True)


def _even(n: int) -> int:
    """H.264 in 4:2:0 needs even sides."""
    return max(2, n + (n % 2))


def original_audio(
    data: bytes, what: str, start: float, end: float | None, fmt: tuple[int | None, int | None] = (None, None)
) -> Clip | None:
    """The video's own sound in [start, end) (at `fmt`'s rate and channels), or None when it has none."""
    with audio_ops.open_container(data, what) as container:
        if not container.streams.audio:
            return None
        clip = audio_ops.decode_stream(container, audio_ops.audio_header(container, what), what, *fmt)
    stop = None if end is None else round(end * clip.rate)
    return Clip(clip.samples[:, round(start * clip.rate) : stop], clip.rate)


def transcode(
    data: bytes,
    what: str,
    *,
    start: float = 0.0,
    end: float | None = None,
    size: Callable[[int, int], tuple[int, int]] | None = None,
    edit: Callable[[av.VideoFrame], av.VideoFrame] | None = None,
    track: Callable[[Clip | None], Clip | None] | None = None,
    fit_audio: bool = False,
    audio_format: tuple[int | None, int | None] = (None, None),
) -> MediaItem:
    """Decode, `edit` each frame in [start, end), encode at `size(w, h)`; the sound (decoded at
    `audio_format`) through `track`."""
    sound = original_audio(data, what, start, end, audio_format)
    if track is not None:
        sound = track(sound)
    with open_video(data, what) as container:
        stream = video_header(container, what)
        width, height = stream.codec_context.width, stream.codec_context.height
        out_w, out_h = size(width, height) if size else (width, height)
        out_w, out_h = _even(out_w), _even(out_h)
        check_frame_size(out_w, out_h, f"{what}: the result")
        writer = Writer(what, frame_rate(stream), (out_w, out_h), sound)
        try:
            for frame in frames(container, stream, what, start, end):
                writer.add(edit(frame) if edit else frame)
            return writer.finish(fit_audio)
        finally:
            writer.close()


async def _video(scope: RunScope, value: Any, what: str) -> MediaItem:
    return await source(scope, value, what, "video", INPUT_CAP)


async def _transform(scope: RunScope, work: Callable[[], MediaItem]) -> dict[str, Any]:
    item: MediaItem = await in_host_worker(scope, work)
    return item.ref(run_store(scope).put(item))


# -- ops -------------------------------------------------------------------------------


async def info_op(scope: RunScope, value: Any) -> dict[str, Any]:
    item = await _video(scope, value, "video.info")

    def header() -> dict[str, Any]:
        with open_video(item.data, "video.info") as container:
            stream = video_header(container, "video.info")
            out: dict[str, Any] = {
                "duration": seconds_of(container, stream),
                "width": stream.codec_context.width,
                "height": stream.codec_context.height,
                "frameRate": float(frame_rate(stream)),
                "frames": stream.frames or None,
                "codec": stream.codec_context.name,
                "container": audio_ops.container_format(item.data, "video.info"),
                "mimeType": item.mime_type,
                "byteLength": len(item.data),
                "bitRate": container.bit_rate or None,
                "hasAudio": False,
            }
            if container.streams.audio:
                sound = container.streams.audio[0].codec_context
                out.update(
                    hasAudio=True,
                    audioCodec=sound.name,
                    sampleRate=sound.sample_rate,
                    channels=sound.layout.nb_channels,
                )
            return out

    return await in_host_worker(scope, header)


async def bytes_op(scope: RunScope, value: Any) -> bytes:
    return (await source(scope, value, "video.bytes", "video", byte_cap(scope))).data


async def to_asset_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    return await audio_ops.to_asset_op(scope, value, options, "video")


async def trim_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    """Keep [start, end) seconds (or `duration` from `start`), sound included."""
    what = "video.trim"
    only_options(options, {"start", "end", "duration"}, what)
    start, end = audio_ops.span(options, what)
    item = await _video(scope, value, what)
    return await _transform(scope, lambda: transcode(item.data, what, start=start, end=end))


async def resize_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    """To `width` x `height`; one side given keeps the aspect ratio (sides round up to even)."""
    what = "video.resize"
    only_options(options, {"width", "height"}, what)
    want_w = round(_number(options, "width", 0, 0, MAX_EDGE, what)) or None
    want_h = round(_number(options, "height", 0, 0, MAX_EDGE, what)) or None
    if want_w is None and want_h is None:
        raise bad_argument(f"{what}: pass width, height, or both")

    def size(w: int, h: int) -> tuple[int, int]:
        return (want_w or max(1, round(w * want_h / h)), want_h or max(1, round(h * want_w / w)))  # type: ignore[operator]

    item = await _video(scope, value, what)
    return await _transform(scope, lambda: transcode(item.data, what, size=size))


async def rotate_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    """Clockwise by a multiple of 90 degrees (lossless on the pixels, as CSS and canvas turn)."""
    what = "video.rotate"
    only_options(options, {"degrees"}, what)
    degrees = _number(options, "degrees", None, -1e6, 1e6, what)
    if degrees % 90:
        raise SandboxRefusal(
            f"{what}: degrees must be a multiple of 90, got {degrees:g}", rule="bad-argument", name="RangeError"
        )
    turns = round(degrees / 90) % 4

    def edit(frame: av.VideoFrame) -> av.VideoFrame:
        turned: np.ndarray[Any, np.dtype[np.uint8]] = np.ascontiguousarray(
            np.rot90(frame.to_ndarray(format="rgb24"), -turns)
        )
        return av.VideoFrame.from_ndarray(turned, format="rgb24")

    item = await _video(scope, value, what)
    return await _transform(
        scope,
        lambda: transcode(
            item.data, what, size=lambda w, h: (h, w) if turns % 2 else (w, h), edit=edit if turns else None
        ),
    )


async def add_audio_op(scope: RunScope, value: Any, sound: Any, options: dict[str, Any]) -> dict[str, Any]:
    """The video with `sound` as its track, cut to the picture's length; `keepOriginalAudio` mixes
    the video's own sound in (at `originalVolume`, default 1) instead of replacing it."""
    what = "video.addAudio"
    only_options(options, {"keepOriginalAudio", "originalVolume", "volume"}, what)
    keep = options.get("keepOriginalAudio", False)
    if not isinstance(keep, bool):
        raise bad_argument(f"{what}: keepOriginalAudio must be true or false")
    gains = [_number(options, "volume", 1, 0, 16, what), _number(options, "originalVolume", 1, 0, 16, what)]
    item = await _video(scope, value, what)
    track_item = await source(scope, sound, f"{what}: audio")

    def work() -> MediaItem:
        new = audio_ops.decode(track_item.data, f"{what}: audio")

        def track(original: Clip | None) -> Clip:
            if not keep or original is None or not original.samples.size:
                return Clip(new.samples * np.float32(gains[0]), new.rate)
            return audio_ops.mix_clips([new, original], gains)

        return transcode(item.data, what, track=track, fit_audio=True, audio_format=(new.rate, new.channels))

    return await _transform(scope, work)


async def extract_audio_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    """The video's sound as an audio handle (16-bit WAV)."""
    what = "video.extractAudio"
    only_options(options, set(), what)
    item = await _video(scope, value, what)
    return await _transform(scope, lambda: audio_ops.encode_wav(audio_ops.decode(item.data, what), what))


async def extract_frame_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    """The frame shown at `time` seconds (default 0) as an image handle (PNG unless `format` says)."""
    what = "video.extractFrame"
    only_options(options, {"time", "format", "quality", "background"}, what)
    at = _number(options, "time", 0, 0, audio_ops.MAX_SECONDS, what)
    encoding = _Encoding(options, what)
    item = await _video(scope, value, what)

    def work() -> MediaItem:
        with open_video(item.data, what) as container:
            stream = video_header(container, what)
            shown = None
            for frame in frames(container, stream, what):
                if shown is not None and frame.time is not None and frame.time > at + 1e-6:
                    break
                shown = frame
            if shown is None:
                raise refuse(f"{what}: the video has no frame", "media-decode")
            if shown.time is not None and at > shown.time + 1 / float(frame_rate(stream)) + 1e-6:
                raise refuse(f"{what}: time {at:g} s is past the end of the video", "bad-argument")
            return encoding.encode(shown.to_image().convert("RGBA"))

    return await _transform(scope, work)
