/// The square of modules under construction, with a note of which ones belong to function patterns.
///
/// One byte per module (0 light, 1 dark) in row-major order: drawing patterns and placing data address
/// single modules, which is simplest on bytes. Mask scoring packs the grid into bits (`PackedSymbol`).
struct ModuleGrid: Sendable {
    let size: Int
    var modules: [UInt8]
    /// True where a function pattern, format or version information sits; data and masks skip these.
    var isFunction: [Bool]

    init(size: Int) {
        self.size = size
        modules = [UInt8](repeating: 0, count: size * size)
        isFunction = [Bool](repeating: false, count: size * size)
    }

    /// Sets a function module (x is the column, y the row).
    mutating func setFunction(x: Int, y: Int, dark: Bool) {
        modules[y * size + x] = dark ? 1 : 0
        isFunction[y * size + x] = true
    }
}
