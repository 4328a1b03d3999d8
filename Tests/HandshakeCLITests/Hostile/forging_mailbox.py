#!/usr/bin/env python3
"""A hostile mailbox server for tests: it stands in front of a real `handshake serve` and passes every
request through, but rewrites what the server answers so that every friend-request id ("id" in a request,
"requestId" in an event, in JSON answers and in the event stream's data lines) is FORGED, a string with a
line feed that would print a line of the attacker's choosing. Plain Python (http.server, http.client): code
we did not write stands in for the server.

Arguments: LISTEN_PORT UPSTREAM_PORT FORGED_ID. Prints "ready" once listening; runs until its standard input
ends (the test closed it, or the test process is gone) or SIGTERM. The test process blocks SIGTERM in its
threads and a child inherits that mask, so the script unblocks it first.
"""
import http.client
import http.server
import json
import os
import signal
import sys
import threading

LISTEN, UPSTREAM, FORGED = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]


def forge(value):
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key in ("id", "requestId") and isinstance(item, str) and "-" in item:
                out[key] = FORGED
            else:
                out[key] = forge(item)
        return out
    if isinstance(value, list):
        return [forge(item) for item in value]
    return value


class Proxy(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, *args):
        pass

    def relay(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection", "content-length")}
        upstream = http.client.HTTPConnection("127.0.0.1", UPSTREAM, timeout=120)
        upstream.request(self.command, self.path, body=body, headers=headers)
        response = upstream.getresponse()
        kind = response.getheader("Content-Type") or ""
        self.send_response(response.status)
        for key, value in response.getheaders():
            if key.lower() not in ("content-length", "transfer-encoding", "connection"):
                self.send_header(key, value)
        if kind.startswith("text/event-stream"):
            self.end_headers()
            while True:
                line = response.readline()
                if not line:
                    break
                if line.startswith(b"data:"):
                    line = b"data: " + json.dumps(forge(json.loads(line[5:]))).encode() + b"\n"
                self.wfile.write(line)
                self.wfile.flush()
        else:
            data = response.read()
            if kind.startswith("application/json") and data:
                data = json.dumps(forge(json.loads(data))).encode()
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        upstream.close()

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = relay


def exit_when_stdin_ends():
    sys.stdin.buffer.read()
    os._exit(0)


signal.signal(signal.SIGTERM, signal.SIG_DFL)
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
threading.Thread(target=exit_when_stdin_ends, daemon=True).start()
server = http.server.ThreadingHTTPServer(("127.0.0.1", LISTEN), Proxy)
print("ready", flush=True)
server.serve_forever()
