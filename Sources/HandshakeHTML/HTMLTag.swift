// Establishes what may name an element: a literal of our own code. Void elements (`input`, `img`, `meta`…)
// take no children and no closing tag. An element whose text a form sends back (`textarea`) holds its text
// as typed, so a box refilled with what a person typed gives back exactly that.

/// The name of an element, written in the program's own source.
public struct HTMLTag: Sendable {
    /// The element's name, as written in the markup.
    public let name: StaticString
    /// Whether the element is void: no children, no closing tag.
    public let isVoid: Bool
    /// Whether a form sends the element's text back as a value (a `textarea`'s): its text is written so
    /// that the browser reads back every scalar as it was (`UntrustedText.htmlEscapedAsTyped`).
    public let holdsTypedText: Bool

    /// An element named `name` (lower-case ASCII letters and digits, as HTML's own elements are).
    public init(_ name: StaticString, isVoid: Bool = false, holdsTypedText: Bool = false) {
        precondition(HTMLName.isValid(name.description, allowingHyphen: false), "not an element name: \(name)")
        self.name = name
        self.isVoid = isVoid
        self.holdsTypedText = holdsTypedText
    }
}

/// The rule names of elements and attributes follow here: ASCII letters, digits and (for attributes) `-`.
enum HTMLName {
    static func isValid(_ name: String, allowingHyphen: Bool) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || (allowingHyphen && scalar == "-")
        }
    }
}
