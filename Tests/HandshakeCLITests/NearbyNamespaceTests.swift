import Foundation
import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeExchange

/// `handshake nearby` between two hosts: two processes, each in its own network namespace joined by a veth
/// pair (multicast never leaves the test's own link), finding each other by mDNS — by choosing from the
/// list, by the NFC token, and by the short code. Each side ends with the other as a verified contact with
/// both notes and their one common friend. Needs root and iproute2 (scripts/install-test-tools); a missing
/// one fails the test.
@Suite("handshake nearby between two hosts", .serialized, .timeLimit(.minutes(3)))
struct NearbyNamespaceTests {
    typealias Running = NearbyCommandTests.Running

    /// Ada and Bob, who both have Carol as a trusted contact.
    static func people() async throws -> (ada: CLI, bob: CLI) {
        let ada = try await NearbyCommandTests.person("Ada Lovelace"), bob = try await NearbyCommandTests.person("Bob Babbage")
        let carol = try await NearbyCommandTests.person("Carol Herschel")
        let card = carol.file("carol.hs1")
        try #require(await carol.run("card", "export", "--format", "qr-text", "-o", card.path).status == 0)
        for person in [ada, bob] { try #require(await person.run("add", "--yes", card.path).status == 0) }
        return (ada, bob)
    }

    static func finish(_ process: Running) async throws -> [[String: Any]] { try await Running.drain(process) }

    /// `handshake nearby --code CODE --request --yes` run to its end by `person` inside `namespace`.
    static func typeCode(_ code: ShortCode, as person: CLI, in namespace: String) async throws -> CLI.Result {
        try await CLI.runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["ip", "netns", "exec", namespace, try CLI.binary.path, "nearby", "--code", code.displayText(), "--request", "--yes", "--timeout", "60"],
            environment: ["HANDSHAKE_HOME": person.home.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
    }

    /// Both sides completed; each holds the other, verified, from `source`, with the notes and Carol.
    static func expectSwapped(_ ada: CLI, _ adaEvents: [[String: Any]], _ bob: CLI, _ bobEvents: [[String: Any]], source: String) async throws {
        #expect(adaEvents.last?["outcome"] as? String == "completed", "\(adaEvents)")
        #expect(bobEvents.last?["outcome"] as? String == "completed", "\(bobEvents)")
        // Found after the channel opened ("commonFriends"), or before: on the confirm screen ("connected").
        let friends = (adaEvents + bobEvents).compactMap { event -> [String]? in
            switch event["event"] as? String {
            case "commonFriends": event["names"] as? [String]
            case "connected": event["commonFriends"] as? [String]
            default: nil
            }
        }
        #expect(friends.contains(["Carol Herschel"]), "\(adaEvents)\n\(bobEvents)")
        try await expectBooks(ada, bob, source: source)
    }

    /// Each holds the other, verified, from `source`, with both notes and their one common friend.
    static func expectBooks(_ ada: CLI, _ bob: CLI, source: String) async throws {
        let adaView = try await ada.run("contact", "show", "Bob")
        #expect(adaView.stdout.contains("verified (signed by its owner)") && adaView.stdout.contains("by \(source)"), "\(adaView.stdout)")
        #expect(adaView.stdout.contains("1 common friend)") && adaView.stdout.contains("you wrote: Hi Bob") && adaView.stdout.contains("they wrote: Hello Ada"))
        let bobView = try await bob.run("contact", "show", "Ada")
        #expect(bobView.stdout.contains("verified (signed by its owner)") && bobView.stdout.contains("by \(source)"), "\(bobView.stdout)")
        #expect(bobView.stdout.contains("1 common friend)") && bobView.stdout.contains("you wrote: Hello Ada") && bobView.stdout.contains("they wrote: Hi Bob"))
    }

    @Test("found by mDNS and chosen by name: cards, notes and the common friend both ways")
    func discovered() async throws {
        let (ada, bob) = try await Self.people()
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let waiting = try Running(ada, ["nearby", "--show-name", "--accept", "--yes", "--note", "Hi Bob", "--json", "--timeout", "60"], namespace: pair.first)
        let looking = try #require(try await waiting.nextEvent())
        #expect(looking["event"] as? String == "looking" && looking["showsName"] as? Bool == true)
        let choosing = try Running(bob, ["nearby", "--select", "Ada Lovelace", "--yes", "--note", "Hello Ada", "--json", "--timeout", "60"], namespace: pair.second)
        let bobEvents = try await Self.finish(choosing), adaEvents = try await Self.finish(waiting)
        #expect(bobEvents.contains { $0["event"] as? String == "found" && $0["name"] as? String == "Ada Lovelace" })
        // Bob did not show his name: Ada's list has only his random id.
        #expect(adaEvents.contains { $0["event"] as? String == "found" && $0["name"] == nil && ($0["id"] as? String)?.count == 16 })
        let adaCode = adaEvents.first { $0["event"] as? String == "connected" }?["shortCode"] as? String
        #expect(adaCode != nil && adaCode == bobEvents.first { $0["event"] as? String == "connected" }?["shortCode"] as? String)
        try await Self.expectSwapped(ada, adaEvents, bob, bobEvents, source: "nearby")
    }

    @Test("the list shows each person's common-friend count before anyone chooses, on both screens")
    func countsBeforeChoosing() async throws {
        let (ada, bob) = try await Self.people()
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let adaLooking = try Running(ada, ["nearby", "--show-name", "--json", "--timeout", "8"], namespace: pair.first)
        let bobLooking = try Running(bob, ["nearby", "--show-name", "--json", "--timeout", "8"], namespace: pair.second)
        let adaEvents = try await Self.finish(adaLooking), bobEvents = try await Self.finish(bobLooking)
        for (events, other) in [(adaEvents, "Bob Babbage"), (bobEvents, "Ada Lovelace")] {
            let found = try #require(events.first { $0["event"] as? String == "found" && $0["name"] as? String == other }, "\(events)")
            let counted = try #require(events.first { $0["event"] as? String == "commonFriendsCounted" }, "\(events)")
            #expect(counted["id"] as? String == found["id"] as? String && counted["number"] as? Int == 1)
            #expect(counted["commonFriends"] as? Int == 1, "Carol Herschel, and nobody else: \(events)")
            // Nobody chose: no confirm screen, no request, and the run ends when its time is up.
            #expect(!events.contains { ["connected", "incomingRequest", "received"].contains($0["event"] as? String) }, "\(events)")
            #expect(events.last?["outcome"] as? String != "completed")
        }
        // Nothing is kept from a list nobody chose from.
        #expect(try await ada.run("contact", "list").stdout.contains("Bob") == false)
        #expect(try await bob.run("contact", "list").stdout.contains("Ada") == false)
    }

    /// A script of Tests/HandshakeNearbyTests/Conformance.
    static func nearbyScript(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("HandshakeNearbyTests/Conformance/\(name)")
    }

    @Test("a device that connects without being in the list is turned away without a byte, and the exchange with the person chosen completes")
    func strangerTurnedAway() async throws {
        let (ada, bob) = try await Self.people()
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let choosing = try Running(bob, ["nearby", "--select", "Ada Lovelace", "--yes", "--note", "Hello Ada", "--json", "--timeout", "60"], namespace: pair.second)
        let looking = try #require(try await choosing.nextEvent())
        let port = try #require(looking["port"] as? Int)
        // A device that never advertised (here on Bob's own host, an address no one in his list has) connects
        // and waits in silence.
        let stranger = try PythonScript.Running(
            Self.nearbyScript("silent_connect.py"), ["host": pair.secondHost, "port": port, "seconds": 20], prefix: pair.command(in: pair.second, []))
        let silent = try await stranger.result()
        #expect(silent["received"] as? Int == 0, "not even the channel's first message: \(silent)")
        #expect(silent["closed"] as? Bool == true, "\(silent)")
        let turnedAway = try #require(try await choosing.nextEvent())
        #expect(turnedAway["event"] as? String == "turnedAway" && turnedAway["reason"] as? String == "notInList", "\(turnedAway)")
        #expect(turnedAway["address"] as? String == pair.secondHost)

        let waiting = try Running(ada, ["nearby", "--show-name", "--accept", "--yes", "--note", "Hi Bob", "--json", "--timeout", "60"], namespace: pair.first)
        let bobEvents = try await [looking, turnedAway] + Self.finish(choosing), adaEvents = try await Self.finish(waiting)
        try await Self.expectSwapped(ada, adaEvents, bob, bobEvents, source: "nearby")
    }

    @Test("--select naming nobody: a request from someone in the list is declined (they hear so), nothing is kept, and the run ends with a sentence")
    func selectionDeclinesOthers() async throws {
        let eve = try await NearbyCommandTests.person("Eve Example"), bob = try await NearbyCommandTests.person("Bob Babbage")
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let selecting = try Running(bob, ["nearby", "--show-name", "--select", "qqqq", "--yes", "--json", "--timeout", "20"], namespace: pair.second)
        #expect(try await selecting.nextEvent()?["event"] as? String == "looking")
        let asking = try Running(eve, ["nearby", "--select", "Bob Babbage", "--yes", "--json", "--timeout", "30"], namespace: pair.first)
        let eveEvents = try await Self.finish(asking)
        #expect(asking.process.terminationStatus == 1)
        #expect(eveEvents.last?["outcome"] as? String == "declined", "the requester hears back: \(eveEvents)")

        let rest = try await selecting.restOfOutput()
        try await selecting.exit()
        #expect(selecting.process.terminationStatus == 1)
        let bobEvents = rest.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let declined = try #require(bobEvents.first { $0["event"] as? String == "turnedAway" }, "\(bobEvents)")
        #expect(declined["reason"] as? String == "requestDeclined" && declined["number"] as? Int == 1)
        #expect(!bobEvents.contains { ["incomingRequest", "received", "saved"].contains($0["event"] as? String) }, "\(bobEvents)")
        let errors = String(decoding: (selecting.process.standardError as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        #expect(errors.contains("Nobody in the list of people nearby answered to “qqqq” within 20 seconds. Nothing was stored."), "\(errors)")
        #expect(try await bob.run("contact", "list").stdout.contains("Eve") == false)
        #expect(try await eve.run("contact", "list").stdout.contains("Bob") == false)
    }

    @Test("the NFC tap: the token read from a file finds its issuer with no choosing")
    func tapped() async throws {
        let (ada, bob) = try await Self.people()
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let token = ada.file("tag.ndef")
        let issuing = try Running(ada, ["nearby", "--token-out", token.path, "--accept", "--yes", "--note", "Hi Bob", "--json", "--timeout", "60"], namespace: pair.first)
        #expect(try #require(try await issuing.nextEvent())["event"] as? String == "tokenWritten")
        // The token carries a secret: only its owner may read the file.
        let mode = try FileManager.default.attributesOfItem(atPath: token.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let reading = try Running(bob, ["nearby", "--token-in", token.path, "--request", "--yes", "--note", "Hello Ada", "--json", "--timeout", "60"], namespace: pair.second)
        let bobEvents = try await Self.finish(reading), adaEvents = try await Self.finish(issuing)
        #expect(bobEvents.first { $0["event"] as? String == "connected" }?["shortCode"] == nil, "a token's secret replaces comparing codes")
        try await Self.expectSwapped(ada, adaEvents, bob, bobEvents, source: "nfc")
        #expect(!FileManager.default.fileExists(atPath: token.path), "the token is removed once used")
    }

    @Test("the short code: typed on one host, shown on the other")
    func typed() async throws {
        let (ada, bob) = try await Self.people()
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let showing = try Running(ada, ["nearby", "--show-code", "--accept", "--yes", "--note", "Hi Bob", "--json", "--timeout", "60"], namespace: pair.first)
        let shown = try #require(try await showing.nextEvent())
        let code = try #require(shown["code"] as? String)
        #expect(code.count == 14 && shown["expiresIn"] as? Int == 300)
        let typing = try Running(bob, ["nearby", "--code", code.lowercased(), "--request", "--yes", "--note", "Hello Ada", "--json", "--timeout", "60"], namespace: pair.second)
        try await Self.expectSwapped(ada, Self.finish(showing), bob, Self.finish(typing), source: "code")
    }

    /// Each side's `contact show NAME --json` holds the meeting with the other's note.
    static func expectNotesInJSON(_ ada: CLI, _ bob: CLI) async throws {
        for (home, other, note) in [(ada, "Bob", "Hello Ada"), (bob, "Ada", "Hi Bob")] {
            let shown = try #require(try JSONSerialization.jsonObject(with: await home.run("contact", "show", other, "--json").stdoutBytes) as? [String: Any])
            let meeting = try #require((shown["meetings"] as? [[String: Any]])?.first, "\(shown)")
            #expect(meeting["theirNote"] as? String == note)
            #expect(meeting["secured"] as? String == "sessionSecret")
            #expect(meeting["commonFriends"] as? [String] == ["Carol Herschel"])
        }
    }

    /// One tap in two namespaces: Ada writes a token with no `--request` or `--accept`, Bob reads it; both send
    /// their note. The events of each run, to its end.
    static func oneTap(_ ada: CLI, _ bob: CLI) async throws -> (ada: [[String: Any]], bob: [[String: Any]]) {
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let token = ada.file("tag.ndef")
        let issuing = try Running(ada, ["nearby", "--token-out", token.path, "--yes", "--note", "Hi Bob", "--json", "--timeout", "60"], namespace: pair.first)
        #expect(try #require(try await issuing.nextEvent())["event"] as? String == "tokenWritten")
        let reading = try Running(bob, ["nearby", "--token-in", token.path, "--yes", "--note", "Hello Ada", "--json", "--timeout", "60"], namespace: pair.second)
        let bobEvents = try await Self.finish(reading)
        return (try await Self.finish(issuing), bobEvents)
    }

    @Test("one tap: a token read with no --request or --accept crosses the cards at once, both ways, with notes")
    func oneTapToken() async throws {
        let (ada, bob) = try await Self.people()
        let (adaEvents, bobEvents) = try await Self.oneTap(ada, bob)
        #expect(!(adaEvents + bobEvents).contains { $0["event"] as? String == "incomingRequest" && $0["name"] == nil }, "\(adaEvents)")
        try await Self.expectSwapped(ada, adaEvents, bob, bobEvents, source: "nfc")
        try await Self.expectNotesInJSON(ada, bob)
    }

    @Test("one tap: a typed code with no --request or --accept crosses the cards at once, both ways, with notes")
    func oneTapCode() async throws {
        let (ada, bob) = try await Self.people()
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let showing = try Running(ada, ["nearby", "--show-code", "--yes", "--note", "Hi Bob", "--json", "--timeout", "60"], namespace: pair.first)
        let shown = try #require(try await showing.nextEvent())
        let code = try #require(shown["code"] as? String)
        let typing = try Running(bob, ["nearby", "--code", code, "--yes", "--note", "Hello Ada", "--json", "--timeout", "60"], namespace: pair.second)
        try await Self.expectSwapped(ada, Self.finish(showing), bob, Self.finish(typing), source: "code")
        try await Self.expectNotesInJSON(ada, bob)
    }

    @Test("a wrong code with the right rendezvous fails after one attempt on both hosts, burns the code, and stores nothing")
    func wrongCode() async throws {
        let (ada, bob) = try await Self.people()
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let showing = try Running(ada, ["nearby", "--show-code", "--accept", "--yes", "--timeout", "60"], namespace: pair.first)
        let code = try ShortCode(parsing: try #require(try await showing.nextLine()?.split(separator: " ").last.map(String.init)))
        var digits = code.digits
        digits[8] ^= 1
        let wrong = ShortCode(digits: digits)
        #expect(wrong.rendezvous == code.rendezvous)
        let typing = try await Self.typeCode(wrong, as: bob, in: pair.second)
        #expect(typing.status == 1)
        #expect(typing.stderr.contains("The code does not match."), "\(typing.stderr)")
        let rest = try await showing.restOfOutput()
        try await showing.exit()
        #expect(showing.process.terminationStatus == 1)
        let errors = String(decoding: (showing.process.standardError as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        #expect(errors.contains("This code is used up"), "\(rest)\(errors)")
        #expect(try await ada.run("contacts").stdout.contains("Bob") == false)
        #expect(try await bob.run("contacts").stdout.contains("Ada") == false)
    }

    @Test("two devices advertise the typed code's first group: the typing side refuses to guess and sends nothing")
    func ambiguousCode() async throws {
        let bob = try await NearbyCommandTests.person("Bob Babbage")
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let code = ShortCode(digits: [10, 11, 12, 1, 2, 3, 4, 5, 6])
        #expect(code.rendezvous == "ABC")
        // Two services on the other host, advertised by python-zeroconf, both carrying c=ABC.
        let advertisers = try ["First device", "Second device"].map { instance in
            try ZeroconfAdvertiser(
                in: pair.first, of: pair, ["interface": pair.firstHost, "instance": instance, "port": 4242, "txt": ["v": "1", "c": "ABC"], "seconds": 20])
        }
        defer { advertisers.forEach { $0.stop() } }
        let typing = try await Self.typeCode(code, as: bob, in: pair.second)
        #expect(typing.status == 1)
        #expect(typing.stderr.contains("Two devices nearby show a code starting with ABC"), "\(typing.stdout)\(typing.stderr)")
        #expect(!typing.stdout.contains("Connecting"), "\(typing.stdout)")
    }
}
