#!/usr/bin/env python3
"""Resident memory at the first frame, by what the pages belong to: the program in a real pty at
80x24, `/proc/PID/smaps` read while it sits on its first frame.

Usage: python3 Benchmarks/memory_first_frame.py [--marker TEXT] BINARY [ARGS...]

Prints, in MB, the resident pages (Rss) of each group of mappings: the binary itself, the Swift
runtime, Foundation with its ICU, SQLite, ncurses, libc and friends, other libraries, and the
anonymous pages (heap, stacks: the process's own), with how much of each is private.
"""
import os, re, signal, sys

from ptyrun import drain, spawn

GROUPS = [
    ("Foundation, its ICU, FoundationEssentials", re.compile(r"libFoundation|lib_FoundationICU|libFoundationEssentials|libFoundationInternationalization|icu")),
    ("the Swift runtime (Core, Concurrency, Dispatch, regex, ...)", re.compile(r"libswift|libdispatch|libBlocksRuntime")),
    ("SQLite", re.compile(r"libsqlite")),
    ("ncurses", re.compile(r"libncurses|libtinfo|libform|libpanel")),
    ("libc, libstdc++, libm, libgcc, ld.so", re.compile(r"libc\.so|libc-|libstdc\+\+|libm\.so|libgcc|ld-linux|libpthread|libdl|librt")),
]

def main():
    args = sys.argv[1:]
    marker = b"Quit"
    if args[:1] == ["--marker"]:
        marker, args = args[1].encode(), args[2:]
    binary = os.path.abspath(args[0])
    pid, fd = spawn([binary] + args[1:])
    seen = b""
    while marker not in seen:
        data, _ = drain(fd, 0.5, 30, give_up=30)
        if not data: break
        seen += data
    totals, private = {}, {}
    name, group = None, None
    with open(f"/proc/{pid}/smaps") as smaps:
        for line in smaps:
            fields = line.split()
            if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
                path = fields[5] if len(fields) > 5 else ""
                if path == binary or os.path.basename(path) == os.path.basename(binary):
                    group = "the binary"
                elif not path or path.startswith("["):
                    group = "anonymous: heap, stacks (the process's own)"
                else:
                    group = next((label for label, pattern in GROUPS if pattern.search(path)), "other libraries")
            elif fields[0] == "Rss:":
                totals[group] = totals.get(group, 0) + int(fields[1])
            elif fields[0] in ("Private_Clean:", "Private_Dirty:"):
                private[group] = private.get(group, 0) + int(fields[1])
    with open(f"/proc/{pid}/status") as status:
        rss = next(l for l in status if l.startswith("VmRSS:")).split()[1]
    os.kill(pid, signal.SIGTERM)
    os.waitpid(pid, 0)
    os.close(fd)
    for group, kb in sorted(totals.items(), key=lambda item: -item[1]):
        print(f"{kb / 1024:6.1f} MB (private {private.get(group, 0) / 1024:5.1f})  {group}")
    print(f"{int(rss) / 1024:6.1f} MB  VmRSS")

if __name__ == "__main__":
    main()
