import CheckoutKit
import Localization
import TerminalUI

/// Parking the cart at a staffed counter (issue 36): k asks for a short name, Enter parks the
/// cart under it and the cart empties for the next customer; what is wrong with the name is said
/// at the field. o opens the shop's parked sales, to resume one.
extension CartFeature {
    /// The name being typed for the cart to park.
    public struct ParkingEntry: Equatable, Sendable {
        public var name = ""
        public var problem: ParkingError?
        public init(name: String = "", problem: ParkingError? = nil) {
            self.name = name
            self.problem = problem
        }
    }

    public enum ParkingAction: Equatable, Sendable {
        case ask
        case typed(Character)
        case erase
        case submit
        case cancel
        case parked(Result<ParkedSale, ParkingError>, cart: Cart)
        case openList
    }

    static func reduceParking(_ state: inout State, _ action: ParkingAction, session: StoreSession) -> Effect<Action, StoreClient> {
        switch action {
        case .ask:
            // An empty cart shows no k: the key does nothing there, as every key the footer hides.
            guard state.canPark, !session.cart.isEmpty else { return .none }
            state.message = nil
            state.parking = ParkingEntry()
        case .typed(let character):
            // A little longer than allowed may be typed, so that "too long" is said, not swallowed.
            guard var entry = state.parking, entry.name.count <= ParkingController.maximumNameLength, !character.isNewline else { return .none }
            entry.name.append(character)
            entry.problem = nil
            state.parking = entry
        case .erase:
            guard var entry = state.parking else { return .none }
            entry.name = String(entry.name.dropLast())
            entry.problem = nil
            state.parking = entry
        case .cancel:
            state.parking = nil
        case .submit:
            guard var entry = state.parking else { return .none }
            if let problem = ParkingController.checkName(entry.name) {
                entry.problem = problem
                state.parking = entry
                return .none
            }
            let name = entry.name
            return .run { client, send in
                let result = client.parking.park(name)
                send(.parking(.parked(result, cart: client.cart())))
            }
        case let .parked(result, cart):
            switch result {
            case .success(let sale):
                state.parking = nil
                state.message = .parked(name: sale.name)
                return .send(.changed(.success(cart)))
            case .failure(let error):
                if state.parking == nil { state.message = .parkingRefused(error) } else { state.parking?.problem = error }
            }
        case .openList:
            guard state.canPark else { return .none }
            return .send(.delegate(.openParked))
        }
        return .none
    }

    static func parkingAction(for key: Key) -> Action? {
        switch key {
        case .escape: .parking(.cancel)
        case .enter: .parking(.submit)
        case .backspace: .parking(.erase)
        case let .character(c): .parking(.typed(c))
        default: nil
        }
    }

    /// The name field takes every key.
    public static func hasTextFocus(_ state: State) -> Bool { state.parking != nil }

    static func drawParking(_ entry: ParkingEntry, into frame: inout Frame, in area: Rect) {
        let prompt = tr("Park this sale as: {0}", entry.name)
        let row = ScreenDrawing.row(area, area.height - 2)
        ScreenDrawing.text(prompt + "▏", into: &frame, in: row, role: .focus, attributes: .bold)
        frame.focus = Point(x: row.x + prompt.count, y: row.y)
        if let problem = entry.problem {
            ScreenDrawing.text(ParkingWords.refusal(problem), into: &frame, in: ScreenDrawing.row(area, area.height - 1), role: .error)
        }
    }
}
