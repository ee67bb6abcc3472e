import CheckoutKit
import Localization
import TerminalUI

/// Giving a discount from the cart at a staffed counter (issue 36): on the selected line (`%`)
/// or on the whole order (`o`). Three short steps at the foot of the cart: how much ("10%" or
/// "1.50"; empty takes a discount given before back), why (the shop's reasons; some need a note),
/// then the core's answer. Above the cashier's ceiling the core refuses without a manager, and
/// the entry asks for a manager's PIN there and then (`StoreClient.approve`, the shared approval
/// prompt's place once staff exist). Each problem is said at its field.
public struct CartDiscountEntry: Equatable, Sendable {
    public enum Step: Equatable, Sendable {
        /// How much, with why it was refused.
        case size(FormField, problem: Problem?)
        /// Why: the selected reason of the shop's list.
        case reason(ListSelection)
        /// The reason needs a note.
        case note(FormField, missing: Bool)
        /// Above the ceiling: a manager's PIN (`wrong`: the last one was no manager's).
        case approval(FormField, wrong: Bool)
        /// The core is asked.
        case sending
    }

    /// Why the size typed is refused.
    public enum Problem: Equatable, Sendable {
        case notAnAmount(MoneyParseError)
        case refused(DiscountError)
    }

    public let target: DiscountTarget
    /// The line's product (nil for the order), to say what is discounted.
    public let product: Product?
    /// What the discount is given on (`Cart.discountBase`).
    public let base: Money
    /// The discount given here before, which an empty size takes back.
    public let current: Discount?
    public let policy: DiscountPolicy
    public var step: Step
    public var adjustment: DiscountAdjustment?
    public var reason: DiscountReason?
    public var note: String?
    /// The manager who approved it, once one has.
    public var approvedBy: StaffPerson?

    init(target: DiscountTarget, product: Product?, base: Money, current: Discount?, policy: DiscountPolicy) {
        self.target = target
        self.product = product
        self.base = base
        self.current = current
        self.policy = policy
        step = .size(Self.sizeField(), problem: nil)
    }

    static func sizeField() -> FormField { FormField(maxLength: 10, filter: .only(Set("0123456789.,%"))) }

    /// What is asked of the core.
    var request: DiscountRequest? {
        guard let adjustment, let reason else { return nil }
        // Who gives it: nobody until a shop has staff (the staff sign-in names the cashier).
        return DiscountRequest(target: target, adjustment: adjustment, reason: reason, note: note, givenBy: nil, approvedBy: approvedBy)
    }

    public enum Action: Equatable, Sendable {
        case key(Key)
        case moveUp, moveDown
        case submit
        case cancel
        case answered(Result<Cart, DiscountChangeError>)
        case approved(StaffPerson?)
    }

    /// What the entry tells the cart once it is over.
    enum Outcome: Equatable {
        case stays
        case closed
        case given(Cart)
        case removed(Cart)
        case failed(StoreError)
    }

    /// The entry's reducer; the cart closes the entry on any outcome but `stays`.
    mutating func reduce(_ action: Action) -> (Outcome, Effect<Action, StoreClient>) {
        switch (action, step) {
        case (.cancel, _):
            return (.closed, .none)
        case (.key(let key), .size(var field, _)):
            let before = field.value
            guard field.input.handle(key) else { return (.stays, .none) }
            var problem: Problem?
            // A letter is said at the field, not dropped without a word.
            if case .character(let typed) = key, field.value == before {
                problem = .notAnAmount(field.input.filter.allows(typed) ? .tooLarge : .invalidCharacters)
            }
            step = .size(field, problem: problem)
        case (.key(let key), .note(var field, _)):
            _ = field.input.handle(key)
            step = .note(field, missing: false)
        case (.key(let key), .approval(var field, _)):
            _ = field.input.handle(key)
            step = .approval(field, wrong: false)
        case (.moveUp, .reason(var list)):
            list.moveUp(count: policy.reasons.count)
            step = .reason(list)
        case (.moveDown, .reason(var list)):
            list.moveDown(count: policy.reasons.count)
            step = .reason(list)
        case (.submit, .size(let field, _)):
            return submitSize(field)
        case (.submit, .reason(let list)):
            guard policy.reasons.indices.contains(list.index) else { return (.stays, .none) }
            let reason = policy.reasons[list.index]
            self.reason = reason
            if policy.reasonsNeedingNote.contains(reason) {
                step = .note(FormField(maxLength: 60), missing: false)
                return (.stays, .none)
            }
            return send()
        case (.submit, .note(let field, _)):
            let note = field.value.trimmingCharacters(in: .whitespaces)
            guard !note.isEmpty else {
                step = .note(field, missing: true)
                return (.stays, .none)
            }
            self.note = note
            return send()
        case (.submit, .approval(let field, _)):
            let pin = field.value
            guard !pin.isEmpty else {
                step = .approval(field, wrong: true)
                return (.stays, .none)
            }
            step = .sending
            return (.stays, .run { client, send in send(.approved(client.approve(.discountAboveCeiling, pin))) })
        case (.approved(let manager), .sending):
            guard let manager else {
                step = .approval(Self.pinField(), wrong: true)
                return (.stays, .none)
            }
            approvedBy = manager
            return send()
        case (.answered(.success(let cart)), .sending):
            return (adjustment == nil ? .removed(cart) : .given(cart), .none)
        case (.answered(.failure(.discount(.needsApproval))), .sending) where approvedBy == nil:
            step = .approval(Self.pinField(), wrong: false)
        case (.answered(.failure(.discount(.noteRequired))), .sending):
            step = .note(FormField(maxLength: 60), missing: true)
        case (.answered(.failure(.discount(let error))), .sending):
            step = .size(Self.sizeField(), problem: .refused(error))
        case (.answered(.failure(.store(let error))), .sending):
            return (.failed(error), .none)
        default:
            break
        }
        return (.stays, .none)
    }

