#!/usr/bin/env bash
# Fuzz one parser of untrusted bytes with libFuzzer and AddressSanitizer, from the toolchain.
#
#   Fuzz/run.sh TARGET SECONDS     e.g. Fuzz/run.sh png 600
#
# Targets: png, png-structured, font, font-structured, script, options, jpeg, svg, spec, preview.
# Budgets: an input that takes over 1 s (-timeout=1) or allocates over 256 MB at once
# (-malloc_limit_mb=256) is a finding, as is a process that grows past 1 GB (-rss_limit_mb:
# AddressSanitizer's shadow memory and quarantine alone take a few hundred MB), a leak, or any
# memory error. Findings go to Fuzz/Findings/TARGET-*; make each
# one a regression test. New corpus entries go to .build/fuzz/corpus/TARGET (not committed);
# the small seed corpora are in Fuzz/Corpus/TARGET.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:?usage: Fuzz/run.sh TARGET SECONDS}"
seconds="${2:?usage: Fuzz/run.sh TARGET SECONDS}"
source="Fuzz/Targets/${target}.swift"
[ -f "$source" ] || { echo "no fuzz target '$target' (see Fuzz/Targets)" >&2; exit 2; }

build=.build/fuzz
flags=(-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
# The libraries, instrumented for coverage and checked by AddressSanitizer.
modules=(Strata StrataRender)
libraries=(-lz)
if [ "$target" = options ]; then modules+=(StrataExamples StrataCommand); fi
if [ "$target" = preview ]; then modules+=(StrataPreview); fi
if [ "$target" = jpeg ] || [ "$target" = svg ] || [ "$target" = spec ]; then
  modules+=(CJPEG StrataAssets)
  if [ "$target" = spec ]; then modules+=(StrataSpec); fi
  libraries+=(-ljpeg -Xcc -fmodule-map-file=".build/fuzz/release/CJPEG.build/module.modulemap")
fi
for m in "${modules[@]}"; do
  swift build -c release --build-path "$build" "${flags[@]}" --target "$m" >/dev/null
done
release="$build/release"
objects=()
for m in "${modules[@]}"; do objects+=("$release/$m.build"/*.o); done
swiftc -O -parse-as-library -sanitize=fuzzer,address -I "$release/Modules" \
  -I Sources/CZlib -I Sources/CJPEG/include Fuzz/Targets/Support.swift "$source" \
  "${objects[@]}" "${libraries[@]}" \
  -o "$build/fuzz-$target"

mkdir -p "$build/corpus/$target" Fuzz/Findings
ASAN_OPTIONS="quarantine_size_mb=16:detect_leaks=1" \
"$build/fuzz-$target" "$build/corpus/$target" "Fuzz/Corpus/$target" \
  -max_total_time="$seconds" -timeout=1 -rss_limit_mb=1024 -malloc_limit_mb=256 \
  -artifact_prefix="Fuzz/Findings/$target-" -print_final_stats=1 2>&1 | grep -v "ld.gold" | tail -n 30
