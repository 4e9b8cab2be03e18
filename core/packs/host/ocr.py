"""`@cordon/sandbox-ocr`: text in images, with the Tesseract engine from the system's packages.

The reference runs tesseract.js (WASM, language data downloaded on first use). Here the
engine is Debian's `tesseract` binary with its installed language data (`tesseract-ocr`,
`tesseract-ocr-eng`; `./dev.sh` installs them): nothing is downloaded. `recognize(image,
{language = "eng"})` -> `{text, confidence, words: [{text, confidence, bbox: {x0, y0,
x1, y1}}]}` as tesseract.js shapes it: `text` one line per recognized line and a blank
line between paragraphs, confidences 0-100 (the page's is the words' mean), boxes in
pixels. At most `MAX_WORDS` words are listed (the text keeps them all).

The image is decoded by the image bridge's checks first (its formats, the pixel cap,
decoding bombs) and handed over as PNG on stdin; the engine runs as a child process,
single-threaded, stopped when the run is cancelled or out of time (and after
`MAX_SECONDS` in any case). It learns that through `worker_check_alive()`, as every
host pack does, not through the run's scope: the export needs nothing but its
arguments, so it can run wherever host work runs (a host worker process). No engine
is `ocr-engine-missing`, language data that is not installed `ocr-language-missing`,
both naming the Debian package to install.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Mapping
from typing import Any

from core.bridges.base import worker_check_alive
from core.errors import SandboxRefusal
from core.packs.host_registry import Arg, HostExport, HostModule, option, options_arg

MAX_WORDS = 20_000
MAX_SECONDS = 120.0
_LANGUAGE = re.compile(r"^[a-z_]{3,}(\+[a-z_]{3,})*$")
_POLL = 0.05


#: Where the platforms' installers put tesseract when it is not on PATH (Homebrew on Apple silicon
#: and Intel, the UB Mannheim installer on Windows).
USUAL_PLACES = (
    "/opt/homebrew/bin/tesseract",
    "/usr/local/bin/tesseract",
    r"C:\Program Files\Tesseract-OCR\tesseract.exe",
)
#: How to install the engine and its English data, by `sys.platform`.
INSTALL_ADVICE = {
    "linux": "apt-get install tesseract-ocr tesseract-ocr-eng (Debian, Ubuntu; ./dev.sh does), "
    "dnf install tesseract tesseract-langpack-eng (Fedora)",
    "darwin": "brew install tesseract",
    "win32": "the Tesseract installer from UB Mannheim (github.com/UB-Mannheim/tesseract), English data included",
}


def find_engine() -> str | None:
    """Where tesseract is: on PATH or in one of `USUAL_PLACES` (None: not installed)."""
    return shutil.which("tesseract") or next((p for p in USUAL_PLACES if os.path.isfile(p)), None)


def _engine() -> str:
    found = find_engine()
    if found is None:
        advice = INSTALL_ADVICE.get(sys.platform, "your system's tesseract package with its English data")
        raise SandboxRefusal(
            f"the Tesseract OCR engine is not installed (looked on PATH and in {', '.join(USUAL_PLACES)}); "
            f"install it: {advice}",
            rule="ocr-engine-missing",
            name="Error",
        )
    return found


def _run(command: list[str], image: bytes) -> str:
    """The engine's stdout, the child killed as soon as the run stops (or after MAX_SECONDS)."""
    env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
    started = time.monotonic()
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    given: bytes | None = image  # communicate takes the input once; retries resume the same exchange
    try:
        while True:
            try:
                out, err = process.communicate(given, timeout=_POLL)
                break
            except subprocess.TimeoutExpired:
                given = None
                worker_check_alive()
                if time.monotonic() - started > MAX_SECONDS:
                    raise SandboxRefusal(
                        f"recognition took more than {MAX_SECONDS:.0f} s", rule="ocr-timeout", name="TimeoutError"
                    ) from None
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    message = err.decode("utf-8", "replace")
    if process.returncode != 0:
        missing = re.search(r"Failed loading language '([^']+)'", message)
        if missing:
            raise SandboxRefusal(
                f"the language data {missing.group(1)!r} is not installed; install Debian's "
                f"tesseract-ocr-{missing.group(1).lower()}",
                rule="ocr-language-missing",
                name="Error",
            )
        raise SandboxRefusal(f"the OCR engine failed: {message.strip()[:300]}", rule="ocr-failed", name="Error")
    return out.decode("utf-8", "replace")


def recognize(data: bytes, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    from core.bridges.image_ops import decode

    language = option(options, "language", str, "eng")
    if not _LANGUAGE.match(language):
        raise SandboxRefusal(
            f"option 'language' must be Tesseract language codes joined by '+' ('eng+deu'), not {language[:40]!r}",
            rule="host-option-invalid",
            name="TypeError",
        )
    engine = _engine()
    png = io.BytesIO()
    decode(data, "the image").convert("RGB").save(png, "PNG")
    tsv = _run([engine, "stdin", "stdout", "-l", language, "tsv"], png.getvalue())
    return _result(tsv)


def _result(tsv: str) -> dict[str, Any]:
    words: list[dict[str, Any]] = []
    lines: list[str] = []
    current: list[str] = []
    where: tuple[str, ...] | None = None
    for row in tsv.splitlines()[1:]:
        cells = row.split("\t")
        if len(cells) < 12 or cells[0] != "5" or not cells[11].strip():
            continue
        line = tuple(cells[2:5])  # block, paragraph, line
        if where is not None and line != where:
            lines.append(" ".join(current))
            if line[:2] != where[:2]:
                lines.append("")
            current = []
        where = line
        current.append(cells[11])
        left, top, width, height = (int(c) for c in cells[6:10])
        words.append(
            {
                "text": cells[11],
                "confidence": max(0.0, float(cells[10])),
                "bbox": {"x0": left, "y0": top, "x1": left + width, "y1": top + height},
            }
        )
    if current:
        lines.append(" ".join(current))
    confidence = sum(w["confidence"] for w in words) / len(words) if words else 0.0
    return {"text": "\n".join(lines), "confidence": round(confidence, 2), "words": words[:MAX_WORDS]}


MODULE = HostModule(
    "cordon.ocr",
    "@cordon/sandbox-ocr",
    "1",
    {
        "recognize": HostExport(recognize, (Arg("image", ("bytes",)), options_arg())),
    },
)
