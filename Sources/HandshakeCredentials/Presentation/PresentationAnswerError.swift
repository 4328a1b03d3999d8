// Establishes why a wallet cannot make the answer a person asked for, each with a sentence for them.
import Foundation
import HandshakeCore

/// Why an answer to an OpenID4VP request could not be made.
public enum PresentationAnswerError: HandshakeError, Equatable {
    /// The card to present is not signed by the identity presenting it.
    case notYourCard
    /// A required credential needs claims the person did not allow.
    case claimsNotAllowed(queryID: String, claims: [PresentableClaim])
    /// A required credential needs claims the card does not have.
    case claimsMissing(queryID: String, claims: [PresentableClaim])
    /// The card's fields can't be issued again (a stored card that breaks a field rule).
    case invalidCard(CardFieldError)
    /// Nothing was left to present.
    case nothingToPresent

    /// The sentence shown to the person.
    public var description: String {
        func list(_ claims: [PresentableClaim]) -> String {
            claims.sorted().map { $0 == .handshakeCard ? "your Handshake identity (handshakeCard)" : $0.rawValue }.joined(separator: ", ")
        }
        switch self {
        case .notYourCard:
            return "Only your own card can be presented: this card is signed by another key."
        case .claimsNotAllowed(let queryID, let claims):
            return "The verifier needs \(list(claims)) for \"\(queryID)\", which you did not allow; nothing was sent. Allow them to answer, or decline."
        case .claimsMissing(let queryID, let claims):
            return "The verifier needs \(list(claims)) for \"\(queryID)\", which your card does not have; nothing was sent."
        case .invalidCard(let error):
            return "Your card can't be presented: \(error.description)"
        case .nothingToPresent:
            return "There is nothing to present: the request's credentials are all optional and none could be answered."
        }
    }
}
