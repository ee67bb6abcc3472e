import Localization

extension AppFeature {
    /// The terminal window's title: the counter and the screen shown, so that a person with
    /// several windows (or a screen reader announcing the window) knows where the counter is.
    public static func windowTitle(_ state: State) -> String {
        tr("Checkout Counter") + " · " + screenName(state.top)
    }

    /// A screen's name, as its heading or the menu that opens it says.
    static func screenName(_ screen: Screen) -> String {
        screen.kind.name()
    }
}
