#!/usr/bin/env python3
"""Killer ratings against Simon Tatham's Solo levels (dev only; never part of the tests).

Generates killers with Solo at each of its levels, converts Solo's game descriptions to
puzzlebook killer lines, grades them with `puzzlebook sudoku grade`, and prints the median
rating per level and the Spearman rank correlation between level and rating. Needs
sgt-puzzles (Debian) and a release build (`cargo build --release`).

    benches/killer_levels.py [PUZZLES_PER_LEVEL]

Solo's description of a 9x9 killer is `GIVENS,BLOCKS,SUMS`:
- GIVENS and SUMS list cells in reading order: a letter is a run of empty cells (a = 1 ...
  z = 26), numbers are values, `_` separates two numbers that follow each other;
- BLOCKS walks the internal cell edges (first the vertical ones, row by row; then the
  horizontal ones, column by column): a letter is a run of edges inside a cage (a = 1 ...
  y = 25) followed by one cage wall, `_` is a wall with no run before it, `z` is 25 edges
  inside a cage and no wall.
Each cage's sum is the number at one of its cells.
"""

import statistics
import subprocess
import sys
from pathlib import Path

SOLO = "/usr/games/sgt-solo"
LEVELS = [("b", "basic"), ("i", "intermediate"), ("a", "advanced"), ("e", "extreme"), ("u", "unreasonable")]
SIDE = 9
LABELS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def cells_of(encoded):
    """Reading-order values (0 for empty) of a GIVENS or SUMS part."""
    values, number = [], ""
    for char in encoded:
        if char.isdigit():
            number += char
            continue
        if number:
            values.append(int(number))
            number = ""
        if char.isalpha():
            values.extend([0] * (ord(char) - ord("a") + 1))
    if number:
        values.append(int(number))
    return values


def cages_of(encoded):
    """The cage of each cell, from the BLOCKS part."""
    walls = []
    for char in encoded:
        if char == "_":
            walls.append(True)
        elif char == "z":
            walls.extend([False] * 25)
        else:
            walls.extend([False] * (ord(char) - ord("a") + 1))
            walls.append(True)
    inner = SIDE * (SIDE - 1)
    parent = list(range(SIDE * SIDE))

    def find(cell):
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    for index in range(2 * inner):
        if walls[index]:
            continue
        if index < inner:
            row, column = divmod(index, SIDE - 1)
            a, b = row * SIDE + column, row * SIDE + column + 1
        else:
            column, row = divmod(index - inner, SIDE - 1)
            a, b = row * SIDE + column, (row + 1) * SIDE + column
        parent[find(a)] = find(b)
    return [find(cell) for cell in range(SIDE * SIDE)]


def killer_line(description):
    givens, blocks, sums = description.split(",")
    values = cells_of(givens)
    cages = cages_of(blocks)
    numbers = cells_of(sums)
    labels, order, cage_sums = {}, [], {}
    for cell, cage in enumerate(cages):
        if cage not in labels:
            labels[cage] = LABELS[len(labels)]
            order.append(cage)
        if numbers[cell]:
            cage_sums[cage] = numbers[cell]
    grid = "".join(str(v) if v else "." for v in values)
    layout = "".join(labels[cage] for cage in cages)
    return f"killer:{grid}:{layout}:{','.join(str(cage_sums[cage]) for cage in order)}"


def spearman(xs, ys):
    def ranks(values):
        order = sorted(range(len(values)), key=lambda i: values[i])
        result = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                result[order[k]] = (i + j) / 2 + 1
            i = j + 1
        return result

    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.mean(rx), statistics.mean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    return cov / (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    binary = Path(__file__).resolve().parent.parent / "target/release/puzzlebook"
    levels, ratings = [], []
    for index, (code, name) in enumerate(LEVELS):
        # The hardest levels take seconds per puzzle in Solo: fewer of them.
        n = count if index < 3 else max(2, count // 4)
        out = subprocess.run([SOLO, "--generate", str(n), f"3x3kd{code}"], capture_output=True, text=True, check=True)
        lines = [killer_line(line.split(":", 1)[1]) for line in out.stdout.split()]
        graded = subprocess.run([str(binary), "sudoku", "grade", "--jobs", "1"], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
        found = [float(line.split()[1]) for line in graded.stdout.splitlines()]
        assert len(found) == len(lines), graded.stderr
        levels.extend([index] * len(found))
        ratings.extend(found)
        print(f"{name:13} {len(found):3} puzzles  median {statistics.median(found):4.1f}  range {min(found):.1f}-{max(found):.1f}")
    print(f"Spearman rank correlation (level, rating): {spearman(levels, ratings):.2f}")


if __name__ == "__main__":
    main()
