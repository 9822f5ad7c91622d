#!/usr/bin/env python3
"""Plays our `mancala-cli` against an open peer engine at equal time per move.

Usage:
  peers.py --ours PATH_TO_mancala-cli --peer cmancala:PATH_TO_Mancala --variant kalah
           [--movetime 200] [--pairs 10] [--seed 1] [--rule NAME=VALUE]...
  peers.py --ours PATH_TO_mancala-cli --peer aalina:COMMAND --variant oware
           [--peer-check COMMAND] ...

Peers (built outside this repository; nothing of theirs lives here):
  cmancala  CMancala (Kalah, C), driven through its terminal interface: config
            `time S`, one side `player N ai`, the other `human`, `autoplay false`;
            the opening position is given with `load CODE`, then every ply is a
            `step` (our moves typed at its prompt in its numbering). After every ply
            its own board (`render`) is compared with our `show`.
  aalina    Aalina (Aualé's Oware engine, Java), driven through its UCI dialect:
            `uci`, `setoption name OwnBook value ...`, `ucinewgame`, then per move
            `position startpos moves AfBc...` and `go movetime MS`; the depth is the
            last `info depth N` before `bestmove`. COMMAND is split like a shell
            line. `--peer-check COMMAND` (optional) names a peer-side replay tool that
            reads a record in Aalina's notation and prints Aalina's own board, legal
            moves and end flag after every ply; each game is compared ply by ply.
            `--peer-keep` starts one Aalina for the whole match (`ucinewgame` between
            games) and `--peer-warmup MS` has it search the start position first: a
            JVM started for every game runs its search slower until its JIT has
            compiled it, which at 100 ms a move costs it the first part of each game.

Each pair of games starts from the same random two-ply opening (random.Random(seed)
among `show`'s legal moves), ours South in one game and North in the other;
`--first-pair K` starts at the K-th opening of the seed, to finish a match cut off. Each side
keeps one process per game, its transposition table living through the game as the
app's does: ours is `mancala-cli engine` (`moves RECORD`, `go movetime MS`), or with
`--ours-mode fresh` `analyze --movetime` in a new process per move. Every move of both
sides is checked against `show`'s `legal` list, and the end
of the game and the final stores come from our `show` (our rules: docs/rules.md). An
illegal peer move, a board that disagrees with ours, or a protocol failure stops the
match with an error (exit code 2).

Notation: ours is house 1..6 from the owner's left (rules.md). CMancala numbers Player
1 (= South, moves first) 1..6 the same way, and Player 2 (= North) 1..6 from the
other end: its number n is our North house 7-n. Aalina writes South houses A..F and
North houses a..f, both in sowing order: our house h is letter h.

Prints one line per game, then one JSON line with the totals. `--verbose` adds every
move (its depth, time and the mover's score: ours in seeds, Aalina's in its own units,
25 a seed) and each game's record, to replay a game with `mancala-cli show` or
`analyze --moves`.
"""
import argparse, json, os, random, re, select, shlex, subprocess, sys, tempfile, time


class MatchError(Exception):
    pass


# ---------------------------------------------------------------- our side

