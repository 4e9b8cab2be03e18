"""A real npm-protocol registry on 127.0.0.1 for tests: packuments and tarballs over HTTP.

Tests publish tarballs they build (from fixture folders, or hostile ones made
with `tarfile`) and the installer talks to this server exactly as it would to
registry.npmjs.org. Per-tarball misbehaviour for the refusal tests:
  "truncate"  announce the full Content-Length, send half, close
  "stall"     send half, set `stalled`, then hold the connection until the client goes away
  "lie"       publish an integrity that does not match the bytes served
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import tarfile
import threading
import time
from collections.abc import Iterable
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from tests.http_server import LoopbackServer

FIXTURES = Path(__file__).parent / "fixtures" / "registry"
#: A fixed mtime so a tarball built twice from the same folder is byte-identical.
MTIME = 499162500


def sri(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def tarball(members: Iterable[tuple[tarfile.TarInfo, bytes | None]]) -> bytes:
    """A gzipped tarball of raw members (hostile ones included: links, devices, `../`)."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as archive:
        for info, data in members:
            info.mtime = MTIME
            archive.addfile(info, io.BytesIO(data) if data is not None else None)
    return gzip.compress(raw.getvalue(), mtime=0)


def file_member(name: str, data: bytes) -> tuple[tarfile.TarInfo, bytes]:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = 0o644
    return info, data


def pack_folder(
    folder: Path,
    *,
    overrides: dict[str, object] | None = None,
    extra: Iterable[tuple[tarfile.TarInfo, bytes | None]] = (),
) -> bytes:
    """`npm pack` of a folder: files under `package/`, package.json optionally overridden."""
    members = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        rel = path.relative_to(folder).as_posix()
        data = path.read_bytes()
        if rel == "package.json" and overrides:
            doc = json.loads(data)
            doc.update(overrides)
            data = json.dumps(doc, indent=2).encode()
        members.append(file_member(f"package/{rel}", data))
    return tarball([*members, *extra])


def package_json_of(tgz: bytes) -> dict:
    with tarfile.open(fileobj=io.BytesIO(tgz), mode="r:gz") as archive:
        for member in archive:
            if member.name.split("/", 1)[-1] == "package.json":
                return json.loads(archive.extractfile(member).read())  # type: ignore[union-attr]
    raise ValueError("no package.json in tarball")


class NpmRegistry(LoopbackServer):
    def __init__(self) -> None:
        self.packages: dict[str, dict[str, dict]] = {}
        self.tags: dict[str, dict[str, str]] = {}
        self.files: dict[str, bytes] = {}
        self.behaviour: dict[str, str] = {}
        self.requests: list[tuple[str, dict[str, str]]] = []
        self.stalled = threading.Event()
        #: When set, every request must carry `Authorization: Bearer <token>` (else 401).
        self.token: str | None = None
        #: The Cache-Control header packuments are served with (registry.npmjs.org: "public, max-age=300").
        self.cache_control: str | None = None
        #: {request path: absolute URL} answered with a 302 to that URL.
        self.redirects: dict[str, str] = {}
        #: When set, the search endpoint answers with this HTTP status (a registry whose search is down).
        self.search_status: int | None = None
        #: Seconds each tarball takes to start; the most tarball requests served at once.
        self.tarball_delay_s = 0.0
        self.max_in_flight = 0
        self._in_flight = 0
        self._in_flight_lock = threading.Lock()
        super().__init__(_handler(self))
        self.url = f"http://127.0.0.1:{self.port}"

    def publish(
        self,
        tgz: bytes,
        *,
        behaviour: str | None = None,
        tag: str | None = "latest",
        name: str | None = None,
        version: str | None = None,
        deprecated: str | None = None,
    ) -> str:
        """Serve `tgz` as the version its package.json names (or `name`/`version`); returns the file name."""
        doc = package_json_of(tgz)
        name = name or doc["name"]
        version = version or doc["version"]
        file = f"{name.replace('/', '-')}-{version}.tgz"
        self.files[file] = tgz
        integrity = sri(tgz) if behaviour != "lie" else sri(tgz + b"tampered")
        if behaviour:
            self.behaviour[file] = behaviour
        self.packages.setdefault(name, {})[version] = {
            "name": name,
            "version": version,
            "dependencies": doc.get("dependencies", {}),
            "scripts": doc.get("scripts", {}),
            "keywords": doc.get("keywords", []),
            "description": doc.get("description", ""),
            "dist": {"tarball": f"{self.url}/-/{file}", "integrity": integrity},
        }
        if deprecated:
            self.packages[name][version]["deprecated"] = deprecated
        if tag:
            self.tags.setdefault(name, {})[tag] = version
        return file

    def publish_fixture(self, folder: str, *, overrides: dict[str, object] | None = None, **kwargs: object) -> str:
        """Publish the fixture folder `tests/fixtures/registry/<folder>` (e.g. "packs/yaml-pack")."""
        return self.publish(pack_folder(FIXTURES / folder, overrides=overrides), **kwargs)  # type: ignore[arg-type]

    def publish_file(self, tgz_name: str) -> str:
        return self.publish((FIXTURES / tgz_name).read_bytes())


