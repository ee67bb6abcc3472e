/// A flight's route as a screen draws it. The seed stores routes as "LHR -> ZRH", and a won
/// auction's order line keeps them so (a receipt printer's code page has no arrow); a screen
/// draws the arrow the auction screens draw.
enum RouteText {
    static func shown(_ text: String) -> String { text.replacingOccurrences(of: " -> ", with: " → ") }
}
