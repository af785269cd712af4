#!/usr/bin/env python3
"""Runs N copies of a FastCGI program on one Unix socket, in the foreground.

Usage: fcgi_pool.py N SOCKET PROGRAM [ARGS...]

Each copy gets the listening socket as its standard input (the FastCGI convention), so the kernel hands
each connection to whichever copy is free. On SIGTERM or SIGINT every copy is stopped (SIGTERM, then
SIGKILL 3 s later); if one copy exits by itself the others are stopped too and the pool exits with
status 1 (a visible failure, not a smaller pool). The copies stay in the caller's session, so the caller
can count their CPU and stop them.
"""
import os
import signal
import socket
import sys


def main(count, path, program):
    if os.path.exists(path):
        os.unlink(path)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    os.chmod(path, 0o666)  # the web server's workers run as another user
    listener.listen(1024)
    children = set()
    for _ in range(count):
        pid = os.fork()
        if pid == 0:
            os.dup2(listener.fileno(), 0)
            os.execv(program[0], program)
        children.add(pid)
    stopping = False

    def signal_all(signum):
        for child in children:
            os.kill(child, signum)

    def stop(*_):
        # an idle mapserv notes SIGTERM but keeps waiting for a request: killed 3 s later
        nonlocal stopping
        stopping = True
        signal_all(signal.SIGTERM)
        signal.alarm(3)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGALRM, lambda *_: signal_all(signal.SIGKILL))
    while children:
        pid, _ = os.wait()
        children.discard(pid)
        if not stopping:
            print(f"fcgi_pool: {program[0]} (pid {pid}) exited; stopping the pool", file=sys.stderr)
            stop()
    return 0 if stopping else 1


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    sys.exit(main(int(sys.argv[1]), sys.argv[2], sys.argv[3:]))
