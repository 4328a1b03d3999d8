"""The nearby secure channel (docs/protocols/nearby-channel.md), written from the doc on top of the
`noiseprotocol` package and `cryptography`: an implementation the Swift one did not write. Shared by
noise_peer.py (a live peer over stdin/stdout) and noise_worked_example.py (the doc's example, recomputed)."""
import hashlib
import struct
import warnings

from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
from noise.connection import Keypair, NoiseConnection

PROLOGUE_LABEL = b"handshake nearby v1 prologue\x00"
COMMITMENT_LABEL = b"handshake nearby v1 commitment\x00"
SHORT_CODE_LABEL = b"handshake nearby v1 short code\x00"
VERSION = 1
COMMIT, HANDSHAKE, RECORD = 0x01, 0x02, 0x03
HANDSHAKE_FRAME_LIMIT = 256
RECORD_FRAME_LIMIT = 65535
MAX_FRAGMENT = 65535 - 1 - 16 - 2
MORE_FRAGMENTS = 0x01


# The responder commits to its ephemeral key before the handshake, so the key must be set in advance: the
# package warns that fixed ephemeral keys are for tests, which does not apply to a key chosen at random here.
warnings.filterwarnings("ignore", message="One of ephemeral keypairs is already set")


class ProtocolError(Exception):
    pass


def frame(body: bytes) -> bytes:
    assert 1 <= len(body) <= 65535
    return struct.pack(">H", len(body)) + body


def commitment(ephemeral_public: bytes) -> bytes:
    return hashlib.sha256(COMMITMENT_LABEL + ephemeral_public).digest()


def prologue(mode: str, commit: bytes = b"") -> bytes:
    return PROLOGUE_LABEL + bytes([VERSION, 0 if mode == "compare-code" else 1]) + commit


def short_code(handshake_hash: bytes) -> str:
    digest = hashlib.sha256(SHORT_CODE_LABEL + handshake_hash).digest()
    return "%06d" % (int.from_bytes(digest[:8], "big") % 1_000_000)


def public_key(private: bytes) -> bytes:
    return X25519PrivateKey.from_private_bytes(private).public_key().public_bytes_raw()


class Channel:
    """One end, driven by whole frame bodies: `first()` gives the frames to send at once, `on_frame(body)`
    the frames to send in answer. Raises ProtocolError on anything the doc says ends the channel."""

    def __init__(self, role: str, mode: str, secret: bytes = None, ephemeral: bytes = None):
        self.role, self.mode, self.secret = role, mode, secret
        self.ephemeral = ephemeral or X25519PrivateKey.generate().private_bytes_raw()
        self.conn = None
        self.commit = None
        self.established = False
        self.handshake_hash = None
        self.pending_type = None
        self.pending = b""

    def _noise(self, commit: bytes = b"") -> NoiseConnection:
        name = b"Noise_NN_25519_ChaChaPoly_SHA256" if self.mode == "compare-code" else b"Noise_NNpsk0_25519_ChaChaPoly_SHA256"
        conn = NoiseConnection.from_name(name)
        conn.set_as_initiator() if self.role == "initiator" else conn.set_as_responder()
        conn.set_prologue(prologue(self.mode, commit))
        if self.mode == "session-secret":
            conn.set_psks(psk=self.secret)
        conn.set_keypair_from_private_bytes(Keypair.EPHEMERAL, self.ephemeral)
        conn.start_handshake()
        return conn

    def frame_limit(self) -> int:
        return RECORD_FRAME_LIMIT if self.established else HANDSHAKE_FRAME_LIMIT

    def first(self) -> list:
        if self.role == "responder" and self.mode == "compare-code":
            self.commit = commitment(public_key(self.ephemeral))
            self.conn = self._noise(self.commit)
            return [bytes([COMMIT]) + self.commit]
        if self.role == "responder":
            self.conn = self._noise()
            return []
        if self.mode == "session-secret":
            self.conn = self._noise()
            return [bytes([HANDSHAKE]) + bytes(self.conn.write_message(b""))]
        return []

    def _establish(self):
        if not self.conn.handshake_finished:
            raise ProtocolError("handshake not finished after message 2")
        self.established = True
        self.handshake_hash = bytes(self.conn.get_handshake_hash())

    def short_code(self):
        return short_code(self.handshake_hash) if self.mode == "compare-code" else None

    def on_frame(self, body: bytes):
        """Returns (frames to send, messages received as (type, payload))."""
        kind, content = body[0], body[1:]
        if self.established:
            if kind != RECORD:
                raise ProtocolError("frame out of order")
            return [], self._on_record(content)
        if kind == COMMIT and self.role == "initiator" and self.mode == "compare-code" and self.conn is None:
            if len(content) != 32:
                raise ProtocolError("malformed commitment")
            self.commit = content
            self.conn = self._noise(self.commit)
            return [bytes([HANDSHAKE]) + bytes(self.conn.write_message(b""))], []
        if kind == HANDSHAKE and self.role == "responder" and self.conn is not None and not self.established:
            if self.conn.read_message(content) != b"":
                raise ProtocolError("handshake payload not empty")
            reply = bytes([HANDSHAKE]) + bytes(self.conn.write_message(b""))
            self._establish()
            return [reply], []
        if kind == HANDSHAKE and self.role == "initiator" and self.conn is not None:
            if self.mode == "compare-code" and commitment(content[:32]) != self.commit:
                raise ProtocolError("commitment mismatch")
            if self.conn.read_message(content) != b"":
                raise ProtocolError("handshake payload not empty")
            self._establish()
            return [], []
        raise ProtocolError("frame out of order")

    def _on_record(self, ciphertext: bytes) -> list:
        plaintext = bytes(self.conn.decrypt(ciphertext))
        if len(plaintext) < 2:
            raise ProtocolError("record too short")
        kind, flags, fragment = plaintext[0], plaintext[1], plaintext[2:]
        if flags & ~MORE_FRAGMENTS:
            raise ProtocolError("reserved flag bits")
        if self.pending_type is not None and self.pending_type != kind:
            raise ProtocolError("fragment type changed")
        self.pending += fragment
        if flags & MORE_FRAGMENTS:
            self.pending_type = kind
            return []
        message = (kind, self.pending)
        self.pending_type, self.pending = None, b""
        return [message]

    def seal(self, kind: int, payload: bytes) -> list:
        """The RECORD frame bodies of one message."""
        bodies, offset = [], 0
        while True:
            fragment = payload[offset:offset + MAX_FRAGMENT]
            offset += len(fragment)
            flags = MORE_FRAGMENTS if offset < len(payload) else 0
            bodies.append(bytes([RECORD]) + bytes(self.conn.encrypt(bytes([kind, flags]) + fragment)))
            if offset >= len(payload):
                return bodies
