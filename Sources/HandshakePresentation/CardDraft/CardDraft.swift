// Establishes how typed fields become your card's fields, one rule for every front end: the program's
// repeated options (`card set --email a --email b`) and the web app's boxes (a list's box holds one entry a
// line) are both lists of entries; every entry is trimmed; a plain-text list (skills, interests) also splits
// at commas, so "maths, poetry" is two skills wherever it is typed; a text field's box is one entry whole,
// its line breaks kept (a bio of three lines stays three lines), and of repeated options a text field takes
// the last; nothing typed clears the field; a link is `platform=URL` or `platform=@handle` (SocialLink's short form), and one that is not
// refuses the whole draft with a sentence naming it. The card's own rules (lengths, counts, size) are checked
// after, by `CardProfile.edit`.
import Foundation
import HandshakeCore

/// Your card's fields as typed, before the card's rules check them.
public struct CardDraft: Sendable, Equatable {
    /// What was typed for each field given, entry by entry, as typed.
    public private(set) var entries: [CardField: [String]] = [:]

    /// An empty draft: it changes nothing.
    public init() {}

    /// `field` typed as separate entries (repeated options). A photo field is not typed and is ignored.
    public mutating func set(_ field: CardField, entries typed: [String]) {
        if case .image = field.kind { return }
        entries[field] = typed
    }

    /// `field` typed in one box. A list's box holds an entry per line; a text field's box is one entry, every
    /// line of it (a browser's `\r\n` becomes `\n`, the card's one line break), so nothing typed on a second
    /// line is lost. Whether a field may hold line breaks at all is the card's rule, checked after.
    public mutating func set(_ field: CardField, box: String) {
        if case .text = field.kind {
            set(field, entries: [Self.unixLineEnds(box)])
        } else {
            set(field, entries: box.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init))
        }
    }

    /// `text` with each `\r\n` and lone `\r` written `\n`, scalar by scalar.
    private static func unixLineEnds(_ text: String) -> String {
        var view = String.UnicodeScalarView()
        var previousWasReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasReturn = scalar == "\r" }
            if scalar == "\r" { view.append("\n"); continue }
            if scalar == "\n", previousWasReturn { continue }
            view.append(scalar)
        }
        return String(view)
    }

    /// Whether nothing was typed for any field.
    public var isEmpty: Bool { entries.isEmpty }

    /// The entries of `field` by the rule: trimmed, empty ones dropped, a plain-text list's split at commas.
    public func cleaned(_ field: CardField) -> [String] {
        var typed = entries[field] ?? []
        if case .list(_, .text) = field.kind { typed = typed.flatMap { $0.split(separator: ",").map(String.init) } }
        return typed.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// The value each typed field gets, in the field table's order; `nil` clears the field.
    public func values() throws(CardDraftError) -> [(field: CardField, value: CardFieldValue?)] {
        var values: [(field: CardField, value: CardFieldValue?)] = []
        for field in CardField.allCases where entries[field] != nil {
            let typed = cleaned(field)
            switch field.kind {
            case .text: values.append((field, typed.last.map(CardFieldValue.text)))
            case .list: values.append((field, typed.isEmpty ? nil : .list(typed)))
            case .links:
                var links: [SocialLink] = []
                for text in typed {
                    guard let link = SocialLink(commandLine: text) else { throw .notALink(field: field, text: text) }
                    links.append(link)
                }
                values.append((field, links.isEmpty ? nil : .links(links)))
            case .image: continue
            }
        }
        return values
    }
}

/// Why a draft cannot become the card's fields.
public enum CardDraftError: HandshakeError, Equatable {
    /// An entry of a links field that is not a link (the text as typed, trimmed).
    case notALink(field: CardField, text: String)

    /// The sentence, the typed text a value.
    public var sentence: Sentence {
        switch self {
        case .notALink(let field, let text):
            "\(words: field.label): \(text) is not a link; write platform=address, for example github=https://github.com/ada, or platform=@handle."
        }
    }

    /// The sentence with the typed text quoted and escaped (`UntrustedText.quoted`).
    public var description: String { sentence.rendered { UntrustedText.quoted($0) } }
}
