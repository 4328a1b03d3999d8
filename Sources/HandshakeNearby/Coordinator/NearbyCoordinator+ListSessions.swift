// The sessions of the list of people nearby (docs/protocols/nearby-discovery.md §10): each one is with a
// device in the list (one this device connected to, or the one advertising the address a connection came
// from; a connection from anywhere else waits a moment for its device to appear, then is turned away). A new
// one past the list's capacity closes the one idle the longest, so an exchange someone chose never waits for
// room; one idle too long closes. Its common friends are found once per device while the list is open
// (`LobbySessions`), or when the person chooses or accepts. A request in one becomes the exchange, unless the
// person chose someone else: then it is declined. What is refused is shown once, in the library's words.
import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange

extension NearbyCoordinator {
    /// A connection from another device while the list is open: a session with the device in the list at
    /// its address, once there is one (it waits up to `LobbyRules/arrivalGrace` for it to appear); turned
    /// away when this device is in an exchange already, or the list refuses it.
    func arrived(_ transport: any ExchangeTransport, from remote: String?) async {
        guard let remote else { return }
        if flow.isClaimed {
            // Both chose each other and both connected: the exchange moves to their connection when the
            // crossing rule keeps that one. Any other connection is turned away.
            if let own = crossedConnection(from: remote) { await runInLobby(giveWay(own, to: transport, from: remote)) }
            return
        }
        let connection: LobbyConnection
        if let device = listedDevice(at: remote) {
            guard let seated = seatArrival(transport, from: remote, device: device) else { return }
            connection = seated
        } else {
            guard lobbySessions.startWaiting() else {
                turnAway(.notInList(address: remote))
                return
            }
            let waiting = WaitingArrival(transport: transport, remote: remote)
            waitingArrivals.append(waiting)
            let clock = configuration.clock
            let deadline = clock.now().monotonic + LobbyRules.arrivalGrace
            let timer = Task {
                do { try await clock.sleep(until: deadline) } catch { return }
                waiting.end(.notListed)
            }
            let outcome = await withTaskCancellationHandler {
                await waiting.wait()
            } onCancel: {
                Task { @MainActor in waiting.end(.turnedAway) }
            }
            timer.cancel()
            waitingArrivals.removeAll { $0 === waiting }
            lobbySessions.stopWaiting()
            switch outcome {
            case .seated(let seated): connection = seated
            case .turnedAway: return
            case .notListed:
                turnAway(.notInList(address: remote))
                return
            }
        }
        await runInLobby(connection)
    }

    /// The exchange this device adopted on a connection it opened to the person chosen, still setting up its
    /// channel, when a connection from that person arrives and the crossing rule keeps theirs (their instance
    /// name is the smaller): the other device keeps that one and closes ours, so ours must give way.
    func crossedConnection(from remote: String) -> LobbyConnection? {
        guard let own = lobbyConnections.first(where: \.adopted), own.remote == nil, own.session.state == .connecting,
            let peer = people.first(where: own.isWith), peer.isAt(remote), !CrossingRule.connectsFirst(own: lobby.own, other: peer.id)
        else { return nil }
        return own
    }

    /// Moves the exchange from `own` to the connection the other device opened (``crossedConnection(from:)``).
    func giveWay(_ own: LobbyConnection, to transport: any ExchangeTransport, from remote: String) -> LobbyConnection {
        let theirs = LobbyConnection(
            session: makeSession(transport, role: .responder, secret: nil, commonFriends: LobbyRules.commonFriends, photo: listPhoto), peerID: own.peerID,
            remote: remote)
        own.adopted = false
        lobbySessions.leave(own.id)
        own.session.close()
        _ = lobbySessions.seat(theirs.id, device: theirs.peerID, arrivedFrom: nil, at: configuration.clock.now().monotonic)
        lobbySessions.adopt(theirs.id)
        theirs.adopted = true
        currentSession = theirs.session
        lobbyConnections.append(theirs)
        return theirs
    }

    /// The device in the list a connection from `address` is with: the person chosen when they advertise it,
    /// else the first in the list who does.
    func listedDevice(at address: String) -> NearbyPeer? {
        if let chosen = lobby.chosenPeer, chosen.isAt(address) { return chosen }
        return people.first { $0.isAt(address) }
    }

