#!/usr/bin/env bash
# Install the unpacked ProofDesk tarball for this user (no root): the app folder to
# ~/.local/opt/proofdesk, a `proofdesk` command in ~/.local/bin, the menu entry and
# the icons under ~/.local/share. Run it from the unpacked folder:
#   bash install.sh              # install (or update)
#   bash install.sh --uninstall  # remove all of it again (your documents and reviews stay)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
opt=$HOME/.local/opt/proofdesk
bin=$HOME/.local/bin
share=$HOME/.local/share
sizes="16 24 32 48 64 128 256 512"

if [ "${1:-}" = "--uninstall" ]; then
  rm -rf "$opt" "$bin/proofdesk" "$share/applications/proofdesk.desktop" \
    "$share/icons/hicolor/scalable/apps/proofdesk.svg"
  for s in $sizes; do rm -f "$share/icons/hicolor/${s}x${s}/apps/proofdesk.png"; done
  echo "ProofDesk removed."
  exit 0
fi

[ -x "$here/app/proofdesk" ] || { echo "install.sh: run it from the unpacked tarball" >&2; exit 1; }
rm -rf "$opt.new"
mkdir -p "$(dirname "$opt")" "$bin" "$share/applications" "$share/icons/hicolor/scalable/apps"
cp -a "$here/app" "$opt.new"
rm -rf "$opt"
mv "$opt.new" "$opt"
ln -sfn "$opt/proofdesk" "$bin/proofdesk"
for s in $sizes; do
  mkdir -p "$share/icons/hicolor/${s}x${s}/apps"
  cp "$here/icons/proofdesk-$s.png" "$share/icons/hicolor/${s}x${s}/apps/proofdesk.png"
done
cp "$here/icons/proofdesk.svg" "$share/icons/hicolor/scalable/apps/proofdesk.svg"
# The menu entry runs the installed binary by its full path (~/.local/bin may not be on PATH).
sed "s|^Exec=.*|Exec=\"$opt/proofdesk\" %f|" "$here/proofdesk.desktop" \
  >"$share/applications/proofdesk.desktop"
command -v update-desktop-database >/dev/null && update-desktop-database -q "$share/applications" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$share/icons/hicolor" || true
echo "ProofDesk installed: $bin/proofdesk (and in the applications menu)."
