import Foundation
import Localization
import CounterApp
import PaymentsCore
import TerminalUI
import TOMLKit

/// Why the shop's settings file could not be used, with where to look: the file, the line and
/// the key, as a theme's error says it (`ThemeError`).
struct ShopSettingsError: Error, Equatable, CustomStringConvertible {
    let file: String
    /// 1-based, when the problem is inside the file.
    let line: Int?
    /// The dotted key, as written (`tax.rates.reduced`).
    let key: String?
    let detail: String

    /// `shop.toml:7: tax.rates.reduced: ...`, the way compilers report.
    var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let key { location += ": \(key)" }
        return "\(location): \(detail)"
    }
}

/// The shop's settings file (`--shop FILE`, else `$XDG_CONFIG_HOME/checkout-counter/shop.toml`),
/// read into `ShopSettings`. Every key is optional; an absent one keeps its default
/// (Docs/shop-settings.md names them all, Docs/shop.example.toml shows them).
enum ShopSettingsFile {
    /// `$XDG_CONFIG_HOME/checkout-counter/shop.toml`, else `~/.config/checkout-counter/shop.toml`,
    /// beside the vault key and the operator's PIN.
    static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let keyDirectory = (VaultKeyLocation.defaultPath(environment: environment) as NSString).deletingLastPathComponent
        return (keyDirectory as NSString).appendingPathComponent("shop.toml")
    }

    /// The settings a command runs with: the file given (which must be there), else the file at
    /// the default place when there is one, else the defaults.
    static func load(_ given: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(ShopSettingsError) -> ShopSettings {
        let path = given ?? defaultPath(environment: environment)
        if given == nil && !FileManager.default.fileExists(atPath: path) { return .defaults }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ShopSettingsError(file: path, line: nil, key: nil, detail: tr("cannot read the file ({0})", error.localizedDescription))
        }
        return try parse(text, file: path)
    }

    /// Reads the text of a settings file; `file` names it in errors.
    static func parse(_ text: String, file: String) throws(ShopSettingsError) -> ShopSettings {
        let document: TOMLTable
        do {
            document = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let line = error.source.begin.line
            throw ShopSettingsError(file: file, line: line, key: TomlKeyLocator(text: text).key(onLine: line), detail: error.description)
        } catch {
            throw ShopSettingsError(file: file, line: nil, key: nil, detail: "\(error)")
        }
        return try ShopSettingsReader(file: file, locator: TomlKeyLocator(text: text)).settings(from: document)
    }
}

/// One pass over a parsed settings file, each value into the settings or into a located error.
private struct ShopSettingsReader {
    let file: String
    let locator: TomlKeyLocator

    func settings(from document: TOMLTable) throws(ShopSettingsError) -> ShopSettings {
        var settings = ShopSettings.defaults
        try known(document, at: [], keys: ["shop", "tax", "cash", "staff", "discount"])
        // The shop first: its currency reads the cash amounts.
        if let shop = document["shop"] { try readShop(try table(shop, at: ["shop"]), into: &settings) }
        if let tax = document["tax"] { try readTax(try table(tax, at: ["tax"]), into: &settings) }
        settings.tillDifferenceLimit = Money(minorUnits: settings.tillDifferenceLimit.minorUnits, currency: settings.currency)
        if let cash = document["cash"] { try readCash(try table(cash, at: ["cash"]), into: &settings) }
        if let staff = document["staff"] { try readStaff(try table(staff, at: ["staff"]), into: &settings) }
        if let discount = document["discount"] { try readDiscount(try table(discount, at: ["discount"]), into: &settings) }
        return settings
    }

