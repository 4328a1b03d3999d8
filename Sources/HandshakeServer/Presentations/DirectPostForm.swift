// Establishes how the answer a wallet posts is read: `application/x-www-form-urlencoded` (OpenID4VP §8.2,
// response mode `direct_post`), `+` as a space, each name at most once. It does not interpret the values;
// `VerifierRoutes` does.
import Foundation
import HandshakeCore
import HandshakeMailbox

struct DirectPostForm {
    let values: [String: String]

    /// The form in `body`; a parameter given twice, or text that is not form encoding, is refused.
    init(_ body: [UInt8]) throws(MailboxError) {
        var values: [String: String] = [:]
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), let value = Self.decode(parts.count > 1 ? parts[1] : "") else {
                throw .badRequest("the form is not percent-encoded correctly.")
            }
            guard values[name] == nil else { throw .badRequest("the form gives \(UntrustedText.inline(name, limit: 32)) twice.") }
            values[name] = value
        }
        self.values = values
    }

    subscript(name: String) -> String? { values[name] }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
