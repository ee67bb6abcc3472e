import CheckoutKit
import Clocks
import PaymentsCore
import Testing

/// Seed 003 against the real core: the sheet (`ExpressSheetSession`) calls the express checkout
/// controller; each status is reached, and a good card is charged through the core.
@Suite struct ExpressCheckoutControllerTests {
    static let visa = ExpressPaymentMethod(displayName: "Visa 4242", network: "Visa", type: .debit)
    static let amex = ExpressPaymentMethod(displayName: "Amex 0005", network: "Amex", type: .credit)
    static let berlin = Contact(name: "Ada Lovelace", email: "ada@example.com", phone: "+49 30 1234567",
                                postalAddress: PostalAddress(street: "Unter den Linden 1", city: "Berlin", region: "Berlin", postcode: "10117", countryCode: "DE"))

    /// One test's counter: its world on the engine, and the reporter of the sheet's contract.
    struct Counter {
        let world: CoreWorld
        let reporter = RecordingViolationReporter()

        init(_ engine: ControllerEngine) throws { world = try CoreWorld(engine) }

        /// The sheet on two jars of acacia, billed to Berlin.
        func open(goods: Int64 = 1_300) -> (ExpressSheetSession, ExpressCheckoutController) {
            let controller = world.services.expressCheckout(paymentMethod: ExpressCheckoutControllerTests.visa,
                                                            goods: [SummaryItem(label: "Acacia honey x2", amount: Money(minorUnits: goods, currency: .eur))])
            let sheet = ExpressSheetSession(request: controller.makeRequest(billingContact: ExpressCheckoutControllerTests.berlin),
                                            delegate: controller, reporter: reporter)
            return (sheet, controller)
        }
    }

    func contact(country: String, postcode: String = "10117", name: String = "Ada Lovelace", email: String = "ada@example.com",
                 phone: String = "+49 30 1234567", street: String = "Unter den Linden 1") -> Contact {
        Contact(name: name, email: email, phone: phone,
                postalAddress: PostalAddress(street: street, city: "Somewhere", region: "", postcode: postcode, countryCode: country))
    }

    @Test(arguments: ControllerEngine.allCases)
    func shippingMethodsFollowTheContactsCountry(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        let (sheet, _) = counter.open()
        #expect(sheet.shippingMethods.map(\.id) == ["domestic-standard", "domestic-express"])
        #expect(sheet.total?.amount == Money(minorUnits: 1_300 + 490, currency: .eur))
        sheet.selectShippingContact(contact(country: "FR", postcode: "75001"))
        #expect(sheet.lastStatus == .success)
        #expect(sheet.shippingMethods.map(\.id) == ["eu-standard", "eu-express"])
        #expect(sheet.total?.amount == Money(minorUnits: 1_300 + 890, currency: .eur))
        sheet.selectShippingMethod(sheet.shippingMethods[1])
        #expect(sheet.total?.amount == Money(minorUnits: 1_300 + 1_990, currency: .eur))
        sheet.selectShippingContact(contact(country: "US", postcode: "94103"))
        #expect(sheet.shippingMethods.map(\.id) == ["world-standard"])
        #expect(sheet.summaryItems.contains { $0.kind == .pending && $0.caption == .importDuties })
        #expect(sheet.total?.kind == .pending)
        #expect(sheet.total?.caption == .given("Honey Store"))
        #expect(counter.reporter.violations.isEmpty)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aCountryWeDoNotShipToIsAnInvalidShippingAddress(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        let (sheet, controller) = counter.open()
        sheet.selectShippingContact(contact(country: "KP", postcode: "1000"))
        #expect(sheet.lastStatus == .invalidShippingPostalAddress)
        #expect(sheet.shippingMethods.isEmpty)
        #expect(controller.failure == .notShippedTo(country: "KP"))
        sheet.selectShippingContact(contact(country: "DE", postcode: "ABC"))
        #expect(sheet.lastStatus == .invalidShippingPostalAddress)
    }

