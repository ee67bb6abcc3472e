@testable import CheckoutKit
@testable import CounterApp
import Foundation
import TerminalUI
import Testing

/// The back office's staff screen with a stand-in client: adding a person goes out signed by the
/// manager at the screen; a refusal puts the cursor on the field to correct; disabling asks first.
@Suite struct StaffListFeatureTests {
    @Test func addingAndDisablingAreSignedByTheManager() {
        var added: [(String, StaffRole, String, String?, StaffSignature?)] = []
        var disabled: [(StaffID, StaffSignature?)] = []
        var client = StaffClient(hasStaff: { .success(true) }, signIn: { _ in .failure(.notRecognised) }, signInBadge: { _ in .failure(.notRecognised) },
                                 approve: { _, _ in nil })
        client.list = { .success([StaffFeatureTests.mia, StaffFeatureTests.carl]) }
        client.add = { name, role, pin, badge, signature in
            added.append((name, role, pin, badge, signature))
            return pin == "2222" ? .failure(.pinTaken) : .success(StaffMember(id: StaffID(rawValue: "staff_3"), name: name, role: role, badge: badge,
                                                                                 isActive: true, createdAt: Date(timeIntervalSince1970: 0)))
        }
        client.disable = { id, signature in disabled.append((id, signature)); return .success(StaffFeatureTests.carl) }
        let store = TestStore(initialState: StaffListFeature.State(serving: StaffFeatureTests.mia), environment: client) { StaffListFeature.reduce(&$0, $1) }
        store.send(.onAppear)
        store.receive(.loaded(.success([StaffFeatureTests.mia, StaffFeatureTests.carl]))) { $0.members = [StaffFeatureTests.mia, StaffFeatureTests.carl] }
        store.send(.askAdd) { $0.form = StaffListFeature.Form() }
        store.send(.typed("D")) { $0.form?.name = "D" }
        store.send(.nextField) { $0.form?.field = .role }
        store.send(.typed(" ")) { $0.form?.role = .manager }
        store.send(.nextField) { $0.form?.field = .pin }
        for digit in "2222" { store.send(.typed(digit)) { $0.form?.pin.append(digit) } }
        store.send(.submit) { $0.form?.field = .badge }
        store.send(.submit)
        store.receive(.added(.failure(.pinTaken))) { $0.form?.problem = .pinTaken; $0.form?.field = .pin }
        #expect(added.count == 1 && added[0].4 == StaffSignature(doneBy: StaffFeatureTests.mia.person) && added[0].1 == .manager)
        store.send(.cancel) { $0.form = nil }
        store.send(.moveDown) { $0.list.moveDown(count: 2) }
        store.send(.askDisable) { $0.confirmingDisable = true }
        store.send(.confirmDisable(true)) { $0.confirmingDisable = false }
        store.receive(.disabled(.success(StaffFeatureTests.carl))) { $0.message = .disabled("Carl") }
        store.receive(.onAppear)
        store.receive(.loaded(.success([StaffFeatureTests.mia, StaffFeatureTests.carl])))
        #expect(disabled.map(\.0) == [StaffFeatureTests.carl.id] && disabled[0].1 == StaffSignature(doneBy: StaffFeatureTests.mia.person))
        store.finish()
    }
}
