"""`cordon doctor`: what protects runs on this machine, measured by starting a real host worker.

A layer of the host workers' confinement the kernel lacks is a warning here (and on every run that
uses a worker), never a silent downgrade (docs/security.md, "Host workers"). Exit status 0 when every
layer holds, 1 when one is missing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import sys
import time
from typing import Any

from core.cli.common import print_json

#: The layers a worker reports, in the order they are applied, with what each stops.
LAYERS = (
    ("process_group", "own session: the host kills its whole process group"),
    ("user_namespace", "user namespace: no capability outside it"),
    ("network_namespace", "network namespace: no network"),
    ("no_new_privs", "no_new_privs: nothing it runs gains privileges"),
    ("rlimits", "rlimits: memory, CPU, files, processes"),
    ("landlock_abi", "Landlock: reads only its allow-list, writes only its scratch folder, no TCP or signals out"),
    ("seccomp", "seccomp: no sockets, ptrace, mount, keyctl, bpf, namespaces"),
)


def _noop() -> int:
    return 1


async def _probe() -> dict[str, Any]:
    from core.hostwork.client import ZYGOTE, HostWorker

    began = time.perf_counter()
    ZYGOTE.prestart()
    zygote_ms = (time.perf_counter() - began) * 1000
    worker = await asyncio.to_thread(HostWorker.spawn)
    try:
        trips = []
        for _ in range(20):
            began = time.perf_counter()
            await worker.call(_noop, (), None)
            trips.append((time.perf_counter() - began) * 1000)
    finally:
        worker.kill()
    return {
        "layers": worker.layers,
        "zygote_start_ms": round(zygote_ms, 1),
        "worker_start_ms": round(worker.start_ms, 2),
        "round_trip_ms": round(sorted(trips)[len(trips) // 2], 3),
    }


def main(args: argparse.Namespace) -> int:
    if not hasattr(os, "fork"):  # Windows: no zygote to fork from (docs/security.md, Host workers)
        missing = ["host workers are not built on this platform: host work is refused"]
        report: dict[str, Any] = {"platform": platform.platform(), "layers": {}, "missing": missing}
    else:
        report = {"platform": platform.platform(), **asyncio.run(_probe())}
        report["missing"] = [line for line in str(report["layers"].get("missing") or "").splitlines() if line]
    if args.json:
        print_json(report)
        return 1 if report["missing"] else 0
    print(f"platform: {report['platform']}")
    print("host workers (the process that parses and decodes what runs hand the host):")
    for key, what in LAYERS:
        value = report["layers"].get(key)
        held = f"ABI {value}" if key == "landlock_abi" and value else ("yes" if value else "MISSING")
        print(f"  {what:<96} {held}")
    for line in report["missing"]:
        print(f"warning: {line}", file=sys.stderr)
    if "worker_start_ms" in report:
        print(
            f"zygote ready in {report['zygote_start_ms']} ms; a worker starts in {report['worker_start_ms']} ms; "
            f"a call round trip takes {report['round_trip_ms']} ms"
        )
    return 1 if report["missing"] else 0
