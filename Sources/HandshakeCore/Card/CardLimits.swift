/// The size limits of a schema-1 card, enforced by whoever writes a card and by whoever reads one.
///
/// Text lengths count Unicode scalar values (code points), which every language counts the same way.
public enum CardLimits {
    public static let name = 64
    public static let bio = 256
    public static let location = 128
    public static let company = 64
    public static let title = 64
    /// The avatar image, in bytes.
    public static let avatarBytes = 65_536
    public static let emailCount = 8
    public static let emailLength = 254
    public static let phoneCount = 8
    public static let phoneLength = 32
    public static let linkCount = 16
    public static let linkPlatformLength = 32
    public static let linkHandleLength = 64
    public static let linkURLLength = 512
    public static let skillCount = 32
    public static let skillLength = 48
    /// A whole signed card, in bytes. Checked before a card is decoded at all.
    public static let signedCardBytes = 98_304
}
