@_spi(Core) import CheckoutKit
@testable import CounterApp
import Foundation
import Localization
@_spi(Testing) import PaymentsCore
import TerminalUI

/// One thing the explorer does to the counter: a key, bytes as a terminal sends them (an escape
/// sequence, read by the loop's `InputEventAssembler`), a paste, or time passing (so that the
/// simulated acquirer, bank and wallet answer).
enum ExplorerInput: Hashable, CustomStringConvertible, Sendable {
    case key(Key)
    case terminalBytes(String, name: String)
    case paste(String)
    case wait(seconds: Int)

    var description: String {
        switch self {
        case let .key(key): MonkeyStep.tapeName(key)
        case let .terminalBytes(_, name): name
        case let .paste(text): "Paste \(MonkeyStep.quoted(text))"
        case let .wait(seconds): "Sleep \(seconds)s"
        }
    }

    /// Plays the input on `terminal`, as the interactive loop would deliver it.
    func perform(on terminal: HeadlessTerminal) {
        switch self {
        case let .key(key): terminal.send(key)
        case let .terminalBytes(bytes, _): terminal.receive(terminalInput: bytes)
        case let .paste(text): terminal.send(.paste(text))
        case let .wait(seconds): terminal.advance(by: .seconds(seconds))
        }
        terminal.settle()
    }

    /// The fixed set pressed on every screen, besides the keys its footer names: letters (`full`:
    /// all of them), digits, the editing and moving keys, PuTTY's End and an escape sequence
    /// nobody knows, a paste, F2 and F10, and three seconds for the world to answer.
    static func fixedSet(full: Bool) -> [ExplorerInput] {
        let letters = full ? Array("abcdefghijklmnopqrstuvwxyzABCXYZ") : Array("abcdenrstxy")
        let characters = letters + Array("0123456789?+-/ ")
        let named: [Key] = [.escape, .enter, .tab, .backTab, .up, .down, .left, .right, .home, .end, .pageUp, .pageDown,
                            .backspace, .delete, .function(2), .function(10)]
        return named.map(ExplorerInput.key) + characters.map { .key(.character($0)) } + [
            .terminalBytes("\u{1B}[4~", name: "End (PuTTY, ESC [ 4 ~)"),
            .terminalBytes("\u{1B}[99;5~", name: "an unknown escape sequence (ESC [ 99 ; 5 ~)"),
            .paste("4242 4242 4242 4242"),
            .wait(seconds: 3),
        ]
    }

    /// The keys a footer hint's key names (`↑↓`, `1-4`, `+ -`, `PgUp PgDn`...); empty for one it
    /// cannot read (then the hint is not checked).
    static func keys(named name: String) -> [Key] {
        switch name {
        case "Enter": return [.enter]
        case "Esc": return [.escape]
        case "Tab": return [.tab]
        case "Shift+Tab": return [.backTab]
        case "Space": return [.character(" ")]
        case "↑↓": return [.up, .down]
        case "←→": return [.left, .right]
        case "PgUp PgDn": return [.pageUp, .pageDown]
        case "Home End": return [.home, .end]
        case "Ctrl+C": return [.control("c")]
        case "…": return []
        default: break
        }
        if name.hasPrefix("F"), let number = Int(name.dropFirst()) { return [.function(number)] }
        let parts = name.split(separator: " ")
        if parts.count > 1 { return parts.flatMap { keys(named: String($0)) } }
        let characters = Array(name)
        if characters.count == 3, characters[1] == "-", let low = characters[0].wholeNumberValue, let high = characters[2].wholeNumberValue {
            return (low...high).map { .character(Character(String($0))) }
        }
        if characters.count == 1 { return [.character(characters[0])] }
        return []
    }
}

/// Where an exploration starts: a counter set up by a tape's `# world:` line, and the steps
/// (tape commands) that take a shopper or an operator somewhere worth exploring from.
struct ExplorerEntry: CustomStringConvertible, Sendable {
    let name: String
    let world: String
    let steps: String

    var description: String { name }
    var isKiosk: Bool { world.split(separator: " ").contains("kiosk") }
}

/// One counter, built afresh, driven to a state: the entry's steps, then a path of inputs.
/// Replaying from the start is how the explorer reaches each state again (the counter's world is
/// a database as well as the screens' values, so nothing short of a replay copies it).
final class ExplorerCounter {
    let shell: CounterShell
    let terminal: HeadlessTerminal

