/// A run of text encoded in one mode: the unit a QR symbol's data is made of.
///
/// Most callers never build segments: ``QRCode/init(encoding:errorCorrection:version:mask:)`` splits text
/// optimally by itself. Build them when you need control, for instance to force a whole text into byte mode.
public struct QRSegment: Sendable, Hashable {
    /// How the characters are encoded.
    public let mode: QRSegmentMode
    /// The characters: ASCII digits or alphanumeric-set characters for those modes, raw bytes in byte mode.
    /// Kept as bytes so encoding reads them without a second conversion.
    public let payload: [UInt8]

    /// The number of characters (bytes in byte mode), as written in the segment's count field.
    public var characterCount: Int { payload.count }

    /// A numeric segment.
    /// - Throws: ``QRError/invalidCharacters(mode:offset:)`` if `digits` holds anything but 0–9.
    public static func numeric(_ digits: String) throws(QRError) -> QRSegment {
        let bytes = Array(digits.utf8)
        if let bad = bytes.firstIndex(where: { !QRSegmentMode.isDigit($0) }) {
            throw .invalidCharacters(mode: .numeric, offset: bad)
        }
        return QRSegment(mode: .numeric, payload: bytes)
    }

    /// An alphanumeric segment. Lower-case letters are not in the set and are rejected, not upper-cased:
    /// silently changing the text would change what a scanner reads.
    /// - Throws: ``QRError/invalidCharacters(mode:offset:)`` if `text` holds a character outside
    ///   `0–9 A–Z space $ % * + - . / :`.
    public static func alphanumeric(_ text: String) throws(QRError) -> QRSegment {
        let bytes = Array(text.utf8)
        if let bad = bytes.firstIndex(where: { !QRSegmentMode.isAlphanumeric($0) }) {
            throw .invalidCharacters(mode: .alphanumeric, offset: bad)
        }
        return QRSegment(mode: .alphanumeric, payload: bytes)
    }

    /// A byte segment holding `text` as UTF-8 (no ECI header: readers assume UTF-8 or detect it).
    public static func byte(_ text: String) -> QRSegment {
        QRSegment(mode: .byte, payload: Array(text.utf8))
    }

    /// A byte segment holding arbitrary bytes.
    public static func byte(_ bytes: [UInt8]) -> QRSegment {
        QRSegment(mode: .byte, payload: bytes)
    }

    /// Internal: callers have already checked the payload against the mode.
    init(mode: QRSegmentMode, payload: [UInt8]) {
        self.mode = mode
        self.payload = payload
    }

    /// Bits this segment takes in a symbol of `version`, header included.
    func encodedBits(version: Int) -> Int {
        4 + mode.characterCountBits(version: version) + mode.payloadBits(count: payload.count)
    }

    /// Whether the character count fits the count field at `version`.
    func countFits(version: Int) -> Bool {
        payload.count < 1 << mode.characterCountBits(version: version)
    }

    /// Writes header and payload.
    func write(to buffer: inout BitBuffer, version: Int) {
        buffer.append(mode.indicator, width: 4)
        buffer.append(UInt32(payload.count), width: mode.characterCountBits(version: version))
        switch mode {
        case .numeric:
            var index = 0
            while index < payload.count {
                let take = min(3, payload.count - index)
                var value: UInt32 = 0
                for k in 0..<take { value = value * 10 + UInt32(payload[index + k] &- 0x30) }
                buffer.append(value, width: take * 3 + 1)
                index += take
            }
        case .alphanumeric:
            var index = 0
            while index + 1 < payload.count {
                let first = UInt32(QRSegmentMode.alphanumericValue[Int(payload[index])])
                let second = UInt32(QRSegmentMode.alphanumericValue[Int(payload[index + 1])])
                buffer.append(first * 45 + second, width: 11)
                index += 2
            }
            if index < payload.count {
                buffer.append(UInt32(QRSegmentMode.alphanumericValue[Int(payload[index])]), width: 6)
            }
        case .byte:
            buffer.append(bytes: payload)
        }
    }
}

extension QRSegment {
    /// Splits text into the segments that take the fewest bits in a symbol of `version`.
    ///
    /// Only the version's group matters (1–9, 10–26, 27–40), because the width of each segment's count
    /// field changes between groups. The split is exact, not heuristic: see `Segmentation`.
    public static func optimalSegments(for text: String, version: Int) -> [QRSegment] {
        Segmentation.optimal(Array(text.utf8), version: min(max(version, 1), 40)).segments
    }

    /// Splits text optimally for the symbol it would be encoded in at `errorCorrection` with an automatic
    /// version; returns the split for version 40 when the text fits no symbol.
    public static func optimalSegments(for text: String, errorCorrection: QRErrorCorrection = .medium) -> [QRSegment] {
        let bytes = Array(text.utf8)
        let chosen = try? QRCode.chooseVersion(errorCorrection: errorCorrection, forced: nil) { version in
            Segmentation.optimal(bytes, version: version)
        }
        return chosen?.segments ?? Segmentation.optimal(bytes, version: 40).segments
    }
}
