import Foundation
import Testing

@_spi(Wire) @testable import HandshakeExchange

/// The session token's worked example of docs/protocols/nearby-bootstrap.md, regenerated and compared with
/// the doc's text; ndeflib reads the same bytes in `SessionTokenTests`.
@Suite("Session token: worked example")
struct SessionTokenWorkedExampleTests {
    static func markdown(_ token: SessionToken) -> String {
        let hex = BootstrapDocText.hexLines
        var lines = ["```text", "rendezvous identifier (advertised as t=\(token.rendezvousText))", hex(token.rendezvous)]
        lines += ["secret", hex(token.secret.bytes)]
        lines += ["expiry: \(token.expiry) (\(ISO8601DateFormatter().string(from: token.expiresAt)))"]
        for (index, endpoint) in token.endpoints.enumerated() { lines += ["endpoint \(index + 1): \(endpoint)"] }
        lines += ["payload (\(token.payload.count) bytes)", hex(token.payload)]
        lines += ["NDEF message (\(token.ndefMessage.count) bytes)", hex(token.ndefMessage)]
        lines.append("```")
        return lines.joined(separator: "\n")
    }

    @Test func docShowsTheRegeneratedExample() throws {
        let token = try SessionTokenTests.token()
        BootstrapDocText.expect("docs/protocols/nearby-bootstrap.md", contains: Self.markdown(token), name: "session-token-example")
        let bare = try SessionTokenTests.token(endpoints: [])
        BootstrapDocText.expect("docs/protocols/nearby-bootstrap.md", contains: Self.markdown(bare), name: "session-token-example-bare")
    }
}
