"""VC-JWT cards checked by JOSE libraries we did not write: joserfc and PyJWT.

  vc_jwt.py verify   {token}            -> verifies a Handshake VC-JWT with joserfc AND PyJWT, resolving
                                           the issuer's did:key here (base58, multicodec), independently
                                           of Handshake's resolver; emits the claims and header.
  vc_jwt.py verify2  {token}            -> the same for a VC Data Model 2.0 credential (VC-JOSE-COSE: the payload
                                           is the credential, typ vc+jwt, issuer/validFrom/validUntil).
  vc_jwt.py make     {alg, secret, now, fields[, version]}
                                        -> VC-JWTs for the same claims, one made by joserfc and one by
                                           PyJWT (joserfc only for Ed25519, which PyJWT lacks), signed with an Ed25519 seed (alg EdDSA / Ed25519) or a
                                           P-256 private scalar (alg ES256); emits {did, joserfc, pyjwt}.

A missing module fails with exit status 3 (see _support.py): these checks are never skipped."""
import sys
import warnings

from _support import check, emit, read_input, require

base58 = require("base58")
joserfc_jwt = require("joserfc.jwt", "joserfc")
joserfc_jwk = require("joserfc.jwk", "joserfc")
pyjwt = require("jwt", "PyJWT")
require("cryptography")
from cryptography.hazmat.primitives import serialization  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import ec, ed25519  # noqa: E402

# joserfc warns that "EdDSA" is deprecated by RFC 9864 in favour of "Ed25519"; Handshake writes EdDSA on
# purpose (the widest reach) and accepts both, so the warning is expected here.
warnings.filterwarnings("ignore", message=".*EdDSA is deprecated.*")

ED25519_PREFIX = bytes([0xED, 0x01])
P256_PREFIX = bytes([0x80, 0x24])


def b64url(data):
    import base64
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def resolve(did):
    """did:key -> (key type, cryptography public key), from the did:key method's text alone."""
    check(did.startswith("did:key:z"), f"issuer {did!r} is not a base58btc did:key")
    raw = base58.b58decode(did[len("did:key:z"):])
    if raw.startswith(ED25519_PREFIX):
        return "Ed25519", ed25519.Ed25519PublicKey.from_public_bytes(raw[2:])
    if raw.startswith(P256_PREFIX):
        return "P-256", ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw[2:])
    check(False, f"unexpected multicodec prefix {raw[:2].hex()}")


def did_for(public_key):
    if isinstance(public_key, ed25519.Ed25519PublicKey):
        raw = public_key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        return "did:key:z" + base58.b58encode(ED25519_PREFIX + raw).decode()
    point = public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.CompressedPoint)
    return "did:key:z" + base58.b58encode(P256_PREFIX + point).decode()


def jwk_of(public_key, private_key=None):
    if isinstance(public_key, ed25519.Ed25519PublicKey):
        raw = public_key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        jwk = {"kty": "OKP", "crv": "Ed25519", "x": b64url(raw)}
        if private_key is not None:
            jwk["d"] = b64url(private_key.private_bytes(
                serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption()))
        return joserfc_jwk.OKPKey.import_key(jwk)
    numbers = public_key.public_numbers()
    jwk = {"kty": "EC", "crv": "P-256", "x": b64url(numbers.x.to_bytes(32, "big")), "y": b64url(numbers.y.to_bytes(32, "big"))}
    if private_key is not None:
        jwk["d"] = b64url(private_key.private_numbers().private_value.to_bytes(32, "big"))
    return joserfc_jwk.ECKey.import_key(jwk)


def verify(data):
    token = data["token"]
    header = pyjwt.get_unverified_header(token)
    unverified = pyjwt.decode(token, options={"verify_signature": False})
    issuer = unverified["iss"]
    key_type, public_key = resolve(issuer)
    check(header["alg"] == ("EdDSA" if key_type == "Ed25519" else "ES256"), f"alg {header['alg']} for a {key_type} key")
    check(header.get("kid", "").split("#")[0] == issuer, "kid does not name the issuer")
    check(header.get("typ") == "JWT", "typ is not JWT")
    # PyJWT: signature, and nbf/iat/exp against the real clock (the token was made moments ago).
    claims = pyjwt.decode(token, public_key, algorithms=[header["alg"]], options={"require": ["iss", "nbf"]})
    # joserfc: signature with the key as a JWK, then its own claims registry (nbf, exp).
    decoded = joserfc_jwt.decode(token, jwk_of(public_key), algorithms=[header["alg"]])
    joserfc_jwt.JWTClaimsRegistry(iss={"essential": True, "value": issuer}).validate(decoded.claims)
    check(decoded.claims == claims, "joserfc and PyJWT read different claims")
    vc = claims["vc"]
    check("VerifiableCredential" in vc["type"], "type lacks VerifiableCredential")
    check(claims["sub"] == issuer and vc["credentialSubject"]["id"] == issuer, "subject is not the issuer")
    emit({"header": header, "claims": claims, "keyType": key_type})


