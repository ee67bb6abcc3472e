#!/usr/bin/env python3
"""Time, bytes and resident memory at the first complete frame, at 80x24, in a real pseudo-terminal.

Usage: python3 Benchmarks/first_frame.py [BINARY] [--runs N] [--marker TEXT] [--timeout S] [-- ARGS...]

Without `--`, the counter runs on a database in memory (`--db :memory:`); `--` alone runs it
with no arguments.

The clock starts just before exec and stops at the last byte of the first burst of output: the
first frame is one `doupdate`, so it is done when the terminal goes quiet (QUIET seconds with no
byte) after the marker text has appeared. Bytes are everything written up to then, escape
sequences included. The terminal answers the start-up questions as xterm does (`ptyrun`).
Resident memory is read from /proc/PID/status while the program sits on its first frame:
VmRSS (pages resident now) and VmHWM (the most it ever had). Processor time is the time the
process ran on a processor until its frame's marker was read (/proc/PID/task/*/schedstat): it
leaves out the time it waited for a processor, which on a busy machine is most of the spread. Prints the median and the range of
the time, and the medians of the rest, over the runs.
"""
import os, signal, statistics, sys

import ptyrun

QUIET = 0.25

def resident_memory(pid):
    """(VmRSS, VmHWM) of the process in kB, from /proc/PID/status."""
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                fields[name] = int(value.split()[0])
    return fields.get("VmRSS", 0), fields.get("VmHWM", 0)

def processor_time(pid):
    """Milliseconds the process has run on a processor, all its threads (schedstat, in ns): on a
    busy machine the time it waited for one is left out, unlike the wall time."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/schedstat") as schedstat:
            total += int(schedstat.read().split()[0])
    return total / 1e6

def one_run(argv, marker, columns=80, rows=24, timeout=10.0):
    pid, fd = ptyrun.spawn(argv, columns, rows, term=os.environ.get("TERM_FOR_BENCH", "xterm-256color"))
    cpu = []
    received, elapsed = ptyrun.drain(fd, QUIET, timeout, marker=marker, give_up=None, on_marker=lambda: cpu.append(processor_time(pid)))
    rss, hwm = resident_memory(pid)
    os.kill(pid, signal.SIGTERM)
    os.waitpid(pid, 0)
    os.close(fd)
    return (elapsed if marker in received else None), len(received), rss, hwm, (cpu[0] if cpu else 0)

def main():
    args = sys.argv[1:]
    extra = []
    if "--" in args:
        extra = args[args.index("--") + 1:]
        args = args[:args.index("--")]
    runs, marker, timeout = 10, b"Quit", 10.0
    binary = ".build/release/checkout" if os.path.exists(".build/release/checkout") else ".build/debug/checkout"
    i = 0
    while i < len(args):
        if args[i] == "--runs": runs = int(args[i + 1]); i += 2
        elif args[i] == "--marker": marker = args[i + 1].encode(); i += 2
        elif args[i] == "--timeout": timeout = float(args[i + 1]); i += 2
        else: binary = args[i]; i += 1
    # `--` with nothing after it: the program with no arguments at all.
    argv = [os.path.abspath(binary)] + (extra if "--" in sys.argv[1:] else ["--db", ":memory:"])
    times, sizes, rss, hwm, cpu = [], [], [], [], []
    for _ in range(runs):
        elapsed, size, resident, peak, processor = one_run(argv, marker, timeout=timeout)
        if elapsed is None:
            print(f"no first frame within the timeout ({size} bytes seen)"); sys.exit(1)
        times.append(elapsed * 1000); sizes.append(size); rss.append(resident); hwm.append(peak); cpu.append(processor)
    print(f"{binary}: first frame at 80x24 in {statistics.median(times):.1f} ms "
          f"(min {min(times):.1f}, max {max(times):.1f}, {runs} runs), "
          f"{statistics.median(sizes):.0f} bytes, "
          f"RSS {statistics.median(rss) / 1024:.1f} MB (peak {statistics.median(hwm) / 1024:.1f} MB), "
          f"processor time {statistics.median(cpu):.1f} ms")

if __name__ == "__main__":
    main()
