/// A statement by an old key that its owner now signs with a new one: how a person who moves to a new
/// device or key stays the same contact in everyone's book (docs/formats/key-move.md).
///
/// What it establishes: whoever held `oldKey` named `newKey` as its successor, at `movedAt`. What it does not:
/// that the old key was still in its owner's hands when it signed (a thief of the old key can move it too;
/// the book keeps the first move it sees), nor that the new key signs anything (the card that carries the
/// move is signed by the new key, which proves that).
///
/// A move travels inside the new key's card (card.md, key 17), so every way a card reaches a contact (a
/// refresh from the server, face to face, a scan) carries it; `KeyMoves` checks a card's chain of them.
public struct KeyMove: Sendable, Hashable {
    /// The key that vouches for the new one, and signs this statement.
    public let oldKey: SigningPublicKey
    /// The key the owner signs with from now on.
    public let newKey: SigningPublicKey
    /// When the owner moved, in milliseconds since 1970-01-01 UTC (as the old device's clock said).
    public let movedAt: UInt64
    /// The old key's Ed25519 signature over ``SigningPurpose/keyMove`` ‖ ``signedMessage``.
    let signature: [UInt8]

    /// A move from `identity`'s key to `newKey`, signed by `identity`.
    @_spi(Wire) public static func sign(from identity: Identity, to newKey: SigningPublicKey, at movedAt: UInt64) -> KeyMove {
        let message = signedMessage(oldKey: identity.sigKey, newKey: newKey, movedAt: movedAt)
        return KeyMove(oldKey: identity.sigKey, newKey: newKey, movedAt: movedAt, signature: identity.sign(message, for: .keyMove))
    }

    enum Key {
        static let oldKey = 1
        static let newKey = 2
        static let movedAt = 3
        static let signature = 4
    }

    /// The bytes the old key signs (after the purpose's label): the deterministic CBOR map
    /// `{1: oldKey, 2: newKey, 3: movedAt}`.
    static func signedMessage(oldKey: SigningPublicKey, newKey: SigningPublicKey, movedAt: UInt64) -> [UInt8] {
        CBOREncoder.encode(.map([
            CBORPair(.int(Key.oldKey), .bytes(oldKey.rawRepresentation)),
            CBORPair(.int(Key.newKey), .bytes(newKey.rawRepresentation)),
            CBORPair(.int(Key.movedAt), .unsigned(movedAt)),
        ]))
    }

    /// Whether the signature is the old key's, over this move.
    @_spi(Wire) public var isSigned: Bool {
        oldKey.isValidSignature(signature, for: Self.signedMessage(oldKey: oldKey, newKey: newKey, movedAt: movedAt), purpose: .keyMove)
    }

    /// The move as a card writes it: the map `{1: oldKey, 2: newKey, 3: movedAt, 4: signature}`.
    var cbor: CBOR {
        .map([
            CBORPair(.int(Key.oldKey), .bytes(oldKey.rawRepresentation)),
            CBORPair(.int(Key.newKey), .bytes(newKey.rawRepresentation)),
            CBORPair(.int(Key.movedAt), .unsigned(movedAt)),
            CBORPair(.int(Key.signature), .bytes(signature)),
        ])
    }

    /// The move on its own, as a card's key 17 holds it (for storing it outside a card).
    @_spi(Wire) public var encoded: [UInt8] { CBOREncoder.encode(cbor) }

    /// A move from its ``encoded`` bytes, read by shape only: whether it is signed is ``isSigned``.
    @_spi(Wire) public init(encoded bytes: [UInt8]) throws(CardRejection) {
        let decoder = CBORDecoder(limits: .init(maxInputSize: 256, maxDepth: 2, maxItemsPerContainer: 8))
        let item: CBOR
        do throws(CBORError) {
            item = try decoder.decode(bytes)
        } catch {
            throw .malformed(error)
        }
        try self.init(item)
    }

    /// The move in a card's key 17, read by shape only: `KeyMoves.check(_:endingAt:)` checks signatures
    /// and the chain.
    init(_ item: CBOR) throws(CardRejection) {
        guard case .map(let pairs) = item else { throw KeyMoves.invalid("a move is not a map") }
        var parts: [Int: CBOR] = [:]
        for pair in pairs {
            guard let key = pair.key.intValue, (Key.oldKey...Key.signature).contains(key) else {
                throw KeyMoves.invalid("a move holds a key other than 1 to 4")
            }
            parts[key] = pair.value
        }
        guard case .bytes(let old)? = parts[Key.oldKey], let oldKey = SigningPublicKey(rawRepresentation: old),
              case .bytes(let new)? = parts[Key.newKey], let newKey = SigningPublicKey(rawRepresentation: new)
        else { throw KeyMoves.invalid("a move does not name two 32-byte keys") }
        guard case .unsigned(let movedAt)? = parts[Key.movedAt] else { throw KeyMoves.invalid("a move has no date") }
        guard case .bytes(let signature)? = parts[Key.signature], signature.count == 64 else {
            throw KeyMoves.invalid("a move has no 64-byte signature")
        }
        self.init(oldKey: oldKey, newKey: newKey, movedAt: movedAt, signature: signature)
    }

    init(oldKey: SigningPublicKey, newKey: SigningPublicKey, movedAt: UInt64, signature: [UInt8]) {
        (self.oldKey, self.newKey, self.movedAt, self.signature) = (oldKey, newKey, movedAt, signature)
    }
}
