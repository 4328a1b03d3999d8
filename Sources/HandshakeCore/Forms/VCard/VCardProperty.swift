/// One content line of a vCard (RFC 6350 §3.3): `group.NAME;PARAM=VALUE:value`, already unfolded.
@_spi(Wire) public struct VCardProperty: Sendable, Equatable {
    /// The property name, uppercased, without any `group.` prefix.
    public var name: String
    /// Parameters by uppercased name; a parameter may repeat or carry a comma-separated list. vCard 2.1's
    /// bare parameters (`TEL;WORK;VOICE`) are `TYPE` values, bare `QUOTED-PRINTABLE`/`BASE64` the `ENCODING`.
    public var parameters: [String: [String]]
    /// The value as text (quoted-printable undone and decoded in its `CHARSET`), still escaped.
    public var rawValue: String
    /// The group the property belongs to (`item1` in `item1.EMAIL`), if any.
    public var group: String? = nil
    /// The decoded bytes of a base64 value (`ENCODING=b` or `ENCODING=BASE64`); `nil` for any other value,
    /// and for base64 that does not decode.
    public var binary: [UInt8]? = nil

    /// The value as text, with `\n`, `\,`, `\;` and `\\` unescaped and line breaks as `\n`.
    public var text: String { Self.unescape(rawValue) }

    /// The `TYPE` values, lowercased, however they were spelled (`TYPE=work,voice`, `TYPE="work,voice"`,
    /// repeated `TYPE`, or 2.1's bare `;WORK;VOICE`).
    public var types: [String] { (parameters["TYPE"] ?? []).map { $0.lowercased() } }

    /// The components of a structured value (`N`, `ADR`, `ORG`), split at unescaped semicolons.
    public var components: [String] {
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        var escaped = false
        for scalar in rawValue.unicodeScalars {
            if escaped {
                current.append("\\")
                current.append(scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == ";" {
                parts.append(Self.unescape(String(current)))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        parts.append(Self.unescape(String(current)))
        return parts
    }

    // Escaping works on Unicode scalars, not Characters: a combining mark after "," or "\\" forms one
    // Character with it, which would hide the punctuation from a Character-by-Character scan.
    static func unescape(_ value: String) -> String {
        var out = String.UnicodeScalarView()
        var escaped = false
        var lastWasCR = false
        for scalar in value.unicodeScalars {
            if escaped {
                switch scalar {
                case "n", "N": out.append("\n")
                default: out.append(scalar)
                }
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "\r" {
                out.append("\n")  // CRLF or a lone CR from a quoted-printable =0D=0A becomes one line break
                lastWasCR = true
                continue
            } else if !(scalar == "\n" && lastWasCR) {
                out.append(scalar)
            }
            lastWasCR = false
        }
        if escaped { out.append("\\") }
        return String(out)
    }

    /// Escapes text for a vCard value (RFC 6350 §3.4).
    static func escape(_ value: String) -> String {
        var out = ""
        for scalar in value.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ",": out += "\\,"
            case ";": out += "\\;"
            case "\n", "\r": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
