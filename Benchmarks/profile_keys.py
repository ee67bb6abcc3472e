#!/usr/bin/env python3
"""Instructions per arrow key in the catalog, by function: `checkout` under callgrind in a real pty
at 80x24, its counters zeroed once the catalog is on the terminal and dumped after N keys.

Usage: python3 Benchmarks/profile_keys.py [--keys N] BINARY OUT [-- ARGS...]

As `profile_first_frame.py`: valgrind 3.19 needs a copy without DWARF 5 (`strip --strip-debug`).
Writes OUT.1 (the N keys only: from the key's read to its frame on the terminal, and the idle
loop between keys) and prints instructions per key; read the profile with
`callgrind_annotate --inclusive=yes OUT.1`. The keys are `keys.py`'s (Down 3, Up 3, again).
"""
import os, subprocess, sys

import ptyrun
from keys import PATTERN

def main():
    args = sys.argv[1:]
    keys = 60
    if args[:1] == ["--keys"]:
        keys, args = int(args[1]), args[2:]
    extra = args[args.index("--") + 1:] if "--" in args else ["--db", ":memory:"]
    binary, out = args[0], args[1]
    pid, fd = ptyrun.callgrind_to_first_frame(binary, out, extra)
    # Enter opens the catalog once `start` (after the first frame) has run: wait for its rows.
    os.write(fd, b"\r")
    ptyrun.drain(fd, 1.0, 300, marker=b"in stock", give_up=None)
    subprocess.run(["callgrind_control", "--zero", str(pid)], check=True, stdout=subprocess.DEVNULL)
    answered = 0
    for index in range(keys):
        os.write(fd, PATTERN[index % len(PATTERN)])
        data, _ = ptyrun.drain(fd, 0.3, 30, give_up=10)
        answered += 1 if data else 0
    count = ptyrun.callgrind_dump_and_stop(pid, fd, out, "keys")
    print(f"{binary}: {keys} keys ({answered} answered): {count} instructions, {count // keys} a key; profile in {out}.1")

if __name__ == "__main__":
    main()