class Ours:
    """Our engine: `mancala-cli engine`, one process (and so one transposition table and
    one read of the endgame tables) per game, as the app keeps its searcher and as the
    peer keeps its process; or, with `--ours-mode fresh`, `analyze` in a new process
    every move (no table kept between moves)."""

    def __init__(self, path, variant, rules, extra, mode):
        self.path, self.variant, self.extra, self.mode = path, variant, list(extra), mode
        self.game_args = ["--variant", variant]
        for r in rules:
            self.game_args += ["--rule", r]
        self.proc = None

    def run(self, *args):
        out = subprocess.run([self.path, *args], capture_output=True, text=True)
        if out.returncode != 0:
            raise MatchError(f"mancala-cli {' '.join(args)} failed ({out.returncode}): {out.stderr.strip()}")
        return json.loads(out.stdout)

    def show(self, moves):
        return self.run("show", *self.game_args, "--moves", " ".join(map(str, moves)), "--json")

    def new_game(self):
        if self.mode == "engine":
            self.proc = Proc([self.path, "engine", *self.game_args, *self.extra], "mancala-cli engine")

    def end_game(self):
        if self.proc:
            self.proc.close("quit")
            self.proc = None

    def ask(self, line, timeout):
        self.proc.send(line)
        answer = json.loads(self.proc.read_line(timeout))
        if "error" in answer:
            raise MatchError(f"mancala-cli engine refused {line!r}: {answer['error']}")
        return answer

    def analyze(self, moves, movetime):
        record = " ".join(map(str, moves))
        t0 = time.monotonic()
        if self.proc:
            self.ask(f"moves {record}", 60)
            res = self.ask(f"go movetime {movetime}", max(60.0, 20 * movetime / 1000))
        else:
            res = self.run("analyze", *self.game_args, "--moves", record,
                           "--movetime", str(movetime), *self.extra, "--json")
        self.last_engine_seconds = res.get("seconds") or 0.0
        self.last_score = res.get("score")
        return res["best"], res.get("depth"), time.monotonic() - t0


# ---------------------------------------------------------------- process plumbing

class Proc:
    """A peer process with a byte reader that works with or without newlines."""

    def __init__(self, argv, name):
        self.name = name
        self.err = tempfile.TemporaryFile()
        try:
            self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=self.err, bufsize=0)
        except OSError as e:
            raise MatchError(f"{name}: cannot start {argv}: {e}")
        self.buf = b""
        self.transcript = []

    def send(self, line):
        self.transcript.append("<< " + line)
        try:
            self.p.stdin.write((line + "\n").encode())
            self.p.stdin.flush()
        except (BrokenPipeError, OSError):
            raise MatchError(f"{self.name}: process died (sending {line!r}){self.stderr_tail()}")

    def _fill(self, deadline):
        left = deadline - time.monotonic()
        if left <= 0:
            raise MatchError(f"{self.name}: no answer in time; last output: {self.buf[-300:]!r}")
        r, _, _ = select.select([self.p.stdout], [], [], left)
        if not r:
            raise MatchError(f"{self.name}: no answer in time; last output: {self.buf[-300:]!r}")
        chunk = os.read(self.p.stdout.fileno(), 65536)
        if not chunk:
            raise MatchError(f"{self.name}: process exited (code {self.p.poll()}); "
                             f"last output: {self.buf[-300:]!r}{self.stderr_tail()}")
        self.buf += chunk

    def read_line(self, timeout):
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buf:
            self._fill(deadline)
        line, self.buf = self.buf.split(b"\n", 1)
        line = line.decode("utf-8", "replace").rstrip("\r")
        self.transcript.append(">> " + line)
        return line

    def read_until_prompt(self, prompts, timeout):
        """Reads complete lines until the buffer holds one of `prompts` (an unterminated
        line). Returns (lines, prompt)."""
        deadline = time.monotonic() + timeout
        lines = []
        while True:
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                line = line.decode("utf-8", "replace").rstrip("\r")
                self.transcript.append(">> " + line)
                lines.append(line)
            for p in prompts:
                if self.buf.startswith(p.encode()):
                    self.buf = self.buf[len(p):]
                    return lines, p
            self._fill(deadline)

    def stderr_tail(self):
        try:
            self.err.seek(0)
            t = self.err.read().decode("utf-8", "replace").strip()
            return f"; stderr: {t[-500:]}" if t else ""
        except Exception:
            return ""

    def close(self, quit_line):
        try:
            if self.p.poll() is None:
                self.p.stdin.write((quit_line + "\n").encode())
                self.p.stdin.flush()
                self.p.wait(3)
        except Exception:
            pass
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait()
        self.err.close()


# ---------------------------------------------------------------- CMancala (Kalah)

C_PROMPTS = ("(C) << ", "(G) << ", "(P) << ")


