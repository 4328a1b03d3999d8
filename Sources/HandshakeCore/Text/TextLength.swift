// Establishes the one rule every length limit on text uses (a card's fields, a note, an alias, a tag, a
// display name): what is counted, and what a hostile string cannot do within the count. Counting grapheme
// clusters (Swift's `Character`) would let `a` followed by 500 combining marks pass as one character, drawn
// over the lines around it, and would make the limit depend on each side's Unicode version; Unicode scalars
// are counted the same by every implementation (Swift's `unicodeScalars`, JavaScript's `Array.from`,
// Python's `len`), and a bound on the marks stacked on one character stops the drawing over.
// docs/formats/card.md §2 states it for second implementations.

/// How long a text is, and whether it fits a limit.
public enum TextLength {
    /// The most combining marks (nonspacing or enclosing, Unicode general category Mn or Me) one character
    /// may carry. Real text needs few: Vietnamese two, pointed Hebrew four, a Tibetan stack such as ཧྨྱཱུྃ five;
    /// past that a mark only stacks over the lines above and below. Invisible characters (a zero-width joiner,
    /// a variation selector, which is itself a mark) do not start a new character.
    public static let maxMarksPerCharacter = 6

    /// The length of `text` as every limit counts it: in Unicode scalars. `"é"` written decomposed is 2,
    /// `"👩‍💻"` is 3.
    public static func count(_ text: String) -> Int {
        text.unicodeScalars.count
    }

    /// Why `text` does not fit `limit` scalars, or `nil` when it does.
    public static func check(_ text: String, limit: Int) -> TextLengthBreach? {
        // ASCII is the common case: one scalar per byte, no marks.
        let bytes = text.utf8.count
        if bytes <= limit { return hasTooManyMarks(text) ? .tooManyMarks : nil }
        let length = count(text)
        if length > limit { return .tooLong(length: length, limit: limit) }
        return hasTooManyMarks(text) ? .tooManyMarks : nil
    }

    /// Whether some character of `text` carries more than ``maxMarksPerCharacter`` combining marks.
    public static func hasTooManyMarks(_ text: String) -> Bool {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return false }
        var marks = 0
        for scalar in text.unicodeScalars {
            if HiddenScalars.isCombiningMark(scalar) {
                marks += 1
                if marks > maxMarksPerCharacter { return true }
            } else if !HiddenScalars.isInvisible(scalar) {
                marks = 0
            }
        }
        return false
    }

    /// `text` made to fit `limit`: the marks past ``maxMarksPerCharacter`` on a character are dropped, then
    /// the text is cut after `limit` scalars. For text from outside that is kept shortened rather than
    /// refused (an address-book import); text fitting already comes back unchanged.
    public static func fitting(_ text: String, limit: Int) -> String {
        guard check(text, limit: limit) != nil else { return text }
        var kept = String.UnicodeScalarView()
        var (count, marks) = (0, 0)
        for scalar in text.unicodeScalars {
            if count >= limit { break }
            if HiddenScalars.isCombiningMark(scalar) {
                marks += 1
                if marks > maxMarksPerCharacter { continue }
            } else if !HiddenScalars.isInvisible(scalar) {
                marks = 0
            }
            kept.append(scalar)
            count += 1
        }
        return String(kept)
    }
}

/// Why a text does not fit its limit.
public enum TextLengthBreach: Sendable, Equatable {
    /// `length` Unicode scalars, more than `limit`.
    case tooLong(length: Int, limit: Int)
    /// A character carries more than ``TextLength/maxMarksPerCharacter`` combining marks.
    case tooManyMarks

    /// A sentence about `subject` ("The note", "The alias"), to show whoever wrote it.
    public func sentence(_ subject: String) -> String {
        switch self {
        case .tooLong(let length, let limit): "\(subject) is \(length) characters long; the limit is \(limit)."
        case .tooManyMarks: "\(subject) stacks more than \(TextLength.maxMarksPerCharacter) accents or other marks on one character."
        }
    }
}
