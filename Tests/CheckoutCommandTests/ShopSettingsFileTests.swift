import ArgumentParser
import Foundation
@testable import checkout
import PaymentsCore
import Testing

/// The shop's settings file: the example in Docs/ reads as the defaults it documents, every key
/// is read, and every mistake is refused with the file, the line and the key.
@Suite struct ShopSettingsFileTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Docs/shop.example.toml").path

    @Test func theDocumentedExampleReadsAsTheDefaultsItShows() throws {
        let settings = try ShopSettingsFile.load(Self.example)
        var expected = ShopSettings.defaults
        expected.timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
        #expect(settings == expected)
        #expect(settings.tax.rate(forCategory: "food").basisPoints == 700)
        #expect(settings.tillDifferenceLimit == Money(minorUnits: 500, currency: .eur))
    }

    @Test func aSwissShopReadsEveryKey() throws {
        let settings = try ShopSettingsFile.parse("""
            [shop]
            name = "Bienenhaus"
            address = ["Bahnhofstrasse 1", "8001 Zürich"]
            vat_number = "CHE-123.456.789 MWST"
            currency = "CHF"
            time_zone = "Europe/Zurich"

            [tax.rates]
            standard = "8.1%"
            reduced = 260
            lodging = "3.8%"

            [tax.categories]
            food = "reduced"
            rooms = "lodging"

            [cash]
            rounding = "0.05"
            till_difference_limit = "10.00"
            """, file: "shop.toml")
        #expect(settings.name == "Bienenhaus" && settings.addressLines == ["Bahnhofstrasse 1", "8001 Zürich"])
        #expect(settings.vatNumber == "CHE-123.456.789 MWST" && settings.currency == .chf && settings.timeZone.identifier == "Europe/Zurich")
        #expect(settings.tax.standard.basisPoints == 810)
        #expect(settings.tax.rate(forCategory: "food").basisPoints == 260)
        #expect(settings.tax.rate(forCategory: "rooms").basisPoints == 380)
        #expect(settings.tax.rate(forCategory: "auction").basisPoints == 810, "a default category follows the new standard rate")
        #expect(settings.cashRoundingMinorUnits == 5)
        #expect(settings.tillDifferenceLimit == Money(minorUnits: 1000, currency: .chf))
    }

    @Test func anEmptyFileOrNoneIsTheDefaults() throws {
        #expect(try ShopSettingsFile.parse("", file: "shop.toml") == .defaults)
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("no-config-\(UUID().uuidString)").path
        #expect(try ShopSettingsFile.load(nil, environment: ["XDG_CONFIG_HOME": nowhere]) == .defaults)
        #expect(ShopSettingsFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/etc/xdg"]) == "/etc/xdg/checkout-counter/shop.toml")
        #expect(ShopSettingsFile.defaultPath(environment: ["HOME": "/home/till"]) == "/home/till/.config/checkout-counter/shop.toml")
        #expect(throws: ShopSettingsError.self, "a file named with --shop must be there") { try ShopSettingsFile.load(nowhere + "/shop.toml") }
        #expect(try ShopSettingsFile.parse("[shop]\nvat_number = \"\"", file: "f").vatNumber == nil)
    }

    /// A file that cannot be used stops the counter before it starts, with the status that tells
    /// a service manager a restart will not help.
    @Test func aFileThatCannotBeUsedStopsTheCommand() {
        #expect(throws: ExitCode(StorageWords.cannotOpenStatus)) { try ShopOption.load("/nonexistent/shop.toml") }
    }

    /// Each mistake names the file, its line and its key.
    @Test(arguments: [
        ("[shop]\nname = \"\"", 2, "shop.name"),
        ("[shop]\nnmae = \"Honey\"", 2, "shop.nmae"),
        ("[shoop]\nname = \"Honey\"", 1, "shoop"),
        ("[shop]\ncurrency = \"XYZ\"", 2, "shop.currency"),
        ("[shop]\ntime_zone = \"Mars/Olympus\"", 2, "shop.time_zone"),
        ("[shop]\naddress = \"one line\"", 2, "shop.address"),
        ("[shop]\naddress = [\"\(String(repeating: "x", count: 41))\"]", 2, "shop.address"),
        ("[tax.rates]\nstandard = 19.0", 2, "tax.rates.standard"),
        ("[tax.rates]\nreduced = 10001", 2, "tax.rates.reduced"),
        ("[tax.rates]\nreduced = \"7.75.1%\"", 2, "tax.rates.reduced"),
        ("[tax.categories]\n\nfood = \"half\"", 3, "tax.categories.food"),
        ("[cash]\nrounding = 0.05", 2, "cash.rounding"),
        ("[cash]\nrounding = \"0\"", 2, "cash.rounding"),
        ("[cash]\ntill_difference_limit = \"5.001\"", 2, "cash.till_difference_limit"),
        ("[shop]\nname = \"Honey", 2, nil),
    ] as [(String, Int, String?)])
    func aMistakeIsNamedByItsFileLineAndKey(text: String, line: Int, key: String?) {
        do {
            _ = try ShopSettingsFile.parse(text, file: "shop.toml")
            Issue.record("\(text) was read")
        } catch {
            #expect(error.file == "shop.toml")
            #expect(error.line == line, "\(error)")
            if let key { #expect(error.key == key, "\(error)") }
            #expect(error.description.hasPrefix("shop.toml:\(line):"), "\(error)")
        }
    }
}
