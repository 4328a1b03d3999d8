// Establishes how a picture is made smaller: each new pixel is the average of the old pixels it covers, by
// area (a box filter with fractional edges). Downscaling by large factors this way does not alias, unlike
// picking every n-th pixel, and needs no tuning. It never enlarges: a picture already within the bounds is
// returned as it is.
import HandshakePictures

extension Bitmap {
    /// The picture (RGB) scaled down so that neither side exceeds `longestSide`, keeping its proportions.
    func scaled(toFit longestSide: Int) -> Bitmap {
        let longest = max(width, height)
        guard longest > longestSide else { return self }
        let factor = Double(longestSide) / Double(longest)
        let newWidth = max(1, Int((Double(width) * factor).rounded()))
        let newHeight = max(1, Int((Double(height) * factor).rounded()))
        return resampled(width: newWidth, height: newHeight)
    }

    /// The picture resampled to `newWidth × newHeight` (each no larger than now): rows first, then columns.
    private func resampled(width newWidth: Int, height newHeight: Int) -> Bitmap {
        precondition(layout == .rgb, "avatars are scaled in RGB")
        let across = AreaWeights(from: width, to: newWidth)
        let down = AreaWeights(from: height, to: newHeight)
        // Rows: width → newWidth, kept as floats so the second pass averages unrounded values.
        var narrow = [Float](repeating: 0, count: newWidth * height * 3)
        for y in 0..<height {
            let row = y * width * 3
            for x in 0..<newWidth {
                var sum: (Float, Float, Float) = (0, 0, 0)
                for (source, weight) in across.contributions[x] {
                    let index = row + source * 3
                    sum.0 += Float(pixels[index]) * weight
                    sum.1 += Float(pixels[index + 1]) * weight
                    sum.2 += Float(pixels[index + 2]) * weight
                }
                let out = (y * newWidth + x) * 3
                narrow[out] = sum.0
                narrow[out + 1] = sum.1
                narrow[out + 2] = sum.2
            }
        }
        // Columns: height → newHeight.
        var result = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
        for y in 0..<newHeight {
            for x in 0..<newWidth {
                var sum: (Float, Float, Float) = (0, 0, 0)
                for (source, weight) in down.contributions[y] {
                    let index = (source * newWidth + x) * 3
                    sum.0 += narrow[index] * weight
                    sum.1 += narrow[index + 1] * weight
                    sum.2 += narrow[index + 2] * weight
                }
                let out = (y * newWidth + x) * 3
                result[out] = Self.byte(sum.0)
                result[out + 1] = Self.byte(sum.1)
                result[out + 2] = Self.byte(sum.2)
            }
        }
        return Bitmap(width: newWidth, height: newHeight, layout: .rgb, pixels: result)
    }

    private static func byte(_ value: Float) -> UInt8 {
        UInt8(min(255, max(0, value.rounded())))
    }
}

/// For each pixel of a shorter line, the pixels of the longer line it covers and by what share of its area.
private struct AreaWeights {
    /// `contributions[i]`: (source index, weight) pairs whose weights add up to 1.
    let contributions: [[(Int, Float)]]

    init(from sourceCount: Int, to targetCount: Int) {
        let scale = Double(sourceCount) / Double(targetCount)
        contributions = (0..<targetCount).map { target in
            let start = Double(target) * scale
            let end = Double(target + 1) * scale
            var pairs: [(Int, Float)] = []
            var source = Int(start)
            while Double(source) < end && source < sourceCount {
                let covered = min(end, Double(source + 1)) - max(start, Double(source))
                if covered > 0 { pairs.append((source, Float(covered / scale))) }
                source += 1
            }
            return pairs
        }
    }
}
