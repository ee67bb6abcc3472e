"""A program in a pseudo-terminal, and its output read in bursts: what the pty benchmarks share."""
import fcntl, os, pty, select, struct, termios, time


def spawn(argv, columns=80, rows=24, term="xterm-256color"):
    """Starts argv (argv[0] an absolute path) on a new pseudo-terminal of the given size.
    Returns (pid, fd of the terminal's master side)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = term
        os.execv(argv[0], argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    return pid, fd


def drain(fd, quiet, timeout=10.0, marker=None, give_up=2.0):
    """Reads one burst: until the output has been quiet for `quiet` seconds (and, when `marker`
    is given, has shown it), or `give_up` seconds pass with no byte at all (None: wait up to
    `timeout`). Returns (the bytes, seconds from the call to the last byte, or None)."""
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
            data += chunk
            last = now
        elif last is not None and now - last >= quiet and (marker is None or marker in data):
            break
        elif last is None and give_up is not None and now - start >= give_up:
            break
    return data, (last - start) if last else None
