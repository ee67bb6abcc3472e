"""A program in a pseudo-terminal, and its output read in bursts: what the pty benchmarks share."""
import fcntl, os, pty, select, signal, struct, subprocess, sys, termios, time

# What xterm answers to the questions a program may ask at start, so that a program that asks
# (the counter's `TerminalProbe`) waits one round trip, as in a real terminal, not a timeout:
# DECRQM for mode 2026 (0, xterm does not know it) and the primary device attributes.
ANSWERS = {
    b"\x1b[?2026$p": b"\x1b[?2026;0$y",
    b"\x1b[c": b"\x1b[?64;1;2;6;9;15;16;17;18;21;22;28c",
}


def spawn(argv, columns=80, rows=24, term="xterm-256color"):
    """Starts argv (argv[0] an absolute path) on a new pseudo-terminal of the given size.
    Returns (pid, fd of the terminal's master side)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = term
        os.execv(argv[0], argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    return pid, fd


def drain(fd, quiet, timeout=10.0, marker=None, give_up=2.0, on_marker=None):
    """Reads one burst: until the output has been quiet for `quiet` seconds (and, when `marker`
    is given, has shown it), or `give_up` seconds pass with no byte at all (None: wait up to
    `timeout`). `on_marker` is called once, as soon as the marker has been read. Returns (the
    bytes, seconds from the call to the last byte, or None)."""
    start = time.perf_counter()
    data, last = b"", None
    while time.perf_counter() - start < timeout:
        ready, _, _ = select.select([fd], [], [], 0.005)
        now = time.perf_counter()
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            answer_questions(fd, data, chunk)
            seen = marker is not None and marker in data
            data += chunk
            last = now
            if on_marker and not seen and marker in data:
                on_marker()
        elif last is not None and now - last >= quiet and (marker is None or marker in data):
            break
        elif last is None and give_up is not None and now - start >= give_up:
            break
    return data, (last - start) if last else None


def answer_questions(fd, before, chunk):
    """Answers each question that ends in `chunk` (the bytes read so far are `before`)."""
    tail = before[-16:] + chunk
    for question, answer in ANSWERS.items():
        start = max(0, len(tail) - len(chunk) - len(question) + 1)
        count = tail.count(question, start)
        for _ in range(count):
            os.write(fd, answer)


def callgrind_to_first_frame(binary, out, extra):
    """`binary` under callgrind in a pty, waited for until its first frame (its Quit key) is on
    the terminal; returns (pid, fd). Ends the script when no frame comes."""
    argv = ["/usr/bin/valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", os.path.abspath(binary)] + extra
    pid, fd = spawn(argv)
    received, _ = drain(fd, 1.0, 300, marker=b"Quit", give_up=None)
    if b"Quit" not in received:
        print(f"no first frame ({len(received)} bytes)"); sys.exit(1)
    return pid, fd


def callgrind_dump_and_stop(pid, fd, out, name):
    """Dumps the profile so far as OUT.1 under `name`, stops the program, and returns the
    instructions the dump counts."""
    subprocess.run(["callgrind_control", f"--dump={name}", str(pid)], check=True, stdout=subprocess.DEVNULL)
    os.kill(pid, signal.SIGTERM)
    os.waitpid(pid, 0)
    os.close(fd)
    total = subprocess.run(["callgrind_annotate", out + ".1"], capture_output=True, text=True).stdout
    line = next((l for l in total.splitlines() if "PROGRAM TOTALS" in l), "?")
    return int(line.split()[0].replace(",", ""))
