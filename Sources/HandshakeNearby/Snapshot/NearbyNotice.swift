// Establishes the sentences a nearby exchange says once, beside its screens: a device the list turned away,
// a connection without the token, something that failed without ending the exchange, an attempt from the
// list that ended short with the list given back. Each is numbered in the order said, so a log (a terminal,
// a script's JSON lines) shows each once however many snapshots carry it; a snapshot keeps the latest few.

import HandshakeCore

/// A sentence worth a line, said once.
public struct NearbyNotice: Sendable, Equatable, CustomStringConvertible {
    /// How many notices a snapshot keeps, the latest.
    public static let kept = 16

    /// Its place in the order said, from 1.
    public let number: Int
    /// What it says.
    public let kind: Kind

    /// A notice (the coordinator numbers them).
    public init(number: Int, kind: Kind) {
        self.number = number
        self.kind = kind
    }

    /// What a notice says.
    public enum Kind: Sendable, Equatable {
        /// The list turned a device away (not in the list, too many sessions from one address, a request from
        /// someone other than the person chosen): the refusal's sentence. Each refusal is said once while the
        /// list is open.
        case turnedAway(LobbyRefusal)
        /// A device without the token (or with a wrong code) tried to connect; still waiting.
        case refusedConnection(reason: String)
        /// Something failed that does not end the exchange (a chosen person who cannot be reached, a meeting
        /// not recorded): the error, whose sentence says what.
        case problem(NearbyProblem)
        /// An attempt with someone in the list ended before the cards crossed (declined, cancelled, unanswered,
        /// left) and the list is back (``NearbyCoordinator/Configuration/backToListAfterAttempt``): how it ended.
        case attemptEnded(NearbySnapshot.Ended)
        /// After the swap, the other device carried a newer card of a common friend and the book took it: the
        /// contact's name as the book shows it, and what changed.
        case cardCarried(name: String, changes: CardChanges)
    }

    /// The sentence.
    public var description: String {
        switch kind {
        case .turnedAway(let refusal): refusal.description
        case .refusedConnection: NearbySentences.refusedConnection
        case .problem(let problem): problem.description
        case .attemptEnded(let ended): ended.sentence
        case .cardCarried(let name, let changes): NearbySentences.carried(name, changes: changes)
        }
    }
}
