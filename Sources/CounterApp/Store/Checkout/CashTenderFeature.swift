import CheckoutKit
import Foundation
import Localization
import TerminalUI

/// Cash at a staffed counter: the amount due (after the till's cash rounding), the amount the
/// cashier types or a quick amount (exact, the next €5, €10, €20 and €50 above), then the sale in
/// one step. Less than due is refused at the field; nothing is taken until Enter takes it all, or
/// `p` takes the amount short of it as one part of a split (issue 35), the rest paid after it.
public enum CashTenderFeature {
    public struct State: Equatable, Sendable {
        /// What the shopper pays in cash: the cart's total (or what its parts left) rounded as the
        /// till rounds cash.
        public let due: Money
        public var received = FormField(maxLength: 12, filter: .only(Set("0123456789.,")))
        /// The quick amount picked with the arrows (used when nothing is typed); nil: none.
        public var quickPick: Int?
        public var problem: Problem?
        /// The sale is being written (one transaction; keys wait).
        public var isTaking = false

        public init(total: Money, rounding: CashRounding) {
            due = Money(minorUnits: rounding.rounded(total.minorUnits), currency: total.currency)
        }

        /// Exact, then the next multiple of 5, 10, 20 and 50 of the currency's unit above the
        /// amount due, each once.
        public var quickAmounts: [Money] {
            let unit = due.currency.minorUnitsPerMajor
            var amounts = [due.minorUnits]
            for step in [5, 10, 20, 50].map({ Int64($0) * unit }) {
                let above = (due.minorUnits / step + 1) * step
                if !amounts.contains(above) { amounts.append(above) }
            }
            return amounts.map { Money(minorUnits: $0, currency: due.currency) }
        }

        /// Less than due was refused: `p` takes it as a part payment.
        public var offersPart: Bool {
            if case .short(let tendered, _) = problem { return tendered.minorUnits > 0 }
            return false
        }

        /// What Enter would take: the typed amount, else the picked quick amount.
        func tendered() throws(MoneyParseError) -> Money {
            if received.value.isEmpty, let quickPick, quickAmounts.indices.contains(quickPick) { return quickAmounts[quickPick] }
            return try Money.parse(received.value, currency: due.currency)
        }
    }

    public enum Problem: Equatable, Sendable {
        case amount(MoneyParseError)
        /// Less than due was handed over.
        case short(tendered: Money, due: Money)
        /// The core refused the sale (sold out, the cart changed, the disk): nothing was taken.
        case notTaken(StoreError)
    }

    public enum Action: Equatable, Sendable {
        case key(Key)
        case paste(String)
        case moveUp, moveDown
        case take
        case taken(Result<PaidOrderReceipt, StoreError>)
        /// The amount short of what is due taken as one part of a split.
        case takePart
        case tookPart(Result<PaidSoFar, StoreError>)
        case delegate(Delegate)
    }

    public enum Delegate: Equatable, Sendable {
        case back
        case paid(PaidOrderReceipt)
        /// One part taken: the order waits for the rest.
        case partPaid(PaidSoFar)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> Effect<Action, StoreClient> {
        guard !state.isTaking || isAnswer(action) else { return .none }
        switch action {
        case .key(let key):
            let before = state.received.value
            guard state.received.input.handle(key) else { return .none }
            if case .character(let typed) = key, state.received.value == before {
                // Not dropped without a word: a letter is not an amount, a digit more is too large.
                state.problem = .amount(state.received.input.filter.allows(typed) ? .tooLarge : .invalidCharacters)
            } else {
                state.problem = nil
                state.quickPick = nil
            }
            return .none
        case .paste(let text):
            state.received.paste(text)
            state.quickPick = nil
            state.problem = nil
            return .none
        case .moveUp, .moveDown:
            // The arrows pick a quick amount, which stands for what is typed: the field empties.
            let count = state.quickAmounts.count
            let current = state.quickPick ?? (action == .moveDown ? -1 : count)
            state.quickPick = (current + (action == .moveDown ? 1 : -1) + count) % count
            state.received.value = ""
            state.problem = nil
            return .none
        case .take:
            let tendered: Money
            do throws(MoneyParseError) { tendered = try state.tendered() } catch {
                state.problem = .amount(error)
                return .none
            }
            guard tendered.minorUnits >= state.due.minorUnits else {
                state.problem = .short(tendered: tendered, due: state.due)
                return .none
            }
            state.isTaking = true
            state.problem = nil
            return .run { client, send in send(.taken(client.payInCash(tendered))) }
        case .taken(.success(let receipt)):
            state.isTaking = false
            return .send(.delegate(.paid(receipt)))
        case .taken(.failure(let error)), .tookPart(.failure(let error)):
            state.isTaking = false
            state.problem = .notTaken(error)
            return .none
        case .takePart:
            // Only what was refused as short: a part is less than due, never with change.
            guard case .short(let tendered, _) = state.problem else { return .none }
            state.isTaking = true
            state.problem = nil
            return .run { client, send in send(.tookPart(client.payPartInCash(tendered))) }
        case .tookPart(.success(let soFar)):
            state.isTaking = false
            return .send(.delegate(.partPaid(soFar)))
        case .delegate:
            return .none
        }
    }

    private static func isAnswer(_ action: Action) -> Bool {
        switch action {
        case .taken, .tookPart: true
        default: false
        }
    }

    public static func action(for event: InputEvent, in state: State) -> Action? {
        switch event {
        case .key(.escape): return .delegate(.back)
        case .key(.enter): return .take
        case .key(.character("p")) where state.offersPart: return .takePart
        case .key(.up): return .moveUp
        case .key(.down), .key(.tab): return .moveDown
        case .key(let key): return .key(key)
        case .paste(let text): return .paste(text)
        default: return nil
        }
    }

    public static func keyHints(_ state: State) -> [KeyHint] {
        [KeyHint("0-9", "Amount"), KeyHint("↑↓", "Quick amount"), KeyHint("Enter", "Take cash")]
            + (state.offersPart ? [KeyHint("p", "Take as part")] : []) + [KeyHint("Esc", "Back")]
    }
}
