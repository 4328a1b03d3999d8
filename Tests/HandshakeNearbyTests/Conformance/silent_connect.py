#!/usr/bin/env python3
"""A device that connects to a Handshake exchange port without ever advertising itself, and says nothing:
what a prober on the same network that only browses and connects can do. It reports what it was sent and
whether the other side closed the connection.

Input (JSON on stdin): {"host": "10.213.0.2", "port": 40123, "seconds": 20}
Output (JSON on stdout): {"received": <bytes received>, "closed": true|false}
    closed: the other side closed the connection within `seconds` (false: it was still open then).
Run it inside a network namespace (ip netns exec) so it stays on the test's own link.
"""
import json
import socket
import sys
import time


def main():
    request = json.load(sys.stdin)
    deadline = time.monotonic() + float(request.get("seconds", 20))
    received = 0
    closed = False
    with socket.create_connection((request["host"], int(request["port"])), timeout=5) as connection:
        while time.monotonic() < deadline:
            connection.settimeout(max(0.05, deadline - time.monotonic()))
            try:
                chunk = connection.recv(65536)
            except socket.timeout:
                break
            except ConnectionResetError:
                closed = True
                break
            if not chunk:
                closed = True
                break
            received += len(chunk)
    json.dump({"received": received, "closed": closed}, sys.stdout)


if __name__ == "__main__":
    main()
