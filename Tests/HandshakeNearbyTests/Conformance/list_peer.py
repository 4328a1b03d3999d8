#!/usr/bin/env python3
"""A device in the list of people nearby, written from docs/protocols/nearby-discovery.md and nearby-channel.md
with code we did not write: python-zeroconf advertises and browses (it never lists a service it hears of only
by its goodbye: before the program kept advertising until the channel opened, 10 of 10 of these meetings were
turned away), noiseprotocol runs the channel (noise_channel.py).

It waits for a line on stdin before it touches the network, so a test can open it at a chosen moment (just
after the program's last announcement). Then it listens on TCP, advertises `_handshake._tcp` under
`instance` and browses. A connection from an address that no service in its list has waits up to 5 seconds
for one to appear (nearby-discovery.md §10, `LobbyRules.arrivalGrace`) and is closed if none does; a listed
one runs the channel as the responder in compare-code mode until the first sealed message arrives, then
closes (it sends no card, so nothing is kept on either side).

Input (JSON on stdin, one line): {"interface": "10.213.0.2", "instance": "16 Crockford characters", "seconds": 15};
then any line: go.
Output (JSON on stdout): {"listed": bool, "waitedMs": int, "fromGoodbyeOnly": bool, "established": bool,
"kinds": [int], "shortCode": str}
Run it inside a network namespace (ip netns exec) so its multicast stays on the test's own link.
"""
import json
import os
import socket
import struct
import sys
import threading
import time

from zeroconf import ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "HandshakeExchangeTests", "Conformance"))
from noise_channel import Channel, frame  # noqa: E402

TYPE = "_handshake._tcp.local."
ARRIVAL_GRACE = 5.0


class Listed(ServiceListener):
    """The addresses of the services in the list, and whether each was only ever seen leaving."""

    def __init__(self, own: str):
        self.own = own
        self.lock = threading.Lock()
        self.addresses = {}  # name -> set of dotted IPv4 addresses
        self.removed = set()

    def _resolve(self, zc, type_, name):
        if name == self.own:
            return
        info = ServiceInfo(type_, name)
        if not info.load_from_cache(zc):
            info.request(zc, 1000)
        with self.lock:
            self.addresses[name] = set(info.parsed_addresses())

    def add_service(self, zc, type_, name):
        self._resolve(zc, type_, name)

    def update_service(self, zc, type_, name):
        self._resolve(zc, type_, name)

    def remove_service(self, zc, type_, name):
        with self.lock:
            self.removed.add(name)

    def has(self, address: str):
        with self.lock:
            return next((name for name, found in self.addresses.items() if address in found), None)


def read_exact(conn, count):
    data = b""
    while len(data) < count:
        chunk = conn.recv(count - len(data))
        if not chunk:
            raise EOFError("the program closed the connection")
        data += chunk
    return data


def main():
    request = json.loads(sys.stdin.readline())
    sys.stdin.readline()  # go
    interface, instance = request["interface"], request["instance"]
    result = {"listed": False, "waitedMs": 0, "fromGoodbyeOnly": False, "established": False, "kinds": []}
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind((interface, 0))
    server.listen(4)
    server.settimeout(float(request.get("seconds", 15)))
    zc = Zeroconf(interfaces=[interface])
    name = f"{instance}.{TYPE}"
    listed = Listed(name)
    browser = ServiceBrowser(zc, TYPE, listed)
    info = ServiceInfo(TYPE, name, addresses=[socket.inet_aton(interface)], port=server.getsockname()[1],
                       properties={"v": "1"}, server=f"{instance}.local.")
    # Announced at once, without probing first (as the program does: nearby-discovery.md §2, "Not done in
    # version 1"), so the program finds it within milliseconds of its going on the network.
    zc.register_service(info, cooperating_responders=True)
    try:
        conn, (address, _) = server.accept()
        arrived = time.monotonic()
        peer = listed.has(address)
        while peer is None and time.monotonic() - arrived < ARRIVAL_GRACE:
            time.sleep(0.02)
            peer = listed.has(address)
        result["waitedMs"] = int((time.monotonic() - arrived) * 1000)
        if peer is None:
            conn.close()
        else:
            result["listed"] = True
            with listed.lock:
                result["fromGoodbyeOnly"] = peer in listed.removed
            conn.settimeout(10)
            channel = Channel("responder", "compare-code")
            for body in channel.first():
                conn.sendall(frame(body))
            while not result["kinds"]:
                (length,) = struct.unpack(">H", read_exact(conn, 2))
                replies, received = channel.on_frame(read_exact(conn, length))
                for reply in replies:
                    conn.sendall(frame(reply))
                result["established"] = channel.established
                result["kinds"] += [kind for kind, _ in received]
            result["shortCode"] = channel.short_code()
            conn.close()
    finally:
        browser.cancel()
        zc.unregister_service(info)
        zc.close()
        server.close()
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
