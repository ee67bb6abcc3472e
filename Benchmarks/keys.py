#!/usr/bin/env python3
"""Per-key latency and bytes written, in a real pseudo-terminal at 80x24.

Usage: python3 Benchmarks/keys.py [--keys N] [--setup KEYS] [--marker TEXT] BINARY [ARGS...]

Starts BINARY, waits for its first frame (MARKER seen, then QUIET s without output), sends the
SETUP keys (e.g. "\\r" to open the catalog), then N arrow keys one at a time (Down 3, Up 3, ...): for each, the time
from the write to the last byte of the answer burst, and the bytes of that burst. Prints the
median and p95 latency and the median bytes per key. (The latency includes the QUIET-free part
only: it stops at the burst's last byte.)
"""
import os, signal, statistics, sys, time

from ptyrun import drain, spawn

QUIET = 0.08
DOWN = b"\x1bOB"  # xterm in application-cursor mode (smkx), what ncurses asks for
UP = b"\x1bOA"
# Down 3, Up 3, again: every key moves the highlight (the honey catalogue has 4 jars).
PATTERN = [DOWN, DOWN, DOWN, UP, UP, UP]

def main():
    args = sys.argv[1:]
    keys, setup, marker = 40, b"", b"Quit"
    while args and args[0].startswith("--"):
        if args[0] == "--keys": keys = int(args[1]); args = args[2:]
        elif args[0] == "--setup": setup = args[1].encode().decode("unicode_escape").encode("latin-1"); args = args[2:]
        elif args[0] == "--marker": marker = args[1].encode(); args = args[2:]
        else: break
    argv = [os.path.abspath(args[0])] + args[1:]
    pid, fd = spawn(argv)
    seen = b""
    deadline = time.perf_counter() + 10
    while marker not in seen and time.perf_counter() < deadline:
        data, _ = drain(fd, 0.25)
        seen += data
    for byte in setup:
        os.write(fd, bytes([byte]))
        drain(fd, 0.25)
    latencies, sizes = [], []
    for index in range(keys):
        os.write(fd, PATTERN[index % len(PATTERN)])
        data, elapsed = drain(fd, QUIET)
        if elapsed is not None:
            latencies.append(elapsed * 1000)
            sizes.append(len(data))
    os.kill(pid, signal.SIGTERM)
    os.waitpid(pid, 0)
    os.close(fd)
    if not latencies:
        print(f"{args[0]}: no answer to Down"); sys.exit(1)
    latencies.sort()
    p95 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.95))]
    print(f"{os.path.basename(args[0])}: arrow keys x{len(latencies)}: median {statistics.median(latencies):.2f} ms "
          f"(p95 {p95:.2f}), median {statistics.median(sizes):.0f} bytes per key")

if __name__ == "__main__":
    main()
