import CheckoutKit
import Localization

/// Seed 004's states, statuses and errors in plain words, each with what to do next.
enum BankWords {
    struct Explanation: Equatable {
        var title: String
        var detail: String
        var next: String
        var isGood: Bool
    }

    static func explain(_ state: SinglePayment.State) -> Explanation {
        switch state {
        case .executed: Explanation(title: tr("Paid: the bank confirmed the payment"), detail: tr("The money is on its way to the store."),
                                    next: tr("Nothing more to do. s shows its status."), isGood: true)
        case .authorized: Explanation(title: tr("Authorised with your bank"), detail: tr("The bank will execute the payment shortly."),
                                      next: tr("Nothing more to do. s follows the payment."), isGood: true)
        case .redirect: Explanation(title: tr("Finish at your bank"), detail: tr("You went to your bank's site to approve the payment."),
                                    next: tr("Approve it there, then press r here to see where it stands."), isGood: true)
        case .settled: Explanation(title: tr("Paid and settled"), detail: tr("The money has reached the store."),
                                   next: tr("Nothing more to do."), isGood: true)
        case .wait: Explanation(title: tr("Waiting for your bank"), detail: tr("The approval is still pending in your bank's app or with the bank."),
                                next: tr("Approve in your bank's app if it asks; s follows the payment. Do not pay again."), isGood: true)
        }
    }

    /// A mandate set up at the checkout that paid the cart's order: the order is what was bought.
    static func paidByMandate(order: String, amount: Money) -> Explanation {
        Explanation(title: tr("Paid from the mandate: order {0}", order), detail: tr("Your bank pays {0} for the order from the mandate.", amount.formatted()),
                    next: tr("Nothing more to do. x revokes the mandate, s shows its status."), isGood: true)
    }

    static func explain(_ state: Mandate.State) -> Explanation {
        switch state {
        case .authorized: Explanation(title: tr("Mandate set up"), detail: tr("Your bank will pay the subscription's renewals."),
                                      next: tr("x revokes the mandate, s shows its status."), isGood: true)
        case .redirect: Explanation(title: tr("Finish the mandate at your bank"), detail: tr("The bank has not confirmed the mandate yet."),
                                    next: tr("Approve it at your bank, then press r here or s to follow it."), isGood: true)
        }
    }

    /// A bank error explained for what failed: a payment or a mandate (one error enum serves both;
    /// a few cases are said differently for a mandate).
    static func explain(_ error: BankError, for kind: BankResource.Kind) -> Explanation {
        kind == .mandate ? explainMandate(error) : explainPayment(error)
    }

    private static func explainPayment(_ error: BankError) -> Explanation {
        switch error {
        case .authorizationFailed: bad(tr("Your bank did not authorise the payment"), tr("It was declined on the bank's side, or its sign-in failed."),
                                       tr("Nothing was taken. Try again, or choose another bank."))
        case .connectionIssues: bad(tr("Could not reach the bank"), tr("The bank is offline or did not answer in time."),
                                    tr("Nothing was taken. Try again later, or choose another bank."))
        case .generic(let reason): bad(tr("The bank payment could not go ahead"), tr("The reason given: {0}.", BankReasonText.shown(reason)),
                                       tr("Choose another country or way to pay."))
        case .invalidToken: bad(tr("This payment link is not valid"), tr("The payment's token does not allow this."),
                                tr("Start the payment again from the checkout."))
        case .paymentExpired: bad(tr("The payment expired"), tr("It was not approved in time."),
                                  tr("Nothing was taken. Start again and approve at your bank straight away."))
        case .paymentNotFound: bad(tr("The bank does not know this payment"), tr("It may have been cancelled or never created."),
                                   tr("Start the payment again from the checkout."))
        case .paymentRejected: bad(tr("Your bank rejected the payment"), tr("Funds, limits or the bank's checks stopped it."),
                                   tr("Nothing was taken. Choose another bank or way to pay."))
        case .sdkNotConfigured: bad(tr("Bank payments are not set up on this counter"), tr("The payments manager was not configured."),
                                    tr("Ask staff for help, or pay another way."))
        case .serverError: bad(tr("The bank had a problem"), tr("Its server failed while answering."),
                               tr("Nothing was taken. Try again in a moment, or choose another bank."))
        case .unexpectedBehaviour: bad(tr("Something unexpected happened"), tr("The bank's answer made no sense here."),
                                       tr("Check the status before paying again (s)."))
        case .userCanceled: bad(tr("You cancelled the payment"), tr("Nothing was taken."),
                                tr("Start again when you are ready, or pay another way."))
        // A mandate's own failures never reach a payment; said as the mandate's if they did.
        case .mandateExpired, .mandateNotFound, .mandateRejected: explainMandate(error)
        }
    }

