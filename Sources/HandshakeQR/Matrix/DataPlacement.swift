/// Placing codewords in the symbol (ISO/IEC 18004 §7.7.3): two-module-wide columns, starting at the
/// bottom-right corner, snaking up and down, right to left, stepping over function modules and over the
/// vertical timing pattern's column entirely. Modules left over ("remainder bits") stay light.
extension ModuleGrid {
    mutating func placeData(_ codewords: [UInt8]) {
        let totalBits = codewords.count * 8
        var bitIndex = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }  // column 6 is the timing pattern
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in stride(from: right, through: right - 1, by: -1) {
                    let index = y * size + x
                    guard !isFunction[index], bitIndex < totalBits else { continue }
                    modules[index] = (codewords[bitIndex >> 3] >> UInt8(7 - bitIndex & 7)) & 1
                    bitIndex += 1
                }
            }
            right -= 2
        }
    }
}
