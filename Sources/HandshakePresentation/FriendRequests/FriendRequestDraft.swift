// Establishes what a friend request to send is, read from what a person typed: the target (a Node ID or a
// share link, in any of its forms) and an optional note within the note limit (`NoteLimits`, counted by
// Unicode scalar as everywhere notes are checked). One reading for every front end; a refusal is a sentence.
import Foundation
import HandshakeCore
import HandshakeMailbox

/// A friend request as typed, checked.
public struct FriendRequestDraft: Sendable, Equatable {
    /// Whom it goes to.
    public let target: FriendRequestTarget
    /// The note, trimmed; nil when none was typed.
    public let note: String?

    /// Reads `target` and `note` as typed; throws the reason neither is usable.
    public init(target typed: String, note typedNote: String?) throws(FriendRequestDraftError) {
        guard let target = FriendRequestTarget(parsing: typed) else { throw .notATarget(typed) }
        let note = typedNote?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if let breach = NoteLimits.check(note) { throw .note(breach) }
        (self.target, self.note) = (target, note.isEmpty ? nil : note)
    }

    /// The longest note, for a form's counter and the program's help.
    public static var noteLimit: Int { NoteLimits.characters }
}

/// Why a typed friend request cannot be sent.
public enum FriendRequestDraftError: HandshakeError, Equatable {
    /// The target is neither a Node ID nor a share link (the text as typed).
    case notATarget(String)
    /// The note breaks the note limit.
    case note(TextLengthBreach)

    /// The sentence, its values raw.
    public var sentence: Sentence {
        switch self {
        case .notATarget(let typed): "\(typed) is neither a Node ID nor a share link."
        case .note(let breach): Sentence([.words(breach.sentence("The note"))])
        }
    }

    /// The sentence with the typed text quoted and escaped (`UntrustedText.quoted`).
    public var description: String { sentence.rendered { UntrustedText.quoted($0) } }
}
