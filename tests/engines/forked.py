"""The deliberately wrong engine (wrong_engine.py) started by forking a warm interpreter.

`forked.py serve SOCKET` imports wrong_engine (and with it jassdsl), compiles the rules the
tests ask about, and waits on a Unix socket. `forked.py SOCKET FLAG ...` is the engine
command the runner starts: a bare interpreter (it imports no jassdsl) that hands its
stdin, stdout and stderr to the server, which forks a child running wrong_engine with
those flags on those very pipes. The client exits with the child's exit code; killed (as
the runner kills a hung engine), its socket closes and the server kills the child. So the
runner meets a process that crashes, hangs, writes garbage and exits just as
`python wrong_engine.py FLAG ...` does, without importing jassdsl for every start.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import socket
import sys
from pathlib import Path

FAILED_TO_RUN = 70


def client(path: str, flags: list[str]) -> None:
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    conn.connect(path)
    socket.send_fds(conn, [json.dumps(flags).encode()], [0, 1, 2])
    for fd in (0, 1, 2):  # the engine child alone holds the runner's pipes now
        os.close(fd)
    data = b""
    while chunk := conn.recv(64):
        data += chunk
    code = int(data) if data.strip() else FAILED_TO_RUN
    if code < 0:  # the engine was killed by a signal: so is its client
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    os._exit(code)


def child(fds: list[int], flags: list[str]) -> None:
    """The forked engine: the client's pipes as its own, then wrong_engine.main()."""
    code = FAILED_TO_RUN
    try:
        for number, fd in enumerate(fds):
            os.dup2(fd, number)
            os.close(fd)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        sys.stdin = open(0, closefd=False)  # noqa: SIM115 (ended by os._exit)
        sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115
        sys.argv = [str(Path(__file__).with_name("wrong_engine.py")), *flags]
        import wrong_engine

        code = wrong_engine.main()
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else FAILED_TO_RUN
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(BaseException):
                stream.flush()
        os._exit(code)


def serve(path: str, warm: list[str]) -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    import wrong_engine

    from jassdsl.corpus.generate import option_sets

    for name in warm:  # what every child would compile first, compiled once
        for options in option_sets(name):
            wrong_engine.load_rules(name, options)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    print("ready", flush=True)
    engines: dict[socket.socket, int] = {}
    while True:
        ready, _, _ = select.select([sys.stdin, listener, *engines], [], [], 0.02)
        for source in ready:
            if source is sys.stdin:
                if not sys.stdin.readline():  # the test session is over
                    for pid in engines.values():
                        os.kill(pid, signal.SIGKILL)
                    return
            elif source is listener:
                conn, _ = listener.accept()
                message, fds, _, _ = socket.recv_fds(conn, 65536, 3)
                pid = os.fork()
                if pid == 0:
                    listener.close()
                    for other in [conn, *engines]:
                        other.close()
                    child(fds, json.loads(message))
                for fd in fds:
                    os.close(fd)
                engines[conn] = pid
            else:  # the client is gone (killed): so is its engine
                assert isinstance(source, socket.socket)
                pid = engines.pop(source)
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                source.close()
        for conn, pid in list(engines.items()):
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                del engines[conn]
                with contextlib.suppress(OSError):
                    conn.sendall(str(os.waitstatus_to_exitcode(status)).encode())
                conn.close()


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve(sys.argv[2], sys.argv[3:])
    else:
        client(sys.argv[1], sys.argv[2:])
