/// Draws a symbol as a compact SVG document.
///
/// All dark modules go in a single `<path>` whose data is one rectangle per horizontal run of dark modules
/// (`M x y h n v1 h-n z`), in module units, with the viewBox scaling it: a version-10 symbol stays a few
/// kilobytes. A white background rectangle keeps it dark-on-light when shown on a dark page, and
/// `shape-rendering="crispEdges"` stops anti-aliasing from blurring module edges into grey.
public struct SVGRenderer: Sendable, Hashable {
    /// Light modules around the symbol on each side; 4 is what the standard asks for.
    public let quietZone: Int
    /// Size of one module in the `width`/`height` attributes (CSS pixels); the drawing scales to any size.
    public let moduleSize: Int

    /// - Parameters:
    ///   - quietZone: Margin in modules; 4 by default, clamped to 0...100.
    ///   - moduleSize: Pixels per module for the default rendered size; 8 by default, clamped to 1...1000.
    public init(quietZone: Int = 4, moduleSize: Int = 8) {
        self.quietZone = min(max(0, quietZone), 100)
        self.moduleSize = min(max(1, moduleSize), 1000)
    }

    /// The SVG document.
    public func render(_ code: QRCode) -> String {
        let span = code.size + 2 * quietZone
        let pixels = span * moduleSize
        var path = ""
        for y in 0..<code.size {
            var x = 0
            while x < code.size {
                guard code[x, y] else { x += 1; continue }
                let runStart = x
                while x < code.size && code[x, y] { x += 1 }
                let length = x - runStart
                path += "M\(runStart + quietZone) \(y + quietZone)h\(length)v1h-\(length)z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(span) \(span)" width="\(pixels)" \
            height="\(pixels)" shape-rendering="crispEdges">\
            <rect width="\(span)" height="\(span)" fill="#fff"/>\
            <path d="\(path)" fill="#000"/></svg>

            """
    }
}

extension QRCode {
    /// The symbol as an SVG document; see ``SVGRenderer``.
    public func svg(quietZone: Int = 4, moduleSize: Int = 8) -> String {
        SVGRenderer(quietZone: quietZone, moduleSize: moduleSize).render(self)
    }
}
