import TerminalUI
import Testing

@Suite struct ListSelectionTests {
    @Test func movingWrapsAroundBothEnds() {
        var list = ListSelection()
        list.moveUp(count: 3)
        #expect(list.index == 2)
        list.moveDown(count: 3)
        #expect(list.index == 0)
        list.moveDown(count: 3)
        #expect(list.index == 1)
    }

    @Test func anEmptyListKeepsTheFirstRow() {
        var list = ListSelection()
        list.moveUp(count: 0)
        list.moveDown(count: 0)
        #expect(list.index == 0)
        let picked = list.select(0, count: 0)
        #expect(!picked)
    }

    @Test func onlyARowThatExistsIsPicked() {
        var list = ListSelection(1)
        let pickedMissing = list.select(3, count: 3)
        #expect(!pickedMissing)
        #expect(list.index == 1)
        let pickedLast = list.select(2, count: 3)
        #expect(pickedLast)
        #expect(list.isSelected(2))
    }

    @Test func aShrinkingListKeepsTheSelectionOnARow() {
        var list = ListSelection(4)
        list.clamp(count: 2)
        #expect(list.index == 1)
        list.clamp(count: 0)
        #expect(list.index == 0)
    }

    @Test func aChoiceCycledInPlaceWrapsEitherWay() {
        #expect(ListSelection(0).moved(by: -1, count: 4).index == 3)
        #expect(ListSelection(3).moved(by: 1, count: 4).index == 0)
        #expect(ListSelection(2).moved(by: 1, count: 0).index == 2)
    }
}
