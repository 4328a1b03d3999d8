import HandshakeCore

/// The one note each side may send once the cards are swapped ("Great to meet you at the meetup!").
///
/// A note is at most ``maxLength`` long by HandshakeCore's one rule for text limits (`TextLength`: Unicode
/// scalars, and no character stacking more than six marks). It is locked once sent and delivered only while the session lasts; it is kept with the
/// contact as part of the exchange record, never signed, never shared further.
public struct EphemeralNote: Sendable, Equatable, CustomStringConvertible {
    /// The longest note, in Unicode scalars (`NoteLimits.characters`, HandshakeCore).
    public static let maxLength = NoteLimits.characters

    /// The note as the person wrote it.
    public let text: String

    /// A note, or the reason it cannot be one.
    public init(_ text: String) throws(NoteError) {
        switch NoteLimits.check(text) {
        case .tooLong(let length, _)?: throw .tooLong(length)
        case .tooManyMarks?: throw .tooManyMarks
        case nil: break
        }
        guard !text.unicodeScalars.allSatisfy(\.properties.isWhitespace) else { throw .empty }
        // What the other person's screen shows must not be able to control it: the card's text rule.
        guard !UntrustedText.needsCleaning(text) else { throw .controlCharacter }
        self.text = text
    }

    /// The note's text.
    public var description: String { text }
}

/// Why a note cannot be sent or was refused.
public enum NoteError: HandshakeError, Equatable {
    /// Longer than ``EphemeralNote/maxLength`` characters (the count is its length).
    case tooLong(Int)
    /// A character carries more combining marks than `TextLength.maxMarksPerCharacter` (HandshakeCore).
    case tooManyMarks
    /// Nothing but white space.
    case empty
    /// The note holds a control character, a line break, bidirectional formatting or an invisible
    /// character out of its place, which could control or disguise the other person's screen.
    case controlCharacter
    /// This side already sent its one note.
    case alreadySent
    /// Notes go only after the cards are swapped.
    case notNow

    /// A sentence to show the person writing the note.
    public var description: String {
        switch self {
        case .tooLong(let count): return "A note can have at most \(EphemeralNote.maxLength) characters; this one has \(count)."
        case .tooManyMarks: return TextLengthBreach.tooManyMarks.sentence("The note")
        case .empty: return "The note is empty."
        case .controlCharacter: return "A note can't hold control characters, line breaks, bidirectional formatting or invisible characters."
        case .alreadySent: return "You already sent your note; it can't be changed."
        case .notNow: return "A note can be sent once the cards are swapped."
        }
    }
}
