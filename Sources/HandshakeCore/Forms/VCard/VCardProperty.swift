/// One content line of a vCard (RFC 6350 §3.3): `NAME;PARAM=VALUE:value`, already unfolded.
public struct VCardProperty: Sendable, Equatable {
    /// The property name, uppercased, without any `group.` prefix.
    public var name: String
    /// Parameters by uppercased name; a parameter may repeat or carry a comma-separated list.
    public var parameters: [String: [String]]
    /// The value exactly as written (still escaped).
    public var rawValue: String

    /// The value as text, with `\n`, `\,`, `\;` and `\\` unescaped.
    public var text: String { Self.unescape(rawValue) }

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
        for scalar in value.unicodeScalars {
            if escaped {
                switch scalar {
                case "n", "N": out.append("\n")
                default: out.append(scalar)
                }
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else {
                out.append(scalar)
            }
        }
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
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
