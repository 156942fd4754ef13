#!/usr/bin/env bash
# Installs what coordlint needs on a fresh Debian/Ubuntu machine: a Swift toolchain must already be
# on PATH; libclang-dev (the Objective-C frontend's library and headers) is installed when missing, and
# a pkg-config file tells SwiftPM where its headers are, so a plain `swift build` works afterwards.
set -euo pipefail

if ! command -v swift >/dev/null 2>&1; then
    echo "setup: 'swift' is not on PATH; install Swift 6 from swift.org first" >&2
    exit 1
fi

SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi

if ! dpkg -s libclang-dev >/dev/null 2>&1; then
    echo "setup: installing libclang-dev"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libclang-dev >/dev/null
fi

# The SARIF test validates against the official schema with python3's jsonschema.
if ! python3 -c "import jsonschema" >/dev/null 2>&1; then
    echo "setup: installing python3-jsonschema"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-jsonschema >/dev/null
fi

# Headers and library from the same LLVM install (the Swift toolchain ships a newer libclang.so
# without headers, whose enum values differ).
LLVM_CONFIG=$(ls /usr/bin/llvm-config-* 2>/dev/null | sort -V | tail -n 1 || true)
if [ -n "$LLVM_CONFIG" ]; then
    PREFIX=$("$LLVM_CONFIG" --prefix)
else
    PREFIX=$(dirname "$(dirname "$(ls -d /usr/lib/llvm-*/include/clang-c | sort -V | tail -n 1)")")
fi
VERSION=$(basename "$PREFIX" | sed 's/llvm-//')
PC_DIR=/usr/local/lib/pkgconfig
PC_FILE=$PC_DIR/coordlint-libclang.pc
CONTENT="prefix=$PREFIX
Name: coordlint-libclang
Description: libclang $VERSION for coordlint's Objective-C frontend
Version: $VERSION
Cflags: -I$PREFIX/include
Libs: -L$PREFIX/lib -lclang-$VERSION"
if [ ! -f "$PC_FILE" ] || [ "$(cat "$PC_FILE")" != "$CONTENT" ]; then
    $SUDO mkdir -p "$PC_DIR"
    echo "$CONTENT" | $SUDO tee "$PC_FILE" >/dev/null
    echo "setup: wrote $PC_FILE"
fi
