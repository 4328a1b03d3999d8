// Establishes how the access middleware reads the form token from a form's body, before any route sees it:
// the field `LocalAccessRule.formTokenField`, and nothing else of the form.

/// The form token a form carries.
struct FormTokenForm: Decodable, Sendable {
    var token: String?

    init(from decoder: any Decoder) throws {
        let form = try decoder.container(keyedBy: FormKey.self)
        token = try form.decodeIfPresent(String.self, forKey: FormKey(LocalAccessRule.formTokenField))
    }
}
