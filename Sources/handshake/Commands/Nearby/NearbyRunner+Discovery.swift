import Foundation
import HandshakeExchange
import HandshakeNearby

// Meeting by discovery: this device listens, advertises a random instance name, and browses for the others;
// the person chooses one (at the terminal, or --select in scripts), or is chosen. The list and the crossing rule
// (who connects when two people choose each other at once) are HandshakeNearby's `NearbyLobby` and
// `CrossingRule`. Advertising and browsing stop as soon as a session starts, and in any
// case when the command ends.

extension NearbyRunner {
    func discover(select: String?) async throws {
        let listener = try await NearbyListener.bind(host: options.host, port: options.port)
        let interface = options.interface.map(DiscoveryInterface.named) ?? .automatic
        let advertiser = try NearbyAdvertiser(
            port: UInt16(listener.port), displayName: options.showName ? card.card.name : nil, interface: interface)
        let browser = NearbyBrowser(interface: interface, ignoring: [advertiser.instance])
        do {
            try await advertiser.start()
            try await browser.start()
        } catch {
            await advertiser.stop()
            await browser.stop()
            throw CommandFailure(Self.unavailable(error))
        }
        reporter.looking(instance: advertiser.instance.text, port: listener.port, showsName: options.showName)
        lobby = NearbyLobby(own: advertiser.instance.text, choice: select)

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
                    if let chosen = await self.noticed(event) { await self.connect(to: chosen, advertiser, browser, finished) }
                }
            }
            if select == nil && !options.accept && Prompt.canAsk {
                group.addTask {
                    while let line = await self.terminal.nextLine() {
                        guard let chosen = await self.choose(typed: line) else { continue }
                        await self.connect(to: chosen, advertiser, browser, finished)
                        return
                    }
                }
            }
            for await _ in done {}
            group.cancelAll()
        }
        await closeDiscovery(advertiser, browser)
    }

    /// Keeps the list of people nearby current and shows it; returns the peer to connect to when it is
    /// the one the person chose.
    func noticed(_ event: DiscoveryEvent) -> NearbyPeer? {
        switch lobby.apply(event) {
        case .found(let peer, let number):
            reporter.found(peer, number: number, choosing: lobby.choice == nil && Prompt.canAsk && !options.accept)
            return lobby.chosenPeer.flatMap { $0.id == peer.id ? $0 : nil }
        case .updated(let peer):
            return lobby.chosenPeer.flatMap { $0.id == peer.id ? $0 : nil }
        case .lost(let id):
            reporter.lost(id)
        case .none:
            if case .nobodyFound(let sentence) = event { reporter.nobodyFound(sentence) }
        }
        return nil
    }

    /// The peer a typed line names (its number in the list, its name, or the start of its id).
    func choose(typed line: String) -> NearbyPeer? {
        guard let peer = lobby.peer(typed: line) else {
            reporter.emit("unknownChoice", [:], text: "Nobody nearby is numbered or named \"\(line)\"; type a number from the list.")
            return nil
        }
        lobby.choice = peer.id
        return peer
    }

    /// Whether an incoming connection may become the session. A person who chose someone takes only that
    /// device's connection; one who chose nobody takes the first.
    func admit(from remote: String?) -> Bool {
        if let chosen = lobby.chosenPeer, let remote, !chosen.addresses.contains(where: { $0.description == remote }) { return false }
        return claim()
    }

    /// Connects to the chosen device (after the crossing grace if it should connect to us), unless a
    /// session has started meanwhile.
    func connect(
        to peer: NearbyPeer, _ advertiser: NearbyAdvertiser, _ browser: NearbyBrowser, _ finished: AsyncStream<Void>.Continuation
    ) async {
        if !lobby.connectsFirst(to: peer) { try? await Task.sleep(for: CrossingRule.grace) }
        guard let address = peer.addresses.first, claim() else { return }
        reporter.connecting(to: peer)
        await closeDiscovery(advertiser, browser)
        do {
            _ = try await NearbyTCP.connect(host: address.description, port: Int(peer.port)) { transport in
                await self.drive(transport, role: .initiator)
            }
        } catch {
            reporter.emit("error", ["message": error.description], text: error.description)
        }
        finished.finish()
    }

    /// Stops advertising and browsing (goodbyes sent): a session has started or the screen is closing.
    func closeDiscovery(_ advertiser: NearbyAdvertiser, _ browser: NearbyBrowser) async {
        await advertiser.stop()
        await browser.stop()
    }

    /// The sentence for a transport that cannot be had, with what to do.
    static func unavailable(_ error: any Error) -> String {
        if let error = error as? NearbyDiscoveryError {
            return "\(error.description) (Or connect directly: --listen on one device, --connect HOST:PORT on the other.)"
        }
        return "Nearby discovery cannot start: \(error)."
    }
}
