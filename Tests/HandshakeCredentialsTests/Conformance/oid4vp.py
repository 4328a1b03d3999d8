"""OpenID4VP 1.0 answers (vp_token, jwt_vc_json) checked and made by code written from the specification
text alone, with JOSE libraries we did not write (PyJWT and joserfc), not with Handshake's code.

  oid4vp.py verify {vp_token, query, nonce, client_id}
      -> a verifier: the vp_token is a JSON object keyed by the DCQL credential query ids (§8.1), each value
         an array of presentations; each VP JWT is verified by PyJWT and joserfc with the key of its `iss`
         did:key (resolved here), its `aud` must be client_id and its `nonce` the request's (§14.2.2), iat/exp
         against the real clock and at most 5 minutes apart; each nested VC-JWT is verified with its own
         issuer's key, and must be issued to and by the presenter (holder binding); the DCQL claims paths
         (§7) must select something in the credential. Emits {holder, subjects: {query id: credentialSubject}}.
  oid4vp.py pairwise {seed, client_id}
      -> the pairwise holder key of docs/protocols/openid4vp.md derived here with cryptography's HKDF:
         emits {secret (hex), did}.
  oid4vp.py wallet {alg, secret, other_secret, client_id, nonce, now, fields, query_id, attack}
      -> a wallet: a VC-JWT (joserfc) of `fields` about itself inside a VP JWT (PyJWT, or joserfc for
         what PyJWT does not write) bound to client_id and nonce; EdDSA with an Ed25519 seed or ES256 with a
         P-256 scalar. `attack` makes it dishonest: alg_none, hs256 (HMAC keyed with the public key),
         expired, old_nonce, other_audience, subject_mismatch (a VC of another key). Emits {vp_token, did}.

A missing module fails with exit status 3 (see _support.py): these checks are never skipped."""
import base64
import hashlib
import hmac
import json
import sys
import time

from _support import check, emit, read_input, require
from vc_jwt import did_for, jwk_of, resolve

pyjwt = require("jwt", "PyJWT")
joserfc_jwt = require("joserfc.jwt", "joserfc")
require("cryptography")
from cryptography.hazmat.primitives import serialization  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import ec, ed25519  # noqa: E402

MAX_LIFETIME = 300


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def select(root, path):
    """The claims path pointer processing of OpenID4VP §7.1.1; None when nothing is selected."""
    selected = [root]
    for component in path:
        following = []
        for element in selected:
            if isinstance(component, str):
                if not isinstance(element, dict):
                    return None
                if component in element:
                    following.append(element[component])
            elif component is None:
                if not isinstance(element, list):
                    return None
                following.extend(element)
            elif isinstance(component, int) and component >= 0:
                if not isinstance(element, list):
                    return None
                if component < len(element):
                    following.append(element[component])
            else:
                return None
        selected = following
    return selected or None


def verify_jwt(token, typ_required=False):
    """(header, claims, did) of a JWT signed by the did:key in its `iss`, checked by PyJWT and joserfc."""
    header = pyjwt.get_unverified_header(token)
    unverified = pyjwt.decode(token, options={"verify_signature": False})
    did = unverified["iss"]
    key_type, public_key = resolve(did)
    alg = header.get("alg")
    check(alg in (("EdDSA", "Ed25519") if key_type == "Ed25519" else ("ES256",)), f"alg {alg} for a {key_type} key")
    if "kid" in header:
        check(header["kid"].split("#")[0] == did, "kid does not name the issuer")
    decoded = joserfc_jwt.decode(token, jwk_of(public_key), algorithms=[alg])
    return header, decoded.claims, did, public_key


