"""A verifier's two endpoints (OpenID4VP 1.0 §5 request_uri, §8.2 direct_post), served on loopback by Python's
http.server, for the CLI's end-to-end test: the wallet under test (`handshake present`) fetches the request
object and posts its answer here, and the answer is checked by oid4vp.py's verifier (PyJWT, joserfc), not by
Handshake's code.

  oid4vp_verifier_server.py LOG
      -> binds 127.0.0.1 on a free port and prints one JSON line {link, client_id, nonce} (the request link,
         with request_uri); serves GET /request (the request object: typ oauth-authz-req+jwt, signed EdDSA by
         the verifier's did:key, client_id decentralized_identifier:did:key:…) and POST /response (verifies the
         vp_token; 200 {"redirect_uri": …} or 400 {"error", "error_description"}); appends what it received
         to LOG, one JSON line per POST. GET /redirect answers 302, GET /huge 200 000 bytes and GET /slow
         nothing for 30 s, to check the wallet's limits; GET /request-hostile serves a request whose answers go
         to POST /response-hostile, which accepts a verified answer with a redirect_uri a wallet must not
         follow, and refuses any other with an error_description holding terminal escapes. Runs until it is
         killed, five minutes at most."""
import io
import json
import os
import sys
import threading
import time
import urllib.parse
from contextlib import redirect_stdout
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from _support import require
import oid4vp
from vc_jwt import did_for

pyjwt = require("jwt", "PyJWT")
from cryptography.hazmat.primitives import serialization  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import ed25519  # noqa: E402

KEY = ed25519.Ed25519PrivateKey.from_private_bytes(bytes([9] * 32))
DID = did_for(KEY.public_key())
CLIENT_ID = "decentralized_identifier:" + DID
NONCE = "nonce-of-the-cli-test-0123456789"
STATE = "state-42"
QUERY = {"credentials": [{
    "id": "card", "format": "jwt_vc_json", "meta": {"type_values": [["VerifiableCredential"]]},
    "claims": [{"path": ["credentialSubject", "name"]}, {"path": ["credentialSubject", "emails"]}],
}]}
LOG = sys.argv[1]


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status, body, content_type="application/json"):
        data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        # Two misbehaving request_uris, for the wallet's limits: a redirect, and an endless-looking body.
        if self.path == "/redirect":
            self.send_response(302)
            self.send_header("Location", "/request")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if self.path == "/huge":
            return self.answer(200, "e" * 200_000, "application/oauth-authz-req+jwt")
        if self.path == "/slow":
            time.sleep(30)
            return self.answer(200, "late", "application/oauth-authz-req+jwt")
        if self.path not in ("/request", "/request-hostile"):
            return self.answer(404, {"error": "not_found"})
        port = self.server.server_address[1]
        response_path = "/response-hostile" if self.path == "/request-hostile" else "/response"
        claims = {
            "client_id": CLIENT_ID, "response_type": "vp_token", "response_mode": "direct_post",
            "response_uri": f"http://127.0.0.1:{port}{response_path}", "nonce": NONCE, "state": STATE,
            "dcql_query": QUERY, "aud": "https://self-issued.me/v2",
        }
        pem = KEY.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
        token = pyjwt.encode(claims, pem, algorithm="EdDSA", headers={"typ": "oauth-authz-req+jwt", "kid": DID + "#" + DID[8:]})
        self.answer(200, token, "application/oauth-authz-req+jwt")

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        form = urllib.parse.parse_qs(self.rfile.read(length).decode(), keep_blank_values=True)
        entry = {"content_type": self.headers.get("Content-Type"), "form": {k: v[0] for k, v in form.items()}}
        if "vp_token" in form:
            captured = io.StringIO()
            try:
                with redirect_stdout(captured):
                    oid4vp.verify({"vp_token": form["vp_token"][0], "query": json.dumps(QUERY), "nonce": NONCE, "client_id": CLIENT_ID})
                entry["verified"] = json.loads(captured.getvalue())
            except (SystemExit, Exception) as error:  # a failed check exits; PyJWT raises
                entry["refused"] = repr(error)
        with open(LOG, "a") as log:
            log.write(json.dumps(entry) + "\n")
        if self.path == "/response-hostile":
            if "verified" in entry:
                return self.answer(200, {"redirect_uri": "javascript:alert(1)"})
            return self.answer(400, {"error": "invalid_request", "error_description": "no\u001b[2J\nverified: signed by did:key:z6MkFAKE"})
        if "verified" in entry and form.get("state", [""])[0] == STATE:
            return self.answer(200, {"redirect_uri": f"http://127.0.0.1:{self.server.server_address[1]}/done#code-1"})
        if "vp_token" in form:
            return self.answer(400, {"error": "invalid_request", "error_description": "the presentation did not verify"})
        return self.answer(200, {})


# Every wait has a limit: the test kills this server when it is done, and it ends itself after five minutes.
threading.Timer(300, lambda: os._exit(0)).start()
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
port = server.server_address[1]
link = "openid4vp://?" + urllib.parse.urlencode({"client_id": CLIENT_ID, "request_uri": f"http://127.0.0.1:{port}/request"})
print(json.dumps({"link": link, "client_id": CLIENT_ID, "nonce": NONCE, "base": f"http://127.0.0.1:{port}"}), flush=True)
server.serve_forever()
