import Foundation

/// Turns a property's value bytes into text: quoted-printable undone, then decoded in the property's
/// `CHARSET` (vCard 2.1 and 3.0), else as UTF-8, else in the fallback the entry suggests.
///
/// Nothing here fails: bytes that fit no charset are read as Windows-1252 or, last, ISO-8859-1, which
/// accepts every byte. A wrong guess shows as odd letters in one field, never as a lost entry.
enum VCardCharset {
    /// The encoding an IANA charset name (as written in `CHARSET=`) stands for, if this platform has it.
    static func encoding(named name: String) -> String.Encoding? {
        switch name.lowercased() {
        case "utf-8", "utf8", "us-ascii", "ascii": return .utf8
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1": return .isoLatin1
        case "windows-1252", "cp1252", "x-ansi": return .windowsCP1252
        case "iso-8859-2", "iso8859-2", "latin2": return .isoLatin2
        case "windows-1250", "cp1250": return .windowsCP1250
        case "windows-1251", "cp1251": return .windowsCP1251
        case "windows-1253", "cp1253": return .windowsCP1253
        case "windows-1254", "cp1254": return .windowsCP1254
        case "shift_jis", "shift-jis", "sjis", "x-sjis", "windows-31j", "cp932", "ms_kanji": return .shiftJIS
        case "euc-jp": return .japaneseEUC
        case "iso-2022-jp": return .iso2022JP
        case "utf-16": return .utf16
        case "utf-16le": return .utf16LittleEndian
        case "utf-16be": return .utf16BigEndian
        case "macintosh", "x-mac-roman", "macroman": return .macOSRoman
        default:
            #if canImport(Darwin)
            let encoding = CFStringConvertIANACharSetNameToEncoding(name as CFString)
            guard encoding != kCFStringEncodingInvalidId else { return nil }
            return String.Encoding(rawValue: CFStringConvertEncodingToNSStringEncoding(encoding))
            #else
            return String.Encoding(ianaName: name)
            #endif
        }
    }

    /// `bytes` as text: in `declared` if given and the bytes fit it; else UTF-8 if they are UTF-8; else in
    /// `fallback` (another charset the same entry declared); else Windows-1252; else ISO-8859-1.
    static func decode(_ bytes: some Collection<UInt8>, declared: String.Encoding?, fallback: String.Encoding?) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        let array = Array(bytes)
        if let declared, let text = String(bytes: array, encoding: declared) { return text }
        if let text = String(validating: array, as: UTF8.self) { return text }
        for encoding in [fallback, .windowsCP1252, .isoLatin1].compactMap({ $0 }) {
            if let text = String(bytes: array, encoding: encoding) { return text }
        }
        return String(decoding: array, as: UTF8.self)
    }

    /// Undoes quoted-printable (RFC 2045 §6.7): `=XX` is one byte; an `=` not followed by two hex digits
    /// is kept as it is. Soft line breaks were already joined by ``VCardLines``.
    static func decodeQuotedPrintable(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x3D, index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(byte)
                index += 1
            }
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}
