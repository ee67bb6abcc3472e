import CheckoutKit
import Foundation
import Localization
import TerminalUI

/// The checkout drawn from its state: the order's summary, then the picker, the card form, the
/// spinner, the 3-D Secure step or the wait for the bank, as the phase is.
extension CheckoutFeature {
    /// A problem under the picker, in the current language.
    static func words(_ failure: Failure) -> String {
        switch failure {
        case .expiredCard: tr("This card has expired: pick another or add a new one.")
        case .comingSoon(let option): tr("{0} is coming soon: pay by card for now.", option.title)
        case .splitTakesCardOrCash: tr("A part-paid order is finished by card or in cash.")
        case .notPaid(let error): tr("Not paid: {0}", error.message)
        case .partsGivenBack(.givenBack(let amount, let order)):
            tr("{0} given back: order {1} is cancelled. The cart is as it was.", amount.formatted(), order)
        case .partsGivenBack(.onItsWay(let amount, let order)):
            tr("{0} is on its way back: order {1} is cancelled, and the counter finishes the refund by itself.", amount.formatted(), order)
        case .partsGivenBack(.declined(let amount, let order)):
            tr("Order {1} is cancelled, but a card refused to take its part of {0} back: finish it in the back office.", amount.formatted(), order)
        }
    }

    static func words(_ problem: PartProblem) -> String {
        switch problem {
        case .amount(let error): error.message
        case .notAPart(let left): tr("A part must be more than nothing and less than the {0} left.", left.formatted())
        }
    }

    /// The spinner's words for what the charge is doing, in the current language.
    static func words(_ status: PayingStatus) -> String {
        switch status {
        case .charging(let card): tr("Charging {0}…", card)
        case .checkingCode: tr("Checking the code with your bank…")
        case .cancelling: tr("Cancelling the payment…")
        }
    }

    public static func draw(_ state: State, session: StoreSession, into frame: inout Frame, in area: Rect) {
        ScreenDrawing.title(tr("Checkout"), into: &frame, in: area)
        let cart = session.cart
        let jars = cart.lines.map { "\($0.quantity) × \(tr($0.product.name))" }.joined(separator: ", ")
        let summary = trn("{0} item: {1}", "{0} items: {1}", count: cart.itemCount, cart.itemCount, jars)
        frame.write(summary, in: ScreenDrawing.row(area, 1), style: Style(.muted))
        frame.write(tr("Total {0}", cart.total.formatted()) + " ", in: ScreenDrawing.row(area, 1), alignment: .trailing, style: Style(.accent, .bold))
        if let soFar = state.paidSoFar {
            // The balance stays in sight through every phase, at 60x18 too.
            frame.write(tr("Paid so far {0} · left {1}", soFar.paid.formatted(), soFar.left.formatted()), in: ScreenDrawing.row(area, 2),
                        style: Style(.warning, .bold))
        }
        let body = area.inset(top: 3, left: 0, bottom: 0, right: 0)
        switch state.phase {
        case .choosing:
            let heading = state.part.map { tr("Pay part {0} with:", $0.formatted()) } ?? tr("Pay with:")
            ScreenDrawing.text(heading, into: &frame, in: ScreenDrawing.row(body, 0), attributes: .bold)
            let options = state.options
            let listHeight = max(0, body.height - 4)
            let offset = ScreenDrawing.scrollOffset(selected: state.selection, count: options.count, height: listHeight)
            for (row, index) in (offset..<min(options.count, offset + listHeight)).enumerated() {
                let option = options[index]
                ScreenDrawing.selectableRow("\(index < 9 ? "\(index + 1)" : " ")  \(option.title)", detail: option.detail,
                                            selected: index == state.selection, enabled: option.isSelectable,
                                            into: &frame, in: ScreenDrawing.row(body, 1 + row))
            }
            if let failure = state.failure {
                // Two rows: a decline's reason and what to do next can be long.
                let rows = Rect(x: body.x, y: body.maxY - 2, width: body.width, height: min(2, body.height))
                _ = TextBlock(words(failure), style: Style(.error, .bold)).draw(into: &frame, in: rows)
            }
        case .cardForm(let form):
            CardFormFeature.draw(form, into: &frame, in: body)
        case .cash(let cash):
            CashTenderFeature.draw(cash, into: &frame, in: body)
        case let .partAmount(field, problem):
            ScreenDrawing.text(tr("Pay part: the next card pays only this, less than the {0} left.", state.due(session.cart).formatted()),
                               into: &frame, in: ScreenDrawing.row(body, 0), role: .accent, attributes: .bold)
            ScreenDrawing.field(tr("Part"), field, focused: true, labelWidth: 10, placeholder: tr("type the amount"), into: &frame,
                                in: ScreenDrawing.row(body, 2))
            if let problem {
                ScreenDrawing.text(words(problem), into: &frame, in: ScreenDrawing.row(body, 3), role: .error, attributes: .bold)
            }
        case .paying(let status):
            let row = ScreenDrawing.row(body, 2)
            _ = Spinner().draw(into: &frame, in: row, time: state.clock, label: words(status))
            ScreenDrawing.text(tr("Please wait: this takes a moment. Do not pay twice."), into: &frame, in: ScreenDrawing.row(body, 4), role: .muted)
        case .challenge(let challenge):
            ChallengeFeature.draw(challenge, into: &frame, in: body)
        case let .unlocking(unlock, next):
            let prompt = switch next {
            case .payWith: tr("Your saved cards are locked. Enter your payments PIN to pay with {0}.", next.cardName)
            case .saveAndPay: tr("Your saved cards are locked. Enter your payments PIN to save {0} and pay.", next.cardName)
            }
            PaymentsUnlockFeature.draw(unlock, prompt: prompt, into: &frame, in: body)
        case .givingBack(let asked):
            guard let soFar = state.paidSoFar else { break }
            let parts = soFar.parts.map { part in
                "\(part.card.map { CardNaming.screen.name($0.brandName, $0.lastFour) } ?? tr("cash")) \(part.amount.formatted())"
            }.joined(separator: ", ")
            let question = Rect(x: body.x, y: body.y, width: body.width, height: min(3, body.height))
            _ = TextBlock(tr("Give back {0} ({1}) and cancel order {2}?", soFar.paid.formatted(), parts, soFar.order.number),
                          style: Style(.warning, .bold)).draw(into: &frame, in: question)
            if asked {
                _ = Spinner().draw(into: &frame, in: ScreenDrawing.row(body, 4), time: state.clock, label: tr("Giving the parts back…"))
            } else {
                ScreenDrawing.text(tr("Each part goes back the way it was paid."), into: &frame,
                                   in: ScreenDrawing.row(body, 4), role: .muted)
            }
        case .checking(let number):
            let row = ScreenDrawing.row(body, 1)
            _ = Spinner().draw(into: &frame, in: row, time: state.clock, label: tr("Checking with the bank about order {0}…", number))
            let words = Rect(x: body.x, y: body.y + 3, width: body.width, height: max(0, min(4, body.height - 3)))
            _ = TextBlock(tr("We do not know yet whether this payment went through. You will not be charged twice: this order can only be paid once. This screen updates by itself when the bank answers."),
                          style: Style(.warning, .bold)).draw(into: &frame, in: words)
        }
    }
}
