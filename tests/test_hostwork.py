"""Host workers on the real kernel: what a worker cannot reach, how it ends, what the host refuses of it.

Each test runs a body whose surface hands a function of this module to its run's host worker
(`core.hostwork.client.in_host_worker`): the function does what a parser compromised by hostile
bytes would try. This module's functions go to the worker by value (the worker cannot import
`tests`: it is outside its allow-list).
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import json
import os
import pickle
import signal
import socket
import stat
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import cloudpickle
import psutil
import pytest

from core import CancelHandle, RunHooks, RunResult, RunServices, Surface, run_in_sandbox
from core.bridges.base import Op
from core.bridges.hostcalls import in_host_worker, in_host_worker_for_guest
from core.packs.host import csv as csv_pack
from tests.conftest import ok, until
from tests.hostpacks import run_body

cloudpickle.register_pickle_by_value(sys.modules[__name__])

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="host-worker confinement is Linux's")


def _surface(fn: Any, via: Any = in_host_worker) -> Surface:
    """A surface whose one op runs `fn` through `via` (`in_host_worker` or `in_host_worker_for_guest`)."""

    async def call(scope: Any, *args: Any) -> Any:
        return await via(scope, fn, *args)

    js = 'C.define("probe", {run(...a) { return C.call("probe.run", ...a); }});'
    return Surface("probe", {"probe.run": Op(call)}, js, ("probe",))


def _run(fn: Any, code: str, via: Any = in_host_worker, **kw: Any) -> RunResult:
    return run_in_sandbox(code, services=RunServices(surfaces=(_surface(fn, via),)), **kw)


# -- what a worker cannot reach -------------------------------------------------------------------


def _attempts(canary: str, port: int, host_pid: int) -> dict[str, str]:
    """Each escape a compromised parser would try, and the errno it met ('allowed' if none)."""
    out: dict[str, str] = {}

    def attempt(name: str, fn: Any) -> None:
        try:
            fn()
            out[name] = "allowed"
        except OSError as exc:
            out[name] = errno.errorcode.get(exc.errno or 0, str(exc))

    attempt("read a file outside", lambda: Path(canary, "secret.txt").read_bytes())
    attempt("list a folder outside", lambda: os.listdir(canary))
    attempt("write a file outside", lambda: Path(canary, "planted.txt").write_text("x"))
    attempt("read /etc/passwd", lambda: Path("/etc/passwd").read_bytes())
    attempt("connect to 127.0.0.1", lambda: socket.create_connection(("127.0.0.1", port), timeout=1).close())
    attempt("signal the host", lambda: os.kill(host_pid, signal.SIGCONT))
    attempt("run /bin/sh", lambda: subprocess.run(["/bin/sh", "-c", "true"], check=True))
    attempt("make a unix socket", lambda: socket.socket(socket.AF_UNIX).close())  # /run's sockets: docker, dbus
    attempt("make a user namespace", lambda: _unshare_user())
    attempt("write its scratch folder", lambda: Path(tempfile.gettempdir(), "scratch.txt").write_text("x"))
    return out


def _unshare_user() -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(0x10000000) != 0:
        raise OSError(ctypes.get_errno(), "unshare")


def test_a_worker_cannot_read_write_connect_signal_or_run_anything_outside_its_allow_list(tmp_path):
    canary = tmp_path / "canary"
    canary.mkdir()
    (canary / "secret.txt").write_text("the user's")
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.5)
    port = server.getsockname()[1]
    host_pid = os.getpid()
    result = _run(lambda: _attempts(str(canary), port, host_pid), "return await probe.run()")
    attempts = ok(result)
    with pytest.raises(TimeoutError):
        server.accept()  # no connection ever arrived
    server.close()
    assert attempts == {
        "read a file outside": "EACCES",
        "list a folder outside": "EACCES",
        "write a file outside": "EACCES",
        "read /etc/passwd": "EACCES",
        "connect to 127.0.0.1": "EACCES",  # no sockets at all (seccomp); no network (its namespace)
        "signal the host": "EPERM",  # Landlock's signal scope
        "run /bin/sh": "EACCES",  # only the packs' helpers (tesseract) may run
        "make a unix socket": "EACCES",  # seccomp: no socket at all
        "make a user namespace": "EPERM",  # seccomp: no namespaces
        "write its scratch folder": "allowed",
    }
    assert sorted(os.listdir(canary)) == ["secret.txt"]
    assert not result.warnings  # every layer held: none is reported missing


def _layers() -> dict[str, Any]:
    return {"pid": os.getpid(), "pgid": os.getpgid(0), "sid": os.getsid(0), "scratch": tempfile.gettempdir()}


def test_a_worker_runs_in_its_own_session_and_is_gone_with_its_scratch_folder_after_its_run():
    facts = ok(_run(_layers, "return await probe.run()"))
    pid = facts["pid"]
    assert facts["pgid"] == facts["sid"] == pid != os.getpid()
    until(
        lambda: not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE,
        "the worker to end with its run",
    )
    assert not Path(facts["scratch"]).exists()


# -- stopped at the deadline and on cancel, even inside one C call holding the GIL ---------------------


def _huge_power() -> int:
    return len(str(10 ** (10**9)))  # one C call: hours, holding the GIL (expr's roundTo finding)


def test_one_c_call_holding_the_gil_stops_at_the_deadline_with_host_memory_flat():
    rss = psutil.Process().memory_info().rss
    began = time.monotonic()
    result = _run(_huge_power, "return await probe.run()", limits={"timeoutMs": 1000})
    assert result.error is not None and result.error.rule == "timeout", result.error
    assert time.monotonic() - began < 30  # stopped, not after the hours the call takes
    assert psutil.Process().memory_info().rss - rss < 200 * 1024 * 1024
    assert ok(_run(lambda: 41 + 1, "return await probe.run()", limits={"timeoutMs": 1000})) == 42


def test_one_c_call_holding_the_gil_stops_on_cancel():
    cancel = CancelHandle()
    threading.Timer(0.5, cancel.cancel).start()
    began = time.monotonic()
    result = _run(_huge_power, "return await probe.run()", hooks=RunHooks(cancel=cancel))
    assert result.error is not None and result.error.rule == "cancelled", result.error
    assert time.monotonic() - began < 30  # stopped, not after the hours the call takes


# -- a worker that crashes, runs out of memory, or breaks the protocol ---------------------------------


def _channel() -> int:
    """The worker's end of its channel: the one socket it has."""
    for fd in range(3, 256):
        with contextlib.suppress(OSError):
            if stat.S_ISSOCK(os.fstat(fd).st_mode):
                return fd
    raise AssertionError("no channel")