V2_CONTEXT = "https://www.w3.org/ns/credentials/v2"


def parse_datetime(text):
    from datetime import datetime
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def verify2(data):
    """A VC Data Model 2.0 credential secured as a JWS (W3C VC-JOSE-COSE §3.1.1), checked from that spec alone."""
    import time
    token = data["token"]
    header = pyjwt.get_unverified_header(token)
    check(header.get("typ") == "vc+jwt", f"typ is {header.get('typ')!r}, not vc+jwt")
    unverified = pyjwt.decode(token, options={"verify_signature": False})
    issuer = unverified["issuer"] if isinstance(unverified["issuer"], str) else unverified["issuer"]["id"]
    key_type, public_key = resolve(issuer)
    check(header.get("kid", "").split("#")[0] == issuer, "kid does not name the issuer")
    # PyJWT and joserfc: the signature; the payload has no registered claims to check.
    claims = pyjwt.decode(token, public_key, algorithms=[header["alg"]], options={"require": []})
    decoded = joserfc_jwt.decode(token, jwk_of(public_key), algorithms=[header["alg"]])
    check(decoded.claims == claims, "joserfc and PyJWT read different payloads")
    check(claims["@context"][0] == V2_CONTEXT, "the first @context is not the VC 2.0 one")
    check("VerifiableCredential" in claims["type"], "type lacks VerifiableCredential")
    check("vc" not in claims and "iss" not in claims, "a 1.1 claim in a 2.0 credential")
    now = time.time()
    check(parse_datetime(claims["validFrom"]) <= now + 60, "validFrom is in the future")
    if "validUntil" in claims:
        check(parse_datetime(claims["validUntil"]) > now - 60, "validUntil has passed")
    check(claims["credentialSubject"]["id"] == issuer, "subject is not the issuer")
    emit({"header": header, "claims": claims, "keyType": key_type})


def make(data):
    alg = data["alg"]
    secret = bytes.fromhex(data["secret"])
    if alg in ("EdDSA", "Ed25519"):
        private_key = ed25519.Ed25519PrivateKey.from_private_bytes(secret)
    else:
        check(alg == "ES256", f"unknown alg {alg}")
        private_key = ec.derive_private_key(int.from_bytes(secret, "big"), ec.SECP256R1())
    public_key = private_key.public_key()
    did = did_for(public_key)
    kid = did + "#" + did[len("did:key:"):]
    now = int(data["now"])
    if data.get("version") == 2:
        # VC Data Model 2.0 with JOSE (VC-JOSE-COSE): the credential itself is the payload.
        from datetime import datetime, timezone
        def stamp(seconds):
            return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        payload = {
            "@context": [V2_CONTEXT],
            "type": ["VerifiableCredential"],
            "issuer": {"id": did},
            "validFrom": stamp(now),
            "validUntil": stamp(now + 3600),
            "credentialSubject": dict(data["fields"], id=did),
        }
        header = {"alg": alg, "typ": "vc+jwt", "cty": "vc", "kid": kid}
        emit({"did": did, "joserfc": joserfc_jwt.encode(header, payload, jwk_of(public_key, private_key), algorithms=[alg])})
        return
    claims = {
        "iss": did, "sub": did, "nbf": now, "iat": now, "exp": now + 3600,
        "vc": {
            "@context": ["https://www.w3.org/2018/credentials/v1"],
            "type": ["VerifiableCredential"],
            "credentialSubject": dict(data["fields"], id=did),
        },
    }
    header = {"alg": alg, "typ": "JWT", "kid": kid}
    made_by_joserfc = joserfc_jwt.encode(header, claims, jwk_of(public_key, private_key), algorithms=[alg])
    pem = private_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    # PyJWT knows EdDSA and ES256 but not yet RFC 9864's "Ed25519": for that one only joserfc makes a token.
    made_by_pyjwt = None if alg == "Ed25519" else pyjwt.encode(claims, pem, algorithm=alg, headers={"kid": kid})
    emit({"did": did, "joserfc": made_by_joserfc, "pyjwt": made_by_pyjwt})


if __name__ == "__main__":
    {"verify": verify, "verify2": verify2, "make": make}[sys.argv[1]](read_input())
