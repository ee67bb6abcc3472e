/// The text shown for `english` in the current language, with `{0}`, `{1}`, ... replaced by the
/// arguments in order of their number.
///
/// The English text is the key into the catalogue, as a gettext msgid is: code reads as it
/// shows, and a text without a translation shows in English and is reported to a
/// `MissingTranslations` recorder, when one listens. Arguments are data (a name, an amount, an
/// order number) and are never translated.
///
///     tr("Pay")                               // "支付" in Simplified Chinese
///     tr("Order {0} is paid", order.number)   // "订单 HS-000001 已支付"
public func tr(_ english: String, _ arguments: any CustomStringConvertible...) -> String {
    let template = Catalogue.text(for: english, in: Language.current)
    return arguments.isEmpty ? template : Template.fill(template, with: arguments.map(\.description))
}

/// The text for a count: `singular` or `plural` in English, as the count asks, and in another
/// language the catalogue's form for that count under the language's plural rule
/// (`Language.pluralIndex`). The count is not filled in by itself: pass it as an argument.
///
///     trn("{0} item", "{0} items", count: n, n)          // "1 item", "2 items"; "2 件"
public func trn(_ singular: String, _ plural: String, count: Int, _ arguments: any CustomStringConvertible...) -> String {
    let template = Catalogue.text(singular: singular, plural: plural, count: count, in: Language.current)
    return arguments.isEmpty ? template : Template.fill(template, with: arguments.map(\.description))
}

/// `{n}` placeholders.
enum Template {
    static func fill(_ template: String, with arguments: [String]) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"),
               let number = Int(rest[afterOpen..<close]), arguments.indices.contains(number) {
                result += arguments[number]
                rest = rest[rest.index(after: close)...]
            } else {
                result.append("{")
                rest = rest[afterOpen...]
            }
        }
        return result + rest
    }

    /// The placeholder numbers a template uses, for the catalogue's own checks.
    static func placeholders(in template: String) -> Set<Int> {
        var found = Set<Int>()
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else { break }
            if let number = Int(rest[afterOpen..<close]) { found.insert(number) }
            rest = rest[rest.index(after: close)...]
        }
        return found
    }
}
