import TerminalUI

/// Stands where a flow that is not built yet will go, so the home menu is honest about it.
public enum ComingSoonFeature {
    public struct State: Equatable, Sendable {
        public var title: String
        public var message: String
    }

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        frame.write(state.title, in: Rect(x: area.x, y: area.y + 2, width: area.width, height: 1), alignment: .center, style: Style(.title, .bold))
        frame.write(state.message, in: Rect(x: area.x, y: area.y + 4, width: area.width, height: 1), alignment: .center, style: Style(.muted))
    }
}
