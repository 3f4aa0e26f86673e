#!/usr/bin/env bash
# Usage: ensure-debian-packages.sh COMMAND|FILE.sty|/PATH [...] -- PACKAGE [PACKAGE...]
# Installs the Debian packages when one of the commands is missing, with apt-get if we
# are root or may sudo; otherwise prints the one line to run, and fails.
set -euo pipefail
commands=()
while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do commands+=("$1"); shift; done
shift || true
packages=("$@")
missing=0
# a TeX file (name.sty) is looked for by kpsewhich, a file given by its path (/usr/...)
# must exist, a command is looked for on the PATH
for c in "${commands[@]}"; do
  case "$c" in
    *.sty) kpsewhich "$c" >/dev/null 2>&1 || missing=1 ;;
    /*) [ -e "$c" ] || missing=1 ;;
    *) command -v "$c" >/dev/null 2>&1 || missing=1 ;;
  esac
done
[ "$missing" = 0 ] && exit 0
echo "installing ${packages[*]} (missing: ${commands[*]})"
if [ "$(id -u)" = 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
elif sudo -n true 2>/dev/null; then
  sudo apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
else
  echo "cannot install them here; run: sudo apt-get install ${packages[*]}"
  exit 1
fi
