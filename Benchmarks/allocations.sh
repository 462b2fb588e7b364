#!/bin/sh
# Heap allocations per frame of the animals swipe at @3x: builds the counting library with the
# toolchain's C compiler and runs `strata bench --filter allocations` under it (Linux, glibc).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${TMPDIR:-/tmp}/strata-allocation-counter.so
${CC:-clang} -O2 -shared -fPIC "$here/allocation-counter.c" -o "$out"
cd "$here/.."
swift build -c release --product strata
LD_PRELOAD="$out" .build/release/strata bench --filter allocations "$@"