def verify(data):
    vp_token = json.loads(data["vp_token"])
    query = json.loads(data["query"])
    check(isinstance(vp_token, dict) and vp_token, "vp_token is not a non-empty JSON object")
    queries = {q["id"]: q for q in query["credentials"]}
    for qid in vp_token:
        check(qid in queries, f"vp_token answers {qid!r}, which was not asked")
    for qid in queries:
        check(qid in vp_token, f"vp_token does not answer {qid!r}")
    holders = set()
    subjects = {}
    now = time.time()
    for qid, presentations in vp_token.items():
        check(isinstance(presentations, list) and len(presentations) == 1, f"{qid}: not exactly one presentation")
        vp = presentations[0]
        header, _, holder, public_key = verify_jwt(vp)
        # PyJWT: the signature again, with aud, exp and iat against the real clock.
        claims = pyjwt.decode(vp, public_key, algorithms=[header["alg"]], audience=data["client_id"],
                              options={"require": ["iss", "aud", "iat", "exp", "nonce"]})
        check(claims["nonce"] == data["nonce"], "nonce is not the request's")
        check(claims["exp"] - claims["iat"] <= MAX_LIFETIME, "valid for more than 5 minutes")
        check(claims["iat"] <= now + 30, "issued in the future")
        check("VerifiablePresentation" in claims["vp"]["type"], "vp type lacks VerifiablePresentation")
        credentials = claims["vp"]["verifiableCredential"]
        check(len(credentials) == 1, "not exactly one credential")
        _, vc_claims, vc_issuer, vc_key = verify_jwt(credentials[0])
        pyjwt.decode(credentials[0], vc_key, algorithms=["EdDSA", "ES256"], options={"require": ["iss", "sub"]})
        vc = vc_claims["vc"]
        subject = vc["credentialSubject"]
        check(vc_issuer == holder and vc_claims["sub"] == holder and subject["id"] == holder,
              "holder binding: the credential is not issued to and by the presenter")
        wanted = queries[qid]
        types = set(vc["type"])
        check(any(set(option) <= types for option in wanted["meta"].get("type_values", [[]])), "type not accepted")
        for claim in wanted.get("claims", []):
            check(select(vc, claim["path"]) is not None, f"claim {claim['path']} missing")
        holders.add(holder)
        subjects[qid] = subject
    check(len(holders) == 1, "presentations by different holders")
    emit({"holder": holders.pop(), "subjects": subjects})


def private_key_of(alg, secret_hex):
    secret = bytes.fromhex(secret_hex)
    if alg == "EdDSA":
        return ed25519.Ed25519PrivateKey.from_private_bytes(secret)
    check(alg == "ES256", f"unknown alg {alg}")
    return ec.derive_private_key(int.from_bytes(secret, "big"), ec.SECP256R1())


def kid_of(did):
    return did + "#" + did[len("did:key:"):]


def wallet(data):
    alg = data["alg"]
    attack = data.get("attack", "")
    private_key = private_key_of(alg, data["secret"])
    did = did_for(private_key.public_key())
    now = int(data["now"])
    # The credential: about its signer, unless the attack is to present someone else's.
    vc_key = private_key_of(alg, data["other_secret"]) if attack == "subject_mismatch" else private_key
    vc_did = did_for(vc_key.public_key())
    vc_claims = {
        "iss": vc_did, "sub": vc_did, "nbf": now, "iat": now, "exp": now + MAX_LIFETIME,
        "vc": {
            "@context": ["https://www.w3.org/2018/credentials/v1"],
            "type": ["VerifiableCredential", "ContactCard"],
            "credentialSubject": dict(data["fields"], id=vc_did),
        },
    }
    vc = joserfc_jwt.encode({"alg": alg, "typ": "JWT", "kid": kid_of(vc_did)}, vc_claims,
                            jwk_of(vc_key.public_key(), vc_key), algorithms=[alg])
    issued = now - 900 if attack == "expired" else now
    vp_claims = {
        "iss": did,
        "aud": "redirect_uri:https://evil.example/cb" if attack == "other_audience" else data["client_id"],
        "nonce": "an-old-nonce-from-yesterday" if attack == "old_nonce" else data["nonce"],
        "iat": issued, "nbf": issued, "exp": issued + MAX_LIFETIME,
        "vp": {
            "@context": ["https://www.w3.org/2018/credentials/v1"],
            "type": ["VerifiablePresentation"],
            "verifiableCredential": [vc],
        },
    }
    if attack == "alg_none":
        vp = pyjwt.encode(vp_claims, None, algorithm="none", headers={"kid": kid_of(did)})
    elif attack == "hs256":
        # The classic key-confusion forgery: HMAC keyed with the public key everyone can read from the did:key.
        if alg == "EdDSA":
            raw = private_key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        else:
            raw = private_key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.CompressedPoint)
        header = {"alg": "HS256", "typ": "JWT", "kid": kid_of(did)}
        signing_input = b64url(json.dumps(header).encode()) + "." + b64url(json.dumps(vp_claims).encode())
        vp = signing_input + "." + b64url(hmac.new(raw, signing_input.encode(), hashlib.sha256).digest())
    else:
        pem = private_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
        vp = pyjwt.encode(vp_claims, pem, algorithm=alg, headers={"kid": kid_of(did), "typ": "JWT"})
    emit({"vp_token": json.dumps({data["query_id"]: [vp]}), "did": did})


def pairwise(data):
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF
    info = b"handshake openid4vp pairwise v1" + b"\x00" + data["client_id"].encode()
    secret = HKDF(algorithm=hashes.SHA256(), length=32, salt=b"handshake identity v1", info=info).derive(bytes.fromhex(data["seed"]))
    key = ed25519.Ed25519PrivateKey.from_private_bytes(secret)
    emit({"secret": secret.hex(), "did": did_for(key.public_key())})


if __name__ == "__main__":
    {"verify": verify, "wallet": wallet, "pairwise": pairwise}[sys.argv[1]](read_input())
