"""Expands a VC-JWT's credential as a JSON-LD processor does (pyld, JSON-LD 1.1), with no network: the VC
Data Model 1.1 and 2.0 contexts are served from Vectors/jsonld/ and any other remote context is refused. In: {"token": compact JWS}. Out: {"types": [...], "subject": {predicate IRI: [values]}}, the expanded
credential's types and its subject's properties, so a test can check that none was dropped."""
import base64
import json
import os

from _support import emit, read_input, require, check

jsonld = require("pyld", "pyld").jsonld

VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Vectors", "jsonld")
CONTEXTS = {
    "https://www.w3.org/2018/credentials/v1": os.path.join(VECTORS, "credentials-v1.jsonld"),
    "https://www.w3.org/ns/credentials/v2": os.path.join(VECTORS, "credentials-v2.jsonld"),
}


def loader(url, options=None):
    check(url in CONTEXTS, f"a remote context was asked for: {url} (nothing may be fetched)")
    with open(CONTEXTS[url]) as file:
        return {"contentType": "application/ld+json", "contextUrl": None, "documentUrl": url, "document": json.load(file)}


def payload(token):
    part = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))


claims = payload(read_input()["token"])
credential = claims.get("vc", claims)
expanded = jsonld.expand(credential, {"documentLoader": loader})
check(len(expanded) == 1, f"expected one node, got {len(expanded)}")
node = expanded[0]
subjects = node.get("https://www.w3.org/2018/credentials#credentialSubject", [])
check(len(subjects) == 1, "the credential has no subject after expansion")
subject = {key: value for key, value in subjects[0].items() if not key.startswith("@")}
emit({"types": node.get("@type", []), "subject": subject})
