// Establishes how numbers appear in messages for people: thousands grouped with commas ("98,304 bytes"), the
// same in every locale so that messages and the tests that read them stay stable. Shared by the libraries
// (package access); apps format numbers for display their own way.

extension Int {
    /// The number with thousands grouped ("98,304"), for messages.
    package var groupedDigits: String {
        let digits = String(magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return self < 0 ? "-" + out : out
    }
}
