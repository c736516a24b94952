#!/usr/bin/env bash
# Runs every benchmark and prints its figures (DESIGN.md §6). Builds the dashboard first unless
# BENCH_SKIP_BUILD=1. Benchmarks print numbers; they do not pass or fail. Record results in
# docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${BENCH_SKIP_BUILD:-0}" != "1" ]; then
  echo "==> build (vite build, the hub bundle)"
  npm run build >/dev/null
fi
echo "==> bench/bundle-size.ts"
npx tsx bench/bundle-size.ts
echo "==> bench/lighthouse.ts"
npx tsx bench/lighthouse.ts
echo "==> bench/live-ingest.ts"
npx tsx bench/live-ingest.ts
if [ -f bench/offline-boot.ts ]; then
  echo "==> bench/offline-boot.ts"
  npx tsx bench/offline-boot.ts
fi
echo "==> bench/hub-start.ts"
npx tsx bench/hub-start.ts
echo "==> bench/command-loop.ts"
npx tsx bench/command-loop.ts
echo "==> bench/calendar-parse.ts"
npx tsx bench/calendar-parse.ts
