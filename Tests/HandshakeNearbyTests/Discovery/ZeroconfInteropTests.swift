import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeNearby

/// Our advertiser and browser against python-zeroconf, on a veth link between two network namespaces this
/// test makes and removes: multicast never leaves the test's own hosts. Needs root, iproute2 and
/// `pip install zeroconf` (scripts/install-test-tools); a missing one fails the test.
@Suite("Discovery on a link, against python-zeroconf", .serialized, .tags(.runsAlone))
struct ZeroconfInteropTests {
    static func browse(_ pair: NetworkNamespacePair, seconds: Double = 5) async throws -> [String: Any] {
        try await python.run(
            "mdns_browse.py", ["interface": pair.secondAddress.description, "seconds": seconds],
            prefix: pair.command(in: pair.second, []))
    }

    /// How long the browser is watched for something that must not come: its own advertisement, a "nobody
    /// found" before its time, a peer lost before its goodbye's second has passed. An absence has no event to
    /// await, so it needs a window. Where something can be awaited first, it is (the neighbour heard after our
    /// own announcement went out; the browser's ticker back asleep past the time just set), so the window
    /// covers only the hops from the browser's socket or ticker through its state machine to the event log,
    /// two tasks on a loaded 2-core machine; a goodbye shows nothing until its second has passed (which is
    /// what is checked), so there the window is the goodbye's way over the link. Nothing is asserted on
    /// time: a late event can only let a check pass that should fail, never fail one that should pass.
    static let absenceWindow: Duration = .milliseconds(500)

    /// Waits up to `seconds` (real time) for `condition`, looking every 50 ms.
    static func poll(seconds: Double, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return condition()
    }

    /// Waits until the browser's ticker sleeps again on `clock` past the time just set: it has handed the
    /// browser the tick for that time.
    static func tickerCaughtUp(_ clock: ManualExchangeClock) async -> Bool {
        await poll(seconds: 10) { clock.earliestDeadline.map { $0 > clock.now().monotonic } ?? false }
    }

    static func services(_ result: [String: Any]) -> [[String: Any]] {
        result["services"] as? [[String: Any]] ?? []
    }

    static func advertiser(_ pair: NetworkNamespacePair, displayName: String? = nil, rendezvous: NearbyRendezvous? = nil) throws -> NearbyAdvertiser {
        try NearbyAdvertiser(
            port: 47000, displayName: displayName, rendezvous: rendezvous, interface: pair.interface(in: pair.first, address: pair.firstAddress))
    }

    @Test func zeroconfFindsAndResolvesOurAdvertisement() async throws {
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let advertiser = try Self.advertiser(pair, displayName: "Ada Lovelace")
        try await advertiser.start()
        let result = try await Self.browse(pair)
        await advertiser.stop()

        let services = Self.services(result)
        #expect(services.count == 1, "zeroconf saw \(result)")
        let service = try #require(services.first)
        #expect(service["instance"] as? String == advertiser.instance.text)
        #expect(service["port"] as? Int == 47000)
        #expect(service["txt"] as? [String: String] == ["v": "1", "n": "Ada Lovelace"])
        #expect(service["addresses"] as? [String] == ["10.213.0.1"])
        #expect(service["server"] as? String == "\(advertiser.instance.text).local.")
    }

    @Test func zeroconfReadsTheShortCodeRendezvousInOurTXTRecord() async throws {
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let code = ShortCode.random()
        let advertiser = try Self.advertiser(pair, rendezvous: NearbyRendezvous(code))
        try await advertiser.start()
        let result = try await Self.browse(pair)
        await advertiser.stop()
        let service = try #require(Self.services(result).first, "zeroconf saw \(result)")
        #expect(service["txt"] as? [String: String] == ["v": "1", "c": code.rendezvous])
    }

    @Test func ourBrowserFindsAndResolvesZeroconfsService() async throws {
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let zeroconf = try python.start(
            "mdns_advertise.py",
            [
                "interface": pair.secondAddress.description, "instance": "Zeroconf peer", "port": 4242,
                "txt": ["v": "1", "n": "Zed"], "seconds": 10,
            ], prefix: pair.command(in: pair.second, []))
        let browser = NearbyBrowser(interface: pair.interface(in: pair.first, address: pair.firstAddress))
        let log = EventLog(browser)
        try await browser.start()

        // Generous bounds: Python's start and zeroconf's probing are slow when the rest of the suite runs beside.
        let peer = await log.found("Zeroconf peer", seconds: 20)
        #expect(peer == NearbyPeer(id: "Zeroconf peer", displayName: "Zed", version: 1, addresses: [pair.secondAddress], port: 4242, host: "zeroconf-peer.local"))
        // zeroconf unregisters after 10 s and sends goodbyes: the peer is lost a second later.
        let lost = await log.wait(seconds: 30) { $0 == .lost("Zeroconf peer") }
        #expect(lost != nil, "events: \(log.events)")
        _ = try await zeroconf.result()
        await browser.stop()
    }

