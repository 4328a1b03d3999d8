import Foundation

/// The JSON form of a contact's fields, the one Handshake writes everywhere a contact is JSON: a card's JSON,
/// a credential's subject, the contact export (docs/formats/contact-export.md) and `--json` output.
///
/// Each field is a member named by its raw value: text as a string, a list as an array of strings, links as
/// objects (`platform`, `handle`, `url`), the avatar as `{"base64": …, "mediaType": …}` (standard base64
/// with padding). A field that holds nothing is left out. Reading ignores members that are not fields, and
/// also takes the avatar as a bare base64 string, the form of profile files written before it was an object.
extension CardFields: Codable {
    struct FieldKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ field: CardField) { stringValue = field.rawValue }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A picture in JSON.
    struct Photo: Codable {
        var mediaType: String
        var base64: String
    }

    /// Writes every field that holds something.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        for field in CardField.allCases {
            let key = FieldKey(field)
            switch self[field] {
            case nil: continue
            case .text(let text): try container.encode(text, forKey: key)
            case .list(let entries): try container.encode(entries, forKey: key)
            case .links(let links): try container.encode(links, forKey: key)
            case .image(let avatar):
                try container.encode(Photo(mediaType: avatar.mediaType, base64: Data(avatar.data).base64EncodedString()), forKey: key)
            }
        }
    }

    /// Reads the fields present; absent ones are empty. The values are not checked against the card's rules
    /// (``validate()`` does that), but an avatar must be a PNG or JPEG within its limit.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FieldKey.self)
        self.init()
        for field in CardField.allCases {
            let key = FieldKey(field)
            guard container.contains(key), try !container.decodeNil(forKey: key) else { continue }
            switch field.kind {
            case .text: self[field] = .text(try container.decode(String.self, forKey: key))
            case .list: self[field] = .list(try container.decode([String].self, forKey: key))
            case .links: self[field] = .links(try container.decode([SocialLink].self, forKey: key))
            case .image:
                let base64: String
                if let photo = try? container.decode(Photo.self, forKey: key) {
                    base64 = photo.base64
                } else {
                    base64 = try container.decode(String.self, forKey: key)
                }
                guard let bytes = Data(base64Encoded: base64) else {
                    throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "the \(field.noun) is not base64")
                }
                do {
                    self[field] = .image(try Avatar(data: [UInt8](bytes)))
                } catch {
                    throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: error.description)
                }
            }
        }
    }
}

extension CardFields {
    /// Writes `[]` for each list field that holds nothing, which ``encode(to:)`` leaves out: the contact export
    /// holds every list (docs/formats/contact-export.md).
    @_spi(Wire) public func encodeEmptyLists(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        for field in CardField.allCases where self[field] == nil {
            switch field.kind {
            case .list, .links: try container.encode([String](), forKey: FieldKey(field))
            case .text, .image: continue
            }
        }
    }
}
