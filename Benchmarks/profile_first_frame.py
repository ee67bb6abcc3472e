#!/usr/bin/env python3
"""Instructions to the first frame, by function: `checkout` under callgrind in a real pty at 80x24,
its profile dumped the moment the first frame is on the terminal (not at exit).

Usage: python3 Benchmarks/profile_first_frame.py BINARY OUT [-- ARGS...]

Valgrind 3.19 cannot read the DWARF 5 of Swift 6 binaries: give it a copy without debug info
(`strip --strip-debug -o checkout.nodebug checkout`; the symbols stay). Writes OUT.1 (to the
first frame) and OUT (the rest, to exit); read them with
`callgrind_annotate --inclusive=yes --tree=calling OUT.1`. Instruction counts, unlike times,
repeat on a busy machine.
"""
import sys

import ptyrun

def main():
    args = sys.argv[1:]
    extra = args[args.index("--") + 1:] if "--" in args else ["--db", ":memory:"]
    binary, out = args[0], args[1]
    pid, fd = ptyrun.callgrind_to_first_frame(binary, out, extra)
    # The first frame is up; the counter now sits in its loop (after its start).
    count = ptyrun.callgrind_dump_and_stop(pid, fd, out, "first-frame")
    print(f"{binary}: to the first frame (and its start after it) {count:,} instructions; profile in {out}.1")

if __name__ == "__main__":
    main()
