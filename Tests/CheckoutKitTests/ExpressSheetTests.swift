import struct PaymentsCore.Money
import struct PaymentsCore.Currency
import enum PaymentsCore.MoneyError
import CheckoutKit
import Testing

/// Seed 003: `ExpressSheetSession` (the sheet's side) driven with a stand-in app.
@Suite struct ExpressSheetTests {
    let app = SheetApp()
    let violations = RecordingViolationReporter()

    func makeSheet() -> ExpressSheetSession {
        ExpressSheetSession(request: SheetFixtures.request(), delegate: app, reporter: violations)
    }

    // MARK: - Summary items

    @Test func summaryItemsEndWithTheTotalLabelledWithTheMerchant() {
        let items = SheetFixtures.items(surcharge: 150)
        #expect(items.last == SummaryItem(label: "Honey Store", amount: Money(minorUnits: 2_400, currency: .gbp), kind: .final))
        let pending = SummaryItem.withTotal([SummaryItem(label: "Courier", amount: Money(minorUnits: 0, currency: .gbp), kind: .pending)],
                                            merchantName: "Honey Store", currency: .gbp)
        #expect(pending?.last?.kind == .pending)
        #expect(SummaryItem.withTotal([SummaryItem(label: "x", amount: Money(minorUnits: 1, currency: .eur))], merchantName: "M", currency: .gbp) == nil)
        #expect(SummaryItem.problem(in: items, merchantName: "Honey Store") == nil)
        #expect(SummaryItem.problem(in: Array(items.dropLast()), merchantName: "Honey Store") != nil)
        #expect(SummaryItem.problem(in: [], merchantName: "Honey Store") != nil)
    }

    // MARK: - Anonymised contact

    @Test func theShippingContactIsAnonymisedUntilAuthorised() {
        let sheet = makeSheet()
        sheet.selectShippingContact(SheetFixtures.ada)
        #expect(app.contactsSeen == [AnonymizedContact(city: "London", region: "Greater London", postcode: "SW1Y 4JH", countryCode: "GB")])
        // The type has no name, street, e-mail or phone: nothing to leak.
        let mirrorLabels = Mirror(reflecting: app.contactsSeen[0]).children.compactMap(\.label)
        #expect(mirrorLabels == ["city", "region", "postcode", "countryCode"])
        app.answerNext()
        sheet.authorize(token: "tok_1")
        #expect(app.authorizedPayments.first?.shippingContact == SheetFixtures.ada) // full contact once authorised
        #expect(app.authorizedPayments.first?.billingContact == SheetFixtures.ada)
    }

    // MARK: - Every status

    @Test(arguments: AuthorizationStatus.allCases)
    func didAuthorizeStatus(_ status: AuthorizationStatus) {
        let errors: [FieldError] = status == .invalidShippingPostalAddress
            ? [FieldError(contact: .shipping, field: .postcode, problem: .postcodeInvalid(country: "XX"))] : []
        app.authorization = AuthorizationResult(status: status, errors: errors)
        let sheet = makeSheet()
        sheet.authorize(token: "tok_1")
        #expect(app.log == ["willAuthorizePayment", "didAuthorizePayment"])
        #expect(sheet.phase == .authorizing)
        app.answerNext()
        #expect(sheet.lastStatus == status)
        #expect(sheet.fieldErrors == errors)
        if status == .success {
            #expect(sheet.phase == .finished(authorized: true))
            #expect(app.log.last == "didFinish")
        } else {
            #expect(sheet.phase == .open) // the customer can fix it and try again, or cancel
            #expect(!app.log.contains("didFinish"))
        }
        #expect(violations.violations.isEmpty)
    }

    @Test(arguments: AuthorizationStatus.allCases)
    func shippingMethodAndContactStatuses(_ status: AuthorizationStatus) {
        app.answersImmediately = true
        app.shippingMethodStatus = status
        let sheet = makeSheet()
        sheet.selectShippingMethod(SheetFixtures.express)
        #expect(sheet.lastStatus == status)
        #expect(sheet.total?.amount == Money(minorUnits: 3_000, currency: .gbp))

        app.contactStatus = status
        app.methodsForContact = { $0.countryCode == "GB" ? [SheetFixtures.standard] : [] }
        sheet.selectShippingContact(SheetFixtures.ada)
        #expect(sheet.lastStatus == status)
        #expect(sheet.shippingMethods == [SheetFixtures.standard])
        #expect(sheet.selectedShippingMethod == SheetFixtures.standard)
    }

    @Test func aNewCardUpdatesTheSummaryWithItsSurcharge() {
        app.answersImmediately = true
        app.itemsForPaymentMethod = { SheetFixtures.items(surcharge: $0.network == "amex" ? 150 : 0) }
        let sheet = makeSheet()
        sheet.selectPaymentMethod(SheetFixtures.amex)
        #expect(sheet.summaryItems.map(\.caption) == [.given("Acacia honey x2"), .given("Shipping"), .given("Card surcharge"), .given("Honey Store")])
        #expect(sheet.total?.amount.minorUnits == 2_400)
        #expect(sheet.paymentMethod == SheetFixtures.amex)
    }

