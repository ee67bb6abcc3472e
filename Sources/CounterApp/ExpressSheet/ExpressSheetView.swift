import CheckoutKit
import Foundation
import Localization
import TerminalUI

/// The sheet on screen: a function of its state (and the clock, for the busy spinner).
extension ExpressSheetFeature {
    public static func draw(_ state: State, into frame: inout Frame, in area: Rect, time: Date) {
        let width = min(74, area.width)
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y, width: width, height: area.height)
        frame.fill(box, style: Style(.background))
        let inside = frame.drawBox(box, title: " \(tr("Express pay · {0}", tr(CoreBankGateway.payeeName))) ", border: .double).inset(left: 1, right: 1)
        guard let sheet = state.sheet else {
            Spinner().draw(into: &frame, in: inside, time: time, label: tr("Opening the sheet…"))
            return
        }
        if let finished = sheet.finished {
            return drawFinished(finished, sheet, into: &frame, in: inside)
        }
        if let form = state.form {
            return drawForm(form, into: &frame, in: inside)
        }
        var pen = Pen(frame: frame, area: inside)
        // Summary: the goods and charges, then the total labelled with the merchant.
        for (index, item) in sheet.summaryItems.enumerated() {
            let isTotal = index == sheet.summaryItems.count - 1
            let amount = item.kind == .pending
                ? (isTotal ? tr("{0} + pending", item.amount.formatted()) : tr("pending")) : item.amount.formatted()
            // The lines come made in the language in force; the total is labelled with the
            // merchant's name, which the sheet checks, and is translated here.
            pen.columns(isTotal ? tr("Pay {0}", tr(item.label)) : item.label, amount, isTotal ? Style(.text, .bold) : Style(.text))
        }
        pen.rule()
        let busy = sheet.isBusy
        let shipErrors = sheet.fieldErrors.filter { $0.contact == .shipping }
        let contactProblem = sheet.lastStatus == .invalidShippingContact
            ? (shipErrors.first { [.name, .email, .phone].contains($0.field) }?.message ?? sheet.failureMessage) : nil
        let addressProblem = sheet.lastStatus == .invalidShippingPostalAddress
            ? (shipErrors.first { ![.name, .email, .phone].contains($0.field) }?.message ?? sheet.failureMessage) : nil
        let shipChoice = !state.isTypingAddress ? ExpressWallet.choice(ExpressWallet.addresses[state.addressIndex].label) :
            "‹ \(state.typedContact.map { tr("Typed: {0} (Enter to retype)", $0.name) } ?? tr("Type an address… (Enter)")) ›"
        pen.field(tr("Ship to"), shipChoice, focused: state.focus == .shipTo, busy: busy)
        if let contact = sheet.shippingContact.map(ExpressWallet.shown) {
            pen.detail("\(tr("Contact").padded(toWidth: 7))  \([contact.name, contact.email, contact.phone].filter { !$0.isEmpty }.joined(separator: " · "))",
                       problem: contactProblem)
            let a = contact.postalAddress
            pen.detail("\(tr("Address").padded(toWidth: 7))  \(tr("{0}, {1} {2}, {3}", a.street, a.postcode, a.city, CountryText.shown(a.countryCode)))",
                       problem: addressProblem)
        }
        let shipping = sheet.selectedShippingMethod.map { tr("{0} ({1}) {2}", tr($0.label), tr($0.detail), $0.amount.formatted()) } ?? tr("no way to ship there")
        pen.field(tr("Shipping"), sheet.shippingMethods.count > 1 ? "‹ \(shipping) ›" : shipping, focused: state.focus == .shipping, busy: busy)
        pen.field(tr("Card"), "‹ \(ExpressWallet.shownName(ExpressWallet.cards[state.cardIndex].method)) ›", focused: state.focus == .card, busy: busy)
        let billingProblem = sheet.lastStatus == .invalidBillingPostalAddress
            ? (sheet.fieldErrors.first { $0.contact == .billing }?.message ?? sheet.failureMessage) : nil
        pen.field(tr("Billing"), ExpressWallet.choice(ExpressWallet.billing[state.billingIndex].label), focused: state.focus == .billing, busy: busy)
        if let billingProblem { pen.detail("", problem: billingProblem) }
        pen.skip()
        if busy {
            pen.spinner(time: time, label: tr("Waiting for {0}…", tr(CoreBankGateway.payeeName)))
        } else {
            let total = sheet.summaryItems.last.map { $0.amount.formatted() } ?? ""
            pen.field("", tr("[ Pay {0} ]", total), focused: state.focus == .pay, busy: false)
        }
        if sheet.lastStatus == .failure, let message = sheet.failureMessage {
            pen.line(tr("✗ Payment failed: {0}", message), Style(.error, .bold))
        }
        if let shared = sheet.sharedWithStore.map(ExpressWallet.shown) {
            // An address without a region (most of Europe's) leaves no gap where it would be.
            pen.line(shared.region.isEmpty
                     ? tr("Shared with the store until you pay: {0}, {1}, {2}", shared.city, shared.postcode, CountryText.shown(shared.countryCode))
                     : tr("Shared with the store until you pay: {0}, {1} {2}, {3}", shared.city, shared.region, shared.postcode,
                          CountryText.shown(shared.countryCode)), Style(.muted))
        }
        frame = pen.frame
    }

    static func drawForm(_ form: AddressForm, into frame: inout Frame, in area: Rect) {
        var pen = Pen(frame: frame, area: area)
        pen.line(tr("Ship to a new address"), Style(.title, .bold))
        pen.skip()
        for (index, label) in AddressForm.labels.enumerated() {
            let focused = index == form.focus
            pen.field(tr(label), form.fields[index] + (focused ? "▏" : ""), focused: focused, busy: false)
            if let problem = form.problems[index] {
                pen.detail("", problem: FieldError(contact: .shipping, field: AddressForm.rows[index], problem: problem).message)
            } else if focused, index == AddressForm.countryField {
                // Named in Chinese where the counter knows the name; a code to type or to pick.
                let code = form.fields[index].trimmingCharacters(in: .whitespaces).uppercased()
                pen.detail(code.isEmpty ? tr("←→ picks a country the store ships to.")
                                        : tr("←→ picks a country the store ships to: {0}", CountryText.shown(code)), problem: nil)
            }
        }
        pen.skip()
        pen.paragraph(tr("Enter uses this address; the store sees only city, region, postcode and country."), Style(.muted))
        frame = pen.frame
    }

    static func drawFinished(_ finished: Finished, _ sheet: Sheet, into frame: inout Frame, in area: Rect) {
        var pen = Pen(frame: frame, area: area)
        pen.skip()
        switch finished {
        case let .paid(chargeID, total, orderNumber):
            pen.line(tr("✓ Paid {0} to {1}", total.formatted(), tr(CoreBankGateway.payeeName)), Style(.success, .bold))
            pen.skip()
            // The charge's id is the core's own: shown only where the counter shows its test controls.
            if let orderNumber {
                pen.line(DemoMode.showsTestControls ? tr("Order {0} · receipt {1}", orderNumber, chargeID) : tr("Order {0}", orderNumber))
            } else if DemoMode.showsTestControls {
                pen.line(tr("Receipt {0}", chargeID))
            }
            if let contact = sheet.shippingContact.map(ExpressWallet.shown) {
                let a = contact.postalAddress
                pen.line(tr("Ships to {0}, {1}, {2} {3}, {4}", contact.name, a.street, a.postcode, a.city, CountryText.shown(a.countryCode)))
            }
            if let method = sheet.selectedShippingMethod { pen.line(tr("By {0} ({1})", tr(method.label), tr(method.detail))) }
            if let card = sheet.paymentMethod { pen.line(tr("Paid with {0}", ExpressWallet.shownName(card))) }
        case .cancelled:
            pen.line(tr("Express pay closed"), Style(.muted, .bold))
            pen.line(tr("Nothing was charged."))
        }
        frame = pen.frame
    }
}

