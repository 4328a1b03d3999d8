/// A QR Code symbol (ISO/IEC 18004, Model 2, versions 1–40): a square of dark and light modules.
///
/// ```swift
/// let code = try QRCode(encoding: "HC1:6BFOXN…", errorCorrection: .medium)
/// print(code.terminalText())        // or code.svg(), or PNGRenderer().png(for: code)
/// ```
///
/// Building one does everything the standard asks: optimal segmentation of the text into numeric,
/// alphanumeric and byte segments, the smallest version that fits, Reed–Solomon error correction and the
/// mask with the lowest penalty. Each choice can be forced instead.
public struct QRCode: Sendable, Hashable {
    /// The version, 1...40; the symbol is `17 + 4 × version` modules wide.
    public let version: Int
    /// The error-correction level.
    public let errorCorrection: QRErrorCorrection
    /// The data mask, 0...7, in the standard's numbering.
    public let mask: Int
    /// The segments the data was encoded as, in order.
    public let segments: [QRSegment]
    /// Width and height in modules, without a quiet zone.
    public let size: Int
    /// Row-major, one byte per module, 1 for dark.
    private let modules: [UInt8]

    /// Encodes text, split optimally into numeric, alphanumeric and byte (UTF-8) segments.
    ///
    /// - Parameters:
    ///   - text: Any string; characters outside the numeric and alphanumeric sets go in byte mode as UTF-8.
    ///   - errorCorrection: The error-correction level; `.medium` by default.
    ///   - version: A version to use, 1...40; `nil` (the default) picks the smallest that fits.
    ///   - mask: A mask to use, 0...7; `nil` (the default) picks the one with the lowest penalty.
    /// - Throws: ``QRError/dataTooLong(bits:capacity:version:errorCorrection:versionForced:)`` when the text
    ///   does not fit; ``QRError/versionOutOfRange(_:)`` or ``QRError/maskOutOfRange(_:)`` for bad options.
    public init(
        encoding text: String,
        errorCorrection: QRErrorCorrection = .medium,
        version: Int? = nil,
        mask: Int? = nil
    ) throws(QRError) {
        let bytes = Array(text.utf8)
        // No character takes less than numeric mode's 10 bits per 3, and any data needs a header of at
        // least 12 bits (byte mode's in versions 1–9).
        let minimumBits = bytes.isEmpty ? 0 : 12 + (bytes.count * 10 + 2) / 3
        let chosen = try Self.chooseVersion(errorCorrection: errorCorrection, forced: version, minimumBits: minimumBits) { version in
            Segmentation.optimal(bytes, version: version)
        }
        try self.init(validated: chosen.segments, version: chosen.version, errorCorrection: errorCorrection, mask: mask)
    }

    /// Encodes the given segments as they are.
    ///
    /// - Parameters:
    ///   - segments: The data, in order. See ``QRSegment/optimalSegments(for:version:)`` to split text.
    ///   - errorCorrection: The error-correction level; `.medium` by default.
    ///   - version: A version to use, 1...40; `nil` (the default) picks the smallest that fits.
    ///   - mask: A mask to use, 0...7; `nil` (the default) picks the one with the lowest penalty.
    /// - Throws: As ``init(encoding:errorCorrection:version:mask:)``.
    public init(
        segments: [QRSegment],
        errorCorrection: QRErrorCorrection = .medium,
        version: Int? = nil,
        mask: Int? = nil
    ) throws(QRError) {
        let chosen = try Self.chooseVersion(errorCorrection: errorCorrection, forced: version) { version in
            var bits = 0
            for segment in segments {
                // A count too large for its field can never fit; make it cost more than any capacity.
                bits += segment.countFits(version: version) ? segment.encodedBits(version: version) : 1 << 40
            }
            return (segments, bits)
        }
        try self.init(validated: chosen.segments, version: chosen.version, errorCorrection: errorCorrection, mask: mask)
    }

    /// Whether the module at column `x`, row `y` is dark. Coordinates outside the symbol are light, as the
    /// quiet zone around it is, so renderers can read a margin without bounds checks.
    public subscript(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x] != 0
    }

    /// Picks the version: the forced one if given (checking the data fits), else the smallest that fits.
    /// `layout` gives the segments and their bit length for a version; only its count-field widths matter,
    /// which change at versions 10 and 27, so it is asked once per version group rather than per version.
    /// `minimumBits`, a lower bound on the size in any group, lets groups that cannot fit be skipped.
    static func chooseVersion(
        errorCorrection level: QRErrorCorrection,
        forced: Int?,
        minimumBits: Int? = nil,
        layout: (Int) -> (segments: [QRSegment], bits: Int)
    ) throws(QRError) -> (segments: [QRSegment], version: Int) {
        if let forced {
            guard VersionTable.versions.contains(forced) else { throw .versionOutOfRange(forced) }
            let (segments, bits) = layout(forced)
            let capacity = VersionTable.dataBits(forced, level)
            guard bits <= capacity else {
                throw .dataTooLong(bits: bits, capacity: capacity, version: forced, errorCorrection: level, versionForced: true)
            }
            return (segments, forced)
        }
        var needed = 0
        for group in [1...9, 10...26, 27...40] {
            // Skip a group whose largest symbol cannot hold even the cheapest possible encoding.
            if let minimumBits, minimumBits > VersionTable.dataBits(group.upperBound, level), group.upperBound < 40 {
                continue
            }
            let (segments, bits) = layout(group.lowerBound)
            needed = bits
            for version in group where bits <= VersionTable.dataBits(version, level) {
                return (segments, version)
            }
        }
        throw .dataTooLong(bits: needed, capacity: VersionTable.dataBits(40, level), version: 40,
                           errorCorrection: level, versionForced: false)
    }

    /// Builds the symbol once version and segments are settled.
    private init(validated segments: [QRSegment], version: Int, errorCorrection: QRErrorCorrection, mask: Int?) throws(QRError) {
        if let mask, !(0...7).contains(mask) { throw .maskOutOfRange(mask) }
        let data = Codewords.data(segments, version: version, level: errorCorrection)
        let codewords = Codewords.interleaved(data: data, version: version, level: errorCorrection)
        var grid = ModuleGrid.withFunctionPatterns(version: version)
        grid.placeData(codewords)

        // Masks are applied and scored on packed lines; the function patterns are never masked.
        let packed = PackedSymbol(grid)
        let function = PackedSymbol(grid, functionMap: true)
        let chosenMask: Int
        if let mask {
            chosenMask = mask
        } else {
            // Try all eight and keep the first with the lowest penalty.
            var best = (mask: 0, score: Int.max)
            for candidate in 0...7 {
                let score = Penalty.score(packed.masked(candidate, function: function))
                if score < best.score { best = (candidate, score) }
            }
            chosenMask = best.mask
        }
        grid.modules = packed.masked(chosenMask, function: function).modules
        grid.drawInformation(version: version, level: errorCorrection, mask: chosenMask)

        self.version = version
        self.errorCorrection = errorCorrection
        self.mask = chosenMask
        self.segments = segments
        self.size = grid.size
        self.modules = grid.modules
    }
}
