/// The selected row of a list whose rows live with the screen (products, cart lines, saved
/// cards, menu items): Up on the first row goes to the last and Down on the last to the first,
/// a row is picked only if it exists, and a list that shrinks keeps the selection on a row.
///
/// The row count is passed in, as the screen knows it at that moment (a cart's lines live in
/// the cart, a filter changes what is shown), so the selection never holds a stale count.
/// `ListState` is the scrolling widget's fuller state (disabled rows, viewport, clicks).
public struct ListSelection: Equatable, Sendable {
    public private(set) var index: Int

    public init(_ index: Int = 0) {
        self.index = max(0, index)
    }

    /// One row up, from the first to the last.
    public mutating func moveUp(count: Int) {
        guard count > 0 else { return }
        index = (index + count - 1) % count
    }

    /// One row down, from the last to the first.
    public mutating func moveDown(count: Int) {
        guard count > 0 else { return }
        index = (index + 1) % count
    }

    /// `step` rows on (back when negative), wrapping around either end.
    public mutating func move(by step: Int, count: Int) {
        guard count > 0 else { return }
        index = ((index + step) % count + count) % count
    }

    /// The selection `step` rows on, wrapping around (for a choice cycled through in place).
    public func moved(by step: Int, count: Int) -> ListSelection {
        var moved = self
        moved.move(by: step, count: count)
        return moved
    }

    /// Selects `row` if the list has it; answers whether it did.
    @discardableResult
    public mutating func select(_ row: Int, count: Int) -> Bool {
        guard (0..<count).contains(row) else { return false }
        index = row
        return true
    }

    /// Keeps the selection on a row of a list of `count` (the first when it is empty).
    public mutating func clamp(count: Int) {
        index = min(index, max(0, count - 1))
    }

    public func isSelected(_ row: Int) -> Bool { row == index }
}
