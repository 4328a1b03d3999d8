import Foundation
import GRDB

/// Dates as GRDB stores them — `yyyy-MM-dd HH:mm:ss.SSS`, UTC — written without a `DateFormatter`.
///
/// GRDB formats every `Date` through Foundation's `DateFormatter` (ICU underneath), which cost more than
/// anything else in a contact row except SQLite itself. The text is byte-for-byte what GRDB writes (a
/// test compares them) and GRDB reads it back as usual.
enum StoredDate {
    static func databaseValue(_ date: Date) -> DatabaseValue {
        // The same arithmetic as Foundation's formatter: milliseconds since 1970, to the nearest one.
        let milliseconds = ((date.timeIntervalSinceReferenceDate + 978_307_200) * 1000).rounded(.toNearestOrAwayFromZero)
        // Years 1970-9999 only; anything else (never written by Handshake) goes the slow way.
        guard milliseconds >= 0, milliseconds < 253_402_300_800_000, let total = Int64(exactly: milliseconds) else {
            return date.databaseValue
        }
        var seconds = time_t(total / 1000)
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return date.databaseValue }
        var text = [UInt8]()
        text.reserveCapacity(23)
        append(Int(parts.tm_year) + 1900, digits: 4, to: &text)
        text.append(UInt8(ascii: "-"))
        append(Int(parts.tm_mon) + 1, digits: 2, to: &text)
        text.append(UInt8(ascii: "-"))
        append(Int(parts.tm_mday), digits: 2, to: &text)
        text.append(UInt8(ascii: " "))
        append(Int(parts.tm_hour), digits: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        append(Int(parts.tm_min), digits: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        append(Int(parts.tm_sec), digits: 2, to: &text)
        text.append(UInt8(ascii: "."))
        append(Int(total % 1000), digits: 3, to: &text)
        return String(decoding: text, as: UTF8.self).databaseValue
    }

    static func databaseValue(_ date: Date?) -> DatabaseValue {
        date.map(databaseValue) ?? .null
    }

    private static func append(_ value: Int, digits: Int, to text: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            text.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }
}
