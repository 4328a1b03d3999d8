// Establishes what `handshake --version` prints: the release number, kept here and nowhere else (scripts/package
// reads it from the built program), and the commit the program was built from, which the BuildCommit plugin
// writes before each build ("unknown" outside a git checkout or archive, "-modified" after an uncommitted
// change).

enum ProgramVersion {
    /// The release this program is, or is on the way to.
    static let number = "0.1.0"

    /// `handshake 0.1.0, commit 0152f47…` (the full hash).
    static let description = "handshake \(number), commit \(BuildCommit.hash)"
}
