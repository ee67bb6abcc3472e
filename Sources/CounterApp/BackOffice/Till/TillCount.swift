import CheckoutKit

/// The closing count as it is typed: one line per coin and note of the till's currency (how
/// many), then the note on the difference, then the cash left in for the next float. The running
/// total and the difference are read from it, against the expected cash it was opened with.
public struct TillCount: Equatable, Sendable {
    public let pieces: [CashDenomination]
    /// How many of each piece, as typed (empty: none).
    public var quantities: [String]
    /// A count line, then `noteRow`, then `leftInRow`.
    public var selection = 0
    public var note = ""
    /// What stays in the drawer, as typed; it starts at the float the till opened with.
    public var leftIn: String
    public var problem: TillFeature.Problem?
    /// What the drawer should hold, as the till was read when the count began.
    public let expected: Int64
    public let currency: Currency
    /// `leftIn` once read, as the close is asked.
    var leftInAmount: Money?

    init(session: TillSession, currency: Currency) {
        pieces = CashDenominations.of(currency)
        quantities = Array(repeating: "", count: pieces.count)
        expected = session.figures.expected
        self.currency = currency
        leftIn = Money(minorUnits: session.figures.float, currency: currency).text(symbol: "", groupingSeparator: "")
    }

    public var noteRow: Int { pieces.count }
    public var leftInRow: Int { pieces.count + 1 }

    /// The pieces counted (those typed), as the till closes with them.
    public var counted: [DenominationCount] {
        zip(pieces, quantities).compactMap { piece, typed in Int(typed).map { DenominationCount(piece, quantity: $0) } }
    }

    public var countedTotal: Money { Money(minorUnits: counted.countedMinorUnits, currency: currency) }
    public var difference: Money { Money(minorUnits: counted.countedMinorUnits - expected, currency: currency) }

    mutating func move(by step: Int) {
        selection = (selection + step + leftInRow + 1) % (leftInRow + 1)
    }

    mutating func type(_ character: Character) {
        problem = nil
        switch selection {
        case noteRow:
            if note.count < 60, !character.isNewline { note.append(character) }
        case leftInRow:
            if character.isASCII, character.isNumber || character == "." || character == ",", leftIn.count < 12 { leftIn.append(character) }
        default:
            if character.isASCII, character.isNumber, quantities[selection].count < 5 { quantities[selection].append(character) }
        }
    }

    /// The last character of the selected field, or (`all`, Ctrl+U) all of it.
    mutating func erase(all: Bool = false) {
        problem = nil
        func cut(_ text: String) -> String { all ? "" : String(text.dropLast()) }
        switch selection {
        case noteRow: note = cut(note)
        case leftInRow: leftIn = cut(leftIn)
        default: quantities[selection] = cut(quantities[selection])
        }
    }
}
