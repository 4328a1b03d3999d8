// Establishes the list of people nearby as an exchange screen shows it: each found device numbered in the
// order it appeared (a number it keeps while it is around), found again when its advertisement changes, gone
// when it says goodbye; and which of them the person chose, by number, by the name it shows, or by the start
// of its instance name. It does not browse (NearbyBrowser does) nor connect: it is the state a screen
// draws and a person's choice resolves against.
import Foundation
import HandshakeCore

/// The people found nearby during one session, and who was chosen among them.
@_spi(Wire) public struct NearbyLobby: Sendable {
    /// This device's advertised instance name.
    public let own: String
    /// What the person chose: a number from the list, a shown name, or the start of an instance name;
    /// `nil` while nobody is chosen.
    public var choice: String?
    private var peers: [String: NearbyPeer] = [:]
    private var order: [String] = []

    /// An empty lobby for the device advertising as `own`, with the person's choice if it was made before
    /// anyone was found (a script's `--select`).
    public init(own: String, choice: String? = nil) {
        self.own = own
        self.choice = choice
    }

    /// What a discovery event changed in the list.
    public enum Change: Sendable, Equatable {
        /// Someone appeared, with the number they keep in the list.
        case found(NearbyPeer, number: Int)
        /// Someone already listed changed what they advertise.
        case updated(NearbyPeer)
        /// Someone left (their goodbye, or their record expired).
        case lost(id: String)
        /// Nothing a list shows changed.
        case none
    }

    /// Takes one event from the browser.
    @discardableResult
    public mutating func apply(_ event: DiscoveryEvent) -> Change {
        switch event {
        case .found(let peer), .updated(let peer):
            let isNew = peers[peer.id] == nil
            if isNew && !order.contains(peer.id) { order.append(peer.id) }
            peers[peer.id] = peer
            return isNew ? .found(peer, number: number(of: peer.id)) : .updated(peer)
        case .lost(let id):
            guard peers.removeValue(forKey: id) != nil else { return .none }
            return .lost(id: id)
        case .nobodyFound:
            return .none
        }
    }

    /// The people present, in the order they were found.
    public var people: [NearbyPeer] { order.compactMap { peers[$0] } }

    /// Whether `id` is listed now.
    public func contains(_ id: String) -> Bool { peers[id] != nil }

    /// The peer's place in the list, from 1; it keeps its number while it is around, and a peer who left
    /// and came back keeps the number they had.
    public func number(of id: String) -> Int { (order.firstIndex(of: id) ?? order.count) + 1 }

    /// Whether a standing choice may name a device by the name it shows. A name is a claim, and two devices
    /// may show the same one: a choice made before anyone was found (a script's `--select`) is held while the
    /// coordinator listens for a second device with that name (``NearbyCoordinator`` settles it), so the
    /// first device to claim the name is never taken for the person meant.
    public var resolvesNames = true

    /// The peer the person chose, once it has been found.
    public var chosenPeer: NearbyPeer? { choice.flatMap { peer(typed: $0, byName: resolvesNames) } }

    /// The peer a typed text names (a standing choice such as a script's `--select`), by the one rule
    /// ``NearbyPerson/typed(_:among:byName:)``. `nil` when none does, or more than one.
    public func peer(typed text: String, byName: Bool = true) -> NearbyPeer? {
        let listed = order.enumerated().compactMap { index, id in peers[id].map { NearbyPerson(peer: $0, number: index + 1, commonFriendCount: nil) } }
        return NearbyPerson.typed(text, among: listed, byName: byName)?.peer
    }

    /// The people present whose shown name is `name`, or only looks like it (`Skeleton.namesLookAlike`).
    public func people(lookingLike name: String) -> [NearbyPeer] {
        people.filter { Skeleton.namesLookAlike($0.displayName ?? "", name.trimmingCharacters(in: .whitespaces)) }
    }

    /// The peer listed with this id, while they are around.
    public func peer(id: String) -> NearbyPeer? { peers[id] }

    /// Whether a request from the device advertising as `device` waits for the choice to settle: the person
    /// chose a name before anyone was found, the coordinator still holds it (``resolvesNames`` off), and this
    /// device shows that name or one like it. Declined now, it would be the request of the very person meant
    /// when both chose each other; it is answered once the choice settles, by ``takesRequest(from:)``.
    public func holdsRequest(from device: String?) -> Bool {
        guard !resolvesNames, let choice, let device, let peer = peers[device] else { return false }
        return Skeleton.namesLookAlike(peer.displayName ?? "", choice.trimmingCharacters(in: .whitespaces))
    }

    /// Whether a request from the device advertising as `device` may become the exchange: anyone's while the
    /// person has chosen nobody (they are asked), only the chosen person's once they chose. A request from
    /// anyone else is declined, so a stranger's card is never taken in place of the person chosen.
    public func takesRequest(from device: String?) -> Bool {
        guard choice != nil else { return true }
        return device != nil && chosenPeer?.id == device
    }

    /// Whether this device connects to `peer` at once when both chose each other (`CrossingRule`); if not,
    /// it waits `CrossingRule/grace` for `peer`'s connection first.
    public func connectsFirst(to peer: NearbyPeer) -> Bool {
        CrossingRule.connectsFirst(own: own, other: peer.id)
    }
}
