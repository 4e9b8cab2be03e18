"""Host bridges: each module owns one capability (its ops and its guest JS).

`standard_surfaces()` is the guest surface every run gets. Capabilities that
need a grant from the host (workspace, secrets, ...) check `RunScope.services`
inside their ops and refuse by name when the host granted nothing.
"""

from __future__ import annotations

from functools import lru_cache

from core.bridges.base import Surface


@lru_cache(maxsize=1)
def standard_surfaces() -> tuple[Surface, ...]:
    from core.bridges import (
        assets,
        audio,
        canvas,
        console,
        crypto,
        encoding,
        fetch,
        format,
        image,
        media,
        nodetool,
        progress,
        secrets,
        timers,
        video,
        web,
        workspace,
    )

    return (
        encoding.SURFACE,
        console.SURFACE,
        timers.SURFACE,
        progress.SURFACE,
        crypto.SURFACE,
        format.SURFACE,
        media.SURFACE,
        image.SURFACE,
        audio.SURFACE,
        video.SURFACE,
        canvas.SURFACE,
        workspace.SURFACE,
        assets.SURFACE,
        nodetool.SURFACE,
        secrets.SURFACE,
        fetch.SURFACE,
        web.SURFACE,
    )
