import Testing

@_spi(Wire) @testable import HandshakeNearby

@Suite("What the browser makes of what it hears")
struct BrowserStateTests {
    static let address = IPv4Address(10, 213, 0, 2)
    static let advertisement = try! ServiceAdvertisement(
        instance: NearbyInstanceID("k7m2q9xw4d1c8hbt")!, port: 47000, displayName: "Ada", addresses: [address])

    static func at(_ seconds: Double) -> Duration { .milliseconds(Int64(seconds * 1000)) }

    static let expectedPeer = NearbyPeer(
        id: "k7m2q9xw4d1c8hbt", displayName: "Ada", version: 1, addresses: [address], port: 47000,
        host: "k7m2q9xw4d1c8hbt.local")

    @Test func anAnnouncementIsFoundAndResolved() {
        let browser = BrowserDriver(startedAt: .zero)
        #expect(browser.receive(Self.advertisement.announcement(), at: Self.at(0.5)) == [.found(Self.expectedPeer)])
        // The same records again change nothing.
        #expect(browser.receive(Self.advertisement.announcement(), at: Self.at(1.5)) == [])
    }

    @Test func aGoodbyeLosesThePeerOneSecondLater() {
        let browser = BrowserDriver(startedAt: .zero)
        _ = browser.receive(Self.advertisement.announcement(), at: Self.at(1))
        #expect(browser.receive(Self.advertisement.goodbye(), at: Self.at(2)) == [])
        #expect(browser.tick(at: Self.at(2.5)).events == [])
        #expect(browser.tick(at: Self.at(3)).events == [.lost("k7m2q9xw4d1c8hbt")])
        #expect(browser.tick(at: Self.at(4)).events == [])
    }

    @Test func expiredRecordsLoseThePeer() {
        let browser = BrowserDriver(startedAt: .zero)
        _ = browser.receive(Self.advertisement.announcement(), at: .zero)
        // SRV and A live 120 s; nothing refreshed them.
        #expect(browser.tick(at: .seconds(119)).events == [])
        #expect(browser.tick(at: .seconds(120)).events == [.lost("k7m2q9xw4d1c8hbt")])
    }

    @Test func aChangedAddressIsAnUpdate() {
        let browser = BrowserDriver(startedAt: .zero)
        _ = browser.receive(Self.advertisement.announcement(), at: .zero)
        let moved = try! ServiceAdvertisement(
            instance: Self.advertisement.instance, port: 47000, displayName: "Ada", addresses: [IPv4Address(10, 213, 0, 9)])
        var peer = Self.expectedPeer
        peer.addresses = [IPv4Address(10, 213, 0, 9)]
        // The A record has the cache-flush bit: the old address is replaced, not added to.
        #expect(browser.receive(moved.announcement(), at: .seconds(5)) == [.updated(peer)])
    }

    @Test func aPointerAloneDoesNotResolveButAsksForTheRest() {
        let browser = BrowserDriver(startedAt: .zero)
        _ = browser.tick(at: .zero)
        let pointerOnly = DNSMessage(flags: DNSMessage.responseFlags, answers: [Self.advertisement.pointerRecord()])
        #expect(browser.receive(pointerOnly, at: .milliseconds(100)) == [])
        let query = browser.tick(at: .milliseconds(200)).query
        #expect(query?.questions.contains(DNSQuestion(name: Self.advertisement.instanceName, type: .srv)) == true)
        #expect(query?.questions.contains(DNSQuestion(name: Self.advertisement.instanceName, type: .txt)) == true)
        let rest = DNSMessage(
            flags: DNSMessage.responseFlags,
            answers: [Self.advertisement.serviceRecord(), Self.advertisement.textRecord()] + Self.advertisement.addressRecords())
        #expect(browser.receive(rest, at: .milliseconds(300)) == [.found(Self.expectedPeer)])
    }

    @Test func nobodyFoundIsSaidOnceAfterThirtySeconds() {
        let browser = BrowserDriver(startedAt: .seconds(10))
        #expect(browser.tick(at: .seconds(39)).events == [])
        #expect(browser.tick(at: .seconds(40)).events == [.nobodyFound(BrowserState.nobodyFoundSentence)])
        #expect(browser.tick(at: .seconds(41)).events == [])
    }

    @Test func nobodyFoundIsNotSaidOnceSomeoneWasFound() {
        let browser = BrowserDriver(startedAt: .zero)
        _ = browser.receive(Self.advertisement.announcement(), at: .seconds(29))
        #expect(browser.tick(at: .seconds(31)).events == [])
    }

    @Test func queriesFollowTheScheduleWithKnownAnswers() {
        let browser = BrowserDriver(startedAt: .zero)
        var sent: [Int] = []
        for second in 0...70 {
            if let query = browser.tick(at: .seconds(second)).query,
                query.questions.contains(DNSQuestion(name: Self.advertisement.serviceType, type: .ptr))
            {
                sent.append(second)
            }
        }
        // RFC 6762 §5.2: the first two a second apart, then doubling (capped at 60 s).
        #expect(sent == [0, 1, 3, 7, 15, 31, 63])

        let found = BrowserDriver(startedAt: .zero)
        _ = found.tick(at: .zero)
        _ = found.receive(Self.advertisement.announcement(), at: .milliseconds(10))
        let query = found.tick(at: .seconds(1)).query
        #expect(query?.answers.map(\.data) == [.ptr(Self.advertisement.instanceName)])
        #expect(query.map { $0.answers[0].ttl <= 4500 && $0.answers[0].ttl > 4490 } == true)
    }

