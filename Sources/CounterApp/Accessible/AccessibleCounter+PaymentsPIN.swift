import CheckoutKit
import Localization
import TerminalUI

/// The payments PIN as lines, through the PIN screen's feature: its checks as each answer leaves
/// its field, the core's answer at the field it is about (a wrong current PIN counts toward the
/// unlock's lockout, which says until when), and the account menu's words when it is done.
extension AccessibleCounter {
    /// One round of the payments PIN asked before locked saved cards are used (the screens'
    /// `PaymentsUnlockFeature`, fed through `send`): its refusal or `prompt` said, the PIN asked;
    /// an empty answer goes back. `typed` reads what the field kept.
    func unlockSavedCards(_ unlock: PaymentsUnlockFeature.State, prompt: String, typed: () -> String?,
                          send: (PaymentsUnlockFeature.Action) -> Void) throws {
        say(unlock.pin.problem?.message ?? prompt)
        let pin = try askSecret(tr("Your payments PIN (empty to go back):"))
        guard !pin.isEmpty else { return send(.delegate(.cancelled)) }
        send(.typed(.control("u")))
        send(.pasted(pin))
        // The field keeps digits only: a PIN it had to cut is not one to spend a try on.
        guard typed() == pin else { return say(FieldProblem.customer(.pinInvalid).message) }
        send(.unlock)
    }

    /// The payments PIN before locked saved cards pay or a typed card is saved, asked until it
    /// is right: true once unlocked (or when nothing was locked), false when the shopper went back.
    func unlockedToPay(prompt: String) throws -> Bool {
        guard client.paymentsLocked() else { return true }
        var unlocked: Bool?
        let unlock = feature(PaymentsUnlockFeature.State(), PaymentsUnlockFeature.reduce) { action in
            if case let .delegate(delegate) = action { unlocked = delegate == .unlocked }
        }
        while unlocked == nil {
            try unlockSavedCards(unlock.state, prompt: prompt, typed: { unlock.state.pin.value }, send: { unlock.send($0) })
        }
        return unlocked == true
    }

    func paymentsPIN(_ mode: PaymentsPINFeature.Mode) throws {
        var saved = false
        let form = feature(PaymentsPINFeature.State(mode: mode), PaymentsPINFeature.reduce) {
            if case .delegate(.saved) = $0 { saved = true }
        }
        say("")
        say(mode == .set ? tr("Set payments PIN") : tr("Change payments PIN"))
        say(tr("Your saved cards and auction bids are unlocked with this PIN: {0}", PINPolicy.description))
        while !saved {
            let field = form.state.focus
            if field == .submit {
                // The core's answer, or a check the fields missed, lands at its field: said, and
                // that field asked again.
                form.send(.submit)
                // The live account answers at once; a later answer is waited for, not asked over.
                if form.state.isSaving, try awaitAnswer({ form.state.isSaving ? nil : true }) == nil { return }
                if !saved, let problem = Self.problem(at: form.state.focus, in: form.state) { say(problem.message) }
                continue
            }
            let typed = try askSecret(Self.question(for: field))
            guard !typed.isEmpty else { return }
            form.send(.typed(.control("u")))
            form.send(.pasted(typed))
            // The field keeps digits only, as many as a PIN has: what it dropped would go unseen.
            guard Self.value(at: field, in: form.state) == typed else {
                say(FieldProblem.customer(.pinInvalid).message)
                continue
            }
            form.send(.focusNext)
            // Leaving a field checks it; going back to it checks the next one too, whose problem
            // then is stale: it goes once that field is answered.
            if let problem = Self.problem(at: field, in: form.state) {
                say(problem.message)
                form.send(.focusPrevious)
            }
        }
        say(AccountFeature.words(mode == .set ? .pinSet : .pinChanged))
    }

    private static func question(for field: PaymentsPINFeature.Field) -> String {
        switch field {
        case .current: tr("Your current payments PIN (empty to go back):")
        case .new: tr("The new PIN (empty to go back):")
        case .repeated, .submit: tr("The new PIN again:")
        }
    }

    private static func value(at field: PaymentsPINFeature.Field, in state: PaymentsPINFeature.State) -> String {
        switch field {
        case .current: state.current.value
        case .new: state.new.value
        case .repeated: state.repeated.value
        case .submit: ""
        }
    }

    private static func problem(at field: PaymentsPINFeature.Field, in state: PaymentsPINFeature.State) -> FieldProblem? {
        switch field {
        case .current: state.current.problem
        case .new: state.new.problem
        case .repeated: state.repeated.problem
        case .submit: nil
        }
    }
}
