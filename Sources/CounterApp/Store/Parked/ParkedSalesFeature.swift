import CheckoutKit
import Foundation
import TerminalUI

/// The shop's parked sales (issue 36), opened from the cart with o: each with its name, who
/// parked it and when, its lines and total. Enter resumes the selected one into the counter's
/// cart; when the cart holds jars, the screen says so and asks: r replaces them, a adds to them,
/// Esc keeps the cart as it is. d discards a sale (asked first).
public enum ParkedSalesFeature {
    public struct State: Equatable, Sendable {
        /// Nil until read.
        public var sales: [ParkedSale]?
        public var list = ListSelection()
        public var asking: Question?
        public var message: Notice?
        public var isBusy = false
        public init() {}

        var selected: ParkedSale? {
            guard let sales, sales.indices.contains(list.index) else { return nil }
            return sales[list.index]
        }
    }

    public enum Question: Equatable, Sendable {
        /// The cart holds this many jars: replace them, add to them, or keep the cart.
        case cartNotEmpty(items: Int)
        case discard
    }

    public enum Notice: Equatable, Sendable {
        case discarded(name: String)
        case refused(ParkingError)
    }

    public enum Action: Equatable, Sendable {
        case onAppear
        case loaded(Result<[ParkedSale], ParkingError>)
        case moveUp, moveDown
        /// Enter: into an empty cart, or the question when it is not.
        case resume
        case resumeAs(ResumeMode)
        case resumed(Result<Cart, ParkingError>, name: String)
        case askDiscard
        case confirmDiscard(Bool)
        /// nil: discarded.
        case discarded(ParkingError?, name: String)
        case cancelQuestion
        case delegate(Delegate)
    }

    public enum Delegate: Equatable, Sendable {
        /// The sale's jars are in the counter's cart: back to it.
        case resumed(Cart, name: String)
    }

    public static func reduce(_ state: inout State, _ action: Action, session: StoreSession) -> Effect<Action, ParkingClient> {
        switch action {
        case .onAppear:
            return .run { client, send in send(.loaded(client.parked())) }
        case .loaded(.success(let sales)):
            state.sales = sales
            state.list.clamp(count: sales.count)
        case .loaded(.failure(let error)):
            state.sales = state.sales ?? []
            state.message = .refused(error)
        case .moveUp:
            state.list.moveUp(count: state.sales?.count ?? 0)
        case .moveDown:
            state.list.moveDown(count: state.sales?.count ?? 0)
        case .resume:
            guard state.selected != nil else { return .none }
            // Never merged unasked: a cart with jars is asked about first.
            if !session.cart.isEmpty {
                state.asking = .cartNotEmpty(items: session.cart.itemCount)
                return .none
            }
            return resume(&state, .intoEmptyCart)
        case .resumeAs(let mode):
            state.asking = nil
            return resume(&state, mode)
        case let .resumed(.success(cart), name):
            state.isBusy = false
            return .send(.delegate(.resumed(cart, name: name)))
        case .resumed(.failure(let error), _):
            state.isBusy = false
            state.message = .refused(error)
            if case .cartNotEmpty(let items) = error { state.asking = .cartNotEmpty(items: items); state.message = nil }
            // Resumed or discarded elsewhere meanwhile: the list as it is now.
            if error == .gone { return .send(.onAppear) }
        case .askDiscard:
            guard state.selected != nil else { return .none }
            state.asking = .discard
        case .confirmDiscard(let yes):
            state.asking = nil
            guard yes, let sale = state.selected else { return .none }
            state.isBusy = true
            return .run { client, send in send(.discarded(client.discard(sale.id), name: sale.name)) }
        case let .discarded(result, name):
            state.isBusy = false
            state.message = result.map(Notice.refused) ?? .discarded(name: name)
            return .send(.onAppear)
        case .cancelQuestion:
            state.asking = nil
        case .delegate:
            break
        }
        return .none
    }

    private static func resume(_ state: inout State, _ mode: ResumeMode) -> Effect<Action, ParkingClient> {
        guard let sale = state.selected, !state.isBusy else { return .none }
        state.isBusy = true
        state.message = nil
        return .run { client, send in send(.resumed(client.resume(sale.id, mode), name: sale.name)) }
    }

    public static func action(for event: InputEvent, in state: State) -> Action? {
        guard case let .key(key) = event, !state.isBusy else { return nil }
        switch state.asking {
        case .cartNotEmpty?:
            switch key {
            case .character("r"): return .resumeAs(.replacingCart)
            case .character("a"): return .resumeAs(.addingToCart)
            case .escape, .character("n"): return .cancelQuestion
            default: return nil
            }
        case .discard?:
            return key == .escape ? .cancelQuestion : .confirmDiscard(key == .character("y") || key == .character("Y"))
        case nil:
            break
        }
        switch key {
        case .up: return .moveUp
        case .down: return .moveDown
        case .enter: return .resume
        case .character("d"): return .askDiscard
        default: return nil
        }
    }

    public static func keyHints(_ state: State) -> [KeyHint] {
        switch state.asking {
        case .cartNotEmpty?: return [KeyHint("r", "Replace"), KeyHint("a", "Add to cart"), KeyHint("Esc", "Keep the cart")]
        case .discard?: return [KeyHint("y", "Discard"), KeyHint("n", "Keep")]
        case nil: break
        }
        let count = state.sales?.count ?? 0
        guard count > 0 else { return [KeyHint("Esc", "Back")] }
        return KeyHint.move(count) + [KeyHint("Enter", "Resume"), KeyHint("d", "Discard"), KeyHint("Esc", "Back")]
    }
}