    private func readShop(_ shop: TOMLTable, into settings: inout ShopSettings) throws(ShopSettingsError) {
        let path = ["shop"]
        try known(shop, at: path, keys: ["name", "address", "vat_number", "currency", "time_zone"])
        if let value = shop["name"] {
            let name = try string(value, at: path + ["name"]).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw failure(path + ["name"], tr("the shop's name cannot be empty")) }
            settings.name = name
        }
        if let value = shop["address"] {
            guard let list = value.array else {
                throw failure(path + ["address"], tr("expected a list such as [\"Honiggasse 1\", \"10115 Berlin\"], found {0}", value.kindInWords))
            }
            var lines: [String] = []
            for element in list {
                let line = try string(element, at: path + ["address"])
                guard line.count <= ReceiptDocument.width else { throw failure(path + ["address"], tr("\"{0}\" is longer than a receipt line ({1} columns)", line, ReceiptDocument.width)) }
                lines.append(line)
            }
            settings.addressLines = lines
        }
        if let value = shop["vat_number"] {
            let number = try string(value, at: path + ["vat_number"]).trimmingCharacters(in: .whitespaces)
            settings.vatNumber = number.isEmpty ? nil : number
        }
        if let value = shop["currency"] {
            let code = try string(value, at: path + ["currency"])
            guard let currency = Currency(code: code) else {
                throw failure(path + ["currency"], tr("{0} is not a currency the counter knows ({1})", code, Currency.known.map(\.code).joined(separator: ", ")))
            }
            settings.currency = currency
        }
        if let value = shop["time_zone"] {
            let name = try string(value, at: path + ["time_zone"])
            guard let zone = TimeZone(identifier: name) else {
                throw failure(path + ["time_zone"], tr("{0} is not a time zone; use a name such as \"Europe/Berlin\"", name))
            }
            settings.timeZone = zone
        }
    }

    private func readTax(_ tax: TOMLTable, into settings: inout ShopSettings) throws(ShopSettingsError) {
        let path = ["tax"]
        try known(tax, at: path, keys: ["rates", "categories"])
        var rates = settings.tax.rates
        var categories = settings.tax.categories
        if let value = tax["rates"] {
            for (name, rate) in try entries(try table(value, at: path + ["rates"]), at: path + ["rates"]) {
                rates[name] = try self.rate(rate, at: path + ["rates", name])
            }
        }
        if let value = tax["categories"] {
            for (category, rateName) in try entries(try table(value, at: path + ["categories"]), at: path + ["categories"]) {
                categories[category] = try string(rateName, at: path + ["categories", category])
            }
        }
        // Every category names a rate that is there: the first one in the file that does not is the error.
        for (category, rateName) in categories.sorted(by: { (locator.line(of: path + ["categories", $0.key]) ?? 0) < (locator.line(of: path + ["categories", $1.key]) ?? 0) })
            where rates[rateName] == nil {
            throw failure(path + ["categories", category], tr("names the rate \"{0}\", which [tax.rates] does not have", rateName))
        }
        guard let table = TaxTable(rates: rates, categories: categories) else {
            throw failure(path + ["rates"], tr("the rates need a \"standard\" rate (shipping and surcharges are taxed at it)"))
        }
        settings.tax = table
    }

    private func readCash(_ cash: TOMLTable, into settings: inout ShopSettings) throws(ShopSettingsError) {
        let path = ["cash"]
        try known(cash, at: path, keys: ["rounding", "till_difference_limit"])
        if let value = cash["rounding"] {
            let rounding = try amount(value, at: path + ["rounding"], currency: settings.currency, example: "0.05")
            guard rounding.minorUnits > 0 else { throw failure(path + ["rounding"], tr("the rounding must be more than zero")) }
            settings.cashRoundingMinorUnits = rounding.minorUnits
        }
        if let value = cash["till_difference_limit"] {
            settings.tillDifferenceLimit = try amount(value, at: path + ["till_difference_limit"], currency: settings.currency, example: "5.00")
        }
    }

    private func readStaff(_ staff: TOMLTable, into settings: inout ShopSettings) throws(ShopSettingsError) {
        let path = ["staff"]
        try known(staff, at: path, keys: ["lock_after_seconds"])
        if let value = staff["lock_after_seconds"] {
            guard let seconds = value.int, seconds >= 0 else {
                throw failure(path + ["lock_after_seconds"], tr("expected a number of seconds such as 300 (0: never), found {0}", value.kindInWords))
            }
            settings.staffLockAfterSeconds = seconds
        }
    }

    /// The discount reasons a cashier picks from, those that need a note, and the cashier's ceiling.
    private func readDiscount(_ discount: TOMLTable, into settings: inout ShopSettings) throws(ShopSettingsError) {
        let path = ["discount"]
        try known(discount, at: path, keys: ["reasons", "reasons_needing_a_note", "cashier_ceiling"])
        if let value = discount["reasons"] {
            let reasons = try textList(value, at: path + ["reasons"], example: "[\"damaged\", \"loyalty\"]")
            guard !reasons.isEmpty else { throw failure(path + ["reasons"], tr("the list of reasons cannot be empty")) }
            settings.discounts.reasons = reasons.map(DiscountReason.init(rawValue:))
        }
        if let value = discount["reasons_needing_a_note"] {
            let needing = try textList(value, at: path + ["reasons_needing_a_note"], example: "[\"other\"]")
            if let stray = needing.first(where: { !settings.discounts.reasons.contains(DiscountReason(rawValue: $0)) }) {
                throw failure(path + ["reasons_needing_a_note"], tr("\"{0}\" is not one of the reasons", stray))
            }
            settings.discounts.reasonsNeedingNote = Set(needing.map(DiscountReason.init(rawValue:)))
        } else {
            settings.discounts.reasonsNeedingNote = settings.discounts.reasonsNeedingNote.filter(settings.discounts.reasons.contains)
        }
        if let value = discount["cashier_ceiling"] {
            settings.discounts.cashierCeilingBasisPoints = try rate(value, at: path + ["cashier_ceiling"]).basisPoints
        }
    }

    /// A list of non-empty texts, each at most once.
    private func textList(_ value: TOMLValueConvertible, at path: [String], example: String) throws(ShopSettingsError) -> [String] {
        guard let list = value.array else { throw failure(path, tr("expected a list such as {0}, found {1}", example, value.kindInWords)) }
        var texts: [String] = []
        for element in list {
            let text = try string(element, at: path).trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, !texts.contains(text) else { throw failure(path, tr("each reason is named once, and not empty")) }
            texts.append(text)
        }
        return texts
    }

    /// Basis points as an integer (1900), or a percentage as text ("19%", "7.7%"): never a
    /// floating-point number, which would round the rate on its own.
    private func rate(_ value: TOMLValueConvertible, at path: [String]) throws(ShopSettingsError) -> TaxRate {
        let wrong = failure(path, tr("a rate is basis points from 0 to 10000 (1900 is 19%), or a percentage as text such as \"7.7%\""))
        if let basisPoints = value.int {
            guard (0...TaxRate.maximumBasisPoints).contains(basisPoints) else { throw wrong }
            return TaxRate(basisPoints: basisPoints)
        }
        guard let text = value.string, text.hasSuffix("%") else { throw wrong }
        let number = text.dropLast().trimmingCharacters(in: .whitespaces)
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int(parts[0]), parts[0].allSatisfy(\.isNumber) else { throw wrong }
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.count <= 2, fraction.allSatisfy(\.isNumber) else { throw wrong }
        let basisPoints = whole * 100 + (Int(fraction.padding(toLength: 2, withPad: "0", startingAt: 0)) ?? 0)
        guard basisPoints <= TaxRate.maximumBasisPoints else { throw wrong }
        return TaxRate(basisPoints: basisPoints)
    }

    /// An amount as text in the shop's currency ("0.05"): money is never a floating-point number.
    private func amount(_ value: TOMLValueConvertible, at path: [String], currency: Currency, example: String) throws(ShopSettingsError) -> Money {
        let wrong = failure(path, tr("expected an amount in {0} as text, such as \"{1}\"", currency.code, example))
        guard let text = value.string else { throw wrong }
        do { return try Money.parse(text, currency: currency) } catch { throw wrong }
    }

    private func known(_ table: TOMLTable, at path: [String], keys: [String]) throws(ShopSettingsError) {
        for (key, _) in try entries(table, at: path) where !keys.contains(key) {
            let place = path.isEmpty ? tr("the file") : "[\(path.joined(separator: "."))]"
            throw failure(path + [key], tr("unknown key; {0} has {1}", place, keys.joined(separator: ", ")))
        }
    }

    private func string(_ value: TOMLValueConvertible, at path: [String]) throws(ShopSettingsError) -> String {
        guard let string = value.string else { throw failure(path, tr("expected a string, found {0}", value.kindInWords)) }
        return string
    }

    private func table(_ value: TOMLValueConvertible, at path: [String]) throws(ShopSettingsError) -> TOMLTable {
        guard let table = value.table else {
            throw failure(path, tr("expected {0}, found {1}", tr("a table such as [{0}]", path.joined(separator: ".")), value.kindInWords))
        }
        return table
    }

    /// A table's entries in the order they are written, so that the first error reported is the
    /// first one in the file.
    private func entries(_ table: TOMLTable, at path: [String]) throws(ShopSettingsError) -> [(String, TOMLValueConvertible)] {
        table.map { ($0.0, $0.1) }.sorted { (locator.line(of: path + [$0.0]) ?? 0) < (locator.line(of: path + [$1.0]) ?? 0) }
    }

    private func failure(_ path: [String], _ detail: String) -> ShopSettingsError {
        ShopSettingsError(file: file, line: locator.line(of: path), key: path.joined(separator: "."), detail: detail)
    }
}
