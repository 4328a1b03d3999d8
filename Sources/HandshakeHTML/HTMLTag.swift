// Establishes what may name an element: a literal of our own code. Void elements (`input`, `img`, `meta`…)
// take no children and no closing tag.

/// The name of an element, written in the program's own source.
public struct HTMLTag: Sendable {
    /// The element's name, as written in the markup.
    public let name: StaticString
    /// Whether the element is void: no children, no closing tag.
    public let isVoid: Bool

    /// An element named `name` (lower-case ASCII letters and digits, as HTML's own elements are).
    public init(_ name: StaticString, isVoid: Bool = false) {
        precondition(HTMLName.isValid(name.description, allowingHyphen: false), "not an element name: \(name)")
        self.name = name
        self.isVoid = isVoid
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
