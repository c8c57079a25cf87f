#!/usr/bin/env bash
# Killer sudoku side by side with Simon Tatham's Solo (dev only; never part of the tests).
# Installs sgt-puzzles from Debian if needed, builds puzzlebook, and prints the time per
# puzzle of each (one thread, process start included, N puzzles per run) and the ratio.
# Solo's levels are its own grader's; puzzlebook's killers have no grader yet, so each is
# compared with the same default puzzlebook killer (27 cages, no givens).
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

ours=$(seconds "$bin" sudoku generate --variant killer -n "$n" --jobs 1 --seed bench)
for level in b i a; do
  theirs=$(seconds "$solo" --generate "$n" "3x3kd$level")
  printf 'Solo 3x3kd%s %8.2f ms  puzzlebook killer %8.2f ms  ratio %6.1fx\n' "$level" \
    "$(echo "1000 * $theirs / $n" | bc -l)" "$(echo "1000 * $ours / $n" | bc -l)" \
    "$(echo "$theirs / $ours" | bc -l)"
done
