#!/usr/bin/env bash
# Killer sudoku side by side with Simon Tatham's Solo (dev only; never part of the tests).
# Installs sgt-puzzles from Debian if needed, builds puzzlebook, and prints the time per
# puzzle of each (one thread, process start included, N puzzles per run) and the ratio.
# Each Solo level is set beside the puzzlebook tier nearest to it (basic–easy,
# intermediate–medium, advanced–hard, extreme–expert; the levels are each grader's own).
#   benches/peers_killer.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-50}
solo=/usr/games/sgt-solo
if [ ! -x "$solo" ]; then
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get install -y sgt-puzzles >/dev/null
fi
cargo build --release --quiet
bin=target/release/puzzlebook

seconds() { # command... ; prints wall seconds
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

for pair in b:easy i:medium a:hard e:expert; do
  level=${pair%%:*} tier=${pair#*:}
  count=$n
  [ "$level" = e ] && count=$(( n < 5 ? n : 5 ))  # Solo's extreme takes seconds each
  ours=$(seconds "$bin" sudoku generate --variant killer -n "$count" --jobs 1 --seed bench --tier "$tier")
  theirs=$(seconds "$solo" --generate "$count" "3x3kd$level")
  printf 'Solo 3x3kd%s %9.2f ms  puzzlebook --tier %-6s %8.2f ms  ratio %6.1fx\n' "$level" \
    "$(echo "1000 * $theirs / $count" | bc -l)" "$tier" "$(echo "1000 * $ours / $count" | bc -l)" \
    "$(echo "$theirs / $ours" | bc -l)"
done
