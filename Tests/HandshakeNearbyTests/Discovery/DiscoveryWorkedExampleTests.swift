import Foundation
import Testing

@_spi(Wire) @testable import HandshakeNearby

/// docs/protocols/nearby-discovery.md shows one announcement byte for byte; this regenerates it, compares,
/// and has python-zeroconf's own codec read it (and we read one zeroconf wrote, with name compression).
@Suite("Discovery worked example and zeroconf's codec")
struct DiscoveryWorkedExampleTests {
    static let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/protocols/nearby-discovery.md")

    static func announcement() throws -> [UInt8] {
        let advertiser = try NearbyAdvertiser(
            instance: #require(NearbyInstanceID("k7m2q9xw4d1c8hbt")), port: 47000, displayName: "Ada")
        return try advertiser.announcement(address: IPv4Address(10, 213, 0, 1))
    }

    /// The hex in the fenced block that follows `marker` in the doc.
    static func hexBlock(after marker: String) throws -> String {
        let text = try String(contentsOf: doc, encoding: .utf8)
        let afterMarker = try #require(text.range(of: marker)).upperBound
        let open = try #require(text.range(of: "```hex\n", range: afterMarker..<text.endIndex)).upperBound
        let close = try #require(text.range(of: "```", range: open..<text.endIndex)).lowerBound
        return text[open..<close].filter { $0.isHexDigit }.lowercased()
    }

    @Test func theDocumentedAnnouncementIsWhatTheAdvertiserSends() throws {
        let bytes = try Self.announcement()
        #expect(try Self.hexBlock(after: "<!-- worked-example: announcement -->") == bytes.hex, "regenerated: \(bytes.hex)")
        let goodbye = try DNSMessage(decoding: bytes).goodbyeForTest.encoded()
        #expect(try Self.hexBlock(after: "<!-- worked-example: goodbye -->") == goodbye.hex, "regenerated: \(goodbye.hex)")
    }

    @Test func zeroconfReadsTheAnnouncement() async throws {
        let result = try await python.run("mdns_packets.py", ["parse": [try Self.announcement().hex]])
        let parsed = try #require((result["parsed"] as? [[String: Any]])?.first)
        #expect(parsed["flags"] as? Int == 0x8400)
        let records = try #require(parsed["records"] as? [[String: Any]])
        #expect(records.count == 4)
        let byType = Dictionary(records.map { ($0["type"] as? Int ?? 0, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byType[12]?["alias"] as? String == "k7m2q9xw4d1c8hbt._handshake._tcp.local.")
        #expect(byType[33]?["port"] as? Int == 47000)
        #expect(byType[33]?["server"] as? String == "k7m2q9xw4d1c8hbt.local.")
        #expect(byType[33]?["cacheFlush"] as? Bool == true)
        #expect(byType[16]?["strings"] as? [String] == ["v=1", "n=Ada"])
        #expect(byType[1]?["address"] as? String == "10.213.0.1")
        #expect(byType[12]?["ttl"] as? Int == 4500 && byType[1]?["ttl"] as? Int == 120)
    }

    @Test func weReadAResponseZeroconfWroteWithCompression() async throws {
        let result = try await python.run(
            "mdns_packets.py",
            [
                "build": [
                    "instance": "Zeroconf peer", "port": 4242, "host": "zc-host.local.", "address": "10.213.0.2",
                    "txt": ["v": "1", "n": "Zed"],
                ] as [String: any Sendable]
            ])
        let built = try #require(result["built"] as? String)
        let bytes = try #require([UInt8](hex: built))
        #expect(bytes.contains(0xC0), "zeroconf compressed nothing")
        let message = try DNSMessage(decoding: bytes)
        var browser = BrowserState(startedAt: .zero)
        let events = browser.receive(message, at: .zero)
        #expect(
            events == [
                .found(
                    NearbyPeer(
                        id: "Zeroconf peer", displayName: "Zed", version: 1, addresses: [IPv4Address(10, 213, 0, 2)],
                        port: 4242, host: "zc-host.local"))
            ])
    }
}

extension DNSMessage {
    /// The same records with TTL 0.
    fileprivate var goodbyeForTest: DNSMessage {
        var copy = self
        copy.answers = answers.map { var record = $0; record.ttl = 0; return record }
        return copy
    }
}
