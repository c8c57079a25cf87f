#!/usr/bin/env bash
# Side-by-side timings against peer tools (dev only; never part of the test suite).
# Installs the peers from Debian if needed, builds puzzlebook, and prints wall and CPU times.
#   benches/peers.sh            # sudoku solve and generate vs QQWing
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v qqwing >/dev/null; then
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get install -y qqwing >/dev/null
fi
cargo build --release --quiet
bin=target/release/puzzlebook
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# ~9,000 hard puzzles: the SE >= 7 ones of the reference set, repeated.
awk '!/^#/ && $2 >= 7 {print $1}' tests/data/se-rated.txt > "$work/hard.txt"
for _ in $(seq 10); do cat "$work/hard.txt"; done > "$work/hard10.txt"
count=$(wc -l < "$work/hard10.txt")

timed() { # label, command...
  local label=$1; shift
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null
  end=$(date +%s.%N)
  echo "$(echo "$end - $start" | bc)"
}

best_of() { # runs, label, command...
  local runs=$1; shift; local best=999999
  for _ in $(seq "$runs"); do
    local t; t=$(timed "$@")
    best=$(echo "if ($t < $best) $t else $best" | bc)
  done
  echo "$best"
}

echo "solve: $count hard puzzles (SE >= 7)"
q=$(best_of 3 qqwing sh -c "qqwing --solve < $work/hard10.txt")
qc=$(best_of 3 qqwing sh -c "qqwing --solve --count-solutions < $work/hard10.txt")
p1=$(best_of 5 ours $bin sudoku solve --jobs 1 "$work/hard10.txt")
p2=$(best_of 5 ours $bin sudoku solve "$work/hard10.txt")
printf '  qqwing --solve          %8.3f s\n' "$q"
printf '  qqwing --count-solutions %7.3f s  (also proves uniqueness)\n' "$qc"
printf '  puzzlebook --jobs 1     %8.3f s  (%.0fx; %.0fx counting)\n' "$p1" "$(echo "$q / $p1" | bc -l)" "$(echo "$qc / $p1" | bc -l)"
printf '  puzzlebook (all cores)  %8.3f s  (%.0fx)\n' "$p2" "$(echo "$q / $p2" | bc -l)"

echo "generate: 1000 puzzles, no symmetry, single thread"
q=$(best_of 3 qqwing qqwing --generate 1000 --difficulty any --symmetry none)
p1=$(best_of 5 ours $bin sudoku generate -n 1000 --symmetry none --jobs 1)
printf '  qqwing --generate       %8.3f s\n' "$q"
printf '  puzzlebook --jobs 1     %8.3f s  (%.0fx)\n' "$p1" "$(echo "$q / $p1" | bc -l)"
