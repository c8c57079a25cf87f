#!/usr/bin/env bash
# Sudoku variants side by side with Simon Tatham's Solo (dev only; never part of the tests).
# Installs sgt-puzzles from Debian if needed, builds puzzlebook, and prints the time per
# puzzle of each (one thread, process start included, N puzzles per run) and the ratio.
#   benches/peers_variants.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-200}
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

compare() { # label, count, solo params, puzzlebook args...
  local label=$1 count=$2 params=$3; shift 3
  local theirs ours
  theirs=$(seconds "$solo" --generate "$count" "$params")
  ours=$(seconds "$bin" sudoku generate -n "$count" --jobs 1 --seed bench "$@")
  printf '%-40s solo %8.2f ms  puzzlebook %8.2f ms  ratio %6.1fx\n' "$label" \
    "$(echo "1000 * $theirs / $count" | bc -l)" "$(echo "1000 * $ours / $count" | bc -l)" \
    "$(echo "$theirs / $ours" | bc -l)"
}

# Solo's levels: trivial = hidden singles in boxes, basic = hidden and naked singles
# (our easy is hidden singles anywhere, ≤ 1.5; medium reaches naked singles, 2.3).
compare "6x6 trivial / easy" "$(( n * 10 ))" 2x3dt --size 6x6 --tier easy
compare "12x12 trivial (Solo's default) / easy" "$n" 3x4dt --size 12x12 --tier easy
compare "12x12 basic / medium" "$n" 3x4db --size 12x12 --tier medium
compare "12x12 basic / minimal (any rating)" "$n" 3x4db --size 12x12
compare "9x9 X unreasonable / x minimal" "$n" 3x3xdu --variant x
compare "9 jigsaw intermediate / jigsaw" "$n" 9jdi --variant jigsaw
compare "16x16 extreme / expert" "$(( n / 20 + 1 ))" 4x4de --size 16x16 --tier expert
