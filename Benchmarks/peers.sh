#!/usr/bin/env bash
# Strata beside other renderers, measured in one run on this machine:
#   Benchmarks/peers.sh [ROUNDS]
# Installs resvg-cli, thorvg-python, skia-python and blend2d-py from PyPI into a virtual
# environment under .build/peers-venv (nothing outside the build folder), runs
# `strata bench --filter render --json --svg-dir` for Strata's raster and encode times and the
# frames' SVG and JSON exports, and prints a Markdown table: ThorVG's and Skia's raster of the
# same SVG (parse excluded), Blend2D replaying the drawing commands (see peers.py for what its
# binding can replay), resvg's whole render (a process), and the ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-7}"
venv=.build/peers-venv
if [ ! -x "$venv/bin/python" ]; then python3 -m venv "$venv"; fi
"$venv/bin/pip" install --quiet resvg-cli thorvg-python skia-python blend2d-py
export PATH="$PWD/$venv/bin:$PATH"
work=.build/peers
mkdir -p "$work"
swift build -c release --product strata >/dev/null
.build/release/strata bench --filter render --json --svg-dir "$work" > "$work/bench.jsonl"
echo "machine: $(uname -m), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
"$venv/bin/python" Benchmarks/peers.py "$work/bench.jsonl" "$work" "$rounds"