def cmancala_code(pos):
    """CMancala's `encode` format: bit 0 the player to move (1 = Player 1 = South), then
    cells 0..13 (South houses, South store, North houses, North store) 8 bits each from
    bit 1; 32 hex digits with the first 5 dropped (so the North store must be < 8)."""
    south, north = pos["houses"]
    cells = list(south) + [pos["stores"][0]] + list(north) + [pos["stores"][1]]
    if cells[13] >= 8 or any(c > 255 for c in cells):
        raise MatchError(f"position not expressible in CMancala's load code: {cells}")
    v = 1 if pos["to_move"] == 0 else 0
    for i, c in enumerate(cells):
        v |= c << (1 + 8 * i)
    return ("%032x" % v)[5:]


def parse_cmancala_board(lines):
    """From a `render`: ([South 1..6], [North 1..6]), [south store, north store], side
    marked to move (0, 1 or None)."""
    rows, stores, marks = [], None, []
    for line in lines:
        body = line.split(">> ", 1)[-1]
        if body.lstrip().startswith("IDX"):
            continue
        board_part, marked = (body.split("\u25b6", 1)[0], True) if "\u25b6" in body else (body, False)
        nums = [int(x) for x in re.findall(r"\d+", board_part)]
        if len(nums) == 6:
            rows.append(nums)
            marks.append(marked)
        elif len(nums) == 2:
            stores = nums
    if len(rows) != 2 or stores is None:
        raise MatchError(f"cmancala: cannot parse board print: {lines}")
    top, bottom = rows          # top: Player 2 = North, printed house 6 .. 1 (its idx 1..6)
    to_move = 1 if marks[0] else 0 if marks[1] else None
    return [bottom, list(reversed(top))], [stores[1], stores[0]], to_move


class CMancala:
    name = "cmancala"

    def __init__(self, path, peer_time_ms, book, opts):
        self.path, self.peer_time_ms, self.book, self.opts = path, peer_time_ms, book, opts
        self.proc = None
        self.timeout = max(60.0, 50 * peer_time_ms / 1000)

    def cmd(self, line, expect=("(G) << ",)):
        self.proc.send(line)
        lines, prompt = self.proc.read_until_prompt(C_PROMPTS, self.timeout)
        if prompt not in expect:
            raise MatchError(f"cmancala: after {line!r} got prompt {prompt!r}, expected {expect}: {lines[-5:]}")
        return lines[1:] if lines and lines[0].strip() == line else lines, prompt

    def new_game(self, peer_side, pos):
        self.proc = Proc([self.path], "cmancala")
        self.proc.read_until_prompt(C_PROMPTS, self.timeout)
        cfg = ["mode classic", "stones 4", "distribution uniform", "solver local", "depth 0",
               "clip false", f"time {self.peer_time_ms / 1000:g}",
               f"book {'true' if self.book else 'false'}", "progress false", "autoplay false",
               "starting 1",
               f"player 1 {'ai' if peer_side == 0 else 'human'}",
               f"player 2 {'ai' if peer_side == 1 else 'human'}"] + self.opts
        for line in cfg:
            out, _ = self.cmd(line, expect=("(C) << ",))
            if any(("Invalid" in l or "Unknown" in l) for l in out):
                raise MatchError(f"cmancala: config {line!r} refused: {out}")
        self.cmd("start")
        out, _ = self.cmd("load " + cmancala_code(pos))
        if not any("Loaded board" in l for l in out):
            raise MatchError(f"cmancala: load refused: {out}")
        self.verify(pos)

    def verify(self, pos):
        out, _ = self.cmd("render")
        houses, stores, to_move = parse_cmancala_board(out)
        if houses != pos["houses"] or stores != pos["stores"] or (
                not pos["over"] and to_move != pos["to_move"]):
            raise MatchError(f"cmancala's board disagrees with ours: its houses {houses} stores "
                             f"{stores} to move {to_move}; ours {pos['houses']} {pos['stores']} "
                             f"to move {pos['to_move']}")

    @staticmethod
    def to_peer(side, house):
        return house if side == 0 else 7 - house

    @staticmethod
    def from_peer(side, n):
        return n if side == 0 else 7 - n

    def play(self, pos, our_move):
        """One `step`. our_move None: the peer moves; returns (house, depth, seconds)."""
        side = pos["to_move"]
        t0 = time.monotonic()
        self.proc.send("step")
        lines, prompt = self.proc.read_until_prompt(C_PROMPTS, self.timeout)
        secs = time.monotonic() - t0
        if prompt == "(P) << ":
            if our_move is None:
                raise MatchError("cmancala asks for a human move where it should move itself")
            lines, prompt = self.cmd(str(self.to_peer(side, our_move)))
        elif our_move is not None:
            raise MatchError(f"cmancala moved by itself where we expected our move: {lines[-3:]}")
        if prompt != "(G) << ":
            raise MatchError(f"cmancala: unexpected prompt {prompt!r} after step: {lines[-5:]}")
        got = [int(m.group(1)) for l in lines for m in [re.search(r"Move: (\d+)", l)] if m]
        if len(got) != 1:
            raise MatchError(f"cmancala: no move in step output: {lines[-8:]}")
        house = self.from_peer(side, got[0])
        if our_move is not None:
            if house != our_move:
                raise MatchError(f"cmancala played our move as {house}, not {our_move}")
            return house, None, None
        depth = None
        out, _ = self.cmd("last")
        for l in out:
            m = re.search(r"Depth: (\d+)", l)
            if m:
                depth = int(m.group(1))
        if depth == 65534:       # its opening book: no search
            depth = None
        return house, depth, secs

    def end_game(self, pos):
        self.close()

    def close(self):
        if self.proc:
            self.proc.close("quit")
            self.proc = None

    def describe(self):
        return f"CMancala {self.path}, time {self.peer_time_ms / 1000:g} s, book {self.book}"


