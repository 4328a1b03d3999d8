// Establishes the looking screen of a nearby exchange (EX-1) as a front end draws it: how this device is
// being found (the list of people nearby, an NFC tap's token handed over, a short code shown, a direct
// address), the people found with the common-friend count and the photo each one's session found before
// anyone chose, whom the person chose while that session is being reached, and the sentence for nobody found
// in time.
import Foundation
import HandshakeCore

extension NearbySnapshot {
    /// Looking for the other device.
    public struct Looking: Sendable, Equatable {
        /// How the other device finds this one, or this one the other.
        public var way: Way
        /// The people found nearby, in the order found (the list only).
        public var people: [NearbyPerson]
        /// The person chosen from the list while their session is being reached.
        public var chosen: NearbyPerson?
        /// Nobody was found for a while (30 s): the sentence says what to check. A front end offers to try
        /// again (a new run).
        public var nobodyFound: String?

        /// A looking screen (the coordinator makes these; an app's previews may too).
        public init(way: Way, people: [NearbyPerson] = [], chosen: NearbyPerson? = nil, nobodyFound: String? = nil) {
            self.way = way
            self.people = people
            self.chosen = chosen
            self.nobodyFound = nobodyFound
        }

        /// How the devices find each other.
        public enum Way: Sendable, Equatable {
            /// Starting: binding the port, starting discovery.
            case starting
            /// The list of people nearby: this device advertises as `instance`, with the card's name when
            /// `showsName`, and listens on `port`.
            case list(instance: String, port: Int, showsName: Bool)
            /// Looking for the one device a token or a code points at (`what` names it).
            case lookingFor(what: String)
            /// Connecting to the device a token or a code pointed at.
            case connecting(NearbyPeer)
            /// The session token was handed over (an NFC tag written); it works until `expires`.
            case tokenHandedOver(expires: Date)
            /// The short code to show the other person, and until when it works.
            case codeShown(String, expires: Date)
            /// Listening for a direct connection on `port`.
            case listening(port: Int)
        }
    }
}

/// Someone in the list of people nearby, as a row shows them.
public struct NearbyPerson: Sendable, Equatable {
    /// The device, as discovery found it (its name only if its person shows it).
    public var peer: NearbyPeer
    /// Their number in the list, from 1: kept while they are around.
    public var number: Int
    /// How many of the person's own TRUSTED contacts the other person trusts too, found by their session
    /// before anyone chose; `nil` while not known (not found yet, or their session could not find it).
    public var commonFriendCount: Int?
    /// The photo their device showed in its session before anyone chose: as unverified as the name it shows
    /// (their card's own avatar comes signed with the card); `nil` while none came.
    public var photo: Avatar?

    /// A row of the list.
    public init(peer: NearbyPeer, number: Int, commonFriendCount: Int?, photo: Avatar? = nil) {
        self.peer = peer
        self.number = number
        self.commonFriendCount = commonFriendCount
        self.photo = photo
    }

    /// The one person in `people` a typed text names: their number in the list, the name their device shows
    /// (without regard to case), or the start (4 characters or more) of their instance name; `nil` when
    /// none does, or more than one. The one rule of a terminal's typed choice and of a script's `--select`,
    /// so a front end that reads text resolves it here and passes the person's id to
    /// ``NearbyCoordinator/choose(peerID:)``.
    /// Without `byName`, only a number or an instance name's start is taken (a name is held while a second
    /// device may still claim it: `NearbyLobby.resolvesNames`).
    public static func typed(_ text: String, among people: [NearbyPerson], byName: Bool = true) -> NearbyPerson? {
        let wanted = text.trimmingCharacters(in: .whitespaces)
        if let number = Int(wanted), let person = people.first(where: { $0.number == number }) { return person }
        let byName = byName ? people.filter { $0.peer.displayName?.caseInsensitiveCompare(wanted) == .orderedSame } : []
        if byName.count == 1 { return byName[0] }
        guard wanted.count >= 4 else { return nil }
        let byID = people.filter { $0.peer.id.lowercased().hasPrefix(wanted.lowercased()) }
        return byID.count == 1 ? byID[0] : nil
    }
}
