// Establishes the card page's static files, its script modules and stylesheet (Static/): resources of this
// package embedded in the binary (`embedInCode`), so the server, its static build and its Debian package need
// no folder of files beside them. Each is served with its content type, an ETag of its bytes and `no-cache`,
// so a browser asks again each time and gets `304` until a new release changes a file (the page and its
// modules never come from two releases), and gzipped, once at start-up, for browsers that accept it.
import Crypto
import Foundation
import HandshakeCore

/// One static file of the card page, as the server sends it.
struct CardPageAsset: Sendable {
    /// The file's name after `/c/`.
    let name: String
    let bytes: [UInt8]
    let contentType: String
    /// A strong validator: the first 16 bytes of the file's SHA-256, in base64url, quoted.
    let etag: String
    /// The file gzipped (RFC 1952), for browsers that accept it; `nil` in the unlikely case zlib failed.
    let gzipped: [UInt8]?

    init(name: String, bytes: [UInt8], contentType: String) {
        self.name = name
        self.bytes = bytes
        self.contentType = contentType
        etag = "\"" + Base64URL.encode(Array(SHA256.hash(data: bytes).prefix(16))) + "\""
        gzipped = Gzip.compress(bytes)
    }

    /// The card page's files by name.
    static let all: [String: CardPageAsset] = Dictionary(
        uniqueKeysWithValues: [
            CardPageAsset(name: "page.js", bytes: PackageResources.page_js, contentType: "text/javascript; charset=utf-8"),
            CardPageAsset(name: "card.js", bytes: PackageResources.card_js, contentType: "text/javascript; charset=utf-8"),
            CardPageAsset(name: "cbor.js", bytes: PackageResources.cbor_js, contentType: "text/javascript; charset=utf-8"),
            CardPageAsset(name: "page.css", bytes: PackageResources.page_css, contentType: "text/css; charset=utf-8"),
        ].map { ($0.name, $0) })
}
