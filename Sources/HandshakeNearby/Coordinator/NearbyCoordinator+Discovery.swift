// Meeting by discovery: this device listens, advertises a random instance name, and browses for the others.
// Each device found gets a session at once (who connects follows the crossing rule,
// docs/protocols/nearby-discovery.md §10), whose channel and common friends run while the list is on
// screen: the list shows each person's common-friend count before anyone chooses. Choosing someone (or
// their request) adopts that session as the exchange; the others close, and advertising and browsing stop.
import Foundation
import HandshakeExchange

extension NearbyCoordinator {
    /// At most this many sessions wait in the list at once. The list holds up to 256 advertisements, and
    /// anyone on the network can make them up: connections are bounded well below that.
    nonisolated static let lobbyCapacity = 16
    /// Each session runs the common-friends intersection, where a device can test up to 4096 made-up keys
    /// against this person's contacts: while the list is open, a device accepts at most this many
    /// connections from one address, and opens or accepts at most ``lobbySessionLimit`` sessions in all
    /// (docs/protocols/nearby-common-friends.md, "When it runs").
    nonisolated static let lobbySessionsPerAddress = 2
    nonisolated static let lobbySessionLimit = 32

    func discover(choice: String?) async throws {
        let listener = try await NearbyListener.bind(host: configuration.host, port: configuration.port)
        let interface = configuration.interface.map(DiscoveryInterface.named) ?? .automatic
        let advertiser = try NearbyAdvertiser(
            port: UInt16(listener.port), displayName: configuration.showsName ? card.card.name : nil, interface: interface)
        let browser = NearbyBrowser(interface: interface, ignoring: [advertiser.instance])
        do {
            try await advertiser.start()
            try await browser.start()
        } catch {
            await advertiser.stop()
            await browser.stop()
            throw NearbyCoordinatorError.unavailable(error)
        }
        show(.looking(instance: advertiser.instance.text, port: listener.port, showsName: configuration.showsName))
        lobby = NearbyLobby(own: advertiser.instance.text, choice: choice)
        let (peersToReach, toReach) = AsyncStream.makeStream(of: NearbyPeer.self)
        let (done, discoveryOver) = AsyncStream.makeStream(of: Void.self)
        (self.toReach, self.discoveryOver) = (toReach, discoveryOver)
        stopDiscovery = { await self.closeDiscovery(advertiser, browser) }
        defer { (self.toReach, self.discoveryOver, self.stopDiscovery) = (nil, nil, nil) }

        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                _ = try? await listener.serve { transport, remote in await self.arrived(transport, from: remote) }
            }
            group.addTask {
                for await event in browser.events { await self.noticed(event) }
            }
            group.addTask {
                await withTaskGroup(of: Void.self) { reaching in
                    for await peer in peersToReach { reaching.addTask { await self.reach(peer) } }
                }
            }
            for await _ in done {}
            // The sessions left in the list end with the meeting, so the connections under them end too.
            for connection in lobbyConnections where !connection.adopted { connection.session.close() }
            group.cancelAll()
        }
        toReach.finish()
        await closeDiscovery(advertiser, browser)
        peopleWatchers.values.forEach { $0.finish() }
        peopleWatchers = [:]
    }

    /// The people found nearby as they come and go: the list now, then the whole list again each time
    /// someone appears, changes what they show, leaves, or their common friends are found. It finishes when
    /// discovery ends (a session was chosen, or the meeting is over). For SwiftUI, ``people`` is observable too.
    public func peopleUpdates() -> AsyncStream<[NearbyPeer]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [NearbyPeer].self)
        continuation.yield(people)
        let id = UUID()
        peopleWatchers[id] = continuation
        continuation.onTermination = { _ in Task { @MainActor [weak self] in self?.peopleWatchers[id] = nil } }
        return stream
    }

    /// What is known of the common friends with the person advertising as `peerID`: `nil` before a session
    /// with them opened its channel, `.pending` while they are being found, then found
    /// (the keys of our own TRUSTED contacts they trust too; count them for the list).
    public func commonFriends(with peerID: String) -> CommonFriendsStatus? {
        commonFriendsNearby[peerID]
    }

    /// Chooses the person `typed` names (their number in the list, their shown name, or the start of their
    /// instance name): their session, already open, becomes the exchange (or the one about to open does).
    /// - Returns: the peer chosen; `nil` when the text names nobody in the list (the front end is shown
    ///   ``NearbyEvent/unknownChoice(_:)``).
    @discardableResult
    public func choose(_ typed: String) -> NearbyPeer? {
        guard let peer = lobby.peer(typed: typed) else {
            show(.unknownChoice(typed))
            return nil
        }
        lobby.choice = peer.id
        if let connection = openConnection(with: peer) {
            if claim() { Task { await self.adopt(connection) } }
        } else {
            // Its session failed or never came: connect now, without the crossing grace.
            reached.remove(peer.id)
            toReach?.yield(peer)
        }
        return peer
    }

    /// Keeps the list of people nearby current and shows it; a device found for the first time is reached.
    func noticed(_ event: DiscoveryEvent) {
        let change = lobby.apply(event)
        if change != .none { publishPeople() }
        switch change {
        case .found(let peer, let number):
            show(.found(peer, number: number))
            // The other device may have connected before it was found here: its count can show now.
            if let connection = lobbyConnections.first(where: { $0.peerID == nil && $0.isWith(peer) }) {
                connection.peerID = peer.id
                counted(connection)
                Task { await adoptIfChosen(connection) }
            }
            if !reached.contains(peer.id) {
                reached.insert(peer.id)
                toReach?.yield(peer)
            }
        case .lost(let id):
            show(.lost(id: id))
        case .updated, .none:
            if case .nobodyFound(let sentence) = event { show(.nobodyFound(sentence)) }
        }
    }

    /// Opens a session to `peer` unless one is open with it already. The device whose instance name is
    /// larger first waits `CrossingRule/grace` for the other's connection (the crossing rule), unless the
    /// person chose `peer`: then it connects at once.
    func reach(_ peer: NearbyPeer) async {
        if !lobby.connectsFirst(to: peer) && lobby.chosenPeer?.id != peer.id {
            do { try await Task.sleep(for: CrossingRule.grace) } catch { return }
        }
        if let open = openConnection(with: peer) {
            await adoptIfChosen(open)
            return
        }
        guard let address = peer.addresses.first, session == nil, lobbyHasRoom else {
            if lobby.chosenPeer?.id == peer.id && session == nil {
                show(.problem("Too many sessions were opened while this list was open. Close the screen and open it again."))
            }
            return
        }
        lobbySessionsOpened += 1
        if lobby.chosenPeer?.id == peer.id { show(.connecting(peer)) }
        do {
            _ = try await NearbyTCP.connect(host: address.description, port: Int(peer.port)) { transport in
                await self.runInLobby(transport, role: .initiator, peerID: peer.id, remote: nil)
            }
        } catch {
            // Someone in the list who cannot be reached keeps no count; the person chose them: say so.
            if lobby.chosenPeer?.id == peer.id { show(.problem(error.description)) }
        }
    }

    /// A connection from another device: a session in the list, unless this device is already in an
    /// exchange, the list is full, or a session with that device is open already (then the one opened by the
    /// device with the smaller instance name is kept, as both devices decide alike).
    func arrived(_ transport: any ExchangeTransport, from remote: String?) async {
        guard session == nil, lobbyHasRoom, lobbySessionsByAddress[remote ?? "", default: 0] < Self.lobbySessionsPerAddress
        else { return }
        lobbySessionsOpened += 1
        lobbySessionsByAddress[remote ?? "", default: 0] += 1
        // A session this device opened to the device at `remote`, if it opened one.
        let opened = remote.flatMap { remote in
            lobbyConnections.first { connection in connection.remote == nil && people.contains { connection.isWith($0) && $0.isAt(remote) } }
        }
        if let existing = opened {
            guard !existing.adopted, let peerID = existing.peerID, !CrossingRule.connectsFirst(own: lobby.own, other: peerID) else { return }
            existing.session.close()
        }
        await runInLobby(transport, role: .responder, peerID: nil, remote: remote)
    }

    /// Runs a session in the list until it ends: its common friends are counted, and once adopted the
    /// coordinator drives it as the exchange.
    func runInLobby(_ transport: any ExchangeTransport, role: ChannelRole, peerID: String?, remote: String?) async {
        let session = makeSession(transport, role: role, secret: nil)
        let connection = LobbyConnection(session: session, peerID: peerID, remote: remote)
        lobbyConnections.append(connection)
        let running = Task { await session.run() }
        let (states, feed) = AsyncStream.makeStream(of: SessionState.self)
        connection.feed = feed
        let forwarding = Task {
            for await state in session.stateUpdates() { feed.yield(state) }
            feed.finish()
        }
        await adoptIfChosen(connection)
        for await state in states {
            if connection.adopted {
                guard state != connection.lastHandled else { continue }
                connection.lastHandled = state
                await handle(state, session)
            } else {
                await lobbyStateChanged(state, connection)
            }
        }
        await running.value
        forwarding.cancel()
        lobbyConnections.removeAll { $0 === connection }
        guard connection.adopted else { return }
        if case .ended(let final) = session.state { finish(final) }
        discoveryOver?.finish()
    }

    /// A session in the list moved: its common friends are shown in the list, and a request from the other
    /// person adopts it (when this device is in no exchange yet).
    func lobbyStateChanged(_ state: SessionState, _ connection: LobbyConnection) async {
        if let friends = Self.commonFriends(in: state), friends != connection.commonFriends {
            connection.commonFriends = friends
            counted(connection)
        }
        if case .incomingRequest = state, claim() { await adopt(connection) }
    }

    /// Shows the common friends found with the person of `connection`, once that person is in the list.
    func counted(_ connection: LobbyConnection) {
        guard case .found = connection.commonFriends, let peer = people.first(where: connection.isWith) else { return }
        commonFriendsNearby[peer.id] = connection.commonFriends
        show(.commonFriendsNearby(peer, number: lobby.number(of: peer.id), names: names(connection.commonFriends)))
        publishPeople()
    }

    /// Gives everyone watching ``peopleUpdates()`` the list as it is now.
    func publishPeople() {
        peopleWatchers.values.forEach { $0.yield(people) }
    }

    /// Whether another session may join the list: fewer than ``lobbyCapacity`` open now and fewer than
    /// ``lobbySessionLimit`` opened since the list opened, whoever connected.
    var lobbyHasRoom: Bool {
        lobbyConnections.count < Self.lobbyCapacity && lobbySessionsOpened < Self.lobbySessionLimit
    }

    /// The session in the list with `peer` that has not ended, if there is one.
    func openConnection(with peer: NearbyPeer) -> LobbyConnection? {
        lobbyConnections.first { $0.isWith(peer) && !$0.session.state.isEnded }
    }

    /// Adopts `connection` when it is with the person chosen and no exchange is under way.
    func adoptIfChosen(_ connection: LobbyConnection) async {
        guard !connection.adopted, let chosen = lobby.chosenPeer, connection.isWith(chosen), !connection.session.state.isEnded,
            claim()
        else { return }
        await adopt(connection)
    }

    /// Makes `connection` the exchange (the claim is taken): the other sessions in the list close, discovery
    /// stops, and the session's current screen is handled as the first.
    func adopt(_ connection: LobbyConnection) async {
        connection.adopted = true
        currentSession = connection.session
        for other in lobbyConnections where other !== connection { other.session.close() }
        await stopDiscovery?()
        connection.feed?.yield(connection.session.state)
    }

    /// Stops advertising and browsing (goodbyes sent): a session has started or the screen is closing.
    func closeDiscovery(_ advertiser: NearbyAdvertiser, _ browser: NearbyBrowser) async {
        await advertiser.stop()
        await browser.stop()
    }
}
