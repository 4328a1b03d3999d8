/// How long messages to and from a contact are kept before they disappear.
///
/// Stored as a number of seconds (`nil` for never), so a later version can offer other durations
/// without a migration. A month is 30 days, as SimpleX counts it.
public enum MessageTTL: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Messages are kept until deleted.
    case never
    /// Messages disappear this many seconds after they are sent.
    case seconds(Int)

    /// One day.
    public static let day = MessageTTL.seconds(86_400)
    /// One week.
    public static let week = MessageTTL.seconds(604_800)
    /// One month (30 days).
    public static let month = MessageTTL.seconds(2_592_000)

    /// Reads `never`, `1d`, `1w`, `1m` or a positive number of seconds; `nil` for anything else.
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "never": self = .never
        case "1d": self = .day
        case "1w": self = .week
        case "1m": self = .month
        default:
            guard let seconds = Int(text), seconds > 0 else { return nil }
            self = .seconds(seconds)
        }
    }

    init(storedSeconds: Int?) {
        self = storedSeconds.map { .seconds($0) } ?? .never
    }

    var storedSeconds: Int? {
        if case .seconds(let seconds) = self { return seconds }
        return nil
    }

    /// Words for a person: "never", "1 week", "3600 seconds".
    public var description: String {
        switch self {
        case .never: return "never"
        case .seconds(86_400): return "1 day"
        case .seconds(604_800): return "1 week"
        case .seconds(2_592_000): return "1 month"
        case .seconds(let seconds): return "\(seconds) seconds"
        }
    }
}
