import CheckoutKit

/// The part of the catalog's list the screen holds (issue 18): the products around the
/// selection, where they start in the list, and whether the list ends with them. A shop of
/// 100,000 products is never in memory; the screen draws from here and asks the database for
/// more as the selection nears an edge.
public struct CatalogWindow: Equatable, Sendable {
    public var products: [Product]
    /// The list index of `products[0]`.
    public var start: Int
    /// No product follows the last one held.
    public var reachesEnd: Bool

    public init(products: [Product] = [], start: Int = 0, reachesEnd: Bool = false) {
        self.products = products
        self.start = start
        self.reachesEnd = reachesEnd
    }

    /// Rows the screen may draw above the selection (and below it at the top of the list), and
    /// how many rows a read adds. A list up to this high is always full: 80x24 draws 18 rows,
    /// 200x60 draws 54 (at 40, a 60-row terminal showed blank rows at the list's foot until the
    /// shopper moved). Every filter key reads `reach + 1` rows, so this is also what a key costs:
    /// 200 rows took 2.7 ms a key over 100,000 products, 41 took 0.6.
    static let reach = 60

    /// The list index just past the last product held.
    public var end: Int { start + products.count }
    /// The list's length, known once the window reaches its end.
    public var count: Int? { reachesEnd ? end : nil }
    /// Nothing matches (or the shop is empty).
    public var isEmptyList: Bool { start == 0 && products.isEmpty && reachesEnd }

    public func product(at index: Int) -> Product? {
        (start..<end).contains(index) ? products[index - start] : nil
    }

    /// A window read from `anchor` on: `asked` rows were asked for, so fewer means the end.
    init(read products: [Product], start: Int, asked: Int) {
        self.init(products: products, start: start, reachesEnd: products.count < asked)
    }

    // MARK: Staying ahead of the selection

    /// More should be read after the last row: the selection is within `reach` of it.
    func wantsMoreAfter(selection: Int) -> Bool { !reachesEnd && end - selection <= Self.reach }
    /// More should be read before the first row: the rows the screen draws above the selection
    /// are not all held.
    func wantsMoreBefore(selection: Int) -> Bool { start > 0 && selection - start < Self.reach }

    /// Adds the rows read after the last one (`asked` were asked for), and lets go of rows far
    /// above the selection.
    mutating func append(_ read: [Product], asked: Int, selection: Int) {
        products += read
        reachesEnd = read.count < asked
        let surplus = selection - start - 2 * Self.reach
        if surplus > 0 {
            products.removeFirst(surplus)
            start += surplus
        }
    }

    /// Adds the rows read before the first one (`asked` were asked for), and lets go of rows far
    /// below the selection. Answers how far the list's indices moved: when the read reaches the
    /// top sooner or later than `start` said (products added or removed above meanwhile), the
    /// window starts at 0 again and the selection moves with it.
    mutating func prepend(_ read: [Product], asked: Int, selection: Int) -> Int {
        products.insert(contentsOf: read, at: 0)
        var shift = 0
        if read.count < asked || read.count > start {
            shift = read.count - start
            start = 0
        } else {
            start -= read.count
        }
        let keep = selection + shift - start + 2 * Self.reach
        if products.count > keep {
            products.removeLast(products.count - keep)
            reachesEnd = false
        }
        return shift
    }
}
