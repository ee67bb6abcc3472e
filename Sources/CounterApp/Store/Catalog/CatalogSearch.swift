import CheckoutKit
import Localization

/// The catalog's type-ahead search: a product matches when the filter, ignoring case, is part of
/// its name as stored or as shown in the current language.
///
/// Built to keep up with a shop of 100,000 products at every key: each name is lowercased once,
/// when the products arrive, and compared as UTF-8 bytes (Foundation's case-insensitive search
/// on every name took over 100 ms a key); a letter added at the end searches only what matched.
enum CatalogSearch {
    static func key(for product: Product) -> [UInt8] {
        let shown = tr(product.name)
        let both = shown == product.name ? product.name : product.name + "\n" + shown
        return Array(both.lowercased().utf8)
    }

    /// The indices of `keys` that contain `filter`, searching only `candidates` when given; nil
    /// when there is no filter to apply.
    static func matches(_ filter: String?, in keys: [[UInt8]], among candidates: [Int]?) -> [Int]? {
        guard let filter, !filter.isEmpty else { return nil }
        let needle = Array(filter.lowercased().utf8)
        return (candidates ?? Array(keys.indices)).filter { contains(keys[$0], needle) }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count else { return false }
        var start = 0
        let last = haystack.count - needle.count
        while start <= last {
            if haystack[start] == first {
                var offset = 1
                while offset < needle.count && haystack[start + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            start += 1
        }
        return false
    }
}
