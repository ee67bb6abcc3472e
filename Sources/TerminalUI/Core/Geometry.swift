/// A terminal size in character cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }

    public var description: String { "\(columns)x\(rows)" }
}

/// A cell position: `x` is the column, `y` the row, both from 0 at the top left.
public struct Point: Hashable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A rectangle of cells. Layout code splits rectangles; widgets draw inside the one they get.
public struct Rect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public init(size: Size) {
        self.init(x: 0, y: 0, width: size.columns, height: size.rows)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }

    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// The part of this rectangle that lies inside `other`.
    public func intersection(_ other: Rect) -> Rect {
        let left = Swift.max(x, other.x), top = Swift.max(y, other.y)
        let right = Swift.min(maxX, other.maxX), bottom = Swift.min(maxY, other.maxY)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// This rectangle shrunk by the given margins (never below zero size).
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }

    public func inset(by amount: Int) -> Rect {
        inset(top: amount, left: amount, bottom: amount, right: amount)
    }

    /// A rectangle of the given size centred in this one (clipped to it).
    public func centered(width: Int, height: Int) -> Rect {
        let w = Swift.min(width, self.width), h = Swift.min(height, self.height)
        return Rect(x: x + (self.width - w) / 2, y: y + (self.height - h) / 2, width: w, height: h)
    }

    /// Splits off `count` rows from the top: (those rows, the rest).
    public func splitTop(_ count: Int) -> (top: Rect, rest: Rect) {
        let n = Swift.min(Swift.max(0, count), height)
        return (Rect(x: x, y: y, width: width, height: n), Rect(x: x, y: y + n, width: width, height: height - n))
    }

    /// Splits off `count` rows from the bottom: (the rest, those rows).
    public func splitBottom(_ count: Int) -> (rest: Rect, bottom: Rect) {
        let n = Swift.min(Swift.max(0, count), height)
        return (Rect(x: x, y: y, width: width, height: height - n), Rect(x: x, y: maxY - n, width: width, height: n))
    }

    /// Splits off `count` columns from the left: (those columns, the rest).
    public func splitLeft(_ count: Int) -> (left: Rect, rest: Rect) {
        let n = Swift.min(Swift.max(0, count), width)
        return (Rect(x: x, y: y, width: n, height: height), Rect(x: x + n, y: y, width: width - n, height: height))
    }
}
