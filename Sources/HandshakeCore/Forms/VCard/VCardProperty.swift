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
        var current = ""
        var escaped = false
        for char in rawValue {
            if escaped {
                current.append("\\")
                current.append(char)
                escaped = false
            } else if char == "\\" {
                escaped = true
            } else if char == ";" {
                parts.append(Self.unescape(current))
                current = ""
            } else {
                current.append(char)
            }
        }
        parts.append(Self.unescape(current))
        return parts
    }

    static func unescape(_ value: String) -> String {
        var out = ""
        var escaped = false
        for char in value {
            if escaped {
                switch char {
                case "n", "N": out.append("\n")
                default: out.append(char)
                }
                escaped = false
            } else if char == "\\" {
                escaped = true
            } else {
                out.append(char)
            }
        }
        return out
    }

    /// Escapes text for a vCard value (RFC 6350 §3.4).
    static func escape(_ value: String) -> String {
        var out = ""
        for char in value {
            switch char {
            case "\\": out += "\\\\"
            case ",": out += "\\,"
            case ";": out += "\\;"
            case "\n", "\r\n": out += "\\n"
            default: out.append(char)
            }
        }
        return out
    }
}
