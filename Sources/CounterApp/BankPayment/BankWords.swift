import CheckoutKit
import PaymentsCore

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
        case .executed: Explanation(title: "Paid: the bank confirmed the payment", detail: "The money is on its way to the store.",
                                    next: "Nothing more to do. s shows its status.", isGood: true)
        case .authorized: Explanation(title: "Authorised with your bank", detail: "The bank will execute the payment shortly.",
                                      next: "Nothing more to do. s follows the payment.", isGood: true)
        case .redirect: Explanation(title: "Finish at your bank", detail: "You went to your bank's site to approve the payment.",
                                    next: "Approve it there, then press r here to see where it stands.", isGood: true)
        case .settled: Explanation(title: "Paid and settled", detail: "The money has reached the store.",
                                   next: "Nothing more to do.", isGood: true)
        case .wait: Explanation(title: "Waiting for your bank", detail: "The approval is still pending in your bank's app or with the bank.",
                                next: "Approve in your bank's app if it asks; s follows the payment. Do not pay again.", isGood: true)
        }
    }

    static func explain(_ state: Mandate.State) -> Explanation {
        switch state {
        case .authorized: Explanation(title: "Mandate set up", detail: "Your bank will pay the subscription's renewals.",
                                      next: "n draws a renewal now, x revokes the mandate, s shows its status.", isGood: true)
        case .redirect: Explanation(title: "Finish the mandate at your bank", detail: "The bank has not confirmed the mandate yet.",
                                    next: "Approve it at your bank, then press r here or s to follow it.", isGood: true)
        }
    }

    static func explain(_ error: SinglePayment.Error) -> Explanation {
        switch error {
        case .authorizationFailed: bad("Your bank did not authorise the payment", "It was declined on the bank's side, or its sign-in failed.",
                                       "Nothing was taken. Try again, or choose another bank.")
        case .connectionIssues: bad("Could not reach the bank", "The bank is offline or did not answer in time.",
                                    "Nothing was taken. Try again later, or choose another bank.")
        case .generic(let reason): bad("The bank payment could not go ahead", "The reason given: \(reason).",
                                       "Choose another country or way to pay.")
        case .invalidToken: bad("This payment link is not valid", "The payment's token does not allow this.",
                                "Start the payment again from the checkout.")
        case .paymentExpired: bad("The payment expired", "It was not approved in time.",
                                  "Nothing was taken. Start again and approve at your bank straight away.")
        case .paymentNotFound: bad("The bank does not know this payment", "It may have been cancelled or never created.",
                                   "Start the payment again from the checkout.")
        case .paymentRejected: bad("Your bank rejected the payment", "Funds, limits or the bank's checks stopped it.",
                                   "Nothing was taken. Choose another bank or way to pay.")
        case .sdkNotConfigured: bad("Bank payments are not set up on this counter", "The payments manager was not configured.",
                                    "Ask staff for help, or pay another way.")
        case .serverError: bad("The bank had a problem", "Its server failed while answering.",
                               "Nothing was taken. Try again in a moment, or choose another bank.")
        case .unexpectedBehaviour: bad("Something unexpected happened", "The bank's answer made no sense here.",
                                       "Check the status before paying again (s).")
        case .userCanceled: bad("You cancelled the payment", "Nothing was taken.",
                                "Start again when you are ready, or pay another way.")
        }
    }

    static func explain(_ error: Mandate.Error) -> Explanation {
        switch error {
        case .authorizationFailed: explain(SinglePayment.Error.authorizationFailed).renamed("Your bank did not authorise the mandate")
        case .connectionIssues: explain(SinglePayment.Error.connectionIssues)
        case .generic(let reason): explain(SinglePayment.Error.generic(reason: reason)).renamed("The mandate could not be set up")
        case .invalidToken: explain(SinglePayment.Error.invalidToken).renamed("This mandate link is not valid")
        case .mandateExpired: bad("The mandate expired", "It was not approved in time.", "Start again and approve at your bank straight away.")
        case .mandateNotFound: bad("The bank does not know this mandate", "It may have been cancelled or never created.",
                                   "Set up the mandate again.")
        case .mandateRejected: bad("Your bank rejected the mandate", "The bank's checks stopped it.", "Choose another bank, or pay by card.")
        case .sdkNotConfigured: explain(SinglePayment.Error.sdkNotConfigured)
        case .serverError: explain(SinglePayment.Error.serverError)
        case .unexpectedBehaviour: explain(SinglePayment.Error.unexpectedBehaviour)
        case .userCanceled: bad("You cancelled the mandate", "No mandate was set up.", "Start again when you are ready.")
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

    static func renewalRefusal(_ error: BankError) -> String {
        switch error {
        case .mandateRejected: "the mandate is revoked or was rejected."
        case .generic(let reason): reason + "."
        case .unexpectedBehaviour: "the mandate is not authorised."
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
