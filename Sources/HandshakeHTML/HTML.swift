// Establishes the one way a page is written: as a tree of typed nodes, rendered once. Element and attribute
// names can only be literals of our own code (`StaticString`), so nothing from outside can name a tag or an
// attribute; every `String` given to a node is text, and every attribute value is a value: both are escaped
// by Unicode scalar when the tree is rendered (HandshakeCore's `UntrustedText.htmlEscaped`), so a quote
// followed by a combining mark can no more close an attribute than a bare quote can. The only markup that is
// not built from nodes is what our own renderers make (the QR code's SVG), passed as ``trusted(_:)``.
//
// JohnSundell's Plot was the other candidate; it writes attribute values raw and escapes text per `Character`
// while letting entities through, which is the hole this module exists to close.
import HandshakeCore

/// A piece of a page: an element, text, or a sequence of them.
public struct HTML: Sendable {
    enum Node: Sendable {
        case element(HTMLTag, [HTMLAttribute], [HTML])
        case text(String)
        case trusted(String)
        case sequence([HTML])
    }

    let node: Node

    init(_ node: Node) { self.node = node }

    /// Nothing: renders as the empty string.
    public static let empty = HTML(.sequence([]))

    /// `text`, shown as text whatever it holds (markup characters become entities; characters that could
    /// control a screen are written as a visible escape, `\u{202E}`). Inside a `textarea`, whose text a form
    /// sends back, they are written as character references instead, read back as the same characters.
    public static func text(_ text: String) -> HTML { HTML(.text(text)) }

    /// Markup this program made itself (the SVG of a QR code from HandshakeQR's renderer), placed as it is.
    /// Never text that came from outside: that is ``text(_:)``.
    public static func trusted(_ markup: String) -> HTML { HTML(.trusted(markup)) }

    /// Several pieces, one after the other.
    public static func sequence(_ parts: [HTML]) -> HTML { HTML(.sequence(parts)) }

    /// An element: `tag` with `attributes` and the `children` the builder gives.
    public static func element(_ tag: HTMLTag, _ attributes: [HTMLAttribute] = [], @HTMLBuilder _ children: () -> HTML = { .empty }) -> HTML {
        HTML(.element(tag, attributes, tag.isVoid ? [] : [children()]))
    }

    /// Whether this renders as nothing.
    public var isEmpty: Bool {
        switch node {
        case .element: false
        case .text(let text), .trusted(let text): text.isEmpty
        case .sequence(let parts): parts.allSatisfy(\.isEmpty)
        }
    }
}

extension HTML: CustomStringConvertible {
    /// The markup of this piece.
    public var description: String {
        var output = ""
        render(into: &output)
        return output
    }

    /// Writes this piece; text `asTyped` where a form will send it back (inside a `textarea`).
    func render(into output: inout String, asTyped: Bool = false) {
        switch node {
        case .text(let text):
            output += asTyped ? UntrustedText.htmlEscapedAsTyped(text) : UntrustedText.htmlEscaped(text)
        case .trusted(let markup):
            output += markup
        case .sequence(let parts):
            for part in parts { part.render(into: &output, asTyped: asTyped) }
        case .element(let tag, let attributes, let children):
            output += "<"
            output += tag.name.description
            for attribute in attributes { attribute.render(into: &output) }
            output += ">"
            guard !tag.isVoid else { return }
            // A parser drops one line feed right after a textarea's start tag: give it one to drop, so text
            // that starts with a line break keeps it.
            if tag.holdsTypedText { output += "\n" }
            for child in children { child.render(into: &output, asTyped: tag.holdsTypedText) }
            output += "</"
            output += tag.name.description
            output += ">"
        }
    }
}
