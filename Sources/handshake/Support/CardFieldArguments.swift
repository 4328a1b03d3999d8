import ArgumentParser
import HandshakeCore

/// The fields given to `handshake card set` as `--FIELD VALUE`: one option per field of the field table,
/// named by the field (a list's in the singular: `--email`), so a field added to the table is an option
/// here with no code of its own.
struct CardFieldArguments {
    /// Each field given, with its values in the order typed.
    private(set) var values: [(field: CardField, values: [String])] = []

    /// The option that sets `field`: `--name`, `--email`, `--link`, `--avatar`.
    static func option(_ field: CardField) -> String {
        switch field.kind {
        case .list, .links: "--" + (field.rawValue.hasSuffix("s") ? String(field.rawValue.dropLast()) : field.rawValue)
        case .text, .image: "--" + field.rawValue
        }
    }

    /// One line of help per field: its option, what it takes, and its limits (each within 80 columns, where
    /// the parser would wrap it).
    static var help: String {
        CardField.allCases.map { field in
            let option = option(field)
            let text: String
            switch field.kind {
            case .text(let limit, _): text = "\(option) TEXT".padded + "\(field.label) (up to \(limit) characters)."
            case .list(let count, _): text = "\(option) VALUE".padded + "\(field.label): repeat for several (up to \(count))."
            case .links(let count):
                text = "\(option) PLATFORM=URL".padded + "\(field.label) as PLATFORM=URL or PLATFORM=@handle (up to \(count))."
            case .image(let bytes): text = "\(option) FILE".padded + "A PNG or JPEG picture, shrunk to fit if over \(bytes / 1024) KB."
            }
            return "  " + text
        }.joined(separator: "\n")
    }

    /// Reads `--FIELD VALUE` and `--FIELD=VALUE` pairs; anything else is a usage error that names the fields.
    init(_ arguments: [String]) throws {
        let byOption = Dictionary(uniqueKeysWithValues: CardField.allCases.map { (Self.option($0), $0) })
        var index = arguments.startIndex
        while index < arguments.endIndex {
            var option = arguments[index]
            var value: String?
            if let equals = option.firstIndex(of: "="), option.hasPrefix("--") {
                value = String(option[option.index(after: equals)...])
                option = String(option[..<equals])
            }
            guard let field = byOption[option] else {
                throw ValidationError(
                    "\"\(option)\" is not a field of a card; the fields are \(CardField.allCases.map(Self.option).joined(separator: ", ")).")
            }
            if value == nil {
                index += 1
                guard index < arguments.endIndex else { throw ValidationError("\(option) needs a value.") }
                value = arguments[index]
            }
            if let position = values.firstIndex(where: { $0.field == field }) {
                values[position].values.append(value ?? "")
            } else {
                values.append((field, [value ?? ""]))
            }
            index += 1
        }
    }

    var isEmpty: Bool { values.isEmpty }
}

extension String {
    fileprivate var padded: String { padding(toLength: max(count + 2, 24), withPad: " ", startingAt: 0) }
}
