// Establishes how children are written inside an element: one piece a line, with `if`, `if let`, `switch` and
// `for` choosing and repeating pieces, so a screen never copies an element to toggle one part of it.

/// Builds the children of an element from the statements of a closure.
@resultBuilder
public enum HTMLBuilder {
    public static func buildExpression(_ piece: HTML) -> HTML { piece }
    public static func buildBlock(_ pieces: HTML...) -> HTML { .sequence(pieces) }
    public static func buildOptional(_ piece: HTML?) -> HTML { piece ?? .empty }
    public static func buildEither(first piece: HTML) -> HTML { piece }
    public static func buildEither(second piece: HTML) -> HTML { piece }
    public static func buildArray(_ pieces: [HTML]) -> HTML { .sequence(pieces) }
    public static func buildLimitedAvailability(_ piece: HTML) -> HTML { piece }
}

extension HTML {
    /// The pieces the builder gives, as one.
    public static func group(@HTMLBuilder _ pieces: () -> HTML) -> HTML { pieces() }
}
