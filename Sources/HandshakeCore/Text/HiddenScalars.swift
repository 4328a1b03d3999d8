// Establishes which Unicode scalars of a text could change what a screen shows without showing
// themselves, scalar by scalar and in context: the rule every check (the card's text rules, notes, aliases)
// and every escaper (terminal, HTML, JSON) applies, so none of them decides by Swift `Character` (a quote
// followed by U+0301 is one Character that is not a quote). docs/formats/card.md §2 states the rule.
//
// What it does not decide: whether visible text is honest (homoglyphs such as Cyrillic "а" for Latin "a"
// stay; comparing security codes is what proves who someone is).

/// How a text's scalars are shown, one by one.
enum ScalarDisposition: Equatable {
    /// Shown as it is.
    case shown
    /// Could change the screen without showing itself: a control, a bidirectional mark, an invisible
    /// character out of the place where it does its job.
    case hidden
    /// A combining mark past ``TextLength/maxMarksPerCharacter`` on one character: shown, it would stack
    /// over the lines above and below.
    case excessMark
}

enum HiddenScalars {
    /// Calls `body` with each scalar of `text` and how it may be shown. A line feed is `.shown` when
    /// `keepingLineBreaks`, `.hidden` otherwise.
    static func forEach(_ text: String, keepingLineBreaks: Bool, _ body: (Unicode.Scalar, ScalarDisposition) -> Void) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: only the C0 controls and DEL can hide, and there are no marks.
            for scalar in text.unicodeScalars {
                let value = scalar.value
                let hidden = (value < 0x20 || value == 0x7F) && !(keepingLineBreaks && value == 0x0A)
                body(scalar, hidden ? .hidden : .shown)
            }
            return
        }
        let scalars = Array(text.unicodeScalars)
        var dispositions: [ScalarDisposition] = []
        dispositions.reserveCapacity(scalars.count)
        var marks = 0
        var tagSequenceEnd = -1  // index of the CANCEL TAG ending a valid flag sequence being walked
        var previousShown = false
        for (index, scalar) in scalars.enumerated() {
            var disposition: ScalarDisposition
            if scalar == "\n" {
                disposition = keepingLineBreaks ? .shown : .hidden
            } else if UntrustedText.isInvisibleControl(scalar) {
                disposition = .hidden
            } else if isTag(scalar) {
                disposition = index <= tagSequenceEnd ? .shown : .hidden
            } else if isInvisible(scalar) {
                disposition = doesItsJob(at: index, in: scalars, previousShown: previousShown) ? .shown : .hidden
            } else {
                disposition = .shown
            }
            if scalar.value == 0x1F3F4, let end = flagTagSequenceEnd(after: index, in: scalars) { tagSequenceEnd = end }
            // Stacking: count the marks on one base; invisible characters (joiners, selectors) do not start a base.
            if isCombiningMark(scalar) {
                marks += 1
                if marks > TextLength.maxMarksPerCharacter, disposition == .shown { disposition = .excessMark }
            } else if !isInvisible(scalar) {
                marks = 0
            }
            previousShown = disposition == .shown
            dispositions.append(disposition)
        }
        for (index, scalar) in scalars.enumerated() {
            var disposition = dispositions[index]
            // A joiner joins only what is shown: before a mark past the bound (escaped) it would stand
            // beside the escape, out of its place.
            if disposition == .shown, scalar.value == 0x200C || scalar.value == 0x200D, dispositions[index + 1] != .shown {
                disposition = .hidden
            }
            body(scalar, disposition)
        }
    }

    /// Whether any scalar of `text` is not `.shown`.
    static func contains(_ text: String, keepingLineBreaks: Bool) -> Bool {
        var found = false
        forEach(text, keepingLineBreaks: keepingLineBreaks) { _, disposition in if disposition != .shown { found = true } }
        return found
    }

    /// Default-ignorable code points (Unicode's list of characters a renderer shows as nothing) and the
    /// other format characters (Cf): zero-width spaces and joiners, the word joiner and the invisible math
    /// operators, the byte-order mark, the soft hyphen, variation selectors, tags, the Hangul fillers…
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isDefaultIgnorableCodePoint || properties.generalCategory == .format
    }

    /// Nonspacing and enclosing marks (Mn, Me): what stacks above or below the character before it.
    /// Spacing marks (Mc) take room of their own and are not counted.
    static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// The tag characters U+E0020–U+E007F.
    static func isTag(_ scalar: Unicode.Scalar) -> Bool { (0xE0020...0xE007F).contains(scalar.value) }

    /// An invisible character is shown only where it does a visible job:
    /// - the zero-width non-joiner and joiner (U+200C, U+200D) between two characters that are neither ASCII,
    ///   white space nor invisible (themselves joiners or selectors excepted before it): they shape Persian,
    ///   Indic scripts and emoji sequences, and between ASCII letters they would only hide a difference;
    /// - a variation selector after a visible character that is not white space: U+FE0E/U+FE0F after an
    ///   emoji (digits, `#` and `*` are emoji: keycaps), the others (U+FE00–U+FE0D, U+E0100–U+E01EF,
    ///   the Mongolian U+180B–U+180D, U+180F) after a non-ASCII character; one selector per character.
    static func doesItsJob(at index: Int, in scalars: [Unicode.Scalar], previousShown: Bool) -> Bool {
        let scalar = scalars[index]
        guard index > 0, previousShown else { return false }
        let previous = scalars[index - 1]
        switch scalar.value {
        case 0x200C, 0x200D:
            guard index + 1 < scalars.count, !previous.isASCII, !previous.properties.isWhitespace,
                previous.value != 0x200C, previous.value != 0x200D
            else { return false }
            let next = scalars[index + 1]
            return !next.isASCII && !next.properties.isWhitespace && !isInvisible(next) && !UntrustedText.isInvisibleControl(next)
        case 0xFE0E, 0xFE0F:
            return !isInvisible(previous) && !previous.properties.isWhitespace && previous.properties.isEmoji
        case 0xFE00...0xFE0D, 0xE0100...0xE01EF, 0x180B...0x180D, 0x180F:
            return !isInvisible(previous) && !previous.properties.isWhitespace && !previous.isASCII
        default:
            return false
        }
    }

    /// The shortest and longest subdivision a flag tag sequence names (ISO 3166-2: a region of 2 letters or
    /// 3 digits, then 1 to 4 letters or digits).
    static let flagTagLengths = 3...7

    /// When the WAVING BLACK FLAG at `index` starts a subdivision flag (UTS #51 ED-14c: 🏴, then tag digits
    /// and lowercase tag letters, then CANCEL TAG U+E007F, as in England's 🏴󠁧󠁢󠁥󠁮󠁧󠁿), the index of its CANCEL
    /// TAG; otherwise `nil`, and its tags are hidden.
    static func flagTagSequenceEnd(after index: Int, in scalars: [Unicode.Scalar]) -> Int? {
        var position = index + 1
        while position < scalars.count, position - index - 1 < flagTagLengths.upperBound {
            let value = scalars[position].value
            guard (0xE0030...0xE0039).contains(value) || (0xE0061...0xE007A).contains(value) else { break }
            position += 1
        }
        guard flagTagLengths.contains(position - index - 1), position < scalars.count, scalars[position].value == 0xE007F else { return nil }
        return position
    }
}
