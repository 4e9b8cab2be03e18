"""A `cordon run` process that reads a secret against one that does not, keyring against encrypted file
(the aim: a process reading a secret costs at most 2x one that does not).

    python bench/bench_secrets.py                  # 10 processes per row
    BENCH_SCALE=0.5 python bench/bench_secrets.py  # fewer

Rows (median and p90 in ms over fresh processes, process start to exit, as a shell sees it, and the median
CPU time, user + system, which a busy machine disturbs less than the wall clock):

- keyring: a keyring backend that answers at once (`bench_keyring.FileKeyring`, values in a JSON file of the
  bench's temporary home, set with PYTHON_KEYRING_BACKEND): Cordon's own cost around a platform keyring; a
  real Secret Service adds its D-Bus round trip;
- encrypted file: Cordon's file (`core/secrets/encrypted_file.py`), the passphrase from
  CORDON_SECRETS_PASSPHRASE as a headless run gets it, so each process pays one key derivation;

then the key derivation alone in-process: the new file's Argon2id (64 MiB, 3 passes, 4 lanes), and
keyrings.cryptfile's (64 MiB, 15 passes, 2 lanes), which Cordon's old store paid once to check the
passphrase and again for every value read. Numbers, not assertions.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import stats, timed

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SCALE = float(os.environ.get("BENCH_SCALE", "1"))
COUNT = max(3, int(10 * SCALE))
CLI = "import sys; from core.cli import main; sys.exit(main(sys.argv[1:]))"
PASSPHRASE = "bench passphrase, not a secret"
PLAIN = "return 1;\n"
READING = 'return (await getSecret("API_KEY")).length;\n'
SCOPE = json.dumps({"secretScope": ["API_KEY"]})


def children_cpu_ms() -> float:
    """User + system CPU ms of every child process that has ended so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (usage.ru_utime + usage.ru_stime) * 1000


def cordon(home: Path, env: dict[str, str], body: Path, cpu: list[float]) -> None:
    """One `cordon run` process (its CPU ms appended to `cpu`); it must succeed (a failed run would time the
    wrong thing)."""
    before = children_cpu_ms()
    done = subprocess.run(
        [sys.executable, "-c", CLI, "run", str(body), "--limits", SCOPE],
        env={**os.environ, "CORDON_HOME": str(home), **env},
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    cpu.append(children_cpu_ms() - before)
    if done.returncode != 0:
        raise SystemExit(f"cordon run failed ({done.returncode}): {done.stderr.strip()}")


def row(label: str, home: Path, env: dict[str, str], body: Path) -> tuple[float, float]:
    """(wall median, CPU median) in ms of `cordon run body` in fresh processes."""
    cpu: list[float] = []
    median, p90 = stats(timed(lambda: cordon(home, env, body, cpu), COUNT, warmup=1))
    cpu_median, _ = stats(cpu[1:])  # the warm-up compiled the guest for this home
    print(f"  {label:<44} {median:8.0f} ms  (p90 {p90:.0f})  CPU {cpu_median:.0f} ms")
    return median, cpu_median


def main() -> None:
    from core.secrets import cryptfile_migration, encrypted_file

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        plain, reading = root / "plain.js", root / "reading.js"
        plain.write_text(PLAIN)
        reading.write_text(READING)

        keyring_home = root / "keyring-home"
        keyring_env = {
            "PYTHON_KEYRING_BACKEND": "bench_keyring.FileKeyring",
            "BENCH_KEYRING_FILE": str(root / "keyring.json"),
            "PYTHONPATH": os.pathsep.join([str(Path(__file__).parent), str(ROOT)]),
        }
        (root / "keyring.json").write_text(json.dumps({"cordon\0API_KEY": "sk-bench"}))

        file_home = root / "file-home"
        file_env = {"PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring", "CORDON_SECRETS_PASSPHRASE": PASSPHRASE}
        setup = (
            "import os; from core import secrets_store as s; "
            f"s.unlock({PASSPHRASE!r}); s.set_secret('API_KEY', 'sk-bench')"
        )
        subprocess.run(
            [sys.executable, "-c", setup],
            env={**os.environ, "CORDON_HOME": str(file_home), **file_env},
            check=True,
            cwd=ROOT,
        )

        print(f"cordon run, {COUNT} processes per row (load {os.getloadavg()[0]:.1f}):")
        k_plain = row("keyring: body reads no secret", keyring_home, keyring_env, plain)
        k_read = row("keyring: body reads a secret", keyring_home, keyring_env, reading)
        f_plain = row("encrypted file: body reads no secret", file_home, file_env, plain)
        f_read = row("encrypted file: body reads a secret", file_home, file_env, reading)
        for label, reading_row, plain_row in (("keyring", k_read, k_plain), ("encrypted file", f_read, f_plain)):
            print(
                f"  ratio reading / not, {label + ':':<16} wall {reading_row[0] / plain_row[0]:.2f}x, "
                f"CPU {reading_row[1] / plain_row[1]:.2f}x   (the aim: <= 2x)"
            )

    salt = os.urandom(16)
    for label, params, length in (
        ("Argon2id now (64 MiB, 3 passes, 4 lanes)", encrypted_file.INTERACTIVE, 32),
        ("keyrings.cryptfile's (64 MiB, 15 passes, 2 lanes)", cryptfile_migration.PARAMS, 16),
    ):
        samples = []
        for _ in range(max(3, COUNT // 2)):
            start = time.perf_counter()
            encrypted_file.derive_key(PASSPHRASE, salt, params, length)
            samples.append((time.perf_counter() - start) * 1000)
        median, p90 = stats(samples)
        print(f"  key derivation, {label:<50} {median:6.0f} ms  (p90 {p90:.0f})")
    print("  with the old store a run reading one secret derived twice (passphrase check, then the value)")


if __name__ == "__main__":
    main()
