import Testing
@testable import PaymentsCore

/// The arithmetic of discounts, over many totals: a percentage rounds half up to the minor unit,
/// an order's discount is shared over its lines by largest remainder (the parts sum exactly to
/// it, none more than its line), and nothing goes below zero.
@Suite struct DiscountPricingTests {
    @Test func aPercentageRoundsHalfUpToTheMinorUnit() {
        #expect(DiscountAdjustment.percent(basisPoints: 1000).minorUnits(of: 650, currency: .eur) == 65)
        #expect(DiscountAdjustment.percent(basisPoints: 1000).minorUnits(of: 655, currency: .eur) == 66, "65.5 cents rounds up")
        #expect(DiscountAdjustment.percent(basisPoints: 1000).minorUnits(of: 654, currency: .eur) == 65, "65.4 cents rounds down")
        #expect(DiscountAdjustment.percent(basisPoints: 1250).minorUnits(of: 590, currency: .eur) == 74, "73.75 cents")
        #expect(DiscountAdjustment.percent(basisPoints: 333).minorUnits(of: 1, currency: .eur) == 0)
        #expect(DiscountAdjustment.percent(basisPoints: 10_000).minorUnits(of: 2400, currency: .eur) == 2400)
    }

    @Test func aDiscountNeverTakesMoreThanItsBase() {
        #expect(DiscountAdjustment.amount(Money(minorUnits: 900, currency: .eur)).minorUnits(of: 650, currency: .eur) == 650)
        #expect(DiscountAdjustment.amount(Money(minorUnits: 100, currency: .eur)).minorUnits(of: 0, currency: .eur) == 0)
        let pricing = DiscountPricing(gross: [650, 590], lineAdjustments: [.percent(basisPoints: 10_000), nil],
                                      orderAdjustment: .amount(Money(minorUnits: 5000, currency: .eur)), currency: .eur)
        #expect(pricing.lines.map(\.net) == [0, 0], "nothing below zero")
        #expect(pricing.total == 0)
    }

    /// Deterministic pseudo-random cases (a linear congruential generator): the same on every run.
    @Test func theSharesOfAnOrderDiscountSumExactlyToItAndStayWithinTheirLines() {
        var seed: UInt64 = 0x5eed
        func next(_ bound: Int64) -> Int64 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int64((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<2000 {
            let weights = (0..<Int(1 + next(6))).map { _ in next(5000) }
            let total = weights.reduce(0, +)
            let amount = total == 0 ? 0 : next(total + 1)
            let parts = DiscountPricing.allocate(amount, over: weights)
            #expect(parts.reduce(0, +) == (total == 0 ? 0 : amount), "weights \(weights), amount \(amount)")
            for (part, weight) in zip(parts, weights) {
                #expect(part >= 0 && part <= weight)
                // Within one minor unit of the exact proportion.
                if total > 0 { #expect(abs(part * total - amount * weight) < total) }
            }
        }
    }

    @Test func linesAfterTheirDiscountsSumToTheTotalOverManyCarts() {
        var seed: UInt64 = 42
        func next(_ bound: Int64) -> Int64 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int64((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<1000 {
            let gross = (0..<Int(1 + next(5))).map { _ in 1 + next(10_000) }
            let lineAdjustments: [DiscountAdjustment?] = gross.map { value in
                switch next(3) {
                case 0: nil
                case 1: .percent(basisPoints: Int(1 + next(10_000)))
                default: .amount(Money(minorUnits: 1 + next(value), currency: .eur))
                }
            }
            let order: DiscountAdjustment? = next(2) == 0 ? .percent(basisPoints: Int(1 + next(10_000))) : nil
            let pricing = DiscountPricing(gross: gross, lineAdjustments: lineAdjustments, orderAdjustment: order, currency: .eur)
            #expect(pricing.total == gross.reduce(0, +) - pricing.lineDiscounts - pricing.orderDiscount)
            #expect(pricing.lines.map(\.orderShare).reduce(0, +) == pricing.orderDiscount)
            #expect(pricing.lines.allSatisfy { $0.net >= 0 })
            if case .percent(let bp) = order {
                let expected = try? Money(minorUnits: pricing.totalBeforeOrderDiscount, currency: .eur).surcharge(basisPoints: bp)
                #expect(expected?.minorUnits == pricing.orderDiscount)
            }
        }
    }

    @Test func whatACashierTypesIsReadAsAPercentageOrAnAmount() throws {
        #expect(try DiscountAdjustment.parse("10%", currency: .eur) == .percent(basisPoints: 1000))
        #expect(try DiscountAdjustment.parse(" 12.5% ", currency: .eur) == .percent(basisPoints: 1250))
        #expect(try DiscountAdjustment.parse("1.50", currency: .eur) == .amount(Money(minorUnits: 150, currency: .eur)))
        #expect(try DiscountAdjustment.parse("1,5", currency: .eur) == .amount(Money(minorUnits: 150, currency: .eur)))
        #expect(throws: MoneyParseError.invalidCharacters) { try DiscountAdjustment.parse("ten", currency: .eur) }
        #expect(throws: MoneyParseError.empty) { try DiscountAdjustment.parse("%", currency: .eur) }
        let base = Money(minorUnits: 650, currency: .eur)
        #expect(throws: DiscountError.percentOutOfRange) { try DiscountAdjustment.percent(basisPoints: 10_001).taken(from: base) }
        #expect(throws: DiscountError.percentOutOfRange) { try DiscountAdjustment.percent(basisPoints: 0).taken(from: base) }
        #expect(throws: DiscountError.amountOverBase(base: base)) { try DiscountAdjustment.amount(Money(minorUnits: 651, currency: .eur)).taken(from: base) }
        #expect(throws: DiscountError.notPositive) { try DiscountAdjustment.amount(Money(minorUnits: 0, currency: .eur)).taken(from: base) }
    }

    @Test func theCeilingIsAShareOfWhatTheDiscountIsGivenOn() {
        let policy = DiscountPolicy(cashierCeilingBasisPoints: 1000)
        #expect(!policy.isAboveCeiling(taking: 65, of: 650), "10 % exactly is within")
        #expect(policy.isAboveCeiling(taking: 66, of: 650))
        #expect(!policy.isAboveCeiling(taking: 0, of: 0))
    }
}
