import Crypto
import Foundation

/// `manifest.json`: every file of the pass by name, with the SHA-1 of its bytes in lowercase hex, as
/// Apple's format asks (SHA-1 is what Wallet checks; the signature over the manifest is SHA-256).
enum PassManifest {
    static func json(for files: [String: [UInt8]]) throws(WalletPassError) -> [UInt8] {
        let hashes = files.mapValues { bytes in Insecure.SHA1.hash(data: bytes).map { String(format: "%02x", $0) }.joined() }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do { return Array(try encoder.encode(hashes)) } catch { throw .encoding(String(describing: error)) }
    }
}