def _send_raw(frame: bytes) -> None:
    os.write(_channel(), frame)
    time.sleep(30)  # the host reads the frame first; it must not wait for a real reply


def test_a_reply_that_is_not_msgpack_is_a_protocol_refusal_and_the_next_run_is_served():
    result = _run(lambda: _send_raw(b"\x00\x00\x00\x03\xc1\xc1\xc1"), "return await probe.run()")
    assert result.error is not None and result.error.rule == "host-worker-protocol", result.error
    assert ok(_run(lambda: "served", "return await probe.run()")) == "served"


def test_a_pickle_from_a_worker_is_never_unpickled(tmp_path):
    planted = tmp_path / "unpickled"

    class Plant:
        def __reduce__(self) -> Any:
            return (Path.touch, (planted,))

    payload = pickle.dumps(Plant())
    result = _run(lambda: _send_raw(struct.pack(">I", len(payload)) + payload), "return await probe.run()")
    assert result.error is not None and result.error.rule == "host-worker-protocol", result.error
    assert not planted.exists()


def test_a_frame_over_the_cap_is_refused_before_it_is_read():
    rss = psutil.Process().memory_info().rss
    result = _run(lambda: _send_raw(struct.pack(">I", 0xFFFF_FFF0)), "return await probe.run()")
    assert result.error is not None and result.error.rule == "host-worker-protocol", result.error
    assert "cap" in result.error.message
    assert psutil.Process().memory_info().rss - rss < 200 * 1024 * 1024


def _frame(reply: dict[str, Any]) -> bytes:
    import msgpack  # in the worker, which has it: this module's functions run there by value

    payload = msgpack.packb(reply)
    return struct.pack(">I", len(payload)) + payload


@pytest.mark.parametrize(
    "reply",
    [
        {"encoded": ["#1:1#[]", 0, []]},  # text the guest would read as a reply with sidecar items
        {"encoded": ["[]", 0, [7]]},
        {"ok": [{"a": "1"}]},  # Python values where the guest's transport form was asked for
    ],
)
def test_a_forged_reply_for_the_guest_is_a_protocol_refusal_and_the_next_run_is_served(reply):
    forged = _run(lambda: _send_raw(_frame(reply)), "return await probe.run()", in_host_worker_for_guest)
    assert forged.error is not None and forged.error.rule == "host-worker-protocol", forged.error
    assert ok(_run(lambda: {"served": b"\x01"}, "return await probe.run()", in_host_worker_for_guest)) == {
        "served": b"\x01"
    }


