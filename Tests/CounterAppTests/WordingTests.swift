import CheckoutKit
import CounterApp
import Localization
import PaymentsCore
import Testing

/// The words for the core's values: the core says what happened, the screens say it, in the
/// shopper's language (these checks used to sit beside the core's own tests, when the core
/// carried its texts).
@Suite struct WordingTests {
    @Test func cardNumberMessagesNameTheBrandAndLengths() {
        #expect(CardNumberError.wrongLength(brand: .visa).message == "A Visa number has 13, 16 or 19 digits.")
        #expect(CardNumberError.tooShort(brand: .amex).message.contains("15 digits"))
        #expect(CardNumberError.tooLong(brand: .jcb).message.contains("16 to 19 digits"))
    }

    @Test func aWholeFormSaysEachFieldsProblem() {
        let errors = CardValidationErrors(number: .failedChecksum, expiry: .monthOutOfRange, cvc: .wrongLength(expected: 4), holder: .empty)
        #expect(errors.messages.count == 4)
    }

    /// A subscription's refused first payment carries its decline: a refusal before the card was
    /// asked says its own cause (it used to read "Your card was declined" for any code it did not
    /// know), and a security check is said as the checkout says it.
    @Test func aSubscriptionsRefusedFirstPaymentSaysItsCause() {
        let locked = Refusal(SubscriptionError.paymentFailed(PaymentDecline(ChargeError.paymentsLocked))).message
        #expect(locked == ChargeError.paymentsLocked.message)
        #expect(!locked.contains("declined"))
        #expect(Refusal(SubscriptionError.paymentFailed(PaymentDecline(.insufficientFunds))) == .cardCharge(.insufficientFunds))
        #expect(Refusal(SubscriptionError.paymentFailed(PaymentDecline(code: "authentication_required", cause: .securityCheckRequired)))
            == .cardCharge(.authenticationRequired))
        #expect(Refusal(SubscriptionError.paymentFailed(PaymentDecline(code: "authentication_cancelled", cause: .securityCheckCancelled)))
            == .cardCharge(.authenticationCancelled))
        #expect(SubscriptionError.mandatePaymentFailed(.mandateRejected).message
            == "The first payment did not go through: the mandate is revoked or was rejected.")
    }

    @Test func swipeMessagesAreForShoppers() {
        #expect(TrackDataError.missingEndSentinel.message == "The swipe was cut short. Swipe again, a little slower.")
    }

    @Test func thePasswordRuleIsShownBeforeTheShopperTypes() {
        #expect(PasswordPolicy().description == "At least 8 characters, with a letter and a digit.")
        #expect(CustomerError.passwordTooWeak(policy: PasswordPolicy()).message
            == "Choose a stronger password: At least 8 characters, with a letter and a digit.")
    }

    @Test func amountsAreWrittenInTheShoppersLanguage() {
        Language.$current.withValue(.simplifiedChinese) {
            #expect(Money(minorUnits: 123_450, currency: .usd).formatted() == "US$1,234.50")
            #expect(Money(minorUnits: 1250, currency: .cny).formatted() == "¥12.50")
            #expect(Money(minorUnits: 1200, currency: .jpy).formatted() == "JP¥1,200")
            #expect(Money(minorUnits: 1250, currency: .eur).formatted() == "€12.50")
        }
        #expect(Money(minorUnits: 1250, currency: .cny).formatted() == "CN¥12.50")
        #expect(Money(minorUnits: 1_234_567, currency: .kwd).formatted() == "1,234.567 KWD")
    }

    @Test func theBankReasonsTheCounterWritesAreTranslated() {
        #expect(BankReasonText.shown(BankError.exceedsMandate) == "amount exceeds the mandate")
        #expect(BankReasonText.shown("ledger locked") == "ledger locked")
        Language.$current.withValue(.simplifiedChinese) {
            #expect(BankReasonText.shown(BankError.exceedsMandate) == tr("amount exceeds the mandate"))
            #expect(BankReasonText.shown("no banks available for DE") == tr("no banks available for {0}", tr("DE")))
        }
    }
}

/// Every decline has its own sentence, without the acquirer's codes.
@Suite struct DeclineWordingTests {
    @Test(arguments: [CardChargeFailure.declined, .insufficientFunds, .lostCard, .expiredCard, .incorrectCVC, .processingError])
    func eachDeclineHasItsMessage(failure: CardChargeFailure) {
        #expect(StoreError.checkoutFailed(failure).message == failure.shopperMessage)
        #expect(!failure.shopperMessage.isEmpty && !failure.shopperMessage.contains("_"))
    }

    @Test func theExpressSheetSaysWhereItDoesNotShip() {
        #expect(ExpressFailure.notShippedTo(country: "KP").message == "We do not ship to KP.")
        #expect(ExpressFailure.securityCheckNotShown.message.contains("security check"))
        #expect(SummaryItem(caption: .importDuties, amount: .zero(.eur), kind: .pending).label.contains("duties"))
    }
}
