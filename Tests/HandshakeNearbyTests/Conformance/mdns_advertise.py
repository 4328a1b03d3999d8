#!/usr/bin/env python3
"""Advertises a _handshake._tcp service with python-zeroconf (code we did not write) for a while, then
unregisters it (zeroconf sends goodbyes).

Input (JSON on stdin): {"interface": "10.213.0.2", "instance": "Zeroconf peer", "port": 4242,
                        "txt": {"v": "1", "n": "Zed"}, "seconds": 5}
Output (JSON on stdout): {"registered": "<full name>"}
Run it inside a network namespace (ip netns exec) so its multicast stays on the test's own link.
"""
import json
import socket
import sys
import time

from zeroconf import ServiceInfo, Zeroconf

TYPE = "_handshake._tcp.local."


def main():
    request = json.load(sys.stdin)
    zc = Zeroconf(interfaces=[request["interface"]])
    name = f'{request["instance"]}.{TYPE}'
    info = ServiceInfo(
        TYPE,
        name,
        addresses=[socket.inet_aton(request["interface"])],
        port=int(request["port"]),
        properties=request.get("txt", {}),
        server="zeroconf-peer.local.",
    )
    try:
        zc.register_service(info)
        time.sleep(float(request.get("seconds", 5)))
        zc.unregister_service(info)
        json.dump({"registered": name}, sys.stdout)
    finally:
        zc.close()


if __name__ == "__main__":
    main()
