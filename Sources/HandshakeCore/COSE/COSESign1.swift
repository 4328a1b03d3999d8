/// COSE_Sign1 (RFC 9052 §4.2) with EdDSA: the envelope that makes a card's bytes a signed card.
///
/// What it protects: the payload and the protected header, against any change by anyone without the
/// private key. What it does not: it says nothing about *whose* key signed — the card pipeline checks that
/// the key inside the payload is the one that verifies, and that the Node ID belongs to it.
///
/// Handshake writes exactly `18([h'A10127', {}, payload, signature])`: tag 18, protected header
/// `{1: -8}` (alg: EdDSA), an empty unprotected header, the payload as a byte string, and the 64-byte
/// Ed25519 signature over the `Sig_structure` `["Signature1", h'A10127', h'', payload]`.
@_spi(Wire) public struct COSESign1: Sendable, Hashable {
    /// The COSE_Sign1 CBOR tag.
    public static let tag: UInt64 = 18
    /// COSE algorithm identifier of EdDSA.
    public static let algorithmEdDSA = -8
    /// The encoded protected header Handshake writes: `{1: -8}`.
    public static let edDSAProtectedHeader = CBOREncoder.encode(.map([CBORPair(.int(1), .int(algorithmEdDSA))]))

    /// The encoded protected header, as signed.
    public let protectedHeader: [UInt8]
    /// The signed content: for a card, its CBOR map.
    public let payload: [UInt8]
    /// The 64-byte Ed25519 signature over the `Sig_structure`.
    public let signature: [UInt8]

    /// Why bytes are not an envelope Handshake accepts.
    public typealias StructureError = SignedEnvelopeError

    /// Signs `payload` with `sign` (an Ed25519 signer) and returns the envelope.
    public static func sign(payload: [UInt8], with sign: ([UInt8]) -> [UInt8]) -> COSESign1 {
        let toBeSigned = signatureInput(protectedHeader: edDSAProtectedHeader, payload: payload)
        return COSESign1(protectedHeader: edDSAProtectedHeader, payload: payload, signature: sign(toBeSigned))
    }

    init(protectedHeader: [UInt8], payload: [UInt8], signature: [UInt8]) {
        self.protectedHeader = protectedHeader
        self.payload = payload
        self.signature = signature
    }

    /// The envelope from a decoded CBOR item, with its header checked for EdDSA.
    public init(_ item: CBOR, decoder: CBORDecoder) throws(StructureError) {
        guard case .tagged(Self.tag, let content) = item else { throw .notTagged }
        guard case .array(let parts) = content, parts.count == 4 else {
            throw .wrongShape("expected an array of 4 parts")
        }
        guard case .bytes(let protected) = parts[0] else { throw .wrongShape("the protected header is not a byte string") }
        guard case .map = parts[1] else { throw .wrongShape("the unprotected header is not a map") }
        guard case .bytes(let payload) = parts[2] else { throw .wrongShape("the payload is not a byte string") }
        guard case .bytes(let signature) = parts[3] else { throw .wrongShape("the signature is not a byte string") }
        guard signature.count == 64 else { throw .wrongShape("the signature is \(signature.count) bytes, not 64") }

        guard let header = try? decoder.decode(protected), case .map(let entries) = header else {
            throw .wrongShape("the protected header is not a CBOR map")
        }
        var algorithm: CBOR?
        for entry in entries {
            switch entry.key.intValue {
            case 1: algorithm = entry.value
            case 2: throw .criticalHeader
            default: continue
            }
        }
        guard let algorithm else { throw .unsupportedAlgorithm("none") }
        guard algorithm.intValue == Self.algorithmEdDSA else {
            throw .unsupportedAlgorithm(algorithm.intValue.map(String.init) ?? "of an unknown kind")
        }
        self.init(protectedHeader: protected, payload: payload, signature: signature)
    }

    /// The tagged CBOR encoding.
    public var encoded: [UInt8] {
        CBOREncoder.encode(.tagged(Self.tag, .array([.bytes(protectedHeader), .map([]), .bytes(payload), .bytes(signature)])))
    }

    /// The bytes the signature covers: the encoded `Sig_structure` (RFC 9052 §4.4).
    public var signedBytes: [UInt8] {
        Self.signatureInput(protectedHeader: protectedHeader, payload: payload)
    }

    static func signatureInput(protectedHeader: [UInt8], payload: [UInt8]) -> [UInt8] {
        CBOREncoder.encode(.array([.text("Signature1"), .bytes(protectedHeader), .bytes([]), .bytes(payload)]))
    }
}