    /// Seats the connections waiting for `peer`'s address, now that it is in the list.
    func seatWaitingArrivals(at peer: NearbyPeer) {
        for waiting in waitingArrivals where peer.isAt(waiting.remote) {
            waitingArrivals.removeAll { $0 === waiting }
            let device = listedDevice(at: waiting.remote) ?? peer
            if let seated = seatArrival(waiting.transport, from: waiting.remote, device: device) {
                waiting.end(.seated(seated))
            } else {
                waiting.end(.turnedAway)
            }
        }
    }

    /// Seats a connection that `device` opened, unless this device opened one to it too and the crossing
    /// rule keeps that one: of two connections between one pair, both devices keep the one the device with
    /// the smaller instance name opened.
    func seatArrival(_ transport: any ExchangeTransport, from remote: String, device: NearbyPeer) -> LobbyConnection? {
        if let opened = lobbyConnections.first(where: { $0.remote == nil && $0.isWith(device) && !$0.session.state.isEnded }) {
            guard !opened.adopted, !CrossingRule.connectsFirst(own: lobby.own, other: device.id) else { return nil }
            opened.session.close()
        }
        return seat(transport, role: .responder, peer: device, remote: remote)
    }

    /// Makes a session with `peer` a seat in the list (`remote`: where it came from, when `peer` connected),
    /// closing the sessions idle the longest to make room. Its common friends are found at once when the list
    /// allows it, else when the person chooses or accepts. `nil` when this device is in an exchange already, or
    /// the list refuses it (the refusal is shown).
    func seat(_ transport: any ExchangeTransport, role: ChannelRole, peer: NearbyPeer, remote: String?) -> LobbyConnection? {
        guard !flow.isClaimed else { return nil }
        let session = makeSession(transport, role: role, secret: nil, commonFriends: LobbyRules.commonFriends, photo: listPhoto)
        let connection = LobbyConnection(session: session, peerID: peer.id, remote: remote)
        switch lobbySessions.seat(connection.id, device: peer.id, arrivedFrom: remote, at: configuration.clock.now().monotonic) {
        case .refused(let refusal):
            turnAway(refusal)
            return nil
        case .seated(let seating):
            for other in lobbyConnections where seating.evicted.contains(other.id) { other.session.close() }
            for other in lobbyConnections where seating.handedOn.contains(other.id) { other.session.allowCommonFriends() }
            if seating.countsCommonFriends { session.allowCommonFriends() }
        }
        lobbyConnections.append(connection)
        return connection
    }

    /// Runs a seated session until it ends: its common friends are counted, it closes when idle too long, and
    /// once adopted the coordinator drives it as the exchange.
    func runInLobby(_ connection: LobbyConnection) async {
        let session = connection.session
        let events = session.events()
        let running = Task { await session.run() }
        let photos = Task {
            for await event in events {
                if case .photoReceived(let photo) = event { photoShown(photo, by: connection) } else { carryEvent(event) }
            }
        }
        let (states, feed) = AsyncStream.makeStream(of: SessionState.self)
        connection.feed = feed
        let forwarding = Task {
            for await state in session.stateUpdates() { feed.yield(state) }
            feed.finish()
        }
        let idle = Task { await closeWhenIdle(connection) }
        await adoptIfChosen(connection)
        for await state in states {
            if connection.adopted {
                guard state != connection.lastHandled else { continue }
                connection.lastHandled = state
                if configuration.backToListAfterAttempt {
                    // Advertising goes on until the exchange is over for good: an attempt that ends short gives
                    // the list back, where both must still be found.
                    sessionMoved(state)
                    let crossed = if case .succeeded = state { true } else { false }
                    if flow.isClaimed, crossed || state.isEnded { await stopDiscovery?() }
                    continue
                }
                // Advertising goes on until the exchange's channel is open: the other device may not list this
                // one yet (its query unanswered under the one-second rule), and holds the connection until it
                // does (nearby-discovery.md §3, "A goodbye may be the only record of a device").
                if SessionFacts.isOpen(state) || state.isEnded { await stopDiscovery?() }
                sessionMoved(state)
            } else {
                await lobbyStateChanged(state, connection)
            }
        }
        await running.value
        forwarding.cancel()
        photos.cancel()
        idle.cancel()
        lobbyConnections.removeAll { $0 === connection }
        // A session that ended before its channel opened found nothing: another with the device may.
        if let next = lobbySessions.leave(connection.id) {
            lobbyConnections.first { $0.id == next }?.session.allowCommonFriends()
        }
        guard connection.adopted else { return }
        discoveryOver?.finish()
    }

