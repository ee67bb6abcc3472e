import Clocks
import Foundation
import Testing
@testable import TerminalUI

/// Every widget, drawn into every kind of rectangle (tiny, empty, half off the frame, larger than
/// it), touches nothing outside that rectangle and leaves wide characters whole.
@Suite struct WidgetClippingTests {
    static let rects: [Rect] = {
        var rects: [Rect] = []
        for (x, y) in [(0, 0), (3, 2), (-4, -1), (25, 8)] {
            for (width, height) in [(0, 0), (1, 1), (2, 1), (3, 2), (7, 3), (12, 5), (40, 20)] {
                rects.append(Rect(x: x, y: y, width: width, height: height))
            }
        }
        return rects
    }()

    static let draws: [(String, @Sendable (inout Frame, Rect) -> Void)] = [
        ("text block", { frame, rect in
            TextBlock("Raw 蜂蜜 honey from the moors 🍯 jarred by hand").draw(into: &frame, in: rect)
        }),
        ("list", { frame, rect in
            var state = ListState(itemCount: 1000, selected: 500, disabled: [2], showsNumbers: true)
            ListView { ListRow("Item 蜂 \($0)", detail: "£\($0).00") }.draw(into: &frame, in: rect, state: &state, focused: true)
        }),
        ("text field", { frame, rect in
            var state = TextFieldState(value: "蜂蜜 and honey, a long value")
            state.validationMessage = "Something is wrong with this"
            TextField(label: "Name 名前", placeholder: "p").draw(into: &frame, in: rect, state: &state, focused: true)
        }),
        ("button", { frame, rect in Button("Pay £12.00").draw(into: &frame, in: rect, focused: true) }),
        ("checkbox", { frame, rect in Checkbox("Save 蜂").draw(into: &frame, in: rect, state: CheckboxState(isChecked: true), focused: true) }),
        ("spinner", { frame, rect in Spinner().draw(into: &frame, in: rect, time: ManualClock.defaultStart, label: "Working") }),
        ("box", { frame, rect in Box(title: "蜂蜜 Payment").draw(into: &frame, in: rect, focused: true) }),
        ("dialog", { frame, rect in
            ModalDialog(title: "Declined", message: "The bank declined 蜂蜜. Try another card.", buttons: ["OK", "Cancel"])
                .draw(into: &frame, in: rect, state: ModalDialogState(buttonCount: 2))
        }),
        ("footer", { frame, rect in Footer([.select, .back, .help, .quit]).draw(into: &frame, in: rect) }),
        ("help", { frame, rect in HelpOverlay(hints: [.select, .back, KeyHint("蜂", "Honey")]).draw(into: &frame, in: rect) }),
    ]

    @Test(arguments: 0..<draws.count)
    func staysInsideItsRect(_ index: Int) {
        let (name, draw) = Self.draws[index]
        for rect in Self.rects {
            var frame = widgetTestFrame(30, 12, fill: ".")
            draw(&frame, rect)
            #expect(untouchedOutside(frame, rect.intersection(frame.bounds)), "\(name) in \(rect)")
            #expect(wideCharactersWellFormed(frame), "\(name) in \(rect)")
        }
    }
}
