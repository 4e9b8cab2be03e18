#!/usr/bin/env bash
# Put Cordon Studio into the desktop's menus: the desktop entry, the hicolor icon, the MIME type of
# *.node.json (opens in the studio) and the AppStream metainfo, under ~/.local/share.
#   installer/install-desktop.sh [DATA_DIR]
# DATA_DIR defaults to $XDG_DATA_HOME or ~/.local/share. The entry's Exec is the built bundle
# (dist/cordon-studio/cordon-studio) when there is one, else `cordon-studio` on PATH (pip install);
# CORDON_STUDIO_EXEC overrides it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
id=io.github.cordon_studio.Studio
data=${1:-${XDG_DATA_HOME:-$HOME/.local/share}}
bundled="$here/../dist/cordon-studio/cordon-studio"
if [ -n "${CORDON_STUDIO_EXEC:-}" ]; then exe=$CORDON_STUDIO_EXEC
elif [ -x "$bundled" ]; then exe=$(cd "$(dirname "$bundled")" && pwd)/cordon-studio
else exe=cordon-studio
fi
case "$exe" in *[[:space:]\"\'\\]*) echo "install-desktop.sh: the studio's path has a space or quote: $exe" >&2; exit 2;; esac

install -d "$data/applications" "$data/icons/hicolor/scalable/apps" "$data/mime/packages" "$data/metainfo"
sed -e "s|^Exec=cordon-studio|Exec=$exe|" -e "s|^TryExec=cordon-studio|TryExec=$exe|" \
  "$here/desktop/$id.desktop" >"$data/applications/$id.desktop"
install -m 644 "$here/../resources/icons/cordon.svg" "$data/icons/hicolor/scalable/apps/$id.svg"
install -m 644 "$here/desktop/$id.mime.xml" "$data/mime/packages/$id.xml"
install -m 644 "$here/desktop/$id.metainfo.xml" "$data/metainfo/$id.metainfo.xml"

# The desktop's caches, where their tools are installed (they are rebuilt at login otherwise).
if command -v update-mime-database >/dev/null; then update-mime-database "$data/mime"; fi
if command -v update-desktop-database >/dev/null; then update-desktop-database -q "$data/applications"; fi
if command -v gtk-update-icon-cache >/dev/null && [ -f "$data/icons/hicolor/index.theme" ]; then
  gtk-update-icon-cache -q -t "$data/icons/hicolor"
fi
echo "install-desktop.sh: Cordon Studio installed into $data (Exec=$exe)"
