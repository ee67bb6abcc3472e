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
import os, signal, subprocess, sys

import ptyrun

def main():
    args = sys.argv[1:]
    extra = args[args.index("--") + 1:] if "--" in args else ["--db", ":memory:"]
    binary, out = args[0], args[1]
    argv = ["/usr/bin/valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", os.path.abspath(binary)] + extra
    pid, fd = ptyrun.spawn(argv)
    received, _ = ptyrun.drain(fd, 1.0, 300, marker=b"Quit", give_up=None)
    if b"Quit" not in received:
        print(f"no first frame ({len(received)} bytes)"); sys.exit(1)
    # The first frame is up; the counter now sits in its loop (after its start).
    subprocess.run(["callgrind_control", "--dump=first-frame", str(pid)], check=True, stdout=subprocess.DEVNULL)
    os.kill(pid, signal.SIGTERM)
    os.waitpid(pid, 0)
    os.close(fd)
    total = subprocess.run(["callgrind_annotate", out + ".1"], capture_output=True, text=True).stdout
    line = next((l for l in total.splitlines() if "PROGRAM TOTALS" in l), "?")
    print(f"{binary}: to the first frame (and its start after it) {line.split()[0]} instructions; profile in {out}.1")

if __name__ == "__main__":
    main()
