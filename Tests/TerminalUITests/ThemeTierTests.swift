import Testing
@testable import TerminalUI

@Suite struct ThemeTierTests {
    @Test(arguments: [(256, ColorTier.colors256), (88, .colors8), (16, .colors8), (8, .colors8), (2, .monochrome), (0, .monochrome)])
    func tierFollowsTheColoursTheTerminalReports(colors: Int, tier: ColorTier) {
        #expect(ColorTier.detect(colors: colors, environment: ["TERM": "xterm-256color"]) == tier)
    }

    @Test func noColorAsksForMonochrome() {
        #expect(ColorTier.detect(colors: 256, environment: ["NO_COLOR": "1"]) == .monochrome)
        #expect(ColorTier.detect(colors: 256, environment: ["NO_COLOR": ""]) == .colors256, "an empty NO_COLOR does not count")
    }

    @Test func aDumbTerminalIsMonochrome() {
        #expect(ColorTier.detect(colors: 8, environment: ["TERM": "dumb"]) == .monochrome)
    }

    @Test func eachTierShowsItsOwnLook() {
        let honey = Theme.builtIn
        #expect(honey.look(for: .error, in: .colors256).foreground == .indexed(203))
        #expect(honey.look(for: .error, in: .colors8).foreground == .indexed(1))
        #expect(honey.look(for: .error, in: .monochrome) == RoleLook(attributes: [.bold, .underline]))
    }
}
