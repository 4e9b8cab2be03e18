"""What audio.*, video.* and a canvas render cost: one line per operation on a 10 s clip.

    python bench/bench_media.py             # 3 runs per operation, the median
    BENCH_SCALE=0.3 python bench/bench_media.py

The clips are made here with PyAV: 10 s of a 44.1 kHz stereo tone (WAV), and 10 s of
640x360 at 25 fps H.264 with an AAC track. Each line is the whole run of one call
(`run_in_sandbox`), so it includes passing the clip in; the first line is that alone.

Numbers, not assertions.
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CORDON_HOME", tempfile.mkdtemp(prefix="cordon-bench-"))

import av
import numpy as np

from bench.timing import stats, timed
from core import run_in_sandbox

SCALE = float(os.environ.get("BENCH_SCALE", "1"))
RUNS = max(1, round(3 * SCALE))
SECONDS = 10


def tone(rate: int = 44_100) -> np.ndarray:
    t = np.arange(SECONDS * rate) / rate
    return np.stack([0.3 * np.sin(2 * np.pi * 440 * t), 0.3 * np.sin(2 * np.pi * 660 * t)]).astype(np.float32)


def wav() -> bytes:
    out = io.BytesIO()
    with av.open(out, "w", format="wav") as oc:
        stream = oc.add_stream("pcm_s16le", rate=44_100, layout="stereo")
        frame = av.AudioFrame.from_ndarray(tone(), format="fltp", layout="stereo")
        frame.sample_rate = 44_100
        for packet in [*stream.encode(frame), *stream.encode(None)]:
            oc.mux(packet)
    return out.getvalue()


def mp4(width: int = 640, height: int = 360, fps: int = 25) -> bytes:
    out = io.BytesIO()
    with av.open(out, "w", format="mp4") as oc:
        video = oc.add_stream("libx264", rate=fps, options={"preset": "veryfast"})
        video.width, video.height, video.pix_fmt = width, height, "yuv420p"
        sound = oc.add_stream("aac", rate=44_100, layout="stereo")
        for i in range(SECONDS * fps):
            img = np.zeros((height, width, 3), np.uint8)
            img[:, : (i * 7) % width, 0] = 200
            img[(i * 3) % height :, :, 2] = 120
            for packet in video.encode(av.VideoFrame.from_ndarray(img, format="rgb24")):
                oc.mux(packet)
        for packet in video.encode(None):
            oc.mux(packet)
        samples = tone()
        for i in range(0, samples.shape[1], 8192):
            frame = av.AudioFrame.from_ndarray(
                np.ascontiguousarray(samples[:, i : i + 8192]), format="fltp", layout="stereo"
            )
            frame.sample_rate = 44_100
            for packet in sound.encode(frame):
                oc.mux(packet)
        for packet in sound.encode(None):
            oc.mux(packet)
    return out.getvalue()


AUDIO = {
    "pass the clip in (no op)": "return 1",
    "audio.info": "await audio.info(inputs.m)",
    "audio.normalize": "await audio.normalize(inputs.m)",
    "audio.trim 2-8 s": "await audio.trim(inputs.m, {start: 2, end: 8})",
    "audio.concat x2": "await audio.concat([inputs.m, inputs.m])",
    "audio.mix x2": "await audio.mix([inputs.m, inputs.m])",
    "audio.reverse": "await audio.reverse(inputs.m)",
    "audio.fadeIn 2 s": "await audio.fadeIn(inputs.m, 2)",
    "audio.fadeOut 2 s": "await audio.fadeOut(inputs.m, 2)",
    "audio.repeat x3": "await audio.repeat(inputs.m, 3)",
}
VIDEO = {
    "pass the clip in (no op)": "return 1",
    "video.info": "await video.info(inputs.m)",
    "video.trim 2-8 s": "await video.trim(inputs.m, {start: 2, end: 8})",
    "video.resize to 320 wide": "await video.resize(inputs.m, {width: 320})",
    "video.rotate 90": "await video.rotate(inputs.m, 90)",
    "video.addAudio (replace)": "await video.addAudio(inputs.m, await video.extractAudio(inputs.m))",
    "video.extractAudio": "await video.extractAudio(inputs.m)",
    "video.extractFrame at 5 s": "await video.extractFrame(inputs.m, 5)",
}
CANVAS = """
  const s = createCanvas(1280, 720); const ctx = s.getContext("2d");
  for (let i = 0; i < 2000; i++) { ctx.fillStyle = `hsl(${i % 360}, 80%, 50%)`; ctx.fillRect(i % 1280, i % 720, 40, 40); }
  ctx.font = "32px sans-serif"; for (let i = 0; i < 100; i++) ctx.fillText("Cordon " + i, 20, 7 * i);
  await s.toBytes();
"""


def bench(title: str, ops: dict[str, str], media: bytes) -> None:
    print(f"{title} ({len(media) / 1e6:.1f} MB, {SECONDS} s)")
    for name, body in ops.items():

        def call(body: str = body) -> None:
            result = run_in_sandbox(body, inputs={"m": media}, limits={"timeoutMs": 120_000})
            assert result.ok, result.error

        median, p90 = stats(timed(call, RUNS, warmup=1 if name.startswith("pass") else 0))
        print(f"  {name:<28} median {median:8.1f} ms   p90 {p90:8.1f} ms")


if __name__ == "__main__":
    bench("audio, 44.1 kHz stereo WAV", AUDIO, wav())
    bench("video, 640x360 25 fps H.264 + AAC", VIDEO, mp4())
    median, p90 = stats(timed(lambda: run_in_sandbox(CANVAS).ok, RUNS, warmup=1))
    print(f"canvas 1280x720, 2,100 ops to PNG    median {median:8.1f} ms   p90 {p90:8.1f} ms")
