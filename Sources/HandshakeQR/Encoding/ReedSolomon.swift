/// Reed–Solomon error-correction codewords for one block, as ISO/IEC 18004 §7.5.2 defines them: the
/// remainder of the data polynomial (times xⁿ) divided by the generator ∏(x − αⁱ), i = 0..<n.
enum ReedSolomon {
    /// Generator polynomials for every degree up to 30 (the most any QR block uses), coefficients from the
    /// highest power down with the leading 1 dropped, stored as logarithms so the encoding loop adds
    /// exponents instead of multiplying.
    private static let generatorLogs: [[UInt8]] = (0...30).map { degree in
        // Coefficients of the monic product, highest power first (the leading 1 included while building).
        var poly: [UInt8] = [1]
        for i in 0..<degree {
            // poly ← poly · (x + αⁱ); in characteristic 2, minus is plus.
            var next = [UInt8](repeating: 0, count: poly.count + 1)
            for (j, coefficient) in poly.enumerated() {
                next[j] ^= coefficient
                next[j + 1] ^= GaloisField.multiply(coefficient, GaloisField.exp[i])
            }
            poly = next
        }
        // No coefficient of this generator is zero, so every one has a logarithm.
        return poly.dropFirst().map { GaloisField.log[Int($0)] }
    }

    /// The `degree` error-correction codewords for `data`, appended to `output`.
    static func appendRemainder(of data: ArraySlice<UInt8>, degree: Int, to output: inout [UInt8]) {
        let generator = generatorLogs[degree]
        var remainder = [UInt8](repeating: 0, count: degree)
        GaloisField.exp.withUnsafeBufferPointer { exp in
            GaloisField.log.withUnsafeBufferPointer { log in
                remainder.withUnsafeMutableBufferPointer { rem in
                    generator.withUnsafeBufferPointer { gen in
                        // Polynomial long division, one data codeword at a time (an LFSR).
                        for byte in data {
                            let factor = byte ^ rem[0]
                            for k in 0..<(degree - 1) { rem[k] = rem[k + 1] }
                            rem[degree - 1] = 0
                            if factor != 0 {
                                let logFactor = Int(log[Int(factor)])
                                for k in 0..<degree { rem[k] ^= exp[logFactor + Int(gen[k])] }
                            }
                        }
                    }
                }
            }
        }
        output.append(contentsOf: remainder)
    }
}
