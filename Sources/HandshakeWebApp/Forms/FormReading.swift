// Establishes how a route reads what a form sent: the body (already read by the access middleware, within the
// form limit) decoded into the route's own `Decodable` form type by Hummingbird's `URLEncodedFormDecoder`. A
// body that is not such a form (a field twice, a broken escape, a choice no page offers) is refused with 400
// and a sentence, and changes nothing.
import HandshakeCore
import Hummingbird

/// Why a form was refused.
struct FormError: HandshakeError {
    let detail: String

    var description: String { "This form could not be read (\(detail)); nothing was changed. Go back, reload the page and try again." }
}

extension Request {
    /// The form in this request's body, as `Form`.
    func decodeForm<Form: Decodable>(as type: Form.Type = Form.self) async throws -> Form {
        var request = self
        let body = try await request.collectBody(upTo: LocalAccessMiddleware<BasicRequestContext>.formLimit)
        do {
            return try URLEncodedFormDecoder().decode(Form.self, from: String(buffer: body))
        } catch let error as URLEncodedFormError {
            throw HTTPError(.badRequest, message: FormError(detail: error.description).description)
        } catch let error as DecodingError {
            throw HTTPError(.badRequest, message: FormError(detail: Self.describe(error)).description)
        }
    }

    /// Which field a decoding error is about, in a few words.
    private static func describe(_ error: DecodingError) -> String {
        if case .keyNotFound(let key, _) = error { return "the field \(key.stringValue) is missing" }
        var path: [any CodingKey] = []
        if case .dataCorrupted(let context) = error { path = context.codingPath }
        if case .typeMismatch(_, let context) = error { path = context.codingPath }
        if case .valueNotFound(_, let context) = error { path = context.codingPath }
        return path.last.map { "the field \($0.stringValue) holds a value no page offers" } ?? "it is not a form"
    }
}

/// A field of a form whose names are made from a table (a box per card field, a menu per chat feature).
struct FormKey: CodingKey {
    let stringValue: String
    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    var intValue: Int? { nil }
}
