#!/usr/bin/env python3
"""Plays two `mancala-cli` binaries against each other at equal time per move.

Usage: versus.py A B [--variant kalah] [--movetime 200] [--pairs 10] [--seed 1]

Each pair of games starts from the same random two-ply opening, A playing South in one
and North in the other; each move is `analyze --movetime` of the side to move, in a
fresh process (so neither keeps a table between moves). Reports A's score and margin.
Used to measure one version of the engine against another (issue 16): run it on a quiet
machine, or at least with both sides under the same load (they alternate move by move).
"""
import argparse, json, random, subprocess

def cli(binary, *args):
    out = subprocess.run([binary, *args], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)

def play(players, variant, opening, movetime):
    moves = list(opening)
    while True:
        pos = cli(players[0], "show", "--variant", variant, "--moves", " ".join(moves), "--json")
        if pos["over"]:
            return pos
        mover = players[pos["to_move"]]
        best = cli(mover, "analyze", "--variant", variant, "--moves", " ".join(moves),
                   "--movetime", str(movetime), "--json")["best"]
        moves.append(str(best))

def main():
    p = argparse.ArgumentParser()
    p.add_argument("a"); p.add_argument("b")
    p.add_argument("--variant", default="kalah")
    p.add_argument("--movetime", type=int, default=200)
    p.add_argument("--pairs", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    rng = random.Random(args.seed)
    points = margin = games = 0
    for _ in range(args.pairs):
        opening = []
        for _ in range(2):
            pos = cli(args.a, "show", "--variant", args.variant, "--moves", " ".join(opening), "--json")
            opening.append(str(rng.choice(pos["legal"])))
        for a_side in (0, 1):
            players = [args.a, args.b] if a_side == 0 else [args.b, args.a]
            end = play(players, args.variant, opening, args.movetime)
            diff = end["stores"][a_side] - end["stores"][1 - a_side]
            points += 1 if diff > 0 else 0.5 if diff == 0 else 0
            margin += diff
            games += 1
            print(f"game {games}: opening {' '.join(opening)}, A as {'South' if a_side == 0 else 'North'}: {diff:+d}", flush=True)
    print(json.dumps({"games": games, "a_points": points, "a_score": points / games,
                      "a_margin": margin / games}))

main()
