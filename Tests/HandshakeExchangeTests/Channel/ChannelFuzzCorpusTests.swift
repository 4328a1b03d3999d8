import Crypto
import Foundation
import Testing

@_spi(Testing) @_spi(Wire) @testable import HandshakeExchange

/// The seeds of Fuzz/Corpus/FuzzChannel (written by Conformance/noise_fuzz_corpus.py) are streams the ends
/// of the worked-example session really receive: this keeps them so, read the way the fuzz target reads them.
@Suite("Secure channel: fuzz seeds")
struct ChannelFuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/FuzzChannel")

    @Test func everySeedIsReadWithoutError() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: nil)
        #expect(files.count == 12)
        let initiatorKey = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: ChannelWorkedExampleTests.initiatorPrivate)
        let responderKey = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: ChannelWorkedExampleTests.responderPrivate)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            let role: ChannelRole = bytes[0] & 1 == 0 ? .initiator : .responder
            let secret = bytes[0] & 2 != 0 ? SessionSecret(bytes: ChannelWorkedExampleTests.secret) : nil
            var pair = ChannelPair(secret: secret, initiatorKey: initiatorKey, responderKey: responderKey)
            if bytes[0] & 4 != 0 { try pair.connect() }
            var channel = role == .initiator ? pair.initiator : pair.responder
            _ = channel.start()
            let outputs = try channel.receive(bytes[2...])
            #expect(channel.isEstablished, "\(file.lastPathComponent)")
            #expect(messages(outputs).count >= 2, "\(file.lastPathComponent)")
        }
    }
}
