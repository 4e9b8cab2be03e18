"""`cordon doctor`: what this installation is and what protects runs on this machine.

The facts come from `core.diagnostics.system_report` (the studio's About box shows the same),
including the host workers' confinement, measured by starting a real worker. A confinement layer
the kernel lacks is a warning here (and on every run that uses a worker), never a silent downgrade
(docs/security.md, "Host workers"). Exit status 0 when every layer holds, 1 when one is missing.
"""

from __future__ import annotations

import argparse
import sys

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


def main(args: argparse.Namespace) -> int:
    from core.diagnostics import system_report

    report = system_report()
    workers = report["host_workers"]
    status = 1 if workers["missing"] else 0
    if args.json:
        print_json(report)
        return status
    print(f"{report['version']} on Python {report['python']}, {report['platform']}")
    for name, folder in report["folders"].items():
        print(f"  {name + ':':<8} {folder}")
    store = report["secret_store"]
    if store["kind"] == "none":
        print(
            f"secrets: nowhere to keep them yet (no system keyring runs); `cordon secrets setup` creates "
            f"Cordon's encrypted file at {store['path']}"
        )
    else:
        print(f"secrets: {report['secrets']}, kept in the {store['label']}")
    print(f"guest compiled for this machine: {'yes' if report['guest_compiled'] else 'no'}")
    fonts = report["fonts"]
    print(f"fonts: system DejaVu {'yes' if fonts['system_dejavu'] else 'no (the shipped DejaVu Sans is used)'}")
    print(f"tesseract (OCR): {report['tesseract'] or 'not installed'}")
    print("host workers (the process that parses and decodes what runs hand the host):")
    for key, what in LAYERS:
        value = workers["layers"].get(key)
        held = f"ABI {value}" if key == "landlock_abi" and value else ("yes" if value else "MISSING")
        print(f"  {what:<96} {held}")
    for line in workers["missing"]:
        print(f"warning: {line}", file=sys.stderr)
    if "worker_start_ms" in workers:
        print(
            f"zygote ready in {workers['zygote_start_ms']} ms; a worker starts in {workers['worker_start_ms']} ms; "
            f"a call round trip takes {workers['round_trip_ms']} ms"
        )
    return status
