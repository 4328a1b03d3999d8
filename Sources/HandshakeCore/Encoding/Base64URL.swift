import Foundation

/// Unpadded base64url (RFC 4648 §5), the form used in links, where `+`, `/` and `=` would need escaping.
public enum Base64URL {
    /// The unpadded base64url text of `bytes`.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of base64url text (padding optional), or `nil` if it is not base64url.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        guard text.utf8.allSatisfy({ isBase64URLCharacter($0) }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard base64.utf8.count % 4 != 1 else { return nil }
        while base64.utf8.count % 4 != 0 { base64.append("=") }
        return Data(base64Encoded: base64).map { [UInt8]($0) }
    }

    private static func isBase64URLCharacter(_ char: UInt8) -> Bool {
        switch char {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }
}

extension Base64URL {
    /// Standard padded base64 (as in `data:` URIs), tolerating line breaks and spaces.
    static func decodeStandard(_ text: some StringProtocol) -> [UInt8]? {
        let compact = text.filter { !$0.isWhitespace }
        return Data(base64Encoded: String(compact)).map { [UInt8]($0) }
    }
}
