// The verifier's host and addresses come from its request, and the bounded client's failures name the host
// it was given: PresentationFlowError's and BoundedHTTP.Failure's sentences show them escaped by Unicode
// scalar, so an escape sequence, a bidirectional override or a line feed in them never reaches a screen raw.
import HandshakeCore
import HandshakeTestSupport
import Testing

@testable import HandshakeCredentials

struct HostileHostSentenceTests {
    static let host = HostileStrings.host

    static let sentences: [(String, String)] = [
        ("PresentationFlowError.unreachable", PresentationFlowError.unreachable(host: host, reason: "it did not answer within 30 seconds").description),
        ("PresentationFlowError.tooLarge", PresentationFlowError.tooLarge(host: host, limit: 65_536).description),
        ("PresentationFlowError.notFetched", PresentationFlowError.notFetched(url: "https://\(host)/request", status: 404).description),
        ("BoundedHTTP.Failure.unreachable", BoundedHTTP.Failure.unreachable(host: host, reason: "it broke off the connection").description),
        ("BoundedHTTP.Failure.timedOut", BoundedHTTP.Failure.timedOut(host: host, limit: .seconds(30)).description),
        ("BoundedHTTP.Failure.tooLarge", BoundedHTTP.Failure.tooLarge(host: host, limit: 1024).description),
        (
            "BoundedHTTP.Failure.addressNotAllowed",
            BoundedHTTP.Failure.addressNotAllowed(host: host, address: "10.0.0.5", scope: NetworkAddressScope([10, 0, 0, 5]), reason: "").description
        ),
        ("BoundedHTTP.Failure.badAddress", BoundedHTTP.Failure.badAddress(url: "https://\(host)/", reason: "its host is not a host name").description),
    ]

    @Test(arguments: 0..<sentences.count)
    func aHostileHostIsShownEscaped(_ index: Int) {
        let (name, sentence) = Self.sentences[index]
        for scalar in HostileStrings.hostControls {
            #expect(!sentence.unicodeScalars.contains(scalar), "\(name): U+\(String(scalar.value, radix: 16, uppercase: true)) raw in \(sentence.debugDescription)")
        }
        #expect(sentence.contains("evil"), "\(name) names the host: \(sentence.debugDescription)")
        let html = UntrustedText.htmlEscaped(sentence)
        #expect(!html.unicodeScalars.contains("\""), "\(name): \(html.debugDescription)")
    }

    @Test func theHostsControlsAreShownAsEscapes() {
        // badAddress shows its address in printable ASCII only (NetworkHost.Refusal.quoted: `?` for the rest).
        for (name, sentence) in Self.sentences where !name.hasSuffix("badAddress") {
            #expect(HostileStrings.holds(sentence, #"evil\u{1B}[2J\u{202E}elpmaxe"#), "\(name): \(sentence.debugDescription)")
        }
    }
}
