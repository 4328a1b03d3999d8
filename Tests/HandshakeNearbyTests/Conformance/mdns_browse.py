#!/usr/bin/env python3
"""Browses _handshake._tcp.local. with python-zeroconf (code we did not write) and resolves every instance.

Input (JSON on stdin): {"interface": "10.213.0.2", "seconds": 3}, and optionally "resolved_file" (a path: each
service's name is written there, a line each, as soon as it is resolved, so a test can wait for that) and
"until_removed" (true: end as soon as a resolved service is removed, "seconds" being the upper bound).
Output (JSON on stdout): {"services": [{"name", "instance", "port", "server", "addresses", "txt"}], "removed": [names]}
Run it inside a network namespace (ip netns exec) so its multicast stays on the test's own link.
"""
import json
import sys
import time

from zeroconf import ServiceBrowser, ServiceListener, Zeroconf

TYPE = "_handshake._tcp.local."


class Listener(ServiceListener):
    def __init__(self):
        self.added = []
        self.removed = []

    def add_service(self, zc, type_, name):
        self.added.append(name)

    def update_service(self, zc, type_, name):
        pass

    def remove_service(self, zc, type_, name):
        self.removed.append(name)


def main():
    request = json.load(sys.stdin)
    zc = Zeroconf(interfaces=[request["interface"]])
    listener = Listener()
    try:
        ServiceBrowser(zc, TYPE, listener)
        deadline = time.monotonic() + float(request.get("seconds", 3))
        services = {}
        while time.monotonic() < deadline:
            for name in list(listener.added):
                if name in services:
                    continue
                info = zc.get_service_info(TYPE, name, timeout=2000)
                if info is None:
                    continue
                services[name] = {
                    "name": name,
                    "instance": name[: -len("." + TYPE)],
                    "port": info.port,
                    "server": info.server,
                    "addresses": info.parsed_addresses(),
                    "txt": {k.decode(): (v.decode() if v is not None else None) for k, v in info.properties.items()},
                }
                if request.get("resolved_file"):
                    with open(request["resolved_file"], "a") as resolved:
                        resolved.write(name + "\n")
            if request.get("until_removed") and any(name in services for name in listener.removed):
                break
            time.sleep(0.1)
        json.dump({"services": list(services.values()), "added": listener.added, "removed": listener.removed}, sys.stdout)
    finally:
        zc.close()


if __name__ == "__main__":
    main()