    init(_ entry: ExplorerEntry, size: Size) throws {
        let world = "# world: " + entry.world
        guard let shellWorld = ShellTapeWorld(tapeText: world) else { throw ExplorerError("\(entry): its world is not a shell's") }
        let customer = shellWorld.customer
        shell = shellWorld.makeShell(library: KioskForgetsEveryShopperTests.library, demoDirectory: nil, makeServices: { clock, timers in
            var options = PaymentsServices.Options()
            options.passwordIterations = 1_000
            let services = try CheckoutServices(database: .inMemory, clock: clock, scheduler: timers, ids: SequentialIDGenerator(), options: options)
            try customer?.apply(to: services)
            return services
        })
        terminal = HeadlessTerminal(application: shell, size: size)
        for line in try TapeParser.parse(entry.steps).lines {
            switch line.command {
            case let .type(text):
                for (index, character) in text.enumerated() {
                    if index > 0 { terminal.advance(by: .milliseconds(50)) }
                    terminal.send(MonkeyStep.key(for: character))
                }
            case let .press(key, count): for _ in 0..<count { terminal.send(key) }
            case let .sleep(duration): terminal.advance(by: duration)
            case let .paste(text): terminal.send(.paste(text))
            case .expect, .expectNot, .screen, .snapshot, .resize, .swipe, .scan, .click: break
            }
        }
        terminal.settle()
    }

    func play(_ path: [ExplorerInput]) {
        for input in path where terminal.exitStatus == nil { input.perform(on: terminal) }
    }

    var place: KioskPlace { KioskPlace.of(shell) }
    var screen: String { terminal.text }

    /// What tells two states apart: the place, the screen's text, and a digest of its styles and
    /// cursor (a dialog's focused button differs only in its style).
    var identity: String {
        let frame = terminal.screen
        var digest = Hasher()
        digest.combine(frame.cells.map(\.style))
        digest.combine(frame.focus)
        return "\(place.rawValue)\n\(frame.text)\n\(digest.finalize())"
    }
    var exitStatus: Int32? { terminal.exitStatus }

    /// The keys the footer names now: the operator dialog's while one is up, else the counter's.
    var hints: [KeyHint] {
        KioskFeature.operatorKeyHints(shell.state) ?? AppFeature.keyHints(for: shell.counter.state)
    }

    /// Inputs that may end the program here: `q` (and the quit dialog's or the home's Quit line,
    /// which `q` and the menu offer) at a staffed counter; at a kiosk only the operator menu's
    /// "Exit the counter", behind the operator PIN.
    var inputsThatMayExit: Set<ExplorerInput> {
        if shell.state.configuration.isKiosk {
            // The operator's Exit line, by its number or activated (Enter or Space) on it.
            if case .operatorMenu = shell.state.overlay { return [.key(.enter), .key(.character(" ")), .key(.character("7"))] }
            return []
        }
        var allowed: Set<ExplorerInput> = [.key(.character("q")), .key(.control("c"))]
        let counter = shell.counter.state
        if counter.quitDialog != nil { allowed.formUnion([.key(.enter), .key(.character("y")), .key(.character("q"))]) }
        if case let .home(home) = counter.top, shell.state.overlay == nil, !counter.isShowingHelp, counter.notice == nil,
           let quitLine = home.destinations.firstIndex(of: .quit) {
            allowed.insert(.key(.character(Character(String(quitLine + 1)))))
            if home.selection == quitLine { allowed.insert(.key(.enter)) }
        }
        return allowed
    }
}

struct ExplorerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A size and a language the explorer draws each state in.
struct ExplorerSetting: Hashable, CustomStringConvertible, Sendable {
    let size: Size
    let language: Language
    var description: String { "\(size.columns)x\(size.rows) \(language.rawValue)" }

    static let all: [ExplorerSetting] = [Size(columns: 60, rows: 18), Size(columns: 80, rows: 24), Size(columns: 120, rows: 40)]
        .flatMap { size in [Language.english, .simplifiedChinese].map { ExplorerSetting(size: size, language: $0) } }
}

/// A state as drawn at one size in one language: the screen, its footer line, and the footer's
/// hints as they read in that language.
struct ExplorerRendering {
    let setting: ExplorerSetting
    let screen: String
    var footer: String { screen.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? "" }
    /// Each hint as the footer would show it ("Esc Back", "Esc 返回").
    let shown: [(hint: KeyHint, text: String)]
    /// The hints the footer's priority rule keeps, as shown.
    let mustStay: [String]

