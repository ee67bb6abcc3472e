import Foundation
@testable import Localization
import Testing

@Suite struct LanguageTests {
    @Test(arguments: [
        ("en", Language.english), ("en_GB.UTF-8", .english), ("C", .english), ("POSIX", .english),
        ("zh-Hans", .simplifiedChinese), ("zh_CN.UTF-8", .simplifiedChinese), ("zh-CN", .simplifiedChinese),
        ("zh_SG", .simplifiedChinese), ("zh", .simplifiedChinese), ("zh-Hans-CN", .simplifiedChinese),
    ])
    func identifiers(_ identifier: String, _ expected: Language) {
        #expect(Language(identifier: identifier) == expected)
    }

    @Test(arguments: ["zh_TW.UTF-8", "zh-Hant", "zh_HK", "fr_FR.UTF-8", "", "de"])
    func languagesWeDoNotSpeak(_ identifier: String) {
        #expect(Language(identifier: identifier) == nil)
    }

    @Test func environmentOrderIsGettexts() {
        #expect(Language.preferred(in: [:]) == .english)
        #expect(Language.preferred(in: ["LANG": "zh_CN.UTF-8"]) == .simplifiedChinese)
        // LC_ALL wins over LANG, and an empty variable does not count.
        #expect(Language.preferred(in: ["LANG": "zh_CN.UTF-8", "LC_ALL": "en_US.UTF-8"]) == .english)
        #expect(Language.preferred(in: ["LANG": "zh_CN.UTF-8", "LC_ALL": ""]) == .simplifiedChinese)
        #expect(Language.preferred(in: ["LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"]) == .simplifiedChinese)
        // LANGUAGE lists come first, and an entry we do not speak is passed over.
        #expect(Language.preferred(in: ["LANGUAGE": "fr:zh_CN", "LANG": "en_US.UTF-8"]) == .simplifiedChinese)
        // A locale we do not speak is English, not the next variable.
        #expect(Language.preferred(in: ["LC_ALL": "fr_FR.UTF-8", "LANG": "zh_CN.UTF-8"]) == .english)
    }

    @Test func theBoundLanguageIsTheOneInForce() {
        #expect(Language.current == .english)
        Language.$current.withValue(.simplifiedChinese) {
            #expect(Language.current == .simplifiedChinese)
        }
        #expect(Language.current == .english)
    }
}

@Suite struct TranslateTests {
    @Test func englishIsTheKeyItself() {
        #expect(tr("A text no table has") == "A text no table has")
        #expect(tr("Order {0} of {1}", "HS-1", 3) == "Order HS-1 of 3")
    }

    @Test func placeholdersAreFilledByNumberNotPlace() {
        #expect(Template.fill("{1} before {0}", with: ["a", "b"]) == "b before a")
        #expect(Template.fill("{0}{0}", with: ["x"]) == "xx")
        // Braces that are not a placeholder, or name an argument not given, stay as written.
        #expect(Template.fill("{a} {5} {", with: ["x"]) == "{a} {5} {")
        #expect(Template.placeholders(in: "{0} and {2} {x}") == [0, 2])
    }

    @Test func aMissingTranslationShowsEnglishAndIsRecorded() {
        let recorder = MissingTranslations()
        let shown = MissingTranslations.$recorder.withValue(recorder) {
            Language.$current.withValue(.simplifiedChinese) { tr("Nobody translated this {0}", 7) }
        }
        #expect(shown == "Nobody translated this 7")
        #expect(recorder.texts(in: .simplifiedChinese) == ["Nobody translated this {0}"])
    }

    @Test func englishNeverRecordsAMiss() {
        let recorder = MissingTranslations()
        MissingTranslations.$recorder.withValue(recorder) { _ = tr("Nobody translated this either") }
        #expect(recorder.texts(in: .english).isEmpty)
    }
}

@Suite struct CatalogueTests {
    /// A translation must use exactly the placeholders of its English text: one that drops `{0}`
    /// loses the amount, one that invents `{1}` shows a brace.
    @Test func everyTranslationKeepsItsPlaceholders() {
        for part in Catalogue.simplifiedChineseParts {
            for (english, chinese) in part.table {
                #expect(Template.placeholders(in: english) == Template.placeholders(in: chinese),
                        "\(part.part): \"\(english)\" -> \"\(chinese)\"")
            }
        }
    }

    /// The same English text in two parts must not read two ways.
    @Test func partsAgreeOnSharedTexts() {
        var seen: [String: (part: String, text: String)] = [:]
        for part in Catalogue.simplifiedChineseParts {
            for (english, chinese) in part.table {
                if let earlier = seen[english] {
                    #expect(earlier.text == chinese, "\"\(english)\": \(earlier.part) says \"\(earlier.text)\", \(part.part) says \"\(chinese)\"")
                } else {
                    seen[english] = (part.part, chinese)
                }
            }
        }
    }

    @Test func noTranslationIsEmptyOrEnglish() {
        for part in Catalogue.simplifiedChineseParts {
            for (english, chinese) in part.table {
                #expect(!chinese.trimmingCharacters(in: .whitespaces).isEmpty, "\(part.part): \"\(english)\" is empty")
                // A text with letters that reads the same in Chinese was not translated, unless it
                // is a name (a brand, a key) and so has no capital-free word.
                let hasWords = english.range(of: "[a-z]{3,}", options: .regularExpression) != nil
                #expect(!(hasWords && chinese == english), "\(part.part): \"\(english)\" is not translated")
            }
        }
    }
}

@Suite struct DateTextTests {
    // Saturday 28 November 2026, 09:05 UTC.
    let date = Date(timeIntervalSince1970: 1_795_856_700)

    @Test func english() {
        #expect(DateText.day(date) == "2026-11-28")
        #expect(DateText.dayWithWeekday(date) == "Sat 28 Nov 2026")
        #expect(DateText.dayAndTime(date) == "2026-11-28 09:05 UTC")
        #expect(DateText.moment(date) == "Sat 28 Nov 2026, 09:05 UTC")
        #expect(DateText.time(date) == "09:05 UTC")
    }

    @Test func simplifiedChinese() {
        Language.$current.withValue(.simplifiedChinese) {
            #expect(DateText.day(date) == "2026年11月28日")
            #expect(DateText.dayWithWeekday(date) == "2026年11月28日 周六")
            #expect(DateText.moment(date) == "2026年11月28日 周六 09:05 UTC")
        }
    }
}

@Suite struct CurrencyTextTests {
    @Test func chineseTellsTheDollarAndTheYenFromTheYuan() {
        #expect(CurrencyText.symbol(forCode: "USD", fallback: "$") == "$")
        #expect(CurrencyText.symbol(forCode: "CNY", fallback: "CN¥") == "CN¥")
        Language.$current.withValue(.simplifiedChinese) {
            #expect(CurrencyText.symbol(forCode: "USD", fallback: "$") == "US$")
            #expect(CurrencyText.symbol(forCode: "CNY", fallback: "CN¥") == "¥")
            #expect(CurrencyText.symbol(forCode: "JPY", fallback: "¥") == "JP¥")
            #expect(CurrencyText.symbol(forCode: "EUR", fallback: "€") == "€")
            #expect(CurrencyText.symbol(forCode: "KWD", fallback: nil) == nil)
        }
    }
}