    /// A session in the list moved: its common friends are shown in the list, and a request from the other
    /// person adopts it (when this device is in no exchange yet), unless the person chose someone else: then
    /// it is declined, and they hear so.
    func lobbyStateChanged(_ state: SessionState, _ connection: LobbyConnection) async {
        let now = configuration.clock.now().monotonic
        if SessionFacts.isOpen(state) { lobbySessions.opened(connection.id, at: now) }
        lobbySessions.touch(connection.id, at: now)
        if let friends = SessionFacts.commonFriends(in: state), friends != connection.commonFriends {
            connection.commonFriends = friends
            counted(connection)
        }
        guard case .incomingRequest = state, !connection.adopted else { return }
        // The person chose this name and it is still held: the request is answered once the choice settles.
        if lobby.holdsRequest(from: connection.peerID) { return }
        if lobby.takesRequest(from: connection.peerID) {
            if claim(.theirRequest(listedPeer(of: connection))) { await adopt(connection) }
        } else {
            try? connection.session.decline()
            turnAway(.requestDeclined(number: lobby.number(of: connection.peerID)))
        }
    }

    /// Closes `connection` once it has been idle for `LobbyRules/idle` in the list (on the coordinator's
    /// clock); it stops watching once adopted.
    func closeWhenIdle(_ connection: LobbyConnection) async {
        let clock = configuration.clock
        while let deadline = lobbySessions.idleDeadline(of: connection.id) {
            do { try await clock.sleep(until: deadline) } catch { return }
            guard let due = lobbySessions.idleDeadline(of: connection.id) else { return }
            if clock.now().monotonic >= due {
                connection.session.close()
                return
            }
        }
    }

    /// Shows the common friends found with the person of `connection`, once that person is in the list.
    func counted(_ connection: LobbyConnection) {
        guard case .found = connection.commonFriends, let peer = people.first(where: connection.isWith) else { return }
        commonFriendsNearby[peer.id] = connection.commonFriends
        publish()
    }

    /// The photo this device shows in the list: the configured one, while its person shows their name.
    var listPhoto: Avatar? {
        configuration.showsName ? configuration.listPhoto : nil
    }

    /// Shows `photo` beside the person of `connection` in the list (their device's claim, like its name).
    func photoShown(_ photo: Avatar, by connection: LobbyConnection) {
        photosNearby[connection.peerID] = photo
        publish()
    }

    /// Says `refusal`, once while the list is open.
    func turnAway(_ refusal: LobbyRefusal) {
        if lobbySessions.isNews(refusal) { notice(.turnedAway(refusal)) }
    }

    /// The device in the list `connection` is with (as last listed; by its id alone when it left the list).
    func listedPeer(of connection: LobbyConnection) -> NearbyPeer {
        people.first(where: connection.isWith) ?? NearbyPeer(id: connection.peerID, displayName: nil)
    }

    /// The session in the list with `peer` that has not ended, if there is one.
    func openConnection(with peer: NearbyPeer) -> LobbyConnection? {
        lobbyConnections.first { $0.isWith(peer) && !$0.session.state.isEnded }
    }

    /// Adopts `connection` when it is with the person chosen and no exchange is under way.
    func adoptIfChosen(_ connection: LobbyConnection) async {
        guard !connection.adopted, let chosen = lobby.chosenPeer, connection.isWith(chosen), !connection.session.state.isEnded,
            claim(.chosen(chosen))
        else { return }
        await adopt(connection)
    }

    /// An attempt from the list ended short, and the flow gave the list back: its session is no longer the
    /// exchange, nobody is chosen, and everyone listed without a session of the list is reached again (the
    /// adoption closed theirs), so the list's common friends and requests work as before the attempt.
    func listGivenBack() {
        for connection in lobbyConnections where connection.adopted { connection.adopted = false }
        currentSession = nil
        lobby.choice = nil
        for peer in people where openConnection(with: peer) == nil {
            reached.insert(peer.id)
            toReach?.yield(peer)
        }
    }

    /// Makes `connection` the exchange (the claim is taken): the other sessions in the list close, so do the
    /// connections waiting for their device, and the session's current screen is handled as the first.
    /// Discovery stops once its channel is open (at once when it already is).
    func adopt(_ connection: LobbyConnection) async {
        connection.adopted = true
        lobbySessions.adopt(connection.id)
        currentSession = connection.session
        for other in lobbyConnections where other !== connection { other.session.close() }
        for waiting in waitingArrivals { waiting.end(.turnedAway) }
        connection.feed?.yield(connection.session.state)
    }
}
