// Establishes how an address-book entry is held to the card's field limits before the book keeps it. An
// entry is text from outside, written by any program, and every screen that shows a contact is drawn for what
// a card may hold (CardLimits, through the field table): a 5,000-character name once made a page 54,851 px
// wide. Text that is only too long, or stacks too many marks, is shortened (TextLength.fitting); a value that
// means nothing cut short (an email address, a phone number, a link) is left out; a list keeps its first
// entries up to the card's count. Each change is a sentence fragment for the import's report, so the
// program's `handshake import` and any other front end say what was shortened or left out.
import HandshakeCore

/// An entry's fields within the card's limits, and what was changed to get there.
struct ImportedFieldLimits {
    /// The fields as the book keeps them.
    private(set) var fields: CardFields
    /// What was shortened or left out, one fragment each ("its bio was shortened to 256 characters").
    private(set) var changes: [String] = []

    /// Holds `entry` to the limits of each field's row of the field table.
    init(_ entry: CardFields) {
        fields = entry
        for field in CardField.allCases {
            switch (field.kind, entry[field]) {
            case (.text(let limit, _), .text(let text)?):
                fields[field] = fitted(text, limit: limit, noun: field.noun).map(CardFieldValue.text)
            case (.list(let count, let kind), .list(let values)?):
                fields[field] = .list(fitted(values, count: count, kind: kind, noun: field.noun, entryNoun: "\(field.noun) entry"))
            case (.links(let count), .links(let links)?):
                fields[field] = .links(fitted(links, count: count, noun: field.noun))
            default:
                // The photo is held to its size where the entry is read (VCardEntry's photo).
                continue
            }
        }
    }

    /// One text within `limit` scalars and the marks rule, said when it changed.
    private mutating func fitted(_ text: String, limit: Int, noun: String) -> String? {
        guard let breach = TextLength.check(text, limit: limit) else { return text }
        let shortened = TextLength.fitting(text, limit: limit)
        switch breach {
        case .tooLong(let length, let limit): changes.append("its \(noun) (\(length) characters) was shortened to \(limit)")
        case .tooManyMarks: changes.append("its \(noun) stacked more than \(TextLength.maxMarksPerCharacter) marks on a character; the extra ones were removed")
        }
        return shortened.isEmpty ? nil : shortened
    }

    /// A list within its count, each entry within its limit: text shortened, an address or number that does
    /// not fit left out.
    private mutating func fitted(_ values: [String], count: Int, kind: CardField.ListEntry, noun: String, entryNoun: String) -> [String] {
        var kept: [String] = []
        for value in values {
            switch kind {
            case .text(let limit):
                if let text = fitted(value, limit: limit, noun: entryNoun) { kept.append(text) }
            case .email, .phone:
                let limit = kind == .email ? CardLimits.emailLength : CardLimits.phoneLength
                if TextLength.check(value, limit: limit) == nil {
                    kept.append(value)
                } else {
                    changes.append("\(kind == .email ? "an email address" : "a phone number") over \(limit) characters was left out")
                }
            }
        }
        if kept.count > count {
            changes.append("only the first \(count) of its \(kept.count) \(noun) were kept")
            kept = Array(kept.prefix(count))
        }
        return kept
    }

    /// Links within their count, each part within its limit; a link that does not fit is left out.
    private mutating func fitted(_ links: [SocialLink], count: Int, noun: String) -> [SocialLink] {
        var kept = links.filter { link in
            let fits = TextLength.check(link.platform, limit: CardLimits.linkPlatformLength) == nil
                && link.handle.map { TextLength.check($0, limit: CardLimits.linkHandleLength) == nil } != false
                && link.url.map { TextLength.check($0, limit: CardLimits.linkURLLength) == nil } != false
            if !fits { changes.append("a link over the card's limits was left out") }
            return fits
        }
        if kept.count > count {
            changes.append("only the first \(count) of its \(kept.count) \(noun) were kept")
            kept = Array(kept.prefix(count))
        }
        return kept
    }
}
