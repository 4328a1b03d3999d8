// Establishes what an attribute can be: a name from our own code and a value that is always a value. A value
// is escaped by scalar where it is rendered, inside double quotes. A Boolean attribute (`disabled`,
// `selected`) is present or absent by a condition, so a screen never writes an element twice to toggle it.
// A `value`, which a form sends back, is written as typed: the browser reads back every scalar as it was.
// Links to places outside the app (a contact's website) keep only the schemes a person expects to follow.

import HandshakeCore

/// One attribute of an element.
public struct HTMLAttribute: Sendable {
    enum Value: Sendable {
        case text(String)
        case present
        case absent
    }

    let name: String
    let value: Value

    init(name: String, value: Value) {
        precondition(HTMLName.isValid(name, allowingHyphen: true), "not an attribute name: \(name)")
        self.name = name
        self.value = value
    }

    /// `name="value"`.
    public init(_ name: StaticString, _ value: String) {
        self.init(name: name.description, value: .text(value))
    }

    /// A Boolean attribute, written when `isSet` and left out otherwise.
    public static func flag(_ name: StaticString, _ isSet: Bool = true) -> HTMLAttribute {
        HTMLAttribute(name: name.description, value: isSet ? .present : .absent)
    }

    /// `data-name="value"`: what the page's script reads.
    public static func data(_ name: StaticString, _ value: String) -> HTMLAttribute {
        HTMLAttribute(name: "data-" + name.description, value: .text(value))
    }

    /// `aria-name="value"`.
    public static func aria(_ name: StaticString, _ value: String) -> HTMLAttribute {
        HTMLAttribute(name: "aria-" + name.description, value: .text(value))
    }

    /// An attribute that is not written: what a condition gives when it does not hold.
    public static let none = HTMLAttribute(name: "none", value: .absent)

    /// `attribute` when `condition` holds, nothing otherwise.
    public static func when(_ condition: Bool, _ attribute: HTMLAttribute) -> HTMLAttribute {
        condition ? attribute : .none
    }

    func render(into output: inout String) {
        switch value {
        case .absent:
            return
        case .present:
            output += " " + name
        case .text(let text):
            output += " " + name + "=\""
            output += name == "value" ? UntrustedText.htmlEscapedAsTyped(text) : UntrustedText.htmlEscaped(text)
            output += "\""
        }
    }
}

