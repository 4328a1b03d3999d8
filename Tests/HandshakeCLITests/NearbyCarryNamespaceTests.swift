import Foundation
import HandshakeTestSupport
import Testing

/// Cards that stay current through people (docs/protocols/nearby.md §6a): Ada and Bob both hold their friend
/// Carol, Bob her newer card; when they meet face to face (two processes, two network namespaces, an NFC token)
/// Ada's book takes Carol's newer card from Bob, with Ada's own words for Carol kept, and Bob's is left as it is.
@Suite("handshake nearby carries common friends' newer cards", .serialized, .timeLimit(.minutes(3)))
struct NearbyCarryNamespaceTests {
    @Test("Ada gets Carol's newer card from Bob, kept as an update of her Carol; Bob's book is unchanged")
    func newerCardCrosses() async throws {
        let ada = try await NearbyCommandTests.person("Ada Lovelace"), bob = try await NearbyCommandTests.person("Bob Babbage")
        let carol = try await NearbyCommandTests.person("Carol Herschel")
        let older = carol.file("carol.hs1")
        try #require(await carol.run("card", "export", "--format", "qr-text", "-o", older.path).status == 0)
        for person in [ada, bob] { try #require(await person.run("add", "--yes", older.path).status == 0) }
        // Ada calls her Aunt Carol; Carol's title changes afterwards, and only Bob adds the newer card.
        try #require(await ada.run("contact", "set", "Carol", "--alias", "Aunt Carol").status == 0)
        try #require(await carol.run("card", "set", "--title", "Astronomer").status == 0)
        let newer = carol.file("carol-new.hs1")
        try #require(await carol.run("card", "export", "--format", "qr-text", "-o", newer.path).status == 0)
        try #require(await bob.run("add", "--yes", newer.path).status == 0)
        let bobsCarol = try await bob.run("contact", "show", "Carol")
        try #require(bobsCarol.stdout.contains("Astronomer"), "Bob holds the newer card: \(bobsCarol.stdout)")

        let (adaEvents, bobEvents) = try await NearbyNamespaceTests.oneTap(ada, bob)
        #expect(adaEvents.last?["outcome"] as? String == "completed" && bobEvents.last?["outcome"] as? String == "completed", "\(adaEvents)\n\(bobEvents)")

        let carried = adaEvents.filter { $0["event"] as? String == "cardCarried" }
        #expect(carried.count == 1, "\(adaEvents)\n\(bobEvents)")
        #expect(carried.first?["name"] as? String == "Aunt Carol" && carried.first?["changes"] as? [String] == ["title"], "\(carried)")
        #expect(!bobEvents.contains { $0["event"] as? String == "cardCarried" }, "Bob held the newer card already: \(bobEvents)")

        let shown = try await ada.run("contact", "show", "Aunt Carol")
        #expect(shown.stdout.contains("Astronomer") && shown.stdout.contains("Aunt Carol"), "\(shown.stdout)")
        let history = try await ada.run("contact", "history", "Aunt Carol")
        #expect(history.status == 0 && !history.stdout.contains("(no earlier cards)"), "the older card is in the history: \(history.stdout)")
        // The meeting itself is as it always was: both notes, Carol as the common friend.
        try await NearbyNamespaceTests.expectBooks(ada, bob, source: "nfc")
    }
}
