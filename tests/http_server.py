"""A real HTTP(S) server on 127.0.0.1 for tests, recording every request it receives.

Routes (query string parameters in brackets):
  /json                 {"hello": "world", "n": 42} as application/json, with an X-Test header
  /echo                 the request body back, raw, with its content-type; X-Method names the method
  /headers              the request headers as JSON (lower-cased names)
  /bytes[n]             n bytes (i % 256) with a content-length
  /stream[n]            n bytes in 64 KB chunks, close-delimited; `sent` counts what went out
  /gzip-bomb[n]         n zero bytes gzip-compressed, content-encoding: gzip
  /latin1               "café" in ISO-8859-1, charset declared
  /redirect[to,status]  a redirect to `to` (default status 302)
  /loop                 redirects to itself forever
  /slow                 holds the request until `release` is set or the client hangs up
  /status[code]         an empty response with that status
"""

from __future__ import annotations

import gzip
import json
import select
import ssl
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Self
from urllib.parse import parse_qs, urlsplit


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes


class LoopbackServer:
    """A threaded HTTP server on 127.0.0.1 with an ephemeral port; started on enter, stopped on exit.

    `release` lets handlers that hold a request (slow responses, stalled downloads) finish at exit.
    """

    def __init__(self, handler: type[BaseHTTPRequestHandler]) -> None:
        self.release = threading.Event()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release.set()
        self._httpd.shutdown()
        self._httpd.server_close()


class RecordingServer(LoopbackServer):
    """Start on enter, stop on exit. `count` is the number of requests that reached the server."""

    def __init__(self, tls: ssl.SSLContext | None = None) -> None:
        self.requests: list[Recorded] = []
        self.slow_received = threading.Event()
        self.client_gone = threading.Event()
        self.sent = 0
        self.sni: list[str | None] = []
        self._lock = threading.Lock()
        super().__init__(_handler_for(self))
        if tls is not None:
            tls.sni_callback = lambda sock, name, ctx: self.sni.append(name)
            self._httpd.socket = tls.wrap_socket(self._httpd.socket, server_side=True)

    @property
    def count(self) -> int:
        with self._lock:
            return len(self.requests)

    def url(self, path: str = "/json", host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}{path}"

    def record(self, entry: Recorded) -> None:
        with self._lock:
            self.requests.append(entry)


def _handler_for(server: RecordingServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def _serve(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            body = self.rfile.read(length) if length else b""
            parts = urlsplit(self.path)
            query = {k: v[0] for k, v in parse_qs(parts.query).items()}
            server.record(Recorded(self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            route = getattr(self, "route_" + parts.path.strip("/").replace("-", "_"), None)
            if route is None:
                self.reply(404, b"not found")
            else:
                route(query, body)

        do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = _serve

        def reply(self, status: int, body: bytes = b"", ctype: str = "text/plain", **headers: str) -> None:
            self.send_response(status)
            self.send_header("content-type", ctype)
            self.send_header("content-length", str(len(body)))
            for name, value in headers.items():
                self.send_header(name.replace("_", "-"), value)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def route_json(self, q: dict, body: bytes) -> None:
            self.reply(200, json.dumps({"hello": "world", "n": 42}).encode(), "application/json", x_test="yes")

        def route_echo(self, q: dict, body: bytes) -> None:
            self.reply(200, body, self.headers.get("content-type", "application/octet-stream"), x_method=self.command)

        def route_headers(self, q: dict, body: bytes) -> None:
            data = {k.lower(): v for k, v in self.headers.items()}
            self.reply(200, json.dumps(data).encode(), "application/json")

        def route_bytes(self, q: dict, body: bytes) -> None:
            self.reply(200, bytes(i % 256 for i in range(int(q.get("n", 256)))), "application/octet-stream")

        def route_stream(self, q: dict, body: bytes) -> None:
            total, chunk = int(q["n"]), b"x" * 65536
            self.send_response(200)
            self.send_header("content-type", "application/octet-stream")
            self.end_headers()
            try:
                while server.sent < total:
                    self.wfile.write(chunk)
                    server.sent += len(chunk)
            except OSError:
                server.client_gone.set()

        def route_gzip_bomb(self, q: dict, body: bytes) -> None:
            self.reply(200, gzip.compress(b"\0" * int(q["n"])), "application/octet-stream", content_encoding="gzip")

        def route_latin1(self, q: dict, body: bytes) -> None:
            self.reply(200, "café".encode("latin-1"), "text/plain; charset=iso-8859-1")

        def route_redirect(self, q: dict, body: bytes) -> None:
            self.reply(int(q.get("status", 302)), b"", location=q["to"])

        def route_loop(self, q: dict, body: bytes) -> None:
            self.reply(302, b"", location="/loop")

        def route_status(self, q: dict, body: bytes) -> None:
            self.reply(int(q["code"]))

        def route_slow(self, q: dict, body: bytes) -> None:
            server.slow_received.set()
            while not server.release.is_set():
                readable, _, _ = select.select([self.connection], [], [], 0.05)
                if readable and not self.connection.recv(1):
                    server.client_gone.set()
                    return
            self.reply(200, b"finally")

    return Handler
