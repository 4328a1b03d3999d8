// Meeting by discovery: this device listens, advertises a random instance name, and browses for the others;
// the person chooses one (``NearbyCoordinator/choose(_:)``, or a choice made before anyone was found), or is
// chosen. When two people choose each other at once, the crossing rule (docs/protocols/nearby-discovery.md
// §10) says who connects. Advertising and browsing stop as soon as a session starts, and in any case when
// the meeting ends.
import Foundation
import HandshakeExchange

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
        show(.looking(instance: advertiser.instance.text, port: listener.port, showsName: configuration.showsName))
        lobby = NearbyLobby(own: advertiser.instance.text, choice: choice)
        let (chosenPeers, chosen) = AsyncStream.makeStream(of: NearbyPeer.self)
        self.chosen = chosen
        defer { self.chosen = nil }

        let (done, finished) = AsyncStream.makeStream(of: Void.self)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                _ = try? await listener.serve { transport, remote in
                    guard await self.admit(from: remote) else { return }
                    await self.closeDiscovery(advertiser, browser)
                    await self.drive(transport, role: .responder)
                    finished.finish()
                }
            }
            group.addTask {
                for await event in browser.events {
                    if let peer = await self.noticed(event) { await self.connect(to: peer, advertiser, browser, finished) }
                }
            }
            group.addTask {
                for await peer in chosenPeers {
                    await self.connect(to: peer, advertiser, browser, finished)
                    return
                }
            }
            for await _ in done {}
            group.cancelAll()
        }
        chosen.finish()
        await closeDiscovery(advertiser, browser)
        peopleWatchers.values.forEach { $0.finish() }
        peopleWatchers = [:]
    }

    /// The people found nearby as they come and go: the list now, then the whole list again each time
    /// someone appears, changes what they show, or leaves. It finishes when discovery ends (a session
    /// started, or the meeting is over). For SwiftUI, ``people`` is observable too.
    public func peopleUpdates() -> AsyncStream<[NearbyPeer]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [NearbyPeer].self)
        continuation.yield(people)
        let id = UUID()
        peopleWatchers[id] = continuation
        continuation.onTermination = { _ in Task { @MainActor [weak self] in self?.peopleWatchers[id] = nil } }
        return stream
    }

    /// Chooses the person `typed` names (their number in the list, their shown name, or the start of their
    /// instance name) and connects to them, following the crossing rule.
    /// - Returns: the peer chosen; `nil` when the text names nobody in the list (the front end is shown
    ///   ``NearbyEvent/unknownChoice(_:)``).
    @discardableResult
    public func choose(_ typed: String) -> NearbyPeer? {
        guard let peer = lobby.peer(typed: typed) else {
            show(.unknownChoice(typed))
            return nil
        }
        lobby.choice = peer.id
        chosen?.yield(peer)
        return peer
    }

    /// Keeps the list of people nearby current and shows it; returns the peer to connect to when it is
    /// the one the person chose.
    func noticed(_ event: DiscoveryEvent) -> NearbyPeer? {
        let change = lobby.apply(event)
        if change != .none { peopleWatchers.values.forEach { $0.yield(people) } }
        switch change {
        case .found(let peer, let number):
            show(.found(peer, number: number))
            return lobby.chosenPeer.flatMap { $0.id == peer.id ? $0 : nil }
        case .updated(let peer):
            return lobby.chosenPeer.flatMap { $0.id == peer.id ? $0 : nil }
        case .lost(let id):
            show(.lost(id: id))
        case .none:
            if case .nobodyFound(let sentence) = event { show(.nobodyFound(sentence)) }
        }
        return nil
    }

    /// Whether an incoming connection may become the session. A person who chose someone takes only that
    /// device's connection; one who chose nobody takes the first.
    func admit(from remote: String?) -> Bool {
        if let chosen = lobby.chosenPeer, let remote, !chosen.addresses.contains(where: { $0.description == remote }) { return false }
        return claim()
    }

    /// Connects to the chosen device (after the crossing grace if it should connect to us), unless a
    /// session has started meanwhile.
    func connect(to peer: NearbyPeer, _ advertiser: NearbyAdvertiser, _ browser: NearbyBrowser, _ finished: AsyncStream<Void>.Continuation)
        async
    {
        if !lobby.connectsFirst(to: peer) { try? await Task.sleep(for: CrossingRule.grace) }
        guard let address = peer.addresses.first, claim() else { return }
        show(.connecting(peer))
        await closeDiscovery(advertiser, browser)
        do {
            _ = try await NearbyTCP.connect(host: address.description, port: Int(peer.port)) { transport in
                await self.drive(transport, role: .initiator)
            }
        } catch {
            show(.problem(error.description))
        }
        finished.finish()
    }

    /// Stops advertising and browsing (goodbyes sent): a session has started or the screen is closing.
    func closeDiscovery(_ advertiser: NearbyAdvertiser, _ browser: NearbyBrowser) async {
        await advertiser.stop()
        await browser.stop()
    }
}
