import Clocks
import Foundation
import PaymentsCore
import Testing

@Suite struct SourceTests {
    private func params(_ type: PaymentMethodType, amount: Int64 = 1_250, currency: Currency = .eur, metadata: [String: String] = [:]) -> SourceParams {
        SourceParams(amount: Money(minorUnits: amount, currency: currency), description: "Manuka honey, 250 g", type: type,
                     flow: type.isWallet ? .qrCode : .inApp, metadata: metadata)
    }

    // No engine: the methods are a list in the code.
    @Test func theCoreListsTheAvailableMethods() throws {
        let world = CommerceTestWorld()
        #expect(world.sources.availableMethods == [.card, .wechatPay, .alipay])
        #expect(world.sources.availableMethods.map(\.displayName) == ["Card", "WeChat Pay", "Alipay"])
    }

    // No engine: the parameters are checked before anything is written.
    @Test func invalidParamsAreRefusedBeforeASourceExists() throws {
        let world = CommerceTestWorld()
        let sources = world.sources
        var bad = params(.card, amount: 0)
        #expect(throws: SourceError.invalidAmount) { try sources.create(bad) }
        bad = params(.card)
        bad.description = "  "
        #expect(throws: SourceError.descriptionRequired) { try sources.create(bad) }
        bad.description = String(repeating: "x", count: 200)
        #expect(throws: SourceError.descriptionTooLong(maximum: 128)) { try sources.create(bad) }
        #expect(throws: SourceError.unsupportedCurrency(type: .wechatPay, currency: "GBP")) { try sources.create(params(.wechatPay, currency: .gbp)) }
        bad = params(.alipay)
        bad.flow = .inApp
        #expect(throws: SourceError.flowNotSupported(type: .alipay, flow: .inApp)) { try sources.create(bad) }
        let tooMuch = Dictionary(uniqueKeysWithValues: (0..<21).map { ("k\($0)", "v") })
        #expect(throws: SourceError.metadataTooLarge) { try sources.create(params(.card, metadata: tooMuch)) }
        #expect(try world.core.store.read { tx in try tx.fetchValue(Int.self, "SELECT count(*) FROM sources") } == 0)
    }

    @Test(arguments: StorageBackend.allCases)
    func aCardSourceIsAuthorisedThenConsumedWhilePolling(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let source = try world.sources.create(params(.card))
        #expect(source.status == .pending)
        let authorised = world.settle { world.sources.authorizeCard(sourceId: source.id, instrument: world.token(), completion: $0) }
        #expect(authorised?.value?.status == .authorized)
        #expect(authorised?.value?.chargeId != nil)
        let outcome = world.settle(after: .seconds(5)) { world.sources.poll(sourceId: source.id, completion: $0) }
        #expect(outcome == .consumed)
        #expect(world.eventTypes(source.id) == ["source.pending", "source.authorized", "source.consumed"])
    }

    @Test(arguments: StorageBackend.allCases)
    func aDeclinedCardFailsTheSource(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let source = try world.sources.create(params(.card))
        let answer = world.settle { world.sources.authorizeCard(sourceId: source.id, instrument: world.token(CommerceTestWorld.decliningCard), completion: $0) }
        #expect(answer?.failure == .paymentDeclined(PaymentDecline(.genericDecline)))
        #expect(try world.sources.sourceStatus(id: source.id) == .failed(reason: "card_declined"))
        #expect(world.settle { world.sources.poll(sourceId: source.id, completion: $0) } == .failed(reason: "card_declined"))
    }

    @Test(arguments: StorageBackend.allCases)
    func aWalletShowsACodeAndIsConsumedAfterTheShopperConfirms(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let source = try world.sources.create(params(.wechatPay, currency: .cny))
        let code = try world.sources.startWalletAuthorization(sourceId: source.id)
        #expect(code == "wechatpay://pay/\(source.id)")
        #expect(try world.sources.sourceStatus(id: source.id) == .awaitingConfirmation(paymentCode: code))
        var outcome: SourcePollOutcome?
        world.sources.poll(sourceId: source.id, every: .seconds(1), timeout: .seconds(30)) { outcome = $0 }
        world.advance(.seconds(4))
        #expect(outcome == nil, "still waiting for the shopper")
        try world.sources.confirmWallet(sourceId: source.id)
        world.advance(.seconds(3))
        #expect(outcome == .consumed)
        #expect(world.eventTypes(source.id) == ["source.pending", "source.awaitingConfirmation", "source.authorized", "source.consumed"])
    }

    @Test(arguments: StorageBackend.allCases)
    func aDeclinedWalletFails(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let source = try world.sources.create(params(.alipay))
        _ = try world.sources.startWalletAuthorization(sourceId: source.id)
        var outcome: SourcePollOutcome?
        world.sources.poll(sourceId: source.id) { outcome = $0 }
        try world.sources.declineWallet(sourceId: source.id)
        world.advance(.seconds(2))
        #expect(outcome == .failed(reason: "declined by the shopper"))
        #expect(throws: SourceError.invalidState(.confirmation)) { try world.sources.confirmWallet(sourceId: source.id) }
    }

    @Test(arguments: StorageBackend.allCases)
    func aPollTimeoutAfterAuthorisationIsPossibleSuccessSettledLater(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let source = try world.sources.create(params(.wechatPay, currency: .cny, metadata: SourceParams.slowWalletMetadata))
        _ = try world.sources.startWalletAuthorization(sourceId: source.id)
        try world.sources.confirmWallet(sourceId: source.id)
        let outcome = world.settle(after: .seconds(31)) { world.sources.poll(sourceId: source.id, every: .seconds(2), timeout: .seconds(30), completion: $0) }
        #expect(outcome == .timedOut(lastStatus: .authorized))
        #expect(outcome?.isPossibleSuccess == true)
        world.advance(.seconds(120))
        #expect(try world.sources.sourceStatus(id: source.id) == .consumed, "asking later settles it")
    }

    @Test(arguments: StorageBackend.allCases)
    func aTimeoutBeforeAuthorisationIsNotPossibleSuccess(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let source = try world.sources.create(params(.alipay))
        _ = try world.sources.startWalletAuthorization(sourceId: source.id)
        let outcome = world.settle(after: .seconds(11)) { world.sources.poll(sourceId: source.id, timeout: .seconds(10), completion: $0) }
        #expect(outcome?.isPossibleSuccess == false)
        if case .timedOut(.awaitingConfirmation) = outcome {} else { Issue.record("expected a timeout while awaiting confirmation, got \(String(describing: outcome))") }
    }

    @Test(arguments: StorageBackend.allCases)
    func stepsThatDoNotFitTheSourceAreRefused(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let card = try world.sources.create(params(.card))
        #expect(throws: SourceError.invalidState(.walletAuthorisation)) { try world.sources.startWalletAuthorization(sourceId: card.id) }
        #expect(throws: SourceError.unknownSource("src_999999")) { try world.sources.sourceStatus(id: "src_999999") }
        let wallet = try world.sources.create(params(.alipay))
        let answer = world.settle { world.sources.authorizeCard(sourceId: wallet.id, instrument: world.token(), completion: $0) }
        #expect(answer?.failure == .invalidState(.cardAuthorisation))
    }
}