def _handler(registry: NpmRegistry) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            registry.requests.append((self.path, {k.lower(): v for k, v in self.headers.items()}))
            if registry.token is not None and self.headers.get("Authorization") != f"Bearer {registry.token}":
                self._send(401, b'{"error":"authentication required"}', "application/json")
                return
            if self.path in registry.redirects:
                self.send_response(302)
                self.send_header("Location", registry.redirects[self.path])
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if self.path.startswith("/-/v1/search?"):
                query = parse_qs(urlsplit(self.path).query)
                self._search(query.get("text", [""])[0], int(query.get("size", ["20"])[0]))
            elif self.path.startswith("/-/"):
                with registry._in_flight_lock:
                    registry._in_flight += 1
                    registry.max_in_flight = max(registry.max_in_flight, registry._in_flight)
                try:
                    time.sleep(registry.tarball_delay_s)
                    self._tarball(self.path[3:])
                finally:
                    with registry._in_flight_lock:
                        registry._in_flight -= 1
            else:
                self._packument(unquote(self.path[1:]))

        def _send(self, status: int, body: bytes, content_type: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def _packument(self, name: str) -> None:
            versions = registry.packages.get(name)
            if versions is None:
                self._send(404, b'{"error":"Not found"}', "application/json")
                return
            doc = {"name": name, "dist-tags": registry.tags.get(name, {}), "versions": versions}
            body = json.dumps(doc).encode()
            etag = f'"{hashlib.sha256(body).hexdigest()[:32]}"'
            if self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("ETag", etag)
            if registry.cache_control is not None:
                self.send_header("Cache-Control", registry.cache_control)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def _search(self, text: str, size: int) -> None:
            """npm's search: `keywords:x` terms filter by keyword, other words must appear in name or description;
            at most `size` results, each with its keywords and a score (npm's `searchScore`), best first."""
            if registry.search_status is not None:
                self._send(registry.search_status, b'{"error":"search is unavailable"}', "application/json")
                return
            words = text.split()
            keywords = [w.split(":", 1)[1] for w in words if w.startswith("keywords:")]
            terms = [w.lower() for w in words if not w.startswith("keywords:")]
            objects = []
            for name, versions in sorted(registry.packages.items()):
                latest = versions.get(registry.tags.get(name, {}).get("latest", ""))
                if latest is None:
                    continue
                haystack = f"{name} {latest['description']}".lower()
                if all(k in latest["keywords"] for k in keywords) and all(t in haystack for t in terms):
                    score = sum(t in name.lower() for t in terms) + 1.0
                    package = {k: latest[k] for k in ("name", "version", "description", "keywords")}
                    objects.append({"package": package, "searchScore": score})
            objects.sort(key=lambda o: -o["searchScore"])  # stable: names in order within a score
            body = {"objects": objects[:size], "total": len(objects)}
            self._send(200, json.dumps(body).encode(), "application/json")

        def _tarball(self, file: str) -> None:
            data = registry.files.get(file)
            if data is None:
                self._send(404, b"not found", "text/plain")
                return
            mode = registry.behaviour.get(file)
            if mode not in ("truncate", "stall"):
                self._send(200, data, "application/octet-stream")
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data[: len(data) // 2])
            self.wfile.flush()
            if mode == "stall":
                registry.stalled.set()
                registry.release.wait(60)
            self.close_connection = True

    return Handler
