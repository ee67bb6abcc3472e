import Foundation
import Testing
@testable import PaymentsCore

/// The one VAT rule (Docs/shop-settings.md): per rate over the whole order, half up, in integer
/// minor units; and the share a part of an order's money (a refund, one tender) carries.
@Suite struct TaxAnalysisTests {
    static let reduced = TaxRate(basisPoints: 700)
    static let standard = TaxRate(basisPoints: 1900)

    static func line(_ cents: Int64, _ quantity: Int = 1, rate: TaxRate = reduced, kind: OrderLineKind = .goods) -> OrderLine {
        OrderLine(productId: "p", name: "p", unitPrice: Money(minorUnits: cents, currency: .eur), quantity: quantity, kind: kind, taxRate: rate)
    }

    static func figures(_ analysis: TaxAnalysis) -> [[Int64]] {
        analysis.parts.map { [Int64($0.rate.basisPoints), $0.gross.minorUnits, $0.net.minorUnits, $0.vat.minorUnits] }
    }

    @Test func oneAcaciaAtSevenPercentIsNet607AndVat43() {
        let analysis = TaxAnalysis(lines: [Self.line(650)])
        #expect(Self.figures(analysis) == [[700, 650, 607, 43]])
    }

    /// Half up at the exact half, and the cent either side of it.
    @Test func halvesRoundUpAndTheCentsBesideThemDoNot() {
        // 107 / 1.07 = 100 exactly; 535 / 1.07 = 500; at 10 %: 55 / 1.1 = 50.
        #expect(TaxAnalysis.net(ofGross: 107, at: Self.reduced) == 100)
        // At 25 %: 5 / 1.25 = 4; 3 / 1.25 = 2.4 -> 2; 2 / 1.25 = 1.6 -> 2.
        let quarter = TaxRate(basisPoints: 2500)
        #expect(TaxAnalysis.net(ofGross: 3, at: quarter) == 2)
        #expect(TaxAnalysis.net(ofGross: 2, at: quarter) == 2)
        // At 100 %: 1 / 2 = 0.5 exactly -> 1 (half up); 3 / 2 = 1.5 -> 2.
        let whole = TaxRate(basisPoints: 10_000)
        #expect(TaxAnalysis.net(ofGross: 1, at: whole) == 1)
        #expect(TaxAnalysis.net(ofGross: 3, at: whole) == 2)
        // Money given back mirrors the sale to the cent (half away from zero).
        #expect(TaxAnalysis.net(ofGross: -1, at: whole) == -1)
        #expect(TaxAnalysis.net(ofGross: -650, at: Self.reduced) == -607)
        #expect(TaxAnalysis.net(ofGross: 0, at: Self.standard) == 0)
        // No overflow near the top of Int64's minor units.
        #expect(TaxAnalysis.net(ofGross: 1_000_000_000_000_000, at: Self.standard) == 840_336_134_453_782)
    }

    @Test func severalRatesEachRoundOnceAndSumToTheTotal() {
        // Two jars at 7 %, shipping at 19 % (€4.90: net 412 (411.76), VAT 78).
        let analysis = TaxAnalysis(lines: [Self.line(650, 2), Self.line(2400), Self.line(490, rate: Self.standard, kind: .shipping)])
        #expect(Self.figures(analysis) == [[700, 3700, 3458, 242], [1900, 490, 412, 78]])
        #expect(analysis.gross == 4190)
        for part in analysis.parts { #expect(part.net.minorUnits + part.vat.minorUnits == part.gross.minorUnits) }
    }

    /// Rounded per rate over the order, not per line: three lines of €0.10 at 19 % are VAT 5
    /// cents on 30, where per line they would be 2 cents each, 6 in all.
    @Test func aWholeOrderRoundsOnceWherePerLineWouldDrift() {
        let lines = (0..<3).map { _ in Self.line(10, rate: Self.standard) }
        #expect(TaxAnalysis(lines: lines).vat == 5)
        let perLine = lines.map { TaxAnalysis(lines: [$0]).vat }.reduce(0, +)
        #expect(perLine == 6, "the drift the one rule avoids")
    }

    @Test func theShareOfTheWholeTotalIsTheOrdersOwnTax() {
        let analysis = TaxAnalysis(lines: [Self.line(650), Self.line(490, rate: Self.standard)])
        #expect(analysis.share(of: Money(minorUnits: 1140, currency: .eur)) == analysis)
        #expect(Self.figures(analysis.share(of: Money(minorUnits: -1140, currency: .eur))) == [[700, -650, -607, -43], [1900, -490, -412, -78]],
                "a whole refund gives back exactly the tax taken")
    }

