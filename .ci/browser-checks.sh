#!/usr/bin/env bash
# Exports example books as web pages and checks them in a real browser (Debian's chromium,
# driven by playwright-core from .ci/browser). Fails, never skips, when chromium, node or the
# node modules are missing. Usage: .ci/browser-checks.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."

out="${1:-target/browser-checks}"
mkdir -p "$out"
chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  echo "error: no browser at $chromium (apt-get install -y chromium)" >&2
  exit 1
fi
command -v node >/dev/null || { echo "error: node is missing (apt-get install -y nodejs npm)" >&2; exit 1; }
if [ ! -d .ci/browser/node_modules/playwright-core ]; then
  echo "error: playwright-core is missing (cd .ci/browser && npm ci)" >&2
  exit 1
fi

puzzlebook="${PUZZLEBOOK:-target/release/puzzlebook}"
"$puzzlebook" export examples/weekly.toml --to "$out" --format html
"$puzzlebook" export examples/mushikui-drill.toml --to "$out" --format html
"$puzzlebook" export examples/variety.toml --to "$out" --format html
"$puzzlebook" export examples/killer.toml --to "$out" --format html
CHROMIUM="$chromium" node .ci/browser/check.mjs "$out" "$out/weekly.html" "$out/mushikui-drill.html" \
  "$out/variety.html" "$out/killer.html"
