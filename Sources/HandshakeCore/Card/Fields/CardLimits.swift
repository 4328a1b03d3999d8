/// The size limits of a schema-1 card, enforced by whoever writes a card and by whoever reads one.
///
/// Text lengths count Unicode scalar values (code points), which every language counts the same way.
public enum CardLimits {
    /// The name, in Unicode scalars.
    public static let name = 64
    /// The bio, in Unicode scalars.
    public static let bio = 256
    /// The location, in Unicode scalars.
    public static let location = 128
    /// The company, in Unicode scalars.
    public static let company = 64
    /// The job title, in Unicode scalars.
    public static let title = 64
    /// The avatar image, in bytes.
    public static let avatarBytes = 65_536
    /// How many email addresses a card may list.
    public static let emailCount = 8
    /// One email address, in Unicode scalars (the longest an address can be).
    public static let emailLength = 254
    /// How many phone numbers a card may list.
    public static let phoneCount = 8
    /// One phone number, in Unicode scalars.
    public static let phoneLength = 32
    /// How many social links a card may list.
    public static let linkCount = 16
    /// A link's platform name, in Unicode scalars.
    public static let linkPlatformLength = 32
    /// A link's handle, in Unicode scalars.
    public static let linkHandleLength = 64
    /// A link's address, in Unicode scalars.
    public static let linkURLLength = 512
    /// How many skills a card may list.
    public static let skillCount = 32
    /// One skill, in Unicode scalars.
    public static let skillLength = 48
    /// A whole signed card, in bytes. Checked before a card is decoded at all.
    public static let signedCardBytes = 98_304
}