    /// A part of the money is shared over the rates by their gross, in whole cents that add up
    /// to the part, then taxed by the rule per rate.
    @Test func aPartOfTheMoneyIsSharedPerRateInWholeCents() {
        let analysis = TaxAnalysis(lines: [Self.line(650), Self.line(350, rate: Self.standard)])
        let half = analysis.share(of: Money(minorUnits: 500, currency: .eur))
        #expect(Self.figures(half) == [[700, 325, 304, 21], [1900, 175, 147, 28]])
        let odd = analysis.share(of: Money(minorUnits: 1, currency: .eur))
        #expect(odd.gross == 1, "the remainder goes somewhere, never lost")
        for amount in [1, 3, 333, 999, -7, -1000] as [Int64] {
            #expect(analysis.share(of: Money(minorUnits: amount, currency: .eur)).gross == amount)
        }
        #expect(TaxAnalysis.none.share(of: Money(minorUnits: 5, currency: .eur)).parts.isEmpty)
    }

    /// Two refunds of half a 13.00 order each rounded on their own give back 0.86 of 0.85 VAT:
    /// the day nets VAT -0.01 on no money. By the running balance they give back 0.85.
    @Test func refundsInPiecesGiveBackTheOrdersVatExactly() {
        let analysis = TaxAnalysis(lines: [Self.line(650, 2)])
        let eur = { (minor: Int64) in Money(minorUnits: minor, currency: .eur) }
        #expect(analysis.vat == 85)
        #expect(analysis.share(of: eur(-650)).vat * 2 == -86, "each half on its own rounds up: the drift this rule avoids")
        let shares = analysis.shares(ofMovements: [eur(1300), eur(-650), eur(-650)])
        #expect(shares.map(\.vat) == [85, -42, -43] && shares.map(\.gross) == [1300, -650, -650])
        #expect(TaxAnalysis.summed(shares).allSatisfy { $0.gross.minorUnits == 0 && $0.vat.minorUnits == 0 && $0.net.minorUnits == 0 })
    }

    /// Any order, paid in any parts and given back in any pieces: the movements' tax sums to the
    /// order's tax while it is held, and to nothing once all of it went back; gross is always
    /// the movement's money.
    @Test func movementsOfAnOrderAlwaysSumToItsTax() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let lines = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                Self.line(Int64.random(in: 1...5000, using: &generator), Int.random(in: 1...3, using: &generator),
                          rate: [Self.reduced, Self.standard, TaxRate(basisPoints: 0)].randomElement(using: &generator)!)
            }
            let analysis = TaxAnalysis(lines: lines)
            let total = analysis.gross
            var movements: [Int64] = []
            var left = total
            while left > 0 { let part = Int64.random(in: 1...left, using: &generator); movements.append(part); left -= part }
            var held = total
            while held > 0 { let back = Int64.random(in: 1...held, using: &generator); movements.append(-back); held -= back }
            let shares = analysis.shares(ofMovements: movements.map { Money(minorUnits: $0, currency: .eur) })
            #expect(zip(shares, movements).allSatisfy { $0.gross == $1 })
            let paidCount = movements.firstIndex { $0 < 0 }!
            let whilePaid = TaxAnalysis.summed(Array(shares[..<paidCount]))
            #expect(whilePaid.map { $0.vat.minorUnits }.reduce(0, +) == analysis.vat)
            #expect(TaxAnalysis.summed(shares).allSatisfy { $0.vat.minorUnits == 0 && $0.net.minorUnits == 0 })
        }
    }

    @Test func sumsAddPartsOfTheSameRateAndCurrencyWithoutRoundingAgain() {
        let one = TaxAnalysis(lines: [Self.line(650)])
        let sums = TaxAnalysis.summed([one, one, one.share(of: Money(minorUnits: -650, currency: .eur))])
        #expect(sums.count == 1)
        #expect(sums.first?.gross.minorUnits == 650 && sums.first?.vat.minorUnits == 43)
    }

    @Test func ratesAreWrittenWithoutANeedlessFraction() {
        #expect(TaxRate(basisPoints: 1900).percentText == "19")
        #expect(TaxRate(basisPoints: 770).percentText == "7.7")
        #expect(TaxRate(basisPoints: 255).percentText == "2.55")
        #expect(TaxRate(basisPoints: 5).percentText == "0.05")
    }

    @Test func aCategoryTheSettingsDoNotNameIsAtTheStandardRate() {
        let german = TaxTable.german
        #expect(german.rate(forCategory: "food") == Self.reduced)
        #expect(german.rate(forCategory: "general") == Self.standard)
        #expect(german.rate(forCategory: "books") == Self.standard)
        #expect(TaxTable(rates: ["reduced": Self.reduced], categories: [:]) == nil, "no standard rate")
        #expect(TaxTable(rates: ["standard": Self.standard], categories: ["food": "reduced"]) == nil, "a category naming no rate")
    }
}
