#!/usr/bin/env bash
# Every test of the project, in order, failing fast: prerequisites, lint, typecheck, unit tests
# (vitest), build (vite), end-to-end (Playwright in the system Chromium against the real hub).
# The last line printed is a plain summary "N passed, N failed" over all test suites; the exit code
# is non-zero when any step or test failed.
set -uo pipefail

cd "$(dirname "$0")/.."
ROOT="$(pwd)"
# Outside test-results/: Playwright empties that folder when it starts.
REPORT_DIR="$(mktemp -d "${TMPDIR:-/tmp}/test-summary.XXXXXX")"
trap 'rm -rf "$REPORT_DIR"' EXIT

PASSED=0
FAILED=0

summary() {
  echo
  echo "${PASSED} passed, ${FAILED} failed"
}

step() {
  echo
  echo "==> $1"
}

# Adds the counts of one suite's JSON report (vitest or Playwright) to PASSED/FAILED.
# A report that is missing or unreadable counts as one failure: the suite did not run to the end.
count_report() {
  local kind="$1" file="$2" counts
  if ! counts="$(node scripts/count-results.mjs "$kind" "$file" 2>/dev/null)"; then
    echo "    (no readable $kind report at $file: counted as 1 failure)"
    FAILED=$((FAILED + 1))
    return
  fi
  PASSED=$((PASSED + ${counts% *}))
  FAILED=$((FAILED + ${counts#* }))
}

# A step that is not a test suite (lint, typecheck, build) counts as one failure when it fails.
fail_step() {
  echo "FAILED: $1"
  FAILED=$((FAILED + 1))
  summary
  exit 1
}

# --- prerequisites ------------------------------------------------------------------------------
step "prerequisites (Chromium, Mosquitto and its clients, ffmpeg, certutil, systemd-analyze)"
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
export CHROMIUM_PATH
find_mosquitto() {
  command -v mosquitto 2>/dev/null || { [ -x /usr/sbin/mosquitto ] && echo /usr/sbin/mosquitto; } || true
}
MISSING=()
[ -x "$CHROMIUM_PATH" ] || MISSING+=(chromium)
[ -n "$(find_mosquitto)" ] || MISSING+=(mosquitto)
# ffmpeg: the hub feeds the demo cameras' HLS with its live test source when it is present (tests of that path);
# it records clips from RTSP cameras, and the clip tests read them with ffprobe (Debian's ffmpeg package has both).
command -v ffmpeg >/dev/null 2>&1 || MISSING+=(ffmpeg)
# mosquitto_pub: Mosquitto's own client connects to the hub's MQTT over TLS (hub/tls/mqtts.test.ts).
command -v mosquitto_pub >/dev/null 2>&1 || MISSING+=(mosquitto-clients)
# certutil: the HTTPS end-to-end test makes Chromium trust the hub's CA through an NSS database.
command -v certutil >/dev/null 2>&1 || MISSING+=(libnss3-tools)
# systemd-analyze (Debian package systemd): the test of the hub's service unit runs `systemd-analyze verify`.
command -v systemd-analyze >/dev/null 2>&1 || MISSING+=(systemd)
APT_PID=""
if [ "${#MISSING[@]}" -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    # In the background while lint and typecheck run (mostly download and unpacking; ~40 s on a new
    # machine); the unit tests are the first step that needs the packages and wait for it.
    echo "installing missing packages in the background: ${MISSING[*]} (log below once done)"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update && apt-get install -y --no-install-recommends "${MISSING[@]}"; } </dev/null >"$REPORT_DIR/apt.log" 2>&1 &
    APT_PID=$!
    # Debian's mosquitto package may start a system broker; the tests start their own on free ports.
  else
    echo "Missing: ${MISSING[*]}."
    echo "Install them first, e.g. as root on Debian/Ubuntu:"
    echo "  apt-get update && apt-get install -y ${MISSING[*]}"
    echo "or point CHROMIUM_PATH at an existing Chromium binary and put mosquitto, ffmpeg and systemd-analyze on PATH."
    fail_step "prerequisites"
  fi
fi

# --- lint and typecheck (side by side: each is one process on one core) ------------------------
step "lint (npm run lint) and typecheck (npm run typecheck: app, service worker, hub + tests + bench)"
npm run --silent lint >"$REPORT_DIR/lint.log" 2>&1 &
LINT_PID=$!
npm run --silent typecheck >"$REPORT_DIR/typecheck.log" 2>&1 &
TYPECHECK_PID=$!
wait "$LINT_PID"; LINT_RC=$?
wait "$TYPECHECK_PID"; TYPECHECK_RC=$?
cat "$REPORT_DIR/lint.log" "$REPORT_DIR/typecheck.log"

if [ -n "$APT_PID" ]; then
  step "prerequisites: waiting for apt-get install ${MISSING[*]}"
  wait "$APT_PID"; APT_RC=$?
  tail -n 15 "$REPORT_DIR/apt.log"
  [ "$APT_RC" -eq 0 ] || { cat "$REPORT_DIR/apt.log"; fail_step "apt-get install ${MISSING[*]}"; }
fi
[ "$LINT_RC" -eq 0 ] || fail_step "lint"
[ "$TYPECHECK_RC" -eq 0 ] || fail_step "typecheck"
[ -x "$CHROMIUM_PATH" ] || fail_step "Chromium not found at $CHROMIUM_PATH (set CHROMIUM_PATH)"
MOSQUITTO_BIN="$(find_mosquitto)"
[ -n "$MOSQUITTO_BIN" ] || fail_step "mosquitto not found on PATH or in /usr/sbin"
export MOSQUITTO_BIN
echo "chromium: $CHROMIUM_PATH"
echo "mosquitto: $MOSQUITTO_BIN"
command -v ffmpeg >/dev/null 2>&1 || fail_step "ffmpeg not found on PATH"
command -v mosquitto_pub >/dev/null 2>&1 || fail_step "mosquitto_pub not found on PATH (Debian package mosquitto-clients)"
command -v certutil >/dev/null 2>&1 || fail_step "certutil not found on PATH (Debian package libnss3-tools)"
echo "ffmpeg: $(command -v ffmpeg)"

# --- unit tests ---------------------------------------------------------------------------------
step "unit tests (vitest run)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$REPORT_DIR/vitest.json"
UNIT_RC=$?
count_report vitest "$REPORT_DIR/vitest.json"
[ "$UNIT_RC" -eq 0 ] || { echo "FAILED: unit tests"; summary; exit 1; }

# --- build --------------------------------------------------------------------------------------
step "build (vite build, then the hub: scripts/build-hub.ts)"
npm run build || fail_step "build"

# --- end-to-end ---------------------------------------------------------------------------------
step "end-to-end (playwright test, Chromium at $CHROMIUM_PATH)"
# Two runs: the "e2e" project on parallel workers (E2E_WORKERS, default 3; each worker has its own
# hub), then the "timing" project alone, so its long-task figures are not distorted by another worker.
PLAYWRIGHT_JSON_OUTPUT_NAME="$REPORT_DIR/playwright.json" \
  npx playwright test --project=e2e --reporter=list,json
E2E_RC=$?
count_report playwright "$REPORT_DIR/playwright.json"
PLAYWRIGHT_JSON_OUTPUT_NAME="$REPORT_DIR/playwright-timing.json" \
  npx playwright test --project=timing --workers=1 --reporter=list,json
TIMING_RC=$?
count_report playwright "$REPORT_DIR/playwright-timing.json"
[ "$TIMING_RC" -eq 0 ] || E2E_RC=$TIMING_RC

summary
if [ "$E2E_RC" -ne 0 ] || [ "$FAILED" -ne 0 ]; then
  exit 1
fi
exit 0
