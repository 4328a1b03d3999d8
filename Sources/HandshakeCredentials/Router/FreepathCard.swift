// Establishes what a Freepath contact card is and when it counts as verified, as Freepath's own code
// specifies it (smyrgeorge/freepath, freepath-contact: QrCodeContactExchange and ContactCardCodec):
// `freepath://contact/v1/` + base64 of the JSON `{"card": {…}, "signature": "…"}`; the signature is Ed25519
// by the card's `sigKey` over the card's JSON encoding. Freepath re-encodes the decoded card to check it; the
// encoding of the nested `card` is the same bytes as the card encoded alone, so the bytes checked here are
// the `card` member exactly as it arrived. Also checked: schema 1, 32-byte keys, and a `nodeId`, when the card
// carries one (older Freepath versions did), naming the key (the same Node ID rule as Handshake's). What it
// does not establish: who holds the key (compare in person), nor anything about fields Handshake does not read.
import Crypto
import Foundation
import HandshakeCore

/// A Freepath contact card whose signature by its own key checked out.
public struct FreepathCard: Sendable, Hashable {
    /// The card's Ed25519 key, which signed it.
    public let sigKey: SigningPublicKey
    /// The Node ID of that key.
    public var nodeID: NodeID { sigKey.nodeID }
    /// The display name, when the card has one.
    public let name: String?
    /// `updatedAt`, milliseconds since 1970, when the card has it.
    public let updatedAt: Int64?

    static let prefix = "freepath://contact/v1/"
    /// A Freepath card is a key and a name of at most 64 characters; 16 KiB of payload is far more than any.
    static let maxPayloadBytes = 16 * 1024

    /// The verified card in `text`, or why it is refused.
    init(_ text: String) throws(ScanError) {
        guard text.hasPrefix(Self.prefix) else { throw .freepath("A Freepath card link starts with \(Self.prefix).") }
        let encoded = text.dropFirst(Self.prefix.count)
        guard !encoded.isEmpty, encoded.utf8.count <= Self.maxPayloadBytes * 4 / 3 + 4,
            let json = Self.base64(String(encoded))
        else { throw .freepath("This Freepath card is damaged: after \(Self.prefix) it must hold base64 text.") }
        // Read strictly (a member named twice refuses the card): the bytes checked are the first `card`
        // member, and no other reading of the same text may find another.
        guard let object = JSONValue.parse(json)?.object,
            let signatureText = object["signature"]?.string, let signature = Data(base64Encoded: signatureText),
            signature.count == 64, let range = Self.memberRange("card", in: json)
        else { throw .freepath("This Freepath card can't be read: it must be a JSON card with its signature.") }
        let cardBytes = Array(json[range])
        guard let card = JSONValue.parse(cardBytes)?.object else {
            throw .freepath("This Freepath card can't be read: its card is not a JSON object.")
        }
        guard card["schema"] == .number(1) else { throw .freepath("This Freepath card uses a schema Handshake does not read (only schema 1).") }
        guard let keyText = card["sigKey"]?.string, let keyBytes = Data(base64Encoded: keyText),
            let key = SigningPublicKey(rawRepresentation: [UInt8](keyBytes)),
            let encText = card["encKey"]?.string, Data(base64Encoded: encText)?.count == 32
        else { throw .freepath("This Freepath card's keys are not valid 32-byte keys.") }
        if let claimed = card["nodeId"]?.string, claimed != key.nodeID.rawValue {
            throw .freepath("This Freepath card claims Node ID \(UntrustedText.inline(claimed, limit: 30)), but its key belongs to Node ID \(key.nodeID): it is forged or broken.")
        }
        guard let publicKey = try? Curve25519.Signing.PublicKey(rawRepresentation: key.rawRepresentation),
            publicKey.isValidSignature(signature, for: cardBytes)
        else { throw .freepath("This Freepath card's signature does not match its key: it was changed after it was signed.") }
        let name = card["name"]?.string
        guard name.map({ TextLength.check($0, limit: 64) == nil }) ?? true else { throw .freepath("This Freepath card's name is longer than Freepath allows (64 characters).") }
        if let name {
            do { try CardFields.validateName(name) } catch {
                throw .freepath("This Freepath card's name holds text a contact card may not hold, so it was refused: \(error.description)")
            }
        }
        sigKey = key
        self.name = name
        if case .number(let milliseconds)? = card["updatedAt"] { updatedAt = Int64(exactly: milliseconds) } else { updatedAt = nil }
    }

    /// Standard or URL-safe base64, padded or not (Freepath writes standard base64).
    static func base64(_ text: String) -> [UInt8]? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.utf8.count % 4 != 0 { standard.append("=") }
        return Data(base64Encoded: standard).map { [UInt8]($0) }
    }

    /// The bytes of the value of the top-level member `name` of the JSON object `json`, exactly as written.
    static func memberRange(_ name: String, in json: [UInt8]) -> Range<Int>? {
        var index = 0
        func skipSpace() { while index < json.count, [0x20, 0x09, 0x0A, 0x0D].contains(json[index]) { index += 1 } }
        /// Skips a string starting at `index` (a quote); returns its raw contents.
        func string() -> ArraySlice<UInt8>? {
            guard index < json.count, json[index] == UInt8(ascii: "\"") else { return nil }
            let start = index + 1
            index += 1
            while index < json.count {
                switch json[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    index += 1
                    return json[start..<(index - 1)]
                default: index += 1
                }
            }
            return nil
        }
        /// Skips any value starting at `index`.
        func value() -> Bool {
            skipSpace()
            guard index < json.count else { return false }
            if json[index] == UInt8(ascii: "\"") { return string() != nil }
            var depth = 0
            while index < json.count {
                switch json[index] {
                case UInt8(ascii: "\""):
                    guard string() != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return true }
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return true
                    }
                case UInt8(ascii: ","): if depth == 0 { return true }
                default: break
                }
                index += 1
            }
            return depth == 0
        }
        skipSpace()
        guard index < json.count, json[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        while true {
            skipSpace()
            guard let key = string() else { return nil }
            skipSpace()
            guard index < json.count, json[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            skipSpace()
            let start = index
            guard value() else { return nil }
            if Array(key) == Array(name.utf8) { return start..<index }
            skipSpace()
            guard index < json.count, json[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
    }
}