    @Test func nothingIsAdvertisedOutsideASessionAndEachSessionHasANewName() async throws {
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let identity = Identity.generate()

        // Before any exchange is open: nothing.
        let advertiser = try Self.advertiser(pair)
        #expect(Self.services(try await Self.browse(pair, seconds: 2)).isEmpty)

        // Session one, no display name: the TXT record is the version and nothing else.
        try await advertiser.start()
        let resolved = FileManager.default.temporaryDirectory.appendingPathComponent("zeroconf-resolved-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: resolved) }
        let watching = try python.start(
            "mdns_browse.py",
            ["interface": pair.secondAddress.description, "seconds": 30, "resolved_file": resolved.path, "until_removed": true],
            prefix: pair.command(in: pair.second, []))
        // The goodbyes go once zeroconf has resolved the advertisement (it writes the name down when it has).
        let seen = await Self.poll(seconds: 25) { ((try? String(contentsOf: resolved, encoding: .utf8)) ?? "").contains(advertiser.instance.text) }
        #expect(seen, "zeroconf never resolved \(advertiser.instance.text)")
        await advertiser.stop()
        let during = try await watching.result()
        let first = try #require(Self.services(during).first, "zeroconf saw \(during)")
        #expect(first["txt"] as? [String: String] == ["v": "1"])
        // The goodbyes reached zeroconf, which removed the service.
        #expect((during["removed"] as? [String])?.contains("\(advertiser.instance.text)._handshake._tcp.local.") == true)

        // After stop: nothing again.
        #expect(Self.services(try await Self.browse(pair, seconds: 2)).isEmpty)

        // Session two of the same person: another name.
        let second = try Self.advertiser(pair)
        try await second.start()
        let again = try await Self.browse(pair)
        await second.stop()
        let names = Self.services(again).compactMap { $0["instance"] as? String }
        #expect(names == [second.instance.text])
        #expect(second.instance != advertiser.instance)
        // The Node ID is nowhere in what is sent.
        for text in [first["instance"] as? String, names.first].compactMap(\.self) {
            #expect(!text.contains(identity.nodeID.rawValue))
        }
        let announcement = try second.announcement(address: pair.firstAddress)
        #expect(!announcement.hex.contains(Array(identity.nodeID.rawValue.utf8).hex))
    }

    /// Inside a host whose only interfaces are loopback and its veth end, the automatic choice is the veth
    /// end, and a name picks an interface by its address.
    @Test func interfacesAreChosenInsideTheHost() throws {
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let veth = "\(pair.first)v"
        let automatic = try NetworkNamespacePair.inside(pair.first) { try DiscoveryInterface.automatic.resolveAddress() }
        #expect(automatic == pair.firstAddress)
        let named = try NetworkNamespacePair.inside(pair.first) { try DiscoveryInterface.named(veth).resolveAddress() }
        #expect(named == pair.firstAddress)
        let loopback = try NetworkNamespacePair.inside(pair.first) { try DiscoveryInterface.named("lo").resolveAddress() }
        #expect(loopback == IPv4Address(127, 0, 0, 1))
    }

    /// One host running its advertiser and browser side by side (as `handshake nearby` does) shares port
    /// 5353 between them, hears other advertisers on the same host, and does not list itself.
    @Test func oneHostAdvertisesAndBrowsesWithoutFindingItself() async throws {
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let here = pair.interface(in: pair.first, address: pair.firstAddress)
        let own = try NearbyAdvertiser(port: 40001, displayName: "Me", interface: here)
        let neighbour = try NearbyAdvertiser(port: 40002, displayName: "Next door", interface: here)
        let browser = NearbyBrowser(interface: here, ignoring: [own.instance])
        let log = EventLog(browser)
        try await own.start()
        try await browser.start()
        try await neighbour.start()
        let peer = await log.found(neighbour.instance.text)
        #expect(peer?.port == 40002 && peer?.addresses == [pair.firstAddress])
        // Our own announcement, and our answers to the browser's first query, went out before the neighbour's.
        try await Task.sleep(for: Self.absenceWindow)
        #expect(!log.events.contains { if case .found(let peer) = $0 { peer.id == own.instance.text } else { false } })
        await neighbour.stop()
        await own.stop()
        await browser.stop()
    }

    @Test func ourBrowserFindsOurAdvertiserAndTimesWithTheInjectedClock() async throws {
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let clock = ManualExchangeClock()
        let browser = NearbyBrowser(interface: pair.interface(in: pair.first, address: pair.firstAddress), clock: clock)
        let log = EventLog(browser)
        try await browser.start()

        // Nobody for 30 s (of the test's clock): said once, in a sentence.
        clock.advance(by: .seconds(29))
        #expect(await Self.tickerCaughtUp(clock), "the browser's ticker never slept again")
        try await Task.sleep(for: Self.absenceWindow)
        #expect(!log.events.contains { if case .nobodyFound = $0 { true } else { false } })
        clock.advance(by: .seconds(2))
        let nobody = await log.wait(seconds: 5) { if case .nobodyFound = $0 { true } else { false } }
        #expect(nobody == .nobodyFound(BrowserState.nobodyFoundSentence))

        // Then someone opens the exchange screen.
        let advertiser = try NearbyAdvertiser(
            port: 51000, displayName: "Bea", interface: pair.interface(in: pair.second, address: pair.secondAddress))
        try await advertiser.start()
        let peer = await log.found(advertiser.instance.text)
        #expect(peer?.displayName == "Bea" && peer?.port == 51000 && peer?.addresses == [pair.secondAddress] && peer?.version == 1)

        // They close it: the goodbye arrives, and the peer is lost one second (of the test's clock) later.
        await advertiser.stop()
        // The goodbye is on its way: it must not lose the peer before a second of the test's clock has passed.
        try await Task.sleep(for: Self.absenceWindow)
        #expect(!log.events.contains(.lost(advertiser.instance.text)))
        clock.advance(by: .seconds(2))
        #expect(await log.wait(seconds: 5) { $0 == .lost(advertiser.instance.text) } != nil, "events: \(log.events)")
        await browser.stop()
    }
}
