// Establishes the attributes that take the app's own types: an address is an `AppPath`, a form field's name is
// the coding key its form type decodes it by, and a button's value is the case its form type reads back. So a
// link, a form and the route behind it cannot drift apart, nor can a field and the code that reads it.
import HandshakeHTML

extension HTMLAttribute {
    /// A link to a page of the app.
    static func href(_ path: AppPath) -> HTMLAttribute { .href(path.href) }

    /// Where a form posts to.
    static func action(_ path: AppPath) -> HTMLAttribute { .action(path.href) }

    /// The name of a field, as its form type decodes it.
    static func name(_ field: some CodingKey) -> HTMLAttribute { .name(field.stringValue) }

    /// The value a button or an option sends, as its form type reads it back.
    static func value<Choice: RawRepresentable>(_ choice: Choice) -> HTMLAttribute where Choice.RawValue == String { .value(choice.rawValue) }
}
