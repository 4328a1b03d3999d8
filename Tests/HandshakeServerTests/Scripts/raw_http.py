"""HTTP/1 on a bare socket, for tests of what the server does with connections (Hummingbird's test client
and curl both manage connections themselves). Only 127.0.0.1 is connected to; every wait ends by the clock.

  raw_http.py exchange PORT TIMEOUT [ANSWERS]
      Sends standard input's bytes on one connection, then reads until the server closes it or TIMEOUT
      seconds pass; with ANSWERS, until that many whole answers (Content-Length bodies) have come, and then
      1 s more for the server to close it. Prints JSON: {"answer": what the server sent, "closed": whether
      it closed}.
  raw_http.py hold PORT COUNT SECONDS [busy]
      Opens COUNT connections and sends nothing (with `busy`, a request head announcing a 100-byte body and
      one byte of it, so each has a request in flight); prints "held COUNT" once all are open, then waits
      until standard input closes or SECONDS pass. Prints JSON: {"closed_by_server": how many the server
      closed, "answers": the first bytes of any answer}.
"""
import json
import select
import socket
import sys
import time


def whole_answers(data):
    """How many whole answers `data` holds: heads, each with its Content-Length of body."""
    count, start = 0, 0
    while True:
        end = data.find(b"\r\n\r\n", start)
        if end < 0:
            return count
        length = 0
        for line in data[start:end].split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
        if len(data) < end + 4 + length:
            return count
        count, start = count + 1, end + 4 + length


def exchange(port, timeout, answers):
    request = sys.stdin.buffer.read()
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(request)
    deadline = time.monotonic() + timeout
    data, closed = b"", False
    try:
        while True:
            s.settimeout(max(0.01, deadline - time.monotonic()))
            chunk = s.recv(65536)
            if not chunk:
                closed = True
                break
            data += chunk
            if answers is not None and whole_answers(data) >= answers:
                # Every answer is in: a server that closes after them does so at once.
                deadline = min(deadline, time.monotonic() + 1)
                answers = None
    except socket.timeout:
        pass
    except ConnectionResetError:
        closed = True
    s.close()
    print(json.dumps({"answer": data.decode("latin-1"), "closed": closed}))


def hold(port, count, seconds, busy):
    sockets = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(count)]
    for s in sockets:
        if busy:
            s.sendall(b"POST /v1/auth/challenge HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        s.setblocking(False)
    print(f"held {count}", flush=True)
    open_sockets, closed, answers = list(sockets), 0, []

    def read(readable):
        nonlocal closed
        for s in readable:
            try:
                chunk = s.recv(4096)
            except ConnectionResetError:
                chunk = b""
            if chunk:
                answers.append(chunk[:200].decode("latin-1"))
            else:
                closed += 1
                open_sockets.remove(s)
                s.close()

    # Standard input says, before it closes, how many closes to wait for: what the server closed before
    # the test released them may not have been read yet (this process, or the server, may have been
    # waiting for a core). Read until that many came (at most 10 s) and the sockets were quiet for a second.
    deadline, told = time.monotonic() + seconds, b""
    while time.monotonic() < deadline:
        readable, _, _ = select.select(open_sockets + [sys.stdin], [], [], 0.1)
        chunk = sys.stdin.buffer.read1(64) if sys.stdin in readable else None
        if chunk:
            told += chunk
        read([s for s in readable if s is not sys.stdin])
        if chunk == b"":
            break
    expected = int(told.strip() or b"0")
    waiting_until = time.monotonic() + 10
    while open_sockets:
        readable, _, _ = select.select(open_sockets, [], [], 1.0)
        if readable:
            read(readable)
        elif closed >= expected or time.monotonic() > waiting_until:
            break
    for s in open_sockets:
        s.close()
    print(json.dumps({"closed_by_server": closed, "answers": answers[:5]}), flush=True)


if sys.argv[1] == "exchange":
    exchange(int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else None)
else:
    hold(int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), len(sys.argv) > 5 and sys.argv[5] == "busy")