    init(setting: ExplorerSetting, screen: String, shown: [(hint: KeyHint, text: String)], mustStay: [String]) {
        self.setting = setting
        self.screen = screen
        self.shown = shown
        self.mustStay = mustStay
    }

    /// Draws `counter` as it stands at `setting`, without telling it (no resize event), so that
    /// the state is the one the explorer reached.
    init(_ counter: ExplorerCounter, at setting: ExplorerSetting) {
        self.setting = setting
        let hints = counter.hints
        (screen, shown, mustStay) = Language.$current.withValue(setting.language) {
            let frame = FrameRenderer.render(counter.shell, size: setting.size)
            return (frame.text, hints.map { ($0, $0.key + " " + $0.shownLabel) },
                    Footer(hints).mustStay.map { $0.key + " " + $0.shownLabel })
        }
    }
}

/// A state the explorer reached, and how.
struct ExploredState {
    let path: [ExplorerInput]
    let place: KioskPlace
    /// The state as drawn where it was explored (its identity), then at every other setting.
    let renderings: [ExplorerRendering]
    let hints: [KeyHint]
    let inputsThatMayExit: Set<ExplorerInput>
    /// Where it was explored: its place, its screen's text and a digest of its styles.
    let identity: String

    var screen: String { renderings[0].screen }
}

/// What one input did from one state.
struct ExploredStep {
    let from: ExploredState
    let input: ExplorerInput
    /// Nil when the program ended on it.
    let to: ExploredState?
    let exitStatus: Int32?
}

/// Breadth-first over the inputs from an entry, to `depth` inputs, each state once (by its place
/// and its screen's text), at one size in one language; each state it reaches is also drawn at
/// every other setting, for the checks that look at the drawing.
struct ScreenExplorer {
    let entry: ExplorerEntry
    let setting: ExplorerSetting
    let depth: Int
    let inputs: [ExplorerInput]
    /// States expanded at most, to keep a run's time bounded whatever the screens do.
    let maxStates: Int

    struct Outcome {
        var states: [ExploredState] = []
        var steps: [ExploredStep] = []
        var replays = 0
    }

    func explore() throws -> Outcome {
        try Language.$current.withValue(setting.language) {
            var outcome = Outcome()
            let root = try ExplorerCounter(entry, size: setting.size)
            let first = state(of: root, path: [])
            var seen: Set<String> = [first.identity]
            var frontier = [first]
            outcome.states.append(first)
            for _ in 0..<depth {
                var next: [ExploredState] = []
                for state in frontier {
                    // The keys its footer names, besides the fixed set.
                    let own = state.hints.flatMap { ExplorerInput.keys(named: $0.key) }.map(ExplorerInput.key)
                    var tried: Set<ExplorerInput> = []
                    for input in inputs + own where tried.insert(input).inserted {
                        let counter = try ExplorerCounter(entry, size: setting.size)
                        counter.play(state.path)
                        input.perform(on: counter.terminal)
                        outcome.replays += 1
                        let path = state.path + [input]
                        guard counter.exitStatus == nil else {
                            outcome.steps.append(ExploredStep(from: state, input: input, to: nil, exitStatus: counter.exitStatus))
                            continue
                        }
                        let identity = counter.identity
                        let isNew = seen.insert(identity).inserted
                        // Drawn at every setting only the first time it is reached.
                        let reached = isNew ? self.state(of: counter, path: path) : self.state(of: counter, path: path, only: setting)
                        outcome.steps.append(ExploredStep(from: state, input: input, to: reached, exitStatus: nil))
                        guard isNew else { continue }
                        outcome.states.append(reached)
                        if outcome.states.count < maxStates { next.append(reached) }
                    }
                }
                frontier = next
            }
            return outcome
        }
    }

    func state(of counter: ExplorerCounter, path: [ExplorerInput], only: ExplorerSetting? = nil) -> ExploredState {
        let others = only == nil ? ExplorerSetting.all.filter { $0 != setting } : []
        return ExploredState(path: path, place: counter.place, renderings: ([setting] + others).map { ExplorerRendering(counter, at: $0) },
                             hints: counter.hints, inputsThatMayExit: counter.inputsThatMayExit, identity: counter.identity)
    }
}
