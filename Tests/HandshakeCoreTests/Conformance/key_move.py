"""Key moves (docs/formats/key-move.md) checked and made with libraries we did not write: cbor2 and Python
`cryptography`.

Input {"verify": hex of a signed card}: decodes the card's payload with cbor2, and checks its key 17 as the
document says: 1 to 4 maps of exactly the keys 1-4 (32-byte keys, an unsigned date, a 64-byte signature), each
an Ed25519 signature by its old key over "handshake key move v1" NUL followed by the canonical CBOR of
{1: old, 2: new, 3: movedAt}, each new key the next old key, the last the card's own key 3. Reports the Node IDs
moved from, oldest first, and the signed message of each move.

Input {"sign": {"seed": hex of the old identity's seed, "newKey": hex, "movedAt": n}}: derives the old key from
the seed (HKDF-SHA256, as identity.py) and reports the move's bytes (the map with key 4), written by cbor2."""
from _support import require, read_input, check, emit, node_id

cbor2 = require("cbor2")
require("cryptography")
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.exceptions import InvalidSignature

LABEL = b"handshake key move v1\x00"
RAW = dict(encoding=serialization.Encoding.Raw, format=serialization.PublicFormat.Raw)


def signed_message(old, new, moved_at):
    return cbor2.dumps({1: old, 2: new, 3: moved_at}, canonical=True)


request = read_input()
if "sign" in request:
    order = request["sign"]
    seed = bytes.fromhex(order["seed"])
    secret = HKDF(algorithm=hashes.SHA256(), length=32, salt=b"handshake identity v1", info=b"ed25519 signing key").derive(seed)
    private = Ed25519PrivateKey.from_private_bytes(secret)
    old = private.public_key().public_bytes(**RAW)
    new = bytes.fromhex(order["newKey"])
    signature = private.sign(LABEL + signed_message(old, new, order["movedAt"]))
    emit({"move": cbor2.dumps({1: old, 2: new, 3: order["movedAt"], 4: signature}, canonical=True).hex()})
else:
    envelope = cbor2.loads(bytes.fromhex(request["verify"]))
    payload = cbor2.loads(envelope.value[2])
    moves = payload.get(17)
    check(isinstance(moves, list) and 1 <= len(moves) <= 4, "key 17 is not a list of 1 to 4 moves")
    card_key = payload[3]
    keys, messages, moved_from = [], [], []
    for index, move in enumerate(moves):
        check(isinstance(move, dict) and set(move) == {1, 2, 3, 4}, "a move is not a map of exactly the keys 1 to 4")
        old, new, moved_at, signature = move[1], move[2], move[3], move[4]
        check(isinstance(old, bytes) and len(old) == 32 and isinstance(new, bytes) and len(new) == 32, "a move's keys are not 32 bytes")
        check(isinstance(moved_at, int) and moved_at >= 0, "a move's date is not an unsigned integer")
        check(isinstance(signature, bytes) and len(signature) == 64, "a move's signature is not 64 bytes")
        message = signed_message(old, new, moved_at)
        try:
            Ed25519PublicKey.from_public_bytes(old).verify(signature, LABEL + message)
        except InvalidSignature:
            check(False, f"move {index} is not signed by its old key")
        following = moves[index + 1][1] if index + 1 < len(moves) else card_key
        check(new == following, f"move {index} does not lead to the next key")
        keys.append(old)
        messages.append(message.hex())
        moved_from.append(node_id(old))
    keys.append(card_key)
    check(len(set(keys)) == len(keys), "a key appears twice")
    emit({"movedFrom": moved_from, "signedMessages": messages})
