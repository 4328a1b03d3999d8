import Foundation
import HandshakeNearby

/// The people nearby as the exchange screen lists them: numbered in the order they were found, matched
/// against what the person typed or passed to --select, and the rule for who connects when two people
/// choose each other.
struct NearbyLobby {
    /// This device's advertised instance name.
    let own: String
    /// What the person chose: a name, a number, or the start of an id; nil while nobody is chosen.
    var select: String?
    var peers: [String: NearbyPeer] = [:]
    private var order: [String] = []

    init(own: String, select: String?) {
        self.own = own
        self.select = select
    }

    mutating func add(_ peer: NearbyPeer) {
        if peers[peer.id] == nil && !order.contains(peer.id) { order.append(peer.id) }
        peers[peer.id] = peer
    }

    /// The peer's place in the list, from 1; it keeps its number while it is around.
    func number(of id: String) -> Int { (order.firstIndex(of: id) ?? order.count) + 1 }

    /// The peer the person chose, once it has been found.
    var chosenPeer: NearbyPeer? { select.flatMap(peer(typed:)) }

    /// The peer a typed text names: its number in the list, its advertised name (without regard to case),
    /// or the start (4 characters or more) of its id. Nil when none does, or more than one.
    func peer(typed text: String) -> NearbyPeer? {
        let wanted = text.trimmingCharacters(in: .whitespaces)
        if let number = Int(wanted), order.indices.contains(number - 1), let peer = peers[order[number - 1]] { return peer }
        let present = order.compactMap { peers[$0] }
        let byName = present.filter { $0.displayName?.caseInsensitiveCompare(wanted) == .orderedSame }
        if byName.count == 1 { return byName[0] }
        guard wanted.count >= 4 else { return nil }
        let byID = present.filter { $0.id.lowercased().hasPrefix(wanted.lowercased()) }
        return byID.count == 1 ? byID[0] : nil
    }

    /// When two people choose each other at once, the device whose instance name sorts first connects; the
    /// other waits a moment for that connection before connecting itself (the other person may not have
    /// chosen anyone).
    func connectsFirst(to peer: NearbyPeer) -> Bool { own < peer.id }
}