    @Test(arguments: ControllerEngine.allCases)
    func anAmexCardAddsItsSurcharge(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        let (sheet, _) = counter.open()
        sheet.selectPaymentMethod(Self.amex)
        // 2.5 % of (13.00 + 4.90) = 44.75 cents -> 45 cents.
        #expect(sheet.summaryItems.contains(SummaryItem(caption: .surcharge(network: "Amex"), amount: Money(minorUnits: 45, currency: .eur))))
        #expect(sheet.total?.amount == Money(minorUnits: 1_790 + 45, currency: .eur))
        sheet.selectPaymentMethod(Self.visa)
        #expect(sheet.total?.amount == Money(minorUnits: 1_790, currency: .eur))
    }

    @Test(arguments: ControllerEngine.allCases, [
        (AuthorizationStatus.invalidShippingContact, ContactField.name),
        (.invalidShippingContact, .email),
        (.invalidShippingContact, .phone),
        (.invalidShippingPostalAddress, .street),
        (.invalidBillingPostalAddress, .postcode),
    ])
    func eachAddressProblemHasItsStatus(_ engine: ControllerEngine, _ problem: (status: AuthorizationStatus, field: ContactField)) throws {
        let (status, field) = problem
        let counter = try Counter(engine)
        let (sheet, _) = counter.open()
        var shipping = Self.berlin
        var billing = Self.berlin
        switch field {
        case .name: shipping.name = " "
        case .email: shipping.email = "ada"
        case .phone: shipping.phone = ""
        case .street: shipping.postalAddress.street = ""
        default: billing.postalAddress.postcode = ""
        }
        sheet.selectShippingContact(shipping)
        sheet.changeBillingContact(billing)
        sheet.authorize(token: counter.world.newCard().vaultToken!)
        counter.world.advance()
        #expect(sheet.lastStatus == status)
        #expect(sheet.fieldErrors.map(\.field) == [field])
        #expect(sheet.phase == .open, "the customer fixes the address or cancels")
    }

    @Test(arguments: ControllerEngine.allCases)
    func aDeclinedCardIsAFailureAndAGoodOneIsChargedOnce(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        let (sheet, controller) = counter.open()
        sheet.selectShippingContact(Self.berlin)
        sheet.authorize(token: counter.world.newCard("4000000000000002").vaultToken!)
        counter.world.advance()
        #expect(sheet.lastStatus == .failure)
        #expect(controller.failure == .card(.declined))
        #expect(sheet.phase == .open)
        // A failed charge frees the attempt: the same sheet can pay with another card.
        sheet.authorize(token: counter.world.newCard().vaultToken!)
        counter.world.advance()
        #expect(sheet.lastStatus == .success)
        #expect(sheet.phase == .finished(authorized: true))
        #expect(controller.isFinished)
        let charge = try #require(controller.charge)
        #expect(charge.status == .succeeded)
        #expect(charge.amount == Money(minorUnits: 1_790, currency: .eur))
        #expect(counter.reporter.violations.isEmpty)
    }

    @Test(arguments: ControllerEngine.allCases)
    func aCardThatWantsAChallengeFailsOnTheSheetAndLeavesNothingPending(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        let (sheet, controller) = counter.open()
        sheet.selectShippingContact(Self.berlin)
        sheet.authorize(token: counter.world.newCard(CoreWorld.challengeAlways).vaultToken!)
        counter.world.advance()
        #expect(sheet.lastStatus == .failure)
        #expect(controller.failure == .securityCheckNotShown)
        #expect(controller.charge == nil)
    }

    @Test(arguments: ControllerEngine.allCases)
    func cancellingFinishesTheSheetWithoutACharge(_ engine: ControllerEngine) throws {
        let counter = try Counter(engine)
        let (sheet, controller) = counter.open()
        sheet.cancel()
        #expect(controller.isFinished)
        #expect(controller.charge == nil)
        #expect(sheet.finishCount == 1)
    }
}
