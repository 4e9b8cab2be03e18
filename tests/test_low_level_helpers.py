"""One helper per low-level pattern: the fd-walked contained read and the capped hashing copy."""

from __future__ import annotations

import hashlib
import io
import os

import pytest

from core.bridges.fsguard import read_capped
from core.packs.files import read_contained
from core.packs.install.errors import InstallError
from core.packs.install.integrity import hashing_copy
from core.packs.status import DiscoveryError


def test_a_pack_file_is_read_through_the_fd_walker(tmp_path):
    pack = tmp_path / "pack"
    (pack / "lib").mkdir(parents=True)
    (pack / "lib" / "a.js").write_text("export default 1;")
    (pack / "alias.js").symlink_to("lib/a.js")  # a link inside the pack that points inside: followed
    (tmp_path / "secret.js").write_text("secret")
    (pack / "out.js").symlink_to(tmp_path / "secret.js")
    (pack / "up").symlink_to("..")
    os.mkfifo(pack / "fifo.js")
    assert read_contained(pack, "alias.js", 100) == b"export default 1;"
    for rel, rule in (
        ("out.js", "module-symlink-escape"),
        ("up/secret.js", "module-symlink-escape"),
        ("missing.js", "module-missing-file"),
        ("fifo.js", "module-missing-file"),
        ("lib", "module-missing-file"),
    ):
        with pytest.raises(DiscoveryError) as caught:
            read_contained(pack, rel, 100)
        assert caught.value.rule == rule, (rel, caught.value)
    with pytest.raises(DiscoveryError) as caught:
        read_contained(pack, "lib/a.js", 5, too_large="manifest-too-large")
    assert caught.value.rule == "manifest-too-large"


def test_read_capped_never_holds_more_than_the_cap(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"x" * 10)
    for cap, expected in ((10, b"x" * 10), (9, None)):
        fd = os.open(path, os.O_RDONLY)
        try:
            assert read_capped(fd, cap, chunk=3) == expected
        finally:
            os.close(fd)


def test_hashing_copy_counts_hashes_and_stops_at_its_cap():
    out = io.BytesIO()
    seen: list[int] = []
    size, digest = hashing_copy([b"ab", b"cd"], out, 4, "p@1", seen.append)
    assert (size, digest, out.getvalue(), seen) == (4, hashlib.sha512(b"abcd").digest(), b"abcd", [2, 4])
    out = io.BytesIO()
    with pytest.raises(InstallError) as caught:
        hashing_copy([b"ab", b"cde"], out, 4, "p@1")
    assert caught.value.rule == "download-too-large" and out.getvalue() == b"ab"
