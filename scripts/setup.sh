#!/usr/bin/env bash
# Installs what coordlint needs on a fresh Debian/Ubuntu machine: a Swift toolchain must already be
# on PATH; libclang-dev (the Objective-C frontend's library and headers) is installed when missing.
set -euo pipefail

if ! command -v swift >/dev/null 2>&1; then
    echo "setup: 'swift' is not on PATH; install Swift 6 from swift.org first" >&2
    exit 1
fi

if ! dpkg -s libclang-dev >/dev/null 2>&1; then
    echo "setup: installing libclang-dev"
    SUDO=""
    if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libclang-dev >/dev/null
fi
