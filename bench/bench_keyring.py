"""A keyring backend for bench/bench_secrets.py only: values in a JSON file (BENCH_KEYRING_FILE), so fresh
`cordon run` processes share them as they would a platform keyring's, without its D-Bus round trip.

Plain text on purpose (a benchmark's fake value): never a place for a real secret.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from keyring.backend import KeyringBackend


class FileKeyring(KeyringBackend):
    priority = 0  # never chosen by keyring's discovery: only by PYTHON_KEYRING_BACKEND

    def _values(self) -> dict[str, str]:
        return json.loads(Path(os.environ["BENCH_KEYRING_FILE"]).read_text())

    def get_password(self, service: str, username: str) -> str | None:
        return self._values().get(f"{service}\0{username}")

    def set_password(self, service: str, username: str, password: str) -> None:
        values = self._values()
        values[f"{service}\0{username}"] = password
        Path(os.environ["BENCH_KEYRING_FILE"]).write_text(json.dumps(values))

    def delete_password(self, service: str, username: str) -> None:
        values = self._values()
        values.pop(f"{service}\0{username}", None)
        Path(os.environ["BENCH_KEYRING_FILE"]).write_text(json.dumps(values))
