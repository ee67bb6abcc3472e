/// A square of modules under construction: which are dark, and which belong to function
/// patterns (finders, timing, alignment, format and version information) and so must be left
/// alone by data placement and masking.
struct ModuleGrid: Sendable, Equatable {
    let size: Int
    private(set) var dark: [Bool]
    private(set) var isFunction: [Bool]

    init(size: Int) {
        self.size = size
        dark = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)
    }

    subscript(x: Int, y: Int) -> Bool {
        dark[y * size + x]
    }

    func isFunctionModule(x: Int, y: Int) -> Bool {
        isFunction[y * size + x]
    }

    /// Sets a module and marks it as part of a function pattern.
    mutating func setFunction(x: Int, y: Int, dark isDark: Bool) {
        dark[y * size + x] = isDark
        isFunction[y * size + x] = true
    }

    /// Sets a data module; function modules are never passed here.
    mutating func setData(x: Int, y: Int, dark isDark: Bool) {
        dark[y * size + x] = isDark
    }

    mutating func flip(x: Int, y: Int) {
        dark[y * size + x].toggle()
    }
}
