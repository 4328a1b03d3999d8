// Establishes what the Friend requests forms send: the answer to a request (its id comes from the server, so
// it rides in the form, never in the path), and a request to send (a share link or a Node ID, and a note).
import Foundation

/// Accept, decline or cancel a request.
struct RequestAnswerForm: Decodable, Sendable {
    /// The button pressed.
    enum Answer: String, Decodable, Sendable {
        case accept, decline, cancel
        /// Accept a namesake's request after the question (`NameClaimSentences.acceptQuestion(_:)`) was shown.
        case acceptAnyway = "accept-anyway"
    }

    var id: String
    var answer: Answer

    enum CodingKeys: String, CodingKey {
        case id, answer
    }
}

/// A request to send.
struct SendRequestForm: Decodable, Sendable {
    var to: String?
    var note: String?

    enum CodingKeys: String, CodingKey {
        case to, note
    }

    /// The share link or Node ID typed, without the spaces around it.
    var target: String { (to ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
}
