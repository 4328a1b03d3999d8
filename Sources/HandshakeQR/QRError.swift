/// Why a QR symbol could not be made. Every case's ``description`` is a sentence a person can act on.
public enum QRError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The data needs `bits` bits (headers included) but the largest symbol allowed holds `capacity`.
    /// `version` is that symbol's version: 40 when the version was chosen automatically, otherwise the
    /// version that was forced.
    case dataTooLong(bits: Int, capacity: Int, version: Int, errorCorrection: QRErrorCorrection, versionForced: Bool)
    /// A version outside 1...40 was requested.
    case versionOutOfRange(Int)
    /// A mask outside 0...7 was requested.
    case maskOutOfRange(Int)
    /// A segment was given characters its mode cannot encode; `offset` is the first such byte (UTF-8 offset).
    case invalidCharacters(mode: QRSegmentMode, offset: Int)

    /// A sentence that says why the symbol could not be made.
    public var description: String {
        switch self {
        case let .dataTooLong(bits, capacity, version, level, forced):
            let need = "This data needs \(grouped(bits)) bits (\(grouped((bits + 7) / 8)) bytes)"
            let symbol = forced
                ? "a version \(version) QR code at error correction \(level.letter)"
                : "the largest QR code (version 40, error correction \(level.letter))"
            var text = "\(need); \(symbol) holds \(grouped(capacity)) bits (\(grouped(capacity / 8)) bytes, segment headers included)."
            if forced && version < 40 {
                text += " Choose a larger version, or leave the version unset to pick the smallest that fits."
            } else if level != .low {
                text += " Use a lower error-correction level or shorten the data."
            } else {
                text += " Shorten the data."
            }
            return text
        case let .versionOutOfRange(version):
            return "QR version \(version) does not exist; versions run from 1 to 40."
        case let .maskOutOfRange(mask):
            return "QR mask \(mask) does not exist; masks are numbered 0 to 7."
        case let .invalidCharacters(mode, offset):
            let allowed = mode == .numeric ? "the digits 0–9" : "0–9, A–Z, space and $ % * + - . / :"
            return "The character at byte \(offset) cannot be encoded in \(mode) mode, which takes only \(allowed)."
        }
    }
}

/// `1234567` → `"1,234,567"`. Hand-rolled so the module needs no Foundation.
func grouped(_ value: Int) -> String {
    let digits = Array(String(value.magnitude))
    var out = value < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
        out.append(digit)
    }
    return out
}
