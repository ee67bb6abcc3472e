#!/usr/bin/env python3
"""Time and bytes to the first complete frame of `checkout` at 80x24, in a real pseudo-terminal.

Usage: python3 Benchmarks/first_frame.py [BINARY] [--runs N] [--marker TEXT] [-- ARGS...]

The clock starts just before exec and stops at the last byte of the first burst of output: the
first frame is one `doupdate`, so it is done when the terminal goes quiet (QUIET seconds with no
byte) after the marker text has appeared. Bytes are everything written up to then, escape
sequences included. Prints the median and the range over the runs.
"""
import os, signal, statistics, sys

import ptyrun

QUIET = 0.25

def one_run(argv, marker, columns=80, rows=24, timeout=10.0):
    pid, fd = ptyrun.spawn(argv, columns, rows, term=os.environ.get("TERM_FOR_BENCH", "xterm-256color"))
    received, elapsed = ptyrun.drain(fd, QUIET, timeout, marker=marker, give_up=None)
    os.kill(pid, signal.SIGTERM)
    os.waitpid(pid, 0)
    os.close(fd)
    return (elapsed if marker in received else None), len(received)

def main():
    args = sys.argv[1:]
    extra = []
    if "--" in args:
        extra = args[args.index("--") + 1:]
        args = args[:args.index("--")]
    runs, marker = 10, b"Quit"
    binary = ".build/release/checkout" if os.path.exists(".build/release/checkout") else ".build/debug/checkout"
    i = 0
    while i < len(args):
        if args[i] == "--runs": runs = int(args[i + 1]); i += 2
        elif args[i] == "--marker": marker = args[i + 1].encode(); i += 2
        else: binary = args[i]; i += 1
    argv = [os.path.abspath(binary)] + (extra or ["--db", ":memory:"])
    times, sizes = [], []
    for _ in range(runs):
        elapsed, size = one_run(argv, marker)
        if elapsed is None:
            print(f"no first frame within the timeout ({size} bytes seen)"); sys.exit(1)
        times.append(elapsed * 1000); sizes.append(size)
    print(f"{binary}: first frame at 80x24 in {statistics.median(times):.1f} ms "
          f"(min {min(times):.1f}, max {max(times):.1f}, {runs} runs), "
          f"{statistics.median(sizes):.0f} bytes")

if __name__ == "__main__":
    main()
