#!/usr/bin/env bash
# Installs everything Xiangqi Tutor needs to build, run and test on Debian 12.
# Safe to run again and again: apt-get only adds what is missing.
set -euo pipefail

packages=(
  gcc pkgconf meson ninja-build gettext python3
  python3-jsonschema  # tests/test-lesson-schema.py
  libglib2.0-dev libgtk-4-dev libadwaita-1-dev librsvg2-dev libjson-glib-dev
  desktop-file-utils appstream xvfb xauth fonts-wqy-microhei
  imagemagick time
  poppler-utils  # tests: pdftotext reads the worksheets back
  clang libclang-rt-14-dev
  git  # tools/check-install.sh copies the working tree with git ls-files
  libx11-dev libxdamage-dev  # tools/bench-startup.sh builds tools/first-frame.c
  fairy-stockfish  # xqtool bench ladder --fairy (never needed by the tests)
  libgtk-4-media-gstreamer gstreamer1.0-plugins-good  # the app's sounds: GTK's media backend, WAV (docs/sounds.md)
  samba smbclient gvfs gvfs-backends gvfs-fuse dbus dbus-daemon  # tools/check-class-share.sh: a class folder on a real Samba share through GVfs
  libspeechd-dev speech-dispatcher espeak-ng  # spoken prompts (optional at build time: meson option speech, docs/speech.md)
  speech-dispatcher-espeak-ng speech-dispatcher-audio-plugins  # tests/test-speech-live.c: a private service speaks through espeak-ng to libao's null driver
)

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  sudo=(sudo)
fi

# Skip the network when every package is already there; otherwise refresh
# the lists once and install what is missing.
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$'; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  "${sudo[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q "${packages[@]}"
else
  echo "install-deps: all ${#packages[@]} packages present"
fi
