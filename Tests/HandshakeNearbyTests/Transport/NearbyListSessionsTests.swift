import Foundation
import HandshakeCore
@_spi(Wire) @testable import HandshakeExchange
@_spi(Wire) @testable import HandshakeNearby
import HandshakeStore
import HandshakeTestSupport
import Testing

/// The list of people nearby as a device on the same network would try it (docs/protocols/nearby-discovery.md
/// §10, nearby-common-friends.md "A known leak"): Ada's coordinator is fed the devices found, and the other
/// devices connect over in-process pipes from any address the test names, on a clock only the test moves. Each
/// other device is a real `ExchangeSession`.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct NearbyListSessionsTests {
    /// Ada with her list open (no network: the test says who is found), answering as `screen` says.
    @MainActor
    struct Ada {
        let account: HandshakeAccount
        let coordinator: NearbyCoordinator
        let screen: ScriptedScreen
        let clock: ManualExchangeClock

        /// Ada, with `friends` as TRUSTED contacts, having chosen `choice` (`--select`) or nobody; on `listScreen`,
        /// an app's list (an attempt that ends short gives the list back).
        init(choice: String? = nil, friends: [Identity] = [], listScreen: Bool = false, photo: Avatar? = nil, showsName: Bool = false) throws {
            account = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(NearbyCoordinatorTests.container()))
            for (index, friend) in friends.enumerated() {
                _ = try account.book.receive(try TCPExchangeTests.card(friend, "Friend \(index)"), source: .nearby, answer: .addSeparately(trust: .trusted))
            }
            clock = ManualExchangeClock()
            var configuration = NearbyCoordinatorTests.loopback(clock)
            configuration.requestsAtOnce = choice != nil  // as `handshake nearby --select NAME` does
            configuration.backToListAfterAttempt = listScreen
            configuration.listPhoto = photo
            configuration.showsName = showsName
            screen = ScriptedScreen(note: nil)
            coordinator = try NearbyCoordinator(account: account, configuration: configuration)
            // The largest instance name: Ada never connects first, so every session here is one a device opened.
            coordinator.lobby = NearbyLobby(own: "zzzzzzzzzzzzzzzz", choice: choice)
            coordinator.apply(.looking(.list(instance: "zzzzzzzzzzzzzzzz", port: 1, showsName: false)))
            screen.follow(coordinator)
        }

        /// A device at `address` connects: its end of the connection. Ada's coordinator takes the other end as
        /// her listener would, and closes it when done with it.
        func connect(from address: String) -> PipeTransport {
            let (theirs, adas) = PipeTransport.pair()
            Task { @MainActor [coordinator] in
                await coordinator.arrived(adas, from: address)
                await adas.close()
            }
            return theirs
        }

        /// What the list turned away, in the order shown.
        var turnedAway: [LobbyRefusal] {
            screen.turnedAway
        }
    }

    /// A device advertising as `id` at 10.0.`subnet`.`host`, showing `name`.
    static func listed(_ id: String, _ name: String?, at host: UInt8, subnet: UInt8 = 0) -> NearbyPeer {
        NearbyPeer(id: id, displayName: name, version: 1, addresses: [IPv4Address(10, 0, subnet, host)], port: 1, host: "\(id).local")
    }

    /// A Handshake device's session over `transport`, as the device that connected, running.
    static func device(_ name: String, over transport: any ExchangeTransport, role: ChannelRole = .initiator, trusted: [SigningPublicKey] = [], clock: any ExchangeClock) throws -> ExchangeSession {
        let identity = Identity(seed: IdentitySeed.generate())
        let session = ExchangeSession(
            role: role, secret: nil, identity: identity, card: try TCPExchangeTests.card(identity, name), transport: transport,
            trustedContacts: trusted, gate: AlwaysConfirm(), clock: clock)
        Task { await session.run() }
        return session
    }

    /// Waits for `condition`, looking again every few milliseconds (the suite's time limit bounds it).
    static func until(_ condition: () -> Bool) async throws {
        while !condition() { try await Task.sleep(for: .milliseconds(5)) }
    }

    static func onConfirm(_ state: SessionState) -> Bool {
        switch state {
        case .confirm, .incomingRequest: true
        default: false
        }
    }

    /// The device asks to exchange (or accepts Ada's request), and closes once the cards crossed.
    static func exchangeAndLeave(_ device: ExchangeSession) async throws {
        _ = await TCPExchangeTests.reach(device, onConfirm)
        try await device.exchange()
        let swapped = await TCPExchangeTests.reach(device) { if case .succeeded = $0 { true } else { $0.isEnded } }
        guard case .succeeded? = swapped else { Issue.record("the cards did not cross: \(String(describing: swapped))"); return }
        device.close()
    }

    @Test("--select Bob: a stranger in the list who asks is declined and hears so, nothing of theirs is kept, and Bob's exchange completes")
    func aStrangersRequestIsDeclined() async throws {
        let ada = try Ada(choice: "Bob Babbage")
        ada.coordinator.noticed(.found(Self.listed("e0e0e0e0e0e0e0e0", "Eve", at: 5)))
        ada.coordinator.noticed(.found(Self.listed("b0b0b0b0b0b0b0b0", "Bob Babbage", at: 2)))

        let eve = try Self.device("Eve", over: ada.connect(from: "10.0.0.5"), clock: ada.clock)
        _ = await TCPExchangeTests.reach(eve, Self.onConfirm)
        try await eve.exchange()
        #expect(await TCPExchangeTests.reach(eve) { $0.isEnded } == .ended(.declined), "the requester always hears back")
        #expect(ada.coordinator.session == nil, "Eve's session never became the exchange")

        let bob = try Self.device("Bob Babbage", over: ada.connect(from: "10.0.0.2"), clock: ada.clock)
        try await Self.exchangeAndLeave(bob)
        try await Self.until { ada.coordinator.ending != nil }
        guard case .completed? = ada.coordinator.ending else { Issue.record("\(String(describing: ada.coordinator.ending))"); return }
        #expect(try ada.account.book.contacts().map(\.displayName) == ["Bob Babbage"])
        #expect(ada.turnedAway == [.requestDeclined(number: 1)])
        #expect(ada.turnedAway.first?.description == "Number 1 in your list asked to exchange; you chose someone else, so their request was declined.")
    }

    @Test("an app's list: Ada declines Bob's request and is back at the list; Bob asks again, she cancels her own card's screen; then the exchange completes")
    func anAttemptThatEndsShortGivesTheListBack() async throws {
        let ada = try Ada(listScreen: true)
        ada.screen.accepts = false
        let bobPeer = Self.listed("b0b0b0b0b0b0b0b0", "Bob Babbage", at: 2)
        ada.coordinator.noticed(.found(bobPeer))

        // Declined: Bob hears so, and Ada's screen is the list again, saying how the attempt ended.
        let first = try Self.device("Bob Babbage", over: ada.connect(from: "10.0.0.2"), clock: ada.clock)
        _ = await TCPExchangeTests.reach(first, Self.onConfirm)
        try await first.exchange()
        #expect(await TCPExchangeTests.reach(first) { $0.isEnded } == .ended(.declined))
        try await Self.until { if case .looking = ada.coordinator.snapshot.stage { ada.coordinator.session == nil } else { false } }
        #expect(ada.coordinator.ending == nil && !ada.coordinator.flow.isClaimed)
        guard case .looking(let list) = ada.coordinator.snapshot.stage else { Issue.record("\(ada.coordinator.snapshot.stage)"); return }
        #expect(list.people.map(\.peer.id) == [bobPeer.id] && list.chosen == nil, "the list is as it was")
        #expect(Self.attemptsEnded(ada) == ["declinedByUs"])
        #expect(ada.coordinator.snapshot.notices.last?.description == "You declined. Nothing was exchanged.")

        // Ada chooses Bob on his next session, and cancels on her confirm screen: the list again, and Bob hears she left.
        let second = try Self.device("Bob Babbage", over: ada.connect(from: "10.0.0.2"), clock: ada.clock)
        _ = await TCPExchangeTests.reach(second, Self.onConfirm)
        try await Self.until { ada.coordinator.openConnection(with: bobPeer) != nil }
        #expect(ada.coordinator.choose(peerID: bobPeer.id) == bobPeer)
        try await Self.until { ada.coordinator.session != nil }
        try await Self.until { if case .confirm = ada.coordinator.snapshot.stage { true } else { false } }
        #expect(ada.coordinator.cancelAttempt(), "Cancel on the confirm screen ends only this attempt")
        #expect(await TCPExchangeTests.reach(second) { $0.isEnded } == .ended(.theyLeft))
        try await Self.until { if case .looking = ada.coordinator.snapshot.stage { ada.coordinator.session == nil } else { false } }

        // The third time the cards cross.
        ada.screen.accepts = true
        let third = try Self.device("Bob Babbage", over: ada.connect(from: "10.0.0.2"), clock: ada.clock)
        try await Self.exchangeAndLeave(third)
        try await Self.until { ada.coordinator.ending != nil }
        guard case .completed? = ada.coordinator.ending else { Issue.record("\(String(describing: ada.coordinator.ending))"); return }
        #expect(try ada.account.book.contacts().map(\.displayName) == ["Bob Babbage"])
        #expect(Self.attemptsEnded(ada) == ["declinedByUs", "closed"])
    }

    @Test("the list shows the photo a device sent before anyone chose; Ada's own goes only while she shows her name")
    func photosInTheList() async throws {
        let bobsPhoto = try Avatar(data: NearbyListSessionsTests.png(red: 40)), adasPhoto = try Avatar(data: NearbyListSessionsTests.png(red: 200))
        for showsName in [true, false] {
            let ada = try Ada(photo: adasPhoto, showsName: showsName)
            ada.coordinator.noticed(.found(Self.listed("b0b0b0b0b0b0b0b0", "Bob Babbage", at: 2)))
            let identity = Identity(seed: IdentitySeed.generate())
            let bob = ExchangeSession(
                role: .initiator, secret: nil, identity: identity, card: try TCPExchangeTests.card(identity, "Bob Babbage"),
                transport: ada.connect(from: "10.0.0.2"), commonFriends: .standard, photo: bobsPhoto, gate: AlwaysConfirm(), clock: ada.clock)
            Task { await bob.run() }
            _ = await TCPExchangeTests.reach(bob, Self.onConfirm)
            try await Self.until {
                if case .looking(let list) = ada.coordinator.snapshot.stage { list.people.first?.photo != nil } else { false }
            }
            guard case .looking(let list) = ada.coordinator.snapshot.stage else { return }
            #expect(list.people.map(\.photo) == [bobsPhoto])
            // Ada's went out with her channel's first message, before anything Bob could wait for.
            if showsName { try await Self.until { bob.core.theirPhoto != nil } }
            #expect(bob.core.theirPhoto == (showsName ? adasPhoto : nil), "showsName \(showsName)")
            bob.close()
        }
    }

    /// Bytes a list photo may be: the PNG signature, then `mark` (nothing decodes them: the library checks only
    /// the signature, and the browser decodes what it shows).
    static func png(red mark: UInt8) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, mark]
    }

    /// How each attempt that gave Ada's list back ended, as her screen's notices said it.
    static func attemptsEnded(_ ada: Ada) -> [String] {
        ada.coordinator.snapshot.notices.compactMap { if case .attemptEnded(let ended) = $0.kind { ended.name } else { nil } }
    }

    @Test("--select naming nobody: every request is declined")
    func aSelectionNamingNobodyDeclinesEveryone() async throws {
        let ada = try Ada(choice: "qqqq")
        ada.coordinator.noticed(.found(Self.listed("e0e0e0e0e0e0e0e0", "Eve", at: 5)))
        let eve = try Self.device("Eve", over: ada.connect(from: "10.0.0.5"), clock: ada.clock)
        _ = await TCPExchangeTests.reach(eve, Self.onConfirm)
        try await eve.exchange()
        #expect(await TCPExchangeTests.reach(eve) { $0.isEnded } == .ended(.declined))
        #expect(try ada.account.book.contacts().isEmpty)
        #expect(NearbyCoordinatorError.nobodyChosen("qqqq", seconds: 60).description
            == "Nobody in the list of people nearby answered to “qqqq” within 60 seconds. Nothing was stored.")
    }

    @Test("sixteen idle sessions from eight addresses: Bob's request still gets in, and his exchange with Ada completes")
    func idleSessionsDoNotStopAnExchange() async throws {
        let ada = try Ada()
        var idle: [PipeTransport] = []
        for host in UInt8(1)...8 {
            ada.coordinator.noticed(.found(Self.listed("i\(host)" + String(repeating: "0", count: 14), nil, at: host, subnet: 1)))
            for _ in 0..<2 { idle.append(ada.connect(from: "10.0.1.\(host)")) }
        }
        try await Self.until { ada.coordinator.lobbyConnections.count == LobbyRules.capacity }
        ada.clock.advance(by: .seconds(1))  // they have sat there a second when Bob comes

        ada.coordinator.noticed(.found(Self.listed("b0b0b0b0b0b0b0b0", "Bob Babbage", at: 2)))
        let bob = try Self.device("Bob Babbage", over: ada.connect(from: "10.0.0.2"), clock: ada.clock)
        try await Self.exchangeAndLeave(bob)
        try await Self.until { ada.coordinator.ending != nil }
        guard case .completed? = ada.coordinator.ending else { Issue.record("\(String(describing: ada.coordinator.ending))"); return }
        #expect(try ada.account.book.contacts().map(\.displayName) == ["Bob Babbage"])
        // Each idle connection was closed: one to make room for Bob, the others once his was the exchange.
        for connection in idle {
            for try await _ in connection.incoming {}
        }
        #expect(ada.turnedAway.isEmpty)
    }

    @Test("sixteen idle sessions: Ada choosing Bob closes the one idle the longest and reaches him")
    func choosingWithAFullList() async throws {
        let ada = try Ada()
        ada.screen.confirm = .exchange(.exchange)
        for host in UInt8(1)...8 {
            ada.coordinator.noticed(.found(Self.listed("i\(host)" + String(repeating: "0", count: 14), nil, at: host, subnet: 1)))
            for _ in 0..<2 { _ = ada.connect(from: "10.0.1.\(host)") }
        }
        try await Self.until { ada.coordinator.lobbyConnections.count == LobbyRules.capacity }

        // Bob listens on loopback; Ada connects to him when she chooses him.
        let listener = try await NearbyListener.bind(host: "127.0.0.1")
        let clock = ada.clock
        let serving = Task {
            try await listener.serve { transport in
                guard let bob = try? await Self.device("Bob Babbage", over: transport, role: .responder, clock: clock) else { return }
                try? await Self.exchangeAndLeave(bob)
                _ = await TCPExchangeTests.reach(bob) { $0.isEnded }
            }
        }
        defer { serving.cancel() }
        let bobPeer = NearbyPeer(
            id: "b0b0b0b0b0b0b0b0", displayName: "Bob Babbage", version: 1, addresses: [IPv4Address(127, 0, 0, 1)], port: UInt16(listener.port),
            host: "bob.local")
        ada.coordinator.noticed(.found(bobPeer))
        #expect(ada.coordinator.choose(peerID: bobPeer.id) == bobPeer)
        await ada.coordinator.reach(bobPeer)
        guard case .completed? = ada.coordinator.ending else { Issue.record("\(String(describing: ada.coordinator.ending)) \(ada.screen.seen.map(\.stage))"); return }
        #expect(try ada.account.book.contacts().map(\.displayName) == ["Bob Babbage"])
    }

    @Test("Ada chose Bob and both connected at once: her connection gives way to his, whose instance name is smaller, and the exchange completes on it")
    func aCrossingConnectionTakesOverTheExchange() async throws {
        let ada = try Ada(choice: "Bob Babbage")
        // Bob's device takes Ada's connection and keeps it silent: by the crossing rule it keeps its own.
        let listener = try await NearbyListener.bind(host: "127.0.0.1")
        let (heldOpen, held) = AsyncStream.makeStream(of: Void.self)
        let serving = Task {
            try await listener.serve { transport in
                held.yield()
                _ = try? await transport.incoming.reduce(0) { count, _ in count + 1 }
            }
        }
        defer { serving.cancel() }
        let bobPeer = NearbyPeer(
            id: "0000000000000000", displayName: "Bob Babbage", version: 1, addresses: [IPv4Address(127, 0, 0, 1)], port: UInt16(listener.port),
            host: "bob.local")
        ada.coordinator.noticed(.found(bobPeer))
        let reaching = Task { await ada.coordinator.reach(bobPeer) }
        for await _ in heldOpen { break }
        try await Self.until { ada.coordinator.session != nil }

        let bob = try Self.device("Bob Babbage", over: ada.connect(from: "127.0.0.1"), clock: ada.clock)
        await reaching.value  // her own connection was closed
        try await Self.exchangeAndLeave(bob)
        try await Self.until { ada.coordinator.ending != nil }
        guard case .completed? = ada.coordinator.ending else { Issue.record("\(String(describing: ada.coordinator.ending))"); return }
        #expect(try ada.account.book.contacts().map(\.displayName) == ["Bob Babbage"])
    }

    @Test("a device that is not in the list gets no session: nothing is sent to it, it is turned away, and the screen says so once")
    func aDeviceNotInTheListLearnsNothing() async throws {
        let ada = try Ada(friends: [Identity(seed: IdentitySeed.generate())])
        let stranger = ada.connect(from: "10.9.9.9")
        try await Self.until { ada.coordinator.waitingArrivals.count == 1 }
        ada.clock.advance(by: LobbyRules.arrivalGrace)
        var received: [UInt8] = []
        for try await bytes in stranger.incoming { received += bytes }
        #expect(received.isEmpty, "not even the channel's first message")
        #expect(ada.coordinator.lobbyConnections.isEmpty && ada.coordinator.waitingArrivals.isEmpty)

        let again = ada.connect(from: "10.9.9.9")
        try await Self.until { ada.coordinator.waitingArrivals.count == 1 }
        ada.clock.advance(by: LobbyRules.arrivalGrace)
        for try await _ in again.incoming {}
        // The screen hears the notice from the snapshot stream, which may come after the connection closed.
        try await Self.until { !ada.turnedAway.isEmpty }
        #expect(ada.turnedAway == [.notInList(address: "10.9.9.9")], "said once")
        #expect(ada.turnedAway[0].description == "A device that is not in your list (at 10.9.9.9) tried to connect; it was turned away.")
    }

    @Test("a device in the list gets at most two sessions at once; a third connection is turned away, and the screen says so")
    func twoSessionsAtOnceFromAnAddress() async throws {
        let ada = try Ada()
        ada.coordinator.noticed(.found(Self.listed("e0e0e0e0e0e0e0e0", nil, at: 9)))
        let kept = [ada.connect(from: "10.0.0.9"), ada.connect(from: "10.0.0.9")]
        try await Self.until { ada.coordinator.lobbyConnections.count == 2 }
        let third = ada.connect(from: "10.0.0.9")
        var received: [UInt8] = []
        for try await bytes in third.incoming { received += bytes }
        #expect(received.isEmpty)
        try await Self.until { !ada.turnedAway.isEmpty }  // the notice comes by the snapshot stream, maybe after the close
        #expect(ada.turnedAway == [.tooManyFromAddress(address: "10.0.0.9")])
        #expect(ada.coordinator.lobbyConnections.count == 2)
        _ = kept
    }

    @Test("a connection that comes a moment before its device is found waits for it, then becomes its session")
    func aConnectionWaitsForItsDevice() async throws {
        let ada = try Ada()
        let carol = try Self.device("Carol Herschel", over: ada.connect(from: "10.0.0.3"), clock: ada.clock)
        try await Self.until { ada.coordinator.waitingArrivals.count == 1 }
        #expect(carol.state == .connecting)
        ada.coordinator.noticed(.found(Self.listed("c0c0c0c0c0c0c0c0", "Carol", at: 3)))
        #expect(await TCPExchangeTests.reach(carol, Self.onConfirm) != nil)
        #expect(ada.coordinator.lobbyConnections.map(\.peerID) == ["c0c0c0c0c0c0c0c0"])
        carol.close()
    }

    @Test("a prober in the list with 1,000 keys is refused, learns none of Ada's contacts, and gets no count")
    func aProberWithAThousandKeysIsRefused() async throws {
        let friend = Identity(seed: IdentitySeed.generate())
        let ada = try Ada(friends: [friend])
        let prober = NearbyPeer(id: "p0p0p0p0p0p0p0p0", displayName: nil, version: 1, addresses: [IPv4Address(10, 0, 0, 7)], port: 1, host: "p.local")
        ada.coordinator.noticed(.found(prober))
        let keys = [friend.sigKey] + (0..<999).map { _ in Identity(seed: IdentitySeed.generate()).sigKey }
        let session = try Self.device("Mallory", over: ada.connect(from: "10.0.0.7"), trusted: keys, clock: ada.clock)
        var learned: [CommonFriendsStatus] = []
        for await state in session.stateUpdates() {
            if let status = SessionFacts.commonFriends(in: state) { learned.append(status) }
        }
        #expect(learned.allSatisfy { $0 == .pending }, "\(learned)")
        #expect(ada.coordinator.commonFriends(with: prober.id) == nil)
        #expect(try ada.account.book.contacts().count == 1)
    }

    @Test("a session in the list closes after 60 idle seconds and the row keeps its count; the next session with that device finds nothing until the person accepts")
    func countedOncePerDeviceAndIdleSessionsClose() async throws {
        let friend = Identity(seed: IdentitySeed.generate())
        let ada = try Ada(friends: [friend])
        ada.coordinator.noticed(.found(Self.listed("c0c0c0c0c0c0c0c0", "Carol", at: 3)))

        let first = try Self.device("Carol Herschel", over: ada.connect(from: "10.0.0.3"), trusted: [friend.sigKey], clock: ada.clock)
        let counted = await TCPExchangeTests.reach(first) { SessionFacts.commonFriends(in: $0)?.keys.isEmpty == false }
        #expect(SessionFacts.commonFriends(in: try #require(counted))?.keys == [friend.sigKey])
        try await Self.until { ada.coordinator.commonFriends(with: "c0c0c0c0c0c0c0c0") != nil }
        ada.clock.advance(by: LobbyRules.idle)
        #expect(await TCPExchangeTests.reach(first) { $0.isEnded } == .ended(.theyLeft))
        #expect(ada.coordinator.commonFriends(with: "c0c0c0c0c0c0c0c0") == .found([friend.sigKey]), "the row keeps its count")

        // Carol again, in the same opening of the list: her set waits unanswered.
        let second = try Self.device("Carol Herschel", over: ada.connect(from: "10.0.0.3"), trusted: [friend.sigKey], clock: ada.clock)
        try await Self.until { ada.coordinator.lobbyConnections.first?.session.core.heldPeerSet != nil }
        #expect(SessionFacts.commonFriends(in: second.state) == .pending)
        _ = await TCPExchangeTests.reach(second, Self.onConfirm)

        // She asks, Ada accepts: the exchange the person chose finds them, and the meeting keeps them.
        try await second.exchange()
        let found = await TCPExchangeTests.reach(second) {
            if case .succeeded(let screen) = $0 { screen.commonFriends != .pending } else { $0.isEnded }
        }
        guard case .succeeded(let screen)? = found else { Issue.record("\(String(describing: found))"); return }
        #expect(screen.commonFriends == .found([friend.sigKey]))
        second.close()
        try await Self.until { ada.coordinator.ending != nil }
        let carol = try #require(try ada.account.book.contacts().first { $0.displayName == "Carol Herschel" })
        #expect(try ada.account.book.exchanges(ofContact: carol.id).first?.commonFriends == [friend.sigKey])
    }
}
