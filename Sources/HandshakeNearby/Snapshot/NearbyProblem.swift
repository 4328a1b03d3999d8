// Establishes what can fail in a nearby exchange without ending it, as typed errors whose sentences are the
// library's: the person chosen in the list cannot be reached, our card could not go out, or the meeting with
// a contact could not be recorded. A front end shows the sentence (escaped, as any text it did not write);
// a test or a script tells them apart by case.
import HandshakeCore
@_spi(Wire) import HandshakeExchange

/// Something that failed without ending the exchange.
public enum NearbyProblem: HandshakeError, Equatable {
    /// The person chosen in the list could not be reached at the address their device advertised.
    case unreachable(NearbyTransportError)
    /// Our card (a request, or the acceptance of theirs) could not be sent; the question stays open.
    case cardNotSent(SessionActionError)
    /// The cards crossed and their card is kept, but the meeting was not recorded in the contact book; the
    /// reason is the store's.
    case meetingNotRecorded(reason: String)
    /// A common friend's newer card the other device carried after the swap was not kept; the reason says why.
    case carriedCardNotKept(reason: String)

    /// The sentence for the person.
    public var description: String {
        switch self {
        case .unreachable(let error): error.description
        case .cardNotSent(let error): error.description
        case .meetingNotRecorded(let reason): "The meeting could not be recorded: \(reason)"
        case .carriedCardNotKept(let reason): reason
        }
    }
}