    @Test func recordsNearTheEndOfTheirLifeAreAskedForAgain() {
        let browser = BrowserDriver(startedAt: .zero)
        _ = browser.receive(Self.advertisement.announcement(), at: .zero)
        #expect(browser.tick(at: .seconds(95)).query?.questions.contains { $0.type == .srv } != true)
        let query = browser.tick(at: .seconds(96)).query
        #expect(query?.questions.contains(DNSQuestion(name: Self.advertisement.instanceName, type: .srv)) == true)
        #expect(query?.questions.contains(DNSQuestion(name: Self.advertisement.hostName, type: .a)) == true)
        // A fresh answer keeps the peer.
        #expect(browser.receive(Self.advertisement.announcement(), at: .seconds(97)) == [])
        #expect(browser.tick(at: .seconds(130)).events == [])
    }

    @Test func queriesAndOtherServicesAreIgnored() throws {
        let browser = BrowserDriver(startedAt: .zero)
        let query = DNSMessage(flags: 0, answers: Self.advertisement.announcement().answers)
        #expect(browser.receive(query, at: .zero) == [])
        let http = try DNSName(dotted: "_http._tcp.local")
        let other = DNSMessage(
            flags: DNSMessage.responseFlags,
            answers: [DNSRecord(name: http, ttl: 120, data: .ptr(try http.prepending("printer")))])
        #expect(browser.receive(other, at: .zero) == [])
        #expect(browser.state.pointers.isEmpty)
    }

    @Test func ownInstanceIsIgnored() {
        var browser = BrowserState(startedAt: .zero, ignoring: ["k7m2q9xw4d1c8hbt"])
        let events = browser.receive(Self.advertisement.announcement(), at: .zero)
        #expect(events.isEmpty)
        #expect(browser.pointers.isEmpty)
    }

    @Test func aFloodOfFakeInstancesIsBounded() throws {
        let browser = BrowserDriver(startedAt: .zero)
        let service = ServiceAdvertisement.serviceTypeName
        for batch in 0..<10 {
            let records = try (0..<100).map { index in
                DNSRecord(name: service, ttl: 120, data: .ptr(try service.prepending("fake-\(batch)-\(index)")))
            }
            _ = browser.receive(DNSMessage(flags: DNSMessage.responseFlags, answers: records), at: .zero)
        }
        #expect(browser.state.pointers.count == BrowserState.maxEntries)
    }

    @Test func txtValuesFollowDNSSDRules() throws {
        let browser = BrowserDriver(startedAt: .zero)
        let records = Self.advertisement.announcement().answers.map { record -> DNSRecord in
            guard record.type == .txt else { return record }
            var changed = record
            changed.data = .txt([Array("V=2".utf8), Array("v=9".utf8), Array("n=".utf8), Array("junk".utf8)])
            return changed
        }
        let events = browser.receive(DNSMessage(flags: DNSMessage.responseFlags, answers: records), at: .zero)
        guard case .found(let peer)? = events.first else {
            Issue.record("not found: \(events)")
            return
        }
        #expect(peer.version == 2)  // keys ignore case; the first one wins
        #expect(peer.displayName == nil)  // an empty name is no name
    }

    @Test func aTokenOrCodeRendezvousIsReadAndAMalformedOneIgnored() throws {
        func peer(_ strings: [String]) -> NearbyPeer? {
            let records = Self.advertisement.announcement().answers.map { record -> DNSRecord in
                guard record.type == .txt else { return record }
                var changed = record
                changed.data = .txt(strings.map { Array($0.utf8) })
                return changed
            }
            guard case .found(let peer)? = BrowserDriver(startedAt: .zero)
                .receive(DNSMessage(flags: DNSMessage.responseFlags, answers: records), at: .zero).first else { return nil }
            return peer
        }
        let hex = "000102030405060708090A0B0C0D0E0F"
        #expect(peer(["v=1", "t=\(hex)"])?.rendezvous == .sessionToken(hex.lowercased()))
        #expect(peer(["v=1", "c=7kq"])?.rendezvous == .shortCode("7KQ"))
        #expect(peer(["v=1", "c=7k0"])?.rendezvous == .shortCode("7K0"))
        #expect(peer(["v=1", "c=7ko"])?.rendezvous == .shortCode("7K0"))  // typed O reads as 0, as in the code
        #expect(peer(["v=1", "t=0011"])?.rendezvous == nil)  // too short
        #expect(peer(["v=1", "t=\(String(repeating: "zz", count: 16))"])?.rendezvous == nil)  // not hex
        #expect(peer(["v=1", "c=7KQ1"])?.rendezvous == nil)
        #expect(peer(["v=1", "c=7U!"])?.rendezvous == nil)
    }
}

/// Drives a ``BrowserState`` through a reference, so a call can sit inside `#expect` (a mutating call on a
/// local variable there is an exclusivity conflict).
final class BrowserDriver {
    var state: BrowserState

    init(startedAt now: Duration) { state = BrowserState(startedAt: now) }

    func receive(_ message: DNSMessage, at now: Duration) -> [DiscoveryEvent] { state.receive(message, at: now) }

    func tick(at now: Duration) -> (events: [DiscoveryEvent], query: DNSMessage?) { state.tick(at: now) }
}