def test_the_csv_packs_results_through_the_worker_are_the_ones_the_host_computes():
    """Encoded in the worker and handed on undecoded, the rows the guest gets are the parse's: a
    header named `$cordon` (the transport's marker key, escaped), `__proto__`, short and long
    rows, quotes and non-ASCII; and stringify's text over 8 KB (it rides the sidecar)."""
    text = '$cordon,__proto__,"q ""x"", y",é\n1,2,3,4\nshort\n5,6,7,8,extra,more\n"a\nb",,ü,\U0001f600\n'
    rows = [{"n": i, "s": f"row {i}"} for i in range(2000)]
    code = """import { parse, stringify } from "@nodetool-ai/sandbox-csv";
const rows = await parse(inputs.text);
return { rows, proto: Object.getPrototypeOf(rows[0]) === Object.prototype, raw: await parse(inputs.text, { header: false }),
         csv: await stringify(inputs.rows) };"""
    got = ok(run_body(code, inputs={"text": text, "rows": rows}))
    assert got == {
        "rows": csv_pack.parse(text),
        "proto": True,
        "raw": csv_pack.parse(text, {"header": False}),
        "csv": csv_pack.stringify(rows),
    }
    assert len(got["csv"]) > 8192 and got["rows"][0]["$cordon"] == "1" and got["rows"][0]["__proto__"] == "2"


def test_a_worker_that_dies_mid_call_is_a_crash_refusal_and_the_next_run_is_served():
    result = _run(lambda: os.kill(os.getpid(), signal.SIGSEGV), "return await probe.run()")
    assert result.error is not None and result.error.rule == "host-worker-crashed", result.error
    assert ok(_run(lambda: "served", "return await probe.run()")) == "served"


def test_a_worker_past_its_memory_limit_is_refused_by_rule():
    result = _run(lambda: len(bytearray(8 * 1024**3)), "return await probe.run()")
    assert result.error is not None and result.error.rule == "host-worker-memory", result.error
    assert "hostWorkerMemoryBytes" in result.error.message


def test_the_worker_memory_limit_is_the_runs():
    """256 MB fits the default limit (2 GB); under a 64 MB limit the same allocation is refused."""
    allocate = "return await probe.run()"
    assert ok(_run(lambda: len(bytearray(256 * 1024**2)), allocate)) == 256 * 1024**2
    small = _run(lambda: len(bytearray(256 * 1024**2)), allocate, limits={"hostWorkerMemoryBytes": 64 * 1024**2})
    assert small.error is not None and small.error.rule == "host-worker-memory", small.error


def test_a_run_that_makes_no_host_call_starts_no_worker(monkeypatch):
    from core.hostwork import client

    spawned: list[int] = []
    real = client.Zygote.spawn

    def counted(self: client.Zygote, *args: Any) -> Any:
        spawned.append(1)
        return real(self, *args)

    client.SPARE.stop()  # first: a spare being forked now is not this test's
    monkeypatch.setattr(client.Zygote, "spawn", counted)
    ok(run_in_sandbox("return 1 + 1"))
    assert ok(_run(lambda: 1, "return 2")) == 2  # a host surface mounted, never called
    assert spawned == []


# -- other platforms, simulated where the code branches ------------------------------------------------


def test_on_macos_a_worker_is_still_its_own_capped_process_and_says_which_layers_it_lacks(tmp_path):
    """The macOS branch of `confine`, run in a forked child with `sys.platform` set to darwin."""
    from core.hostwork import confine

    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover (the child reports through the pipe)
        try:
            sys.platform = "darwin"
            layers = confine.confine(str(tmp_path), confine.Limits(1 << 30, 10), confine.Prepared.now())
            os.write(write, json.dumps(layers.as_dict()).encode())
        finally:
            os._exit(0)
    os.close(write)
    report = json.loads(os.read(read, 65536))
    os.close(read)
    os.waitpid(pid, 0)
    assert report["process_group"] and report["rlimits"]
    assert not report["user_namespace"] and not report["seccomp"] and report["landlock_abi"] == 0
    assert "darwin" in report["missing"]


def test_where_there_is_no_fork_host_work_is_refused_by_rule_not_run_unconfined(monkeypatch):
    monkeypatch.delattr(os, "fork")
    result = _run(lambda: 1, "return await probe.run()")
    assert result.error is not None and result.error.rule == "host-worker-unsupported-platform", result.error
    assert "docs/security.md" in result.error.message
