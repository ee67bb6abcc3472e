import Localization
import TerminalUI

/// Stands where a flow that is not built yet will go, so the home menu is honest about it.
public enum ComingSoonFeature {
    public struct State: Equatable, Sendable {
        /// The flow's name, a catalogue key: translated when drawn. What is said under it is
        /// the screen's own words, not the state's.
        public var title: String
    }

    public static func draw(_ state: State, into frame: inout Frame, in area: Rect) {
        frame.write(tr(state.title), in: Rect(x: area.x, y: area.y + 2, width: area.width, height: 1), alignment: .center, style: Style(.title, .bold))
        frame.write(tr("coming soon"), in: Rect(x: area.x, y: area.y + 4, width: area.width, height: 1), alignment: .center, style: Style(.muted))
    }
}