extension Pen {
    /// A label and an amount, the amount flush right.
    mutating func columns(_ label: String, _ value: String, _ style: Style) {
        guard y < area.maxY else { return }
        frame.write(label, in: Rect(x: area.x, y: y, width: area.width - value.displayWidth - 1, height: 1), style: style)
        frame.write(value, in: Rect(x: area.x, y: y, width: area.width, height: 1), alignment: .trailing, style: style)
        skip()
    }

    mutating func rule() {
        guard y < area.maxY else { return }
        frame.drawHorizontalRule(at: Point(x: area.x, y: y), width: area.width, style: Style(.border))
        skip()
    }

    /// A row of the sheet: its label, its value, a focus marker; dim while the sheet is busy.
    mutating func field(_ label: String, _ value: String, focused: Bool, busy: Bool) {
        guard y < area.maxY else { return }
        let style = busy ? Style(.muted) : focused ? Style(.focus, .reverse) : Style(.text)
        frame.write((focused ? "› " : "  ") + label.padded(toWidth: 9), at: Point(x: area.x, y: y),
                    style: focused && !busy ? Style(.focus, .bold) : Style(.muted))
        frame.write(value, in: Rect(x: area.x + 11, y: y, width: area.width - 11, height: 1), style: style)
        skip()
    }

    /// A line under a row; with a problem, the problem is shown on it, marked.
    mutating func detail(_ text: String, problem: String?) {
        if !text.isEmpty {
            guard y < area.maxY else { return }
            frame.write(text, in: Rect(x: area.x + 11, y: y, width: area.width - 11, height: 1),
                        style: problem == nil ? Style(.muted) : Style(.error))
            skip()
        }
        if let problem {
            guard y < area.maxY else { return }
            frame.write("! \(problem)", in: Rect(x: area.x + 11, y: y, width: area.width - 11, height: 1), style: Style(.error, .bold))
            skip()
        }
    }
}