# ---------------------------------------------------------------- Aalina (Oware)

class Aalina:
    name = "aalina"

    def __init__(self, command, peer_time_ms, book, opts, check, keep=False, warmup_ms=0):
        self.argv = shlex.split(command)
        self.peer_time_ms, self.book, self.opts = peer_time_ms, book, opts
        self.check = shlex.split(check) if check else None
        self.proc = None
        self.timeout = max(60.0, 20 * peer_time_ms / 1000, 3 * warmup_ms / 1000)
        # A fresh JVM per game interprets and compiles its search during the first
        # seconds of every game, so at short move times it plays below its steady speed.
        # `keep` starts one process for the whole match (`ucinewgame` empties its cache
        # between games), and `warmup_ms` lets it search the start position once first.
        self.keep, self.warmup_ms = keep, warmup_ms

    @staticmethod
    def letter(side, house):
        return chr((ord("A") if side == 0 else ord("a")) + house - 1)

    def start(self):
        self.proc = Proc(self.argv, "aalina")
        self.proc.send("uci")
        while self.proc.read_line(self.timeout) != "uciok":
            pass
        self.proc.send("debug on")            # so that it reports refused commands
        for o in self.opts:
            name, _, value = o.partition("=")
            self.proc.send(f"setoption name {name} value {value}")
        if self.warmup_ms:
            # With its book on, the start position is answered from the book at once
            # and nothing is compiled: warm up with the book off, then set it.
            self.proc.send("setoption name OwnBook value false")
            self.proc.send("position startpos")
            self.proc.send(f"go movetime {self.warmup_ms}")
            self.drain_until("bestmove")
        self.proc.send(f"setoption name OwnBook value {'true' if self.book else 'false'}")

    def new_game(self, peer_side, pos):
        if self.proc is None:
            self.start()
        self.proc.send("ucinewgame")
        self.proc.send("isready")
        self.drain_until("readyok")
        self.record = ""

    def drain_until(self, word):
        lines = []
        while True:
            line = self.proc.read_line(self.timeout)
            lines.append(line)
            if line.startswith(("info string Error", "info string Command failure",
                                "info string Unknown command")):
                raise MatchError(f"aalina refused a command: {line}")
            if line.split()[:1] == [word]:
                return lines

    def play(self, pos, our_move, moves, sides):
        if our_move is not None:
            return our_move, None, None
        record = "".join(self.letter(s, m) for s, m in zip(sides, moves))
        self.proc.send(f"position startpos moves {record}" if record else "position startpos")
        t0 = time.monotonic()
        self.proc.send(f"go movetime {self.peer_time_ms}")
        lines = self.drain_until("bestmove")
        secs = time.monotonic() - t0
        best = lines[-1].split()[1]
        side = pos["to_move"]
        if len(best) != 1 or not ("A" <= best <= "F" or "a" <= best <= "f"):
            raise MatchError(f"aalina: bad bestmove {lines[-1]!r}")
        if (best.isupper()) != (side == 0):
            raise MatchError(f"aalina moved for the wrong side: {best!r} with "
                             f"{'South' if side == 0 else 'North'} to move")
        depth = None
        self.last_score = None
        for l in lines:
            m = re.match(r"info depth (\d+)", l)
            if m:
                depth = int(m.group(1))
            m = re.search(r"score cp (-?\d+)", l)
            if m:
                self.last_score = int(m.group(1))
        if any("book move" in l for l in lines):
            depth = None
        return ord(best.upper()) - ord("A") + 1, depth, secs

    def end_game(self, pos):
        if not self.keep:
            self.close()

    def close(self):
        if self.proc:
            self.proc.close("quit")
            self.proc = None

    def describe(self):
        return (f"Aalina {' '.join(self.argv)}, movetime {self.peer_time_ms} ms, OwnBook {self.book}, "
                f"{'one process for the match' if self.keep else 'a process a game'}, "
                f"warm-up {self.warmup_ms} ms")


