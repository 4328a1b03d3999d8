// Establishes why the list of people nearby turned a device away, in a sentence every front end shows the
// same: a connection from a device that is not in the list, too many at once from one address, or a request
// from someone other than the person chosen. The sentences name a device by its address (the system's) or its
// number in the list, never by a name it advertises. The address came off the network: it is kept as a value
// (the program's --json carries it as a field) and written into the sentence on one line with its hidden
// scalars escaped (`UntrustedText.inline`), whatever the system made of it.
import HandshakeCore

/// Why the list of people nearby turned a device away.
public enum LobbyRefusal: Sendable, Hashable, CustomStringConvertible {
    /// A device connected from an address no one in the list advertises (or it did not appear in time).
    case notInList(address: String)
    /// The device at this address opened more sessions at once than the list takes from one address.
    case tooManyFromAddress(address: String)
    /// The person numbered so in the list asked to exchange, while the person chose someone else.
    case requestDeclined(number: Int)

    /// The sentence for the person.
    public var description: String {
        switch self {
        case .notInList(let address):
            "A device that is not in your list (at \(UntrustedText.inline(address, limit: 64))) tried to connect; it was turned away."
        case .tooManyFromAddress(let address):
            "The device at \(UntrustedText.inline(address, limit: 64)) opened more than \(LobbyRules.sessionsPerAddress) sessions at once; the others were turned away."
        case .requestDeclined(let number):
            "Number \(number) in your list asked to exchange; you chose someone else, so their request was declined."
        }
    }
}