    // MARK: - One callback at a time (fails if the sheet sends a second while one is unanswered)

    @Test func ruleOneCallbackAtATime() {
        let sheet = makeSheet()
        sheet.selectPaymentMethod(SheetFixtures.amex)
        sheet.selectShippingMethod(SheetFixtures.express)
        sheet.selectShippingContact(SheetFixtures.ada)
        #expect(app.log == ["didSelectPaymentMethod(amex)"])
        #expect(sheet.gate.unanswered == "didSelectPaymentMethod")
        #expect(sheet.gate.queued == ["didSelectShippingMethod", "didSelectShippingContact"])
        app.answerNext()
        #expect(app.log == ["didSelectPaymentMethod(amex)", "didSelectShippingMethod(express)"])
        app.answerNext()
        app.answerNext()
        #expect(app.log.count == 3)
        #expect(app.maxUnansweredAtOnce == 1)
        #expect(sheet.gate.maxUnansweredAtOnce == 1)
        #expect(violations.violations.isEmpty)
    }

    @Test func authorisingWaitsForTheUnansweredCallback() {
        let sheet = makeSheet()
        sheet.selectShippingContact(SheetFixtures.ada)
        sheet.authorize(token: "tok_1")
        #expect(app.log == ["didSelectShippingContact(GB)"])
        app.answerNext()
        #expect(app.log == ["didSelectShippingContact(GB)", "willAuthorizePayment", "didAuthorizePayment"])
        #expect(app.maxUnansweredAtOnce == 1)
    }

    @Test func theGateReportsASheetThatSkipsTheQueue() {
        let gate = CallbackGate(reporter: violations)
        gate.enter("didSelectShippingMethod")
        gate.enter("didSelectPaymentMethod") // a broken sheet: no wait
        #expect(violations.rules() == [.overlappingCallback])
        #expect(gate.maxUnansweredAtOnce == 2)
    }

    // MARK: - Cancel at any time, didFinish exactly once, late completions ignored

    @Test func cancelWhileACallbackIsUnansweredFinishesAtOnce() {
        let sheet = makeSheet()
        sheet.selectShippingMethod(SheetFixtures.express)
        sheet.selectPaymentMethod(SheetFixtures.amex) // queued
        sheet.cancel()
        #expect(app.log == ["didSelectShippingMethod(express)", "didFinish"])
        #expect(sheet.phase == .finished(authorized: false))
        let itemsAtCancel = sheet.summaryItems
        app.answerNext() // a late completion
        #expect(sheet.summaryItems == itemsAtCancel)
        #expect(app.log == ["didSelectShippingMethod(express)", "didFinish"]) // the queued one never went out
        sheet.cancel()
        #expect(sheet.finishCount == 1)
        #expect(violations.violations.isEmpty)
    }

    @Test func cancelDuringAuthorisationAndAfterIt() {
        let sheet = makeSheet()
        sheet.authorize(token: "tok_1")
        sheet.cancel()
        app.answerNext()
        #expect(sheet.phase == .finished(authorized: false))
        #expect(app.log.filter { $0 == "didFinish" }.count == 1)

        let app2 = SheetApp()
        app2.answersImmediately = true
        let done = ExpressSheetSession(request: SheetFixtures.request(), delegate: app2, reporter: violations)
        done.authorize(token: "tok_2")
        done.cancel()
        done.selectPaymentMethod(SheetFixtures.amex)
        #expect(app2.log == ["willAuthorizePayment", "didAuthorizePayment", "didFinish"])
        #expect(violations.violations.isEmpty)
    }

    @Test func cancelWithNothingUnansweredFinishes() {
        let sheet = makeSheet()
        sheet.cancel()
        #expect(app.log == ["didFinish"])
    }

    // MARK: - Completion guards on the delegate's side

    @Test func ruleADelegateThatNeverAnswersIsReported() {
        do {
            let sheet = makeSheet()
            sheet.selectPaymentMethod(SheetFixtures.amex)
            // the stand-in drops its held completions:
            app.dropUnanswered()
            _ = sheet
        }
        #expect(violations.rules() == [.neverCalled])
    }

    @Test func ruleSummaryItemsWithoutTheMerchantTotalAreReported() {
        app.answersImmediately = true
        app.itemsForPaymentMethod = { _ in [SummaryItem(label: "Total", amount: Money(minorUnits: 1, currency: .gbp))] }
        let sheet = makeSheet()
        sheet.selectPaymentMethod(SheetFixtures.amex)
        #expect(violations.rules() == [.malformedValue])
    }
}
