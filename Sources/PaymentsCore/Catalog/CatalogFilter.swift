/// The products a shopper's type-ahead filter lets through: those whose name contains `text`,
/// ignoring case, and those whose stored name is one of `alsoNamed` (the caller's answer to
/// "which names read as the text in the shopper's language", as the core knows no language).
public struct CatalogFilter: Hashable, Sendable {
    public var text: String
    public var alsoNamed: Set<String>

    public init(text: String = "", alsoNamed: Set<String> = []) {
        self.text = text
        self.alsoNamed = alsoNamed
    }

    /// No filter: every product.
    public static let everything = CatalogFilter()

    /// An empty text is part of every name.
    var letsEverythingThrough: Bool { text.isEmpty }
}

/// Where a window of the catalog's list starts, by a product the caller holds (keyset paging:
/// the database seeks to it, however far down the list it is).
///
/// A product no longer on the shelf is no anchor: the window starts from the first product
/// (`after`, `startingAt`) or ends at the last (`before`).
public enum CatalogAnchor: Hashable, Sendable {
    /// The first products.
    case first
    /// This product and those after it (a window read again).
    case startingAt(productID: String)
    /// The products after this one.
    case after(productID: String)
    /// The products just before this one, in list order.
    case before(productID: String)
    /// The last products, in list order.
    case last
}
