"""An https server on a loopback port for the bounded HTTP client's TLS test: Python's http.server behind
Python's ssl (OpenSSL), not Handshake's code. Arguments: the certificate and key files (PEM). Prints the
port on its first line, then answers every GET with 200 and a small JSON body naming the SNI name it was
sent (or null)."""
import http.server
import json
import ssl
import sys

certificate, key = sys.argv[1:3]
seen_name = {"sni": None}


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps({"ok": True, "sni": seen_name["sni"], "host": self.headers.get("Host")}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


def remember_name(connection, name, context):
    seen_name["sni"] = name


context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(certificate, key)
context.sni_callback = remember_name
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.socket = context.wrap_socket(server.socket, server_side=True)
print(server.server_address[1], flush=True)
server.serve_forever()
