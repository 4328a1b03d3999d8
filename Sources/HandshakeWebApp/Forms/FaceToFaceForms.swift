// Establishes what the Face to face buttons send: how to meet (look for people, show a code, type theirs),
// whom to choose from the list, and the answer to the question on screen (yes or no, merge or separately,
// or the note). A button the form does not name starts looking, or answers "no".
import Foundation
import HandshakeExchange
import HandshakeNearby

/// How to start.
struct StartForm: Decodable, Sendable {
    /// The button pressed.
    enum Meeting: String, Decodable, Sendable {
        case discover, showCode, typeCode, showToken
    }

    var meeting: Meeting?
    /// The code typed, for `typeCode`.
    var code: String?
    /// Whether people nearby see your card's name: the box's value when ticked.
    var showName: String?

    enum CodingKeys: String, CodingKey {
        case meeting, code, showName
    }

    /// The value the "show my name" box sends when ticked.
    static let ticked = "yes"

    var showsName: Bool { showName == Self.ticked }

    /// The meeting asked for; a code that is not one is refused with its sentence. A token to show is handed to
    /// `show` as it is made (the screen draws its QR code).
    func nearbyMeeting(showingToken show: @escaping @Sendable (SessionToken) async -> Void) throws -> NearbyMeeting {
        switch meeting {
        case .showCode: return .showCode
        case .showToken: return .giveToken(handOver: show)
        case .typeCode: return .typeCode(try ShortCode(parsing: code ?? ""))
        case .discover, nil: return .discover(choice: nil)
        }
    }
}

/// A person chosen from the list, by the id they advertise.
struct ChooseForm: Decodable, Sendable {
    var peer: String?

    enum CodingKeys: String, CodingKey {
        case peer
    }
}

/// The answer to the question on screen.
struct NearbyAnswerForm: Decodable, Sendable {
    /// The button pressed.
    enum Answer: String, Decodable, Sendable {
        case yes, no, note, merge, separately
    }

    var answer: Answer?
    var note: String?

    enum CodingKeys: String, CodingKey {
        case answer, note
    }

    /// What the screen's model is told: yes, merge, separately, the note's text, or no ("no", or an empty
    /// note).
    var reply: FaceToFace.Reply {
        switch answer {
        case .yes: .yes
        case .merge: .merge
        case .separately: .separately
        case .note: note.map { $0.isEmpty ? .no : .note($0) } ?? .no
        case .no, nil: .no
        }
    }
}
