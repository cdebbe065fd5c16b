"""What both benchmarks (run.py, offline_engine.py) start their servers with: a free loopback
port, a server on it that is stopped at exit whatever happens, and a line of progress."""

import atexit
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STARTED = time.perf_counter()


def progress(message: str) -> None:
    print(f"bench: {time.perf_counter() - STARTED:4.0f} s  {message}", file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(command: list[str], port: int, log: Path) -> subprocess.Popen:
    """A server on 127.0.0.1:`port`, stopped at exit whatever happens; back once it listens."""
    with open(log, "wb") as out:
        process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    atexit.register(stop, process)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and process.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"bench: {command[0]} did not start; its log:\n{log.read_text()}")


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        process.wait(timeout=30)