extension HTMLAttribute {
    public static func id(_ value: String) -> HTMLAttribute { HTMLAttribute("id", value) }
    /// The classes given, empty ones left out; no attribute at all when none is left.
    public static func `class`(_ names: String...) -> HTMLAttribute {
        let names = names.filter { !$0.isEmpty }
        return names.isEmpty ? .none : HTMLAttribute("class", names.joined(separator: " "))
    }
    /// A link within this site (a path the program made).
    public static func href(_ path: String) -> HTMLAttribute { HTMLAttribute("href", path) }
    public static func src(_ value: String) -> HTMLAttribute { HTMLAttribute("src", value) }
    public static func alt(_ value: String) -> HTMLAttribute { HTMLAttribute("alt", value) }
    public static func type(_ value: String) -> HTMLAttribute { HTMLAttribute("type", value) }
    public static func name(_ value: String) -> HTMLAttribute { HTMLAttribute("name", value) }
    public static func value(_ value: String) -> HTMLAttribute { HTMLAttribute("value", value) }
    public static func action(_ value: String) -> HTMLAttribute { HTMLAttribute("action", value) }
    public static func method(_ value: String) -> HTMLAttribute { HTMLAttribute("method", value) }
    public static func `for`(_ value: String) -> HTMLAttribute { HTMLAttribute("for", value) }
    public static func role(_ value: String) -> HTMLAttribute { HTMLAttribute("role", value) }
    public static func title(_ value: String) -> HTMLAttribute { HTMLAttribute("title", value) }
    public static func placeholder(_ value: String) -> HTMLAttribute { HTMLAttribute("placeholder", value) }
    public static func autocomplete(_ value: String) -> HTMLAttribute { HTMLAttribute("autocomplete", value) }
    public static func rel(_ value: String) -> HTMLAttribute { HTMLAttribute("rel", value) }
    public static func lang(_ value: String) -> HTMLAttribute { HTMLAttribute("lang", value) }
    public static func maxlength(_ count: Int) -> HTMLAttribute { HTMLAttribute("maxlength", String(count)) }
    public static func selected(_ isSet: Bool = true) -> HTMLAttribute { .flag("selected", isSet) }
    public static func checked(_ isSet: Bool = true) -> HTMLAttribute { .flag("checked", isSet) }
    public static func disabled(_ isSet: Bool = true) -> HTMLAttribute { .flag("disabled", isSet) }
    public static func required(_ isSet: Bool = true) -> HTMLAttribute { .flag("required", isSet) }
    public static func hidden(_ isSet: Bool = true) -> HTMLAttribute { .flag("hidden", isSet) }
    public static func rows(_ count: Int) -> HTMLAttribute { HTMLAttribute("rows", String(count)) }
    public static func width(_ pixels: Int) -> HTMLAttribute { HTMLAttribute("width", String(pixels)) }
    public static func height(_ pixels: Int) -> HTMLAttribute { HTMLAttribute("height", String(pixels)) }
    /// The media types a file input offers (`image/png,image/jpeg`).
    public static func accept(_ mediaTypes: String...) -> HTMLAttribute { HTMLAttribute("accept", mediaTypes.joined(separator: ",")) }
    public static func content(_ value: String) -> HTMLAttribute { HTMLAttribute("content", value) }
    public static func charset(_ value: String) -> HTMLAttribute { HTMLAttribute("charset", value) }
    public static func inputmode(_ value: String) -> HTMLAttribute { HTMLAttribute("inputmode", value) }
    /// `spellcheck="true"` or `"false"`: an enumerated attribute, not a Boolean one (absent means the default).
    public static func spellcheck(_ isOn: Bool) -> HTMLAttribute { HTMLAttribute("spellcheck", isOn ? "true" : "false") }
    public static func autocapitalize(_ value: String) -> HTMLAttribute { HTMLAttribute("autocapitalize", value) }
    /// Which camera a file input opens on a phone (`environment`: the one facing away).
    public static func capture(_ value: String) -> HTMLAttribute { HTMLAttribute("capture", value) }
    /// A link that saves what it leads to instead of showing it.
    public static func download(_ isSet: Bool = true) -> HTMLAttribute { .flag("download", isSet) }
    public static func muted(_ isSet: Bool = true) -> HTMLAttribute { .flag("muted", isSet) }
    public static func playsinline(_ isSet: Bool = true) -> HTMLAttribute { .flag("playsinline", isSet) }

    /// A link to a place outside the site, from text that came from outside (a card's website): written
    /// only for `https`, `http`, `mailto` and `tel` URLs, so a `javascript:` or `data:` URL never becomes a
    /// link. Otherwise nothing is written, and the element shows its text without going anywhere.
    public static func externalHref(_ url: String) -> HTMLAttribute {
        isFollowable(url) ? HTMLAttribute("href", url) : .none
    }

    /// Whether `url` names a scheme a person expects a link to follow (see ``externalHref(_:)``).
    public static func isFollowable(_ url: String) -> Bool {
        guard let colon = url.unicodeScalars.firstIndex(of: ":") else { return false }
        let scheme = String(url.unicodeScalars[..<colon]).lowercased()
        let rest = url.unicodeScalars[url.unicodeScalars.index(after: colon)...]
        switch scheme {
        case "https", "http": return rest.starts(with: "//".unicodeScalars) && rest.count > 2
        case "mailto", "tel": return !rest.isEmpty
        default: return false
        }
    }
}