def check_aalina_replay(check_proc, moves, sides, shows):
    """Compares Aalina's own replay of the record with our shows, ply by ply."""
    record = "".join(Aalina.letter(s, m) for s, m in zip(sides, moves))
    check_proc.send(record)
    lines, final = [], None
    while True:
        l = check_proc.read_line(60)
        if l == "end":
            break
        if l.startswith("final "):
            final = l
        else:
            lines.append(l)
    warnings = []
    if len(lines) != len(shows):
        raise MatchError(f"aalina replay: {len(lines)} plies reported, ours {len(shows)}: {lines[-2:]}")
    for ply, (l, pos) in enumerate(zip(lines, shows)):
        m = re.fullmatch(r"([\d-]+)-([SN]) legal=(\w*) ended=([01])", l)
        if not m:
            raise MatchError(f"aalina replay: bad line {l!r}")
        cells = [int(x) for x in m.group(1).split("-")]
        houses, stores = [cells[0:6], cells[6:12]], cells[12:14]
        ended = m.group(4) == "1"
        if pos["over"] != ended:
            warnings.append(f"ply {ply}: game over for {'us' if pos['over'] else 'aalina'} only")
        if pos["over"]:
            # our show gives the board after the end-of-game sweep: compare Aalina's
            # own final board (after its endMatch) instead
            m2 = final and re.fullmatch(r"final ([\d-]+) outcome=(-?\d+) repetition=([01])", final)
            if ended and m2:
                cells = [int(x) for x in m2.group(1).split("-")]
                houses, stores = [cells[0:6], cells[6:12]], cells[12:14]
            elif not ended:
                continue
            else:
                raise MatchError(f"aalina replay: no final line for an ended game: {final!r}")
        if houses != pos["houses"] or stores != pos["stores"]:
            theirs_sign = (stores[0] > stores[1]) - (stores[0] < stores[1])
            ours_sign = (pos["stores"][0] > pos["stores"][1]) - (pos["stores"][0] < pos["stores"][1])
            if pos["over"] and ended and theirs_sign == ours_sign:
                # A win by more than half the seeds: our rules leave the seeds still on
                # the board where they are (rules.md, Oware 6), Aalina's endMatch gives
                # them away. Same winner; the margin is ours.
                warnings.append(f"ply {ply}: final board {houses} {stores} for aalina, "
                                f"{pos['houses']} {pos['stores']} for us (same winner)")
                continue
            raise MatchError(f"ply {ply}: aalina's board {houses} {stores} != ours {pos['houses']} {pos['stores']}")
        if not pos["over"] and not ended:
            turn = 0 if m.group(2) == "S" else 1
            legal = sorted(ord(c.upper()) - ord("A") + 1 for c in m.group(3))
            if turn != pos["to_move"] or legal != sorted(pos["legal"]):
                raise MatchError(f"ply {ply}: aalina has {m.group(2)} to move, legal {legal}; "
                                 f"ours {pos['to_move']} {pos['legal']}")
    return warnings


