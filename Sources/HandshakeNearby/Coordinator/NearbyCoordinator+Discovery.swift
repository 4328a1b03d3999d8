// Meeting by discovery: this device listens, advertises a random instance name, and browses for the others.
// Each device found gets a session at once (who connects follows the crossing rule,
// docs/protocols/nearby-discovery.md §10), whose channel and common friends run while the list is on
// screen: the list shows each person's common-friend count before anyone chooses. Choosing someone (or
// their request) adopts that session as the exchange; the others close, and advertising and browsing stop.
// The list's sessions themselves (who gets one, for how long, what they may find) are
// NearbyCoordinator+ListSessions.swift.
import Foundation
@_spi(Wire) import HandshakeExchange

extension NearbyCoordinator {
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
        lobby = NearbyLobby(own: advertiser.instance.text, choice: choice)
        // A name chosen before anyone was found is held until it is known to be one device's (settleChoiceByName).
        lobby.resolvesNames = choice == nil
        apply(.looking(.list(instance: advertiser.instance.text, port: listener.port, showsName: configuration.showsName)))
        lobbySessions = LobbySessions()
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
            for waiting in waitingArrivals { waiting.end(.turnedAway) }
            group.cancelAll()
        }
        toReach.finish()
        nameSettling?.cancel()
        nameSettling = nil
        await closeDiscovery(advertiser, browser)
        if let error = discoveryError {
            discoveryError = nil
            throw error
        }
    }

    /// After a device showing the name chosen was found (``NearbyLobby/resolvesNames`` still off), waits
    /// ``uniquenessWindow`` for another with the same name, or one that looks like it, then chooses the one, or
    /// ends discovery with ``NearbyCoordinatorError/sameName(_:shortIDs:)``: a name is only a device's claim,
    /// and the first to make it must not be taken for the person meant.
    func holdChoiceByName() {
        guard nameSettling == nil, !lobby.resolvesNames, let choice = lobby.choice, lobby.peer(typed: choice, byName: true) != nil else { return }
        nameSettling = Task {
            do { try await Task.sleep(for: Self.uniquenessWindow) } catch { return }
            self.settleChoiceByName()
        }
    }

    func settleChoiceByName() {
        guard !lobby.resolvesNames, let choice = lobby.choice, !flow.isClaimed else { return }
        let alike = lobby.people(lookingLike: choice)
        if alike.count > 1 {
            discoveryError = .sameName(choice.trimmingCharacters(in: .whitespaces), shortIDs: alike.map(\.shortID))
            discoveryOver?.finish()
            return
        }
        lobby.resolvesNames = true
        if let chosen = lobby.chosenPeer { choose(peerID: chosen.id) }
        // Requests held while the name was (both chose each other): the chosen one's is the exchange now, any
        // other is declined.
        let held = lobbyConnections.filter { !$0.adopted && { if case .incomingRequest = $0 { true } else { false } }($0.session.state) }
        for connection in held { Task { await self.lobbyStateChanged(connection.session.state, connection) } }
    }

    /// The common friends found with the person advertising as `peerID` while the list was open: `nil`
    /// before they were found (the list shows how many: ``NearbyPerson/commonFriendCount``).
    func commonFriends(with peerID: String) -> CommonFriendsStatus? {
        commonFriendsNearby[peerID]
    }

    /// Chooses the person in the list whose device advertises as `peerID` (``NearbyPeer/id``): their session,
    /// already open, becomes the exchange (or the one about to open does), and the confirm screen follows.
    /// Only while looking, or while the request of the person chosen waits for an answer (both chose each
    /// other: it is drawn as the confirm screen). A front end that reads typed text resolves it to a person
    /// first (``NearbyPerson/typed(_:among:byName:)``); one that draws the list passes the row's id.
    /// - Returns: the peer chosen; `nil` when nobody in the list has this id (they left), or an exchange is
    ///   under way already.
    @discardableResult
    public func choose(peerID: String) -> NearbyPeer? {
        // Their request came first, and the person chose them before answering it: a mutual tap.
        if let peer = lobby.peer(id: peerID), flow.chose(peer.id) {
            publish()
            return peer
        }
        guard !flow.isClaimed, let peer = lobby.peer(id: peerID) else { return nil }
        lobby.choice = peer.id
        if let connection = openConnection(with: peer) {
            if claim(.chosen(peer)) { Task { await self.adopt(connection) } }
        } else {
            // Its session failed or never came: connect now, without the crossing grace.
            reached.remove(peer.id)
            toReach?.yield(peer)
        }
        publish()
        return peer
    }

    /// Keeps the list of people nearby current and shows it; a device found for the first time is reached.
    func noticed(_ event: DiscoveryEvent) {
        let change = lobby.apply(event)
        if change != .none { publish() }
        holdChoiceByName()
        switch change {
        case .found(let peer, _):
            // A connection that came before its device was found becomes its session now, before this device
            // thinks of connecting to it: one session per pair.
            seatWaitingArrivals(at: peer)
            if !reached.contains(peer.id) {
                reached.insert(peer.id)
                toReach?.yield(peer)
            }
        case .updated(let peer):
            seatWaitingArrivals(at: peer)
        case .lost:
            break
        case .none:
            if case .nobodyFound(let sentence) = event { apply(.nobodyFound(sentence)) }
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
        guard let address = peer.addresses.first, !flow.isClaimed else { return }
        do throws(NearbyTransportError) {
            _ = try await NearbyTCP.connect(host: address.description, port: Int(peer.port)) { transport in
                guard let connection = await self.seat(transport, role: .initiator, peer: peer, remote: nil) else { return }
                await self.runInLobby(connection)
            }
        } catch {
            // Someone in the list who cannot be reached keeps no count; the person chose them: say so.
            if lobby.chosenPeer?.id == peer.id { notice(.problem(.unreachable(error))) }
        }
    }

    /// Stops advertising and browsing (goodbyes sent): a session has started or the screen is closing.
    func closeDiscovery(_ advertiser: NearbyAdvertiser, _ browser: NearbyBrowser) async {
        await advertiser.stop()
        await browser.stop()
    }
}
