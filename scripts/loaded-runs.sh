#!/usr/bin/env bash
# The flake check of docs/RELIABILITY.md: clones HEAD of this repository into an empty folder,
# installs it as CI does, then runs `npm test` N times in a row (default 5) while two busy loops
# keep both cores of a small machine at 100 %. Prints one line per run and a summary; the logs stay
# in the clone's loaded-runs/ folder. Exit status: 0 when every run passed.
#
#   scripts/loaded-runs.sh [runs] [what]    # what: test (default) or test:unit
set -uo pipefail
runs="${1:-5}"
what="${2:-test}"
src="$(cd "$(dirname "$0")/.." && pwd)"
dir="$(mktemp -d /tmp/okf-loaded-XXXXXX)"
git clone -q "$src" "$dir/repo" || exit 1
cd "$dir/repo" || exit 1
export ELECTRON_SKIP_BINARY_DOWNLOAD=1 CI=true
npm ci --no-audit --no-fund >"$dir/install.log" 2>&1 || { echo "install failed: $dir/install.log"; exit 1; }
mkdir -p loaded-runs
busy() { while :; do :; done; }
busy & b1=$!
busy & b2=$!
trap 'kill $b1 $b2 2>/dev/null' EXIT
echo "clone $(git rev-parse --short HEAD) in $dir/repo; $runs run(s) of npm run $what, two busy loops"
failed=0
for i in $(seq 1 "$runs"); do
  start=$(date +%s)
  npm run "$what" >"loaded-runs/run-$i.log" 2>&1
  rc=$?
  secs=$(( $(date +%s) - start ))
  # vitest's and Playwright's own summary lines, stripped of colour.
  summary=$(sed 's/\x1b\[[0-9;]*m//g' "loaded-runs/run-$i.log" | grep -E '^ +Tests +[0-9]|^ +[0-9]+ (passed|failed|flaky|skipped)' | tr -s ' ' | paste -sd ';' -)
  echo "run $i: exit $rc in ${secs} s — $summary"
  [ $rc -eq 0 ] || failed=$((failed + 1))
done
echo "$failed of $runs run(s) failed; logs in $dir/repo/loaded-runs"
[ $failed -eq 0 ]