# ---------------------------------------------------------------- the match

VERBOSE = False


def play_game(ours, peer, ours_side, opening, movetime, check_proc, stats):
    shows, moves, sides = [], [], []
    pos = ours.show([])
    shows.append(pos)
    for m in opening:                           # replay the opening through our rules
        sides.append(pos["to_move"])
        moves.append(m)
        pos = ours.show(moves)
        shows.append(pos)
    peer.new_game(1 - ours_side, pos)
    ours.new_game()
    try:
        while not pos["over"]:
            side = pos["to_move"]
            if side == ours_side:
                m, depth, secs = ours.analyze(moves, movetime)
                if m not in pos["legal"]:
                    raise MatchError(f"our engine played illegal {m} (legal {pos['legal']}) after {moves}")
                if isinstance(peer, CMancala):
                    peer.play(pos, m)
                stats["ours_moves"] += 1
                stats["ours_secs"] += secs
                stats["ours_times"].append(secs)
                stats["ours_engine_secs"] += ours.last_engine_seconds
                if depth is not None:
                    stats["ours_depths"].append(depth)
                    stats["ours_depth"] += depth
                    stats["ours_depth_n"] += 1
            else:
                if isinstance(peer, CMancala):
                    m, depth, secs = peer.play(pos, None)
                else:
                    m, depth, secs = peer.play(pos, None, moves, sides)
                if m not in pos["legal"]:
                    raise MatchError(f"{peer.name} played illegal move {m} "
                                     f"({'South' if side == 0 else 'North'}, legal {pos['legal']}) "
                                     f"after record '{' '.join(map(str, moves))}'")
                stats["peer_moves"] += 1
                stats["peer_secs"] += secs
                stats["peer_times"].append(secs)
                if depth is not None:
                    stats["peer_depths"].append(depth)
                    stats["peer_depth"] += depth
                    stats["peer_depth_n"] += 1
            if VERBOSE:
                who, mover = (ours, "ours") if side == ours_side else (peer, peer.name)
                print(f"  ply {len(moves) + 1}: {mover} ({'S' if side == 0 else 'N'}) {m}"
                      f" depth {depth} {secs:.3f} s score {getattr(who, 'last_score', None)}"
                      if secs is not None else "", flush=True)
            sides.append(side)
            moves.append(m)
            pos = ours.show(moves)
            shows.append(pos)
            if isinstance(peer, CMancala):
                peer.verify(pos)
    finally:
        peer.end_game(pos)
        ours.end_game()
    warnings = check_aalina_replay(check_proc, moves, sides, shows) if check_proc else []
    if VERBOSE:
        print(f"  record: {' '.join(map(str, moves))}", flush=True)
    return pos, moves, warnings


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ours", required=True, help="path to our mancala-cli")
    ap.add_argument("--peer", required=True, help="cmancala:PATH or aalina:COMMAND")
    ap.add_argument("--variant", required=True, choices=["kalah", "oware"])
    ap.add_argument("--movetime", type=int, default=200, help="ms per move, both sides")
    ap.add_argument("--peer-movetime", type=int, default=None,
                    help="ms per move given to the peer (default: --movetime); to even out a "
                         "peer that overshoots its limit")
    ap.add_argument("--pairs", type=int, default=10)
    ap.add_argument("--first-pair", type=int, default=1, metavar="K",
                    help="start at the K-th opening of --seed (the ones before are drawn and skipped), "
                         "to finish a match that was cut off")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rule", action="append", default=[], help="NAME=VALUE for ours; must match the peer")
    ap.add_argument("--peer-book", choices=["on", "off"], default="off",
                    help="the peer's opening book (CMancala `book`, Aalina `OwnBook`); default off")
    ap.add_argument("--peer-opt", action="append", default=[],
                    help="extra peer setting: a CMancala config line (e.g. 'cache 26'), or an "
                         "Aalina NAME=VALUE for setoption (e.g. Hash=64); repeatable")
    ap.add_argument("--peer-check", default=None,
                    help="aalina only: command of the peer-side replay checker")
    ap.add_argument("--peer-keep", action="store_true",
                    help="aalina only: one peer process for the whole match (its JVM stays "
                         "compiled), `ucinewgame` between games; default: a process a game")
    ap.add_argument("--peer-warmup", type=int, default=0, metavar="MS",
                    help="aalina only: before its first game the peer searches the start "
                         "position for MS ms (default 0), so its JIT has compiled the search")
    ap.add_argument("--ours-arg", action="append", default=[],
                    help="extra argument for our engine (e.g. --ours-arg=--hash --ours-arg=64)")
    ap.add_argument("--ours-mode", choices=["engine", "fresh"], default="engine",
                    help="engine: one `mancala-cli engine` process per game, its table kept "
                         "from move to move (default); fresh: `analyze` in a new process per move")
    ap.add_argument("--verbose", action="store_true", help="print every move with its depth and time")
    args = ap.parse_args()
    global VERBOSE
    VERBOSE = args.verbose

    kind, _, where = args.peer.partition(":")
    if not where:
        ap.error("--peer takes cmancala:PATH or aalina:COMMAND")
    rules = {}
    for r in args.rule:
        name, eq, value = r.partition("=")
        if not eq:
            ap.error(f"--rule {r!r}: expected NAME=VALUE")
        rules[name] = value.lower()
    peer_time = args.peer_movetime or args.movetime
    book = args.peer_book == "on"
    if kind != "aalina" and (args.peer_keep or args.peer_warmup):
        ap.error("--peer-keep and --peer-warmup are for aalina")
    if kind == "cmancala":
        if args.variant != "kalah":
            ap.error("CMancala plays Kalah only")
        # CMancala (board.c, makeMoveOnBoardClassic) captures only when the opposite
        # house holds seeds: our default empty-capture=off.
        if rules.get("empty-capture", "off") not in ("off", "false", "no"):
            ap.error("CMancala captures only when the opposite house holds seeds: use empty-capture=off")
        if args.peer_check:
            ap.error("--peer-check is for aalina (CMancala's board is checked after every ply anyway)")
        peer = CMancala(where, peer_time, book, args.peer_opt)
    elif kind == "aalina":
        if args.variant != "oware":
            ap.error("Aalina plays Oware (Abapa) only")
        # Aalina (OwareGame.isCapture) never captures with a grand slam, the move stays legal.
        if rules.get("grand-slam", "no-capture") != "no-capture":
            ap.error("Aalina plays grand slams as legal moves that capture nothing: use grand-slam=no-capture")
        peer = Aalina(where, peer_time, book, args.peer_opt, args.peer_check,
                      args.peer_keep, args.peer_warmup)
    else:
        ap.error(f"unknown peer {kind!r}")
    for name, value in rules.items():
        if (name, value) not in (("seeds", "4"), ("houses", "6"), ("empty-capture", "off"),
                                 ("empty-capture", "false"), ("empty-capture", "no"),
                                 ("grand-slam", "no-capture")):
            ap.error(f"--rule {name}={value}: the peers play 6 houses of 4 seeds with the rules above")

    ours = Ours(args.ours, args.variant, args.rule, args.ours_arg, args.ours_mode)
    check_proc = Proc(peer.check, "aalina replay checker") if kind == "aalina" and peer.check else None
    rng = random.Random(args.seed)
    stats = dict(ours_moves=0, ours_secs=0.0, ours_depth=0, ours_depth_n=0,
                 peer_moves=0, peer_secs=0.0, peer_depth=0, peer_depth_n=0,
                 ours_times=[], peer_times=[], ours_depths=[], peer_depths=[], ours_engine_secs=0.0)
    points = margin = games = wins = draws = losses = 0
    all_warnings = []
    print(f"# ours {args.ours} vs {peer.describe()}; {args.variant}, ours {args.movetime} ms/move, "
          f"rules {args.rule or 'default'}", flush=True)
    try:
        for pair in range(1, args.first_pair + args.pairs):
            opening = []
            for _ in range(2):
                pos = ours.show(opening)
                opening.append(rng.choice(pos["legal"]))
            if pair < args.first_pair:
                continue
            for ours_side in (0, 1):
                end, moves, warnings = play_game(ours, peer, ours_side, opening, args.movetime,
                                                 check_proc, stats)
                diff = end["stores"][ours_side] - end["stores"][1 - ours_side]
                points += 1 if diff > 0 else 0.5 if diff == 0 else 0
                wins += diff > 0
                draws += diff == 0
                losses += diff < 0
                margin += diff
                games += 1
                all_warnings += [f"game {games}: {w}" for w in warnings]
                print(f"game {games}: opening {' '.join(map(str, opening))}, ours as "
                      f"{'South' if ours_side == 0 else 'North'}: {diff:+d} "
                      f"(stores {end['stores'][0]}-{end['stores'][1]}, {len(moves)} plies)"
                      + (f" [{'; '.join(warnings)}]" if warnings else ""), flush=True)
    except MatchError as e:
        print(f"ERROR: {e}", file=sys.stderr)
        sys.exit(2)
    finally:
        if check_proc:
            check_proc.close("")
        peer.close()
    avg = lambda a, n: round(a / n, 3) if n else None
    med = lambda t: round(sorted(t)[len(t) // 2], 3) if t else None
    top = lambda t: round(max(t), 3) if t else None
    print(json.dumps({
        "peer": kind, "variant": args.variant, "movetime": args.movetime, "ours_mode": args.ours_mode,
        "peer_movetime": peer_time, "peer_book": args.peer_book, "rules": args.rule,
        "games": games, "ours_points": points, "ours_score": points / games if games else None,
        "ours_margin": margin / games if games else None,
        "wins": wins, "draws": draws, "losses": losses,
        "ours_depth": avg(stats["ours_depth"], stats["ours_depth_n"]),
        "peer_depth": avg(stats["peer_depth"], stats["peer_depth_n"]),
        "ours_depth_median": med(stats["ours_depths"]), "peer_depth_median": med(stats["peer_depths"]),
        "ours_sec_per_move": avg(stats["ours_secs"], stats["ours_moves"]),
        "peer_sec_per_move": avg(stats["peer_secs"], stats["peer_moves"]),
        "ours_sec_median": med(stats["ours_times"]), "peer_sec_median": med(stats["peer_times"]),
        "ours_sec_max": top(stats["ours_times"]), "peer_sec_max": top(stats["peer_times"]),
        "ours_moves": stats["ours_moves"], "peer_moves": stats["peer_moves"],
        "peer_moves_without_depth": stats["peer_moves"] - stats["peer_depth_n"],
        "ours_engine_sec_per_move": avg(stats["ours_engine_secs"], stats["ours_moves"]),
        "warnings": all_warnings}))


main()
