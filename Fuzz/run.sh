#!/usr/bin/env bash
# Fuzz one parser of untrusted bytes with libFuzzer and AddressSanitizer, from the toolchain.
#
#   Fuzz/run.sh TARGET SECONDS     e.g. Fuzz/run.sh png 600
#   Fuzz/run.sh --all SECONDS      builds every target, then runs each for SECONDS
#   Fuzz/run.sh --check            builds every target, then runs each on its seed corpus and
#                                  500 mutations from a fixed seed: the same inputs every time,
#                                  so it fails only when a target no longer builds, links or
#                                  survives them (what CI runs)
#
# Targets: every file in Fuzz/Targets but Support.swift (png, png-structured, font,
# font-structured, script, options, jpeg, jpeg-header, svg, svg-css, lottie, spec, preview,
# records).
# Budgets: an input that takes over 1 s (-timeout=1) or allocates over 256 MB at once
# (-malloc_limit_mb=256) is a finding, as is a process that grows past 1 GB (-rss_limit_mb:
# AddressSanitizer's shadow memory and quarantine alone take a few hundred MB), a leak, or any
# memory error. Findings go to Fuzz/Findings/TARGET-*; make each
# one a regression test. New corpus entries go to .build/fuzz/corpus/TARGET (not committed);
# the small seed corpora are in Fuzz/Corpus/TARGET.
set -euo pipefail
cd "$(dirname "$0")/.."

build=.build/fuzz
release="$build/release"
flags=(-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)

# The modules a target links, in dependency order (each built instrumented, objects linked).
modules_for() {
  local m=(Strata StrataFiles CStrataKernels StrataIO StrataText StrataRaster StrataRender)
  case "$1" in
    options) m+=(CJPEG StrataJSON StrataAssets StrataExamples StrataSpec StrataRecords StrataPreview StrataHost StrataCommand) ;;
    preview) m+=(StrataHost StrataPreview) ;;
    jpeg | jpeg-header | svg | svg-css | lottie) m+=(CJPEG StrataJSON StrataAssets) ;;
    spec) m+=(CJPEG StrataJSON StrataAssets StrataSpec) ;;
    records) m+=(StrataRecords) ;;
  esac
  echo "${m[@]}"
}

# Builds the instrumented modules (once: SwiftPM builds what changed) and links one target.
link() {
  local target="$1" source="Fuzz/Targets/$1.swift"
  [ -f "$source" ] || { echo "no fuzz target '$target' (see Fuzz/Targets)" >&2; exit 2; }
  local modules
  read -r -a modules <<<"$(modules_for "$target")"
  for m in "${modules[@]}"; do
    swift build -c release --build-path "$build" "${flags[@]}" --target "$m" >/dev/null
  done
  local objects=() libraries=(-lz)
  for m in "${modules[@]}"; do objects+=("$release/$m.build"/*.o); done
  # The C modules' maps, which SwiftPM writes beside their objects.
  for m in CStrataKernels CJPEG; do
    if [[ " ${modules[*]} " == *" $m "* ]]; then
      libraries+=(-Xcc -fmodule-map-file="$release/$m.build/module.modulemap")
    fi
  done
  if [[ " ${modules[*]} " == *" CJPEG "* ]]; then libraries+=(-ljpeg); fi
  swiftc -O -parse-as-library -sanitize=fuzzer,address -I "$release/Modules" \
    -I Sources/CZlib -I Sources/CJPEG/include -I Sources/CStrataKernels/include \
    Fuzz/Targets/Support.swift "$source" "${objects[@]}" "${libraries[@]}" \
    -o "$build/fuzz-$target" 2>&1 | grep -v "ld.gold" || true
  [ -x "$build/fuzz-$target" ] || { echo "fuzz target '$target' did not link" >&2; exit 1; }
}

# Runs one linked target for SECONDS with its corpus; fails on any finding.
fuzz() {
  local target="$1" seconds="$2"
  mkdir -p "$build/corpus/$target" Fuzz/Findings "Fuzz/Corpus/$target"
  ASAN_OPTIONS="quarantine_size_mb=16:detect_leaks=1" \
  "$build/fuzz-$target" "$build/corpus/$target" "Fuzz/Corpus/$target" \
    -max_total_time="$seconds" -timeout=1 -rss_limit_mb=1024 -malloc_limit_mb=256 \
    -artifact_prefix="Fuzz/Findings/$target-" -print_final_stats=1 2>&1 | grep -v "ld.gold" | tail -n 30
  return "${PIPESTATUS[0]}"
}

if [ "${1:-}" = "--all" ] || [ "${1:-}" = "--check" ]; then
  mode="$1"
  [ "$mode" = --check ] || seconds="${2:?usage: Fuzz/run.sh --all SECONDS}"
  targets=()
  for f in Fuzz/Targets/*.swift; do
    t="$(basename "$f" .swift)"
    [ "$t" = Support ] || targets+=("$t")
  done
  for t in "${targets[@]}"; do
    rm -f "$build/fuzz-$t"
    link "$t"
  done
  failed=()
  for t in "${targets[@]}"; do
    if [ "$mode" = --check ]; then
      # The seeds only (no corpus grown by earlier runs), then fixed-seed mutations; what it
      # finds new goes to an empty folder of its own, never into the committed seeds.
      rm -rf "$build/check-corpus-$t" && mkdir -p "$build/check-corpus-$t"
      run=(env ASAN_OPTIONS="quarantine_size_mb=16:detect_leaks=1" "$build/fuzz-$t"
        "$build/check-corpus-$t" "Fuzz/Corpus/$t"
        -seed=1 -runs=500 -timeout=10 -rss_limit_mb=1024 -malloc_limit_mb=256
        -artifact_prefix="$build/check-$t-")
    else
      run=(fuzz "$t" "$seconds")
    fi
    if "${run[@]}" >"$build/last-$t.log" 2>&1; then
      echo "fuzz $t: $(grep -E '^(stat::number_of_executed_units|Done)' "$build/last-$t.log" | tr '\n' ' ')"
    else
      echo "fuzz $t: FAILED"; tail -n 30 "$build/last-$t.log"; failed+=("$t")
    fi
  done
  [ ${#failed[@]} -eq 0 ] || { echo "fuzz findings in: ${failed[*]}" >&2; exit 1; }
  exit 0
fi

target="${1:?usage: Fuzz/run.sh TARGET SECONDS}"
seconds="${2:?usage: Fuzz/run.sh TARGET SECONDS}"
rm -f "$build/fuzz-$target"
link "$target"
fuzz "$target" "$seconds"