    private static func explainMandate(_ error: BankError) -> Explanation {
        switch error {
        case .authorizationFailed: explainPayment(.authorizationFailed).renamed(tr("Your bank did not authorise the mandate"))
        case .connectionIssues: explainPayment(.connectionIssues)
        case .generic(let reason): explainPayment(.generic(reason: reason)).renamed(tr("The mandate could not be set up"))
        case .invalidToken: explainPayment(.invalidToken).renamed(tr("This mandate link is not valid"))
        case .mandateExpired: bad(tr("The mandate expired"), tr("It was not approved in time."), tr("Start again and approve at your bank straight away."))
        case .mandateNotFound: bad(tr("The bank does not know this mandate"), tr("It may have been cancelled or never created."),
                                   tr("Set up the mandate again."))
        case .mandateRejected: bad(tr("Your bank rejected the mandate"), tr("The bank's checks stopped it."), tr("Choose another bank, or pay by card."))
        case .sdkNotConfigured: explainPayment(.sdkNotConfigured)
        case .serverError: explainPayment(.serverError)
        case .unexpectedBehaviour: explainPayment(.unexpectedBehaviour)
        case .userCanceled: bad(tr("You cancelled the mandate"), tr("No mandate was set up."), tr("Start again when you are ready."))
        // A payment's own failures never reach a mandate; said as the payment's if they did.
        case .paymentExpired, .paymentNotFound, .paymentRejected: explainPayment(error)
        }
    }

    /// A status as the status screen lists it (a catalogue key: translated where shown).
    static func word(_ status: BankPaymentFeature.Status) -> String {
        switch status {
        case .payment(let status): word(status)
        case .mandate(let status): word(status)
        }
    }

    /// Why the bank could not say where a payment or mandate stands, in a line.
    static func title(_ problem: BankPaymentFeature.StatusProblem) -> String {
        switch problem {
        case .payment(let error): explain(error, for: .singlePayment).title
        case .mandate(let error): explain(error, for: .mandate).title
        }
    }

    static func word(_ status: SinglePayment.Status) -> String {
        switch status {
        case .authorizationRequired: "authorisation required"
        case .authorizing: "authorising"
        case .authorized: "authorised"
        case .executed: "executed"
        case .settled: "settled"
        case .failed: "failed"
        }
    }

    static func word(_ status: Mandate.Status) -> String {
        switch status {
        case .authorizationRequired: "authorisation required"
        case .authorizing: "authorising"
        case .authorized: "authorised"
        case .revoked: "revoked"
        case .failed: "failed"
        }
    }

    static func words(_ waiting: BankPaymentFeature.Waiting) -> String {
        switch waiting {
        case .contactingTheBank: tr("Contacting the bank…")
        case .pageTimedOut: tr("The bank page timed out…")
        case .cancelling: tr("Cancelling…")
        case .waitingForTheBank: tr("Waiting for the bank…")
        case .askingWhereItStands: tr("Asking the bank where it stands…")
        }
    }

    /// Under "Waiting for the bank…": what leaving now means for the money.
    /// An order's number is what a guest can ask the shop about (a guest has no Account → Orders).
    static func leavingWhileTheBankDecides(_ kind: BankPaymentFeature.Kind, reference: String) -> String {
        switch kind {
        case .payment where reference != "cart":
            tr("Your bank has your answer and decides now. You may leave this screen: if the bank approves, order {0} is paid; if not, it is cancelled and nothing is taken. Account → Orders, or the shop, can tell you which.", reference)
        case .payment: tr("Your bank has your answer and decides now. You may leave this screen: if the bank approves, the order is paid; if not, it is cancelled and nothing is taken. Account → Orders shows which.")
        case .mandate: tr("Your bank has your answer and decides now. You may leave this screen: if the bank approves, the mandate is set up; if not, nothing is.")
        }
    }

    /// The counter's notice after leaving a bank payment before its answer.
    static func leftBeforeTheAnswer(order: String?) -> String {
        guard let order else { return tr("Your bank has not answered: the order is paid only if it approves.") }
        return tr("Your bank has not answered: order {0} is paid only if it approves.", order)
    }

    static func words(_ reason: BankPaymentFeature.NotStarted) -> String {
        switch reason {
        case let .order(error): StoreError(error).message
        case let .notCreated(detail): tr("The store could not create the bank payment: {0}.", detail)
        }
    }

    static func words(_ note: BankPaymentFeature.MandateNote) -> String {
        switch note {
        case let .orderNotPlaced(error): StoreError(error).message
        case let .drawRefused(error): tr("The mandate did not pay the order: {0}", renewalRefusal(error))
        case .revoked: tr("Mandate revoked: no renewal can draw on it any more.")
        case let .revokeRefused(error): tr("The mandate could not be revoked: {0}", renewalRefusal(error))
        }
    }

    static func renewalRefusal(_ error: BankError) -> String {
        switch error {
        case .mandateRejected: tr("the mandate is revoked or was rejected.")
        case .generic(let reason): tr("{0}.", BankReasonText.shown(reason))
        case .unexpectedBehaviour: tr("the mandate is not authorised.")
        default: error.code + "."
        }
    }

    private static func bad(_ title: String, _ detail: String, _ next: String) -> Explanation {
        Explanation(title: title, detail: detail, next: next, isGood: false)
    }
}

private extension BankWords.Explanation {
    func renamed(_ title: String) -> Self {
        var copy = self
        copy.title = title
        return copy
    }
}
