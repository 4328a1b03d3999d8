// Establishes DCQL's claims path pointer (OpenID4VP 1.0 §7): a non-empty list of keys, indexes and nulls
// ("every element") pointing into a JSON credential, and how it is applied to one (§7.1.1). It says nothing
// about which claims a Handshake card can give; that is PresentableClaim's business.

/// A claims path pointer: where in a credential a claim sits, as DCQL writes it (`["credentialSubject", "name"]`).
@_spi(Wire) public struct ClaimsPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path.
    public enum Component: Sendable, Hashable {
        /// A key of an object.
        case key(String)
        /// An index into an array, from 0.
        case index(Int)
        /// `null`: every element of an array.
        case all
    }

    /// The steps, from the credential's root.
    public let components: [Component]

    /// The longest path read: credentials nest a few levels, not dozens.
    public static let maxComponents = 16

    /// A path of the given steps.
    public init(_ components: [Component]) {
        self.components = components
    }

    init(json: JSONValue) throws(AuthorizationRequestError) {
        guard let items = json.array, !items.isEmpty else { throw .invalidDCQL("a claim's \"path\" must be a non-empty array") }
        guard items.count <= Self.maxComponents else {
            throw .invalidDCQL("a claim's \"path\" has \(items.count) steps; at most \(Self.maxComponents) are read")
        }
        var components: [Component] = []
        for item in items {
            switch item {
            case .string(let key): components.append(.key(key))
            case .null: components.append(.all)
            case .number(let number) where number >= 0 && number < 1_000_000 && number == number.rounded():
                components.append(.index(Int(number)))
            default: throw .invalidDCQL("a claim's \"path\" may hold only strings, null and non-negative integers")
            }
        }
        self.components = components
    }

    /// The path as DCQL writes it, e.g. `["credentialSubject","emails",null]`.
    public var description: String {
        "[" + components.map { component in
            switch component {
            case .key(let key): return "\"\(key)\""
            case .index(let index): return String(index)
            case .all: return "null"
            }
        }.joined(separator: ",") + "]"
    }

    /// The elements the path selects in `root` (§7.1.1), or `nil` when processing stops with an error or
    /// selects nothing: the claim is not there.
    func select(in root: JSONValue) -> [JSONValue]? {
        var selected = [root]
        for component in components {
            var next: [JSONValue] = []
            for element in selected {
                switch component {
                case .key(let key):
                    guard let object = element.object else { return nil }
                    if let value = object[key] { next.append(value) }
                case .all:
                    guard let array = element.array else { return nil }
                    next.append(contentsOf: array)
                case .index(let index):
                    guard let array = element.array else { return nil }
                    if index < array.count { next.append(array[index]) }
                }
            }
            selected = next
        }
        return selected.isEmpty ? nil : selected
    }
}