    static func pinField() -> FormField { FormField(maxLength: 12, filter: .only(Set("0123456789")), isMasked: true) }

    private mutating func submitSize(_ field: FormField) -> (Outcome, Effect<Action, StoreClient>) {
        if field.value.isEmpty, current != nil {
            // An empty size takes the discount given before back.
            adjustment = nil
            step = .sending
            let target = target
            return (.stays, .run { client, send in send(.answered(client.removeDiscount(target))) })
        }
        let adjustment: DiscountAdjustment
        do throws(MoneyParseError) { adjustment = try DiscountAdjustment.parse(field.value, currency: base.currency) } catch {
            step = .size(field, problem: .notAnAmount(error))
            return (.stays, .none)
        }
        // The core's own check, said at the field before a reason is asked.
        do throws(DiscountError) { _ = try adjustment.taken(from: base) } catch {
            step = .size(field, problem: .refused(error))
            return (.stays, .none)
        }
        self.adjustment = adjustment
        step = .reason(ListSelection(policy.reasons.firstIndex(of: current?.reason ?? .damaged) ?? 0))
        return (.stays, .none)
    }

    private mutating func send() -> (Outcome, Effect<Action, StoreClient>) {
        guard let request else { return (.stays, .none) }
        step = .sending
        return (.stays, .run { client, send in send(.answered(client.giveDiscount(request))) })
    }

    /// The entry's keys: every key is its own while it is open (a text field has focus).
    static func action(for key: Key, in entry: CartDiscountEntry) -> Action? {
        switch key {
        case .escape: return .cancel
        case .enter: return .submit
        case .up: return .moveUp
        case .down: return .moveDown
        default:
            if case .reason = entry.step {
                // A digit picks a reason by its number.
                return nil
            }
            return .key(key)
        }
    }

    var keyHints: [KeyHint] {
        switch step {
        case .reason: [KeyHint("↑↓", "Reason"), KeyHint("Enter", "Give the discount"), KeyHint("Esc", "Cancel")]
        case .approval: [KeyHint("Enter", "Approve"), KeyHint("Esc", "Cancel")]
        case .sending: [KeyHint("Esc", "Cancel")]
        case .size: [KeyHint("Enter", "Next"), KeyHint("Esc", "Cancel")]
        case .note: [KeyHint("Enter", "Give the discount"), KeyHint("Esc", "Cancel")]
        }
    }

    // MARK: - Drawing

    /// Rows the entry takes at the foot of the cart.
    static let height = 3

    func draw(into frame: inout Frame, in area: Rect) {
        let heading = product.map { tr("Discount on {0} ({1})", tr($0.name), base.formatted()) }
            ?? tr("Discount on the order ({0})", base.formatted())
        ScreenDrawing.text(heading, into: &frame, in: ScreenDrawing.row(area, 0), role: .accent, attributes: .bold)
        let fieldArea = Rect(x: area.x, y: area.y + 1, width: area.width, height: 2)
        switch step {
        case let .size(field, problem):
            let hint = current.map { tr("Now {0}; empty takes it back.", DiscountWording.size($0.adjustment)) } ?? tr("10% or 1.50")
            Self.field(tr("How much"), field, problem: problem.map(DiscountFieldProblem.size), placeholder: hint, into: &frame, in: fieldArea)
        case .reason(let list):
            let reason = policy.reasons.indices.contains(list.index) ? DiscountWording.reason(policy.reasons[list.index]) : ""
            let size = adjustment.map(DiscountWording.size) ?? ""
            ScreenDrawing.text(tr("{0} · Reason: ◂ {1} ▸  ({2} of {3})", size, reason, list.index + 1, policy.reasons.count),
                               into: &frame, in: ScreenDrawing.row(area, 1))
        case let .note(field, missing):
            Self.field(tr("Note"), field, problem: missing ? .noteMissing(reason) : nil, into: &frame, in: fieldArea)
        case let .approval(field, wrong):
            Self.field(tr("Manager's PIN"), field, problem: wrong ? .notAManager : .managerApproves(ceilingBasisPoints: policy.cashierCeilingBasisPoints),
                       into: &frame, in: fieldArea)
        case .sending:
            ScreenDrawing.text(tr("Giving the discount…"), into: &frame, in: ScreenDrawing.row(area, 1), role: .muted)
        }
    }

    static func words(_ problem: Problem) -> String { DiscountWording.message(.size(problem)) }

    /// The field with what it says under it (worded where it is drawn, as every form's field).
    private static func field(_ label: String, _ field: FormField, problem: DiscountFieldProblem?, placeholder: String = "",
                              into frame: inout Frame, in rect: Rect) {
        var shown = field
        shown.problem = problem.map(FieldProblem.discount)
        ScreenDrawing.field(label, shown, focused: true, labelWidth: label.displayWidth, placeholder: placeholder, into: &frame, in: rect)
    }
}
