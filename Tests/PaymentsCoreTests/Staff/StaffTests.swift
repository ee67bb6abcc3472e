import Clocks
import Foundation
import Testing
@_spi(Testing) @testable import PaymentsCore

/// The staff (issue 36) on both engines: people added with a hashed PIN, recognised by PIN or
/// badge, disabled; the permissions table; every action a cashier may not do alone refused where
/// its row is written, and let through with a manager's approval, the row naming both.
@Suite struct StaffTests {
    private func euros(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .eur) }

    private func staff(_ world: CommerceTestWorld) -> Staff {
        Staff(store: world.core.store, clock: world.clock, ids: world.core.ids, hasher: PasswordHasher(iterations: 1_000))
    }

    /// A shop with a manager (Mia) and a cashier (Carl).
    private func shop(_ backend: StorageBackend) throws -> (CommerceTestWorld, Staff, manager: StaffMember, cashier: StaffMember) {
        let world = try CommerceTestWorld(backend)
        let staff = staff(world)
        let manager = try staff.add(name: "Mia", role: .manager, pin: "1111")
        let cashier = try staff.add(name: "Carl", role: .cashier, pin: "2222", badge: "0410000010006")
        return (world, staff, manager, cashier)
    }

    @Test func permissionsTable() {
        #expect(Permissions.cashier == [.sell, .takeCash, .print])
        for action in StaffAction.allCases {
            #expect(Permissions.allows(.manager, action), "a manager does everything: \(action)")
            #expect(Permissions.allows(.cashier, action) == [.sell, .takeCash, .print].contains(action), "\(action)")
        }
        #expect(Set(Permissions.needsApproval(.cashier)) == Set(StaffAction.allCases).subtracting([.sell, .takeCash, .print]))
    }

    @Test(arguments: StorageBackend.allCases)
    func addListRecogniseAndDisable(_ backend: StorageBackend) throws {
        let (world, staff, manager, cashier) = try shop(backend)
        #expect(try staff.list().map(\.name) == ["Mia", "Carl"])
        #expect(try staff.recognise(pin: "1111") == manager)
        #expect(try staff.recognise(pin: "2222").role == .cashier)
        #expect(try staff.recognise(badge: "0410000010006") == cashier)
        #expect(throws: StaffError.notRecognised) { try staff.recognise(pin: "3333") }
        #expect(throws: StaffError.notRecognised) { try staff.recognise(badge: "9999") }
        let stored = try world.core.store.read { tx in try tx.fetchValue(String.self, "SELECT pin_hash FROM staff WHERE name = ?", "Mia") }
        #expect(stored?.hasPrefix("pbkdf2-sha256$") == true && stored?.contains("1111") == false, "a hash, never the PIN")

        #expect(throws: StaffError.pinTaken) { try staff.add(name: "Dora", role: .cashier, pin: "1111") }
        #expect(throws: StaffError.nameTaken("Carl")) { try staff.add(name: "Carl", role: .cashier, pin: "4444") }
        #expect(throws: StaffError.badgeTaken) { try staff.add(name: "Dora", role: .cashier, pin: "4444", badge: "0410000010006") }
        #expect(throws: StaffError.badgeNotValid, "a card number is no badge: it would be on the disk in clear") {
            try staff.add(name: "Dora", role: .cashier, pin: "4444", badge: "4242424242424242")
        }
        #expect(throws: StaffError.pinNotDigits) { try staff.add(name: "Dora", role: .cashier, pin: "12a4") }
        #expect(throws: StaffError.pinNotDigits) { try staff.add(name: "Dora", role: .cashier, pin: "123") }
        #expect(throws: StaffError.nameMissing) { try staff.add(name: "  ", role: .cashier, pin: "4444") }

        let disabled = try staff.disable("Carl")
        #expect(!disabled.isActive)
        #expect(throws: StaffError.notRecognised) { try staff.recognise(pin: "2222") }
        #expect(throws: StaffError.unknownPerson("Carl")) { try staff.disable("Carl") }
        #expect(try staff.list().map(\.isActive) == [true, false], "active first; the disabled one stays listed")
        // Their PIN and name are free again.
        _ = try staff.add(name: "Carl", role: .cashier, pin: "2222")
        _ = try staff.disable(manager.id.rawValue)
        #expect(try !staff.hasManager() && staff.hasStaff())
    }

    /// Each action a cashier may not do alone, tried as the cashier: refused, nothing written;
    /// then the same with the manager's approval, the row naming both.
    @Test(arguments: StorageBackend.allCases)
    func everyDeniedActionOfACashierAndItsApproval(_ backend: StorageBackend) throws {
        let (world, _, manager, cashier) = try shop(backend)
        let alone = StaffSignature(doneBy: cashier.person)
        let approved = alone.approved(by: manager.person)
        let tills = Tills(store: world.core.store, clock: world.clock, ids: world.core.ids, counter: "A")

        #expect(throws: TillError.staff(.signInNeeded(.takeCash)), "with staff, nobody signed in opens no till") {
            try tills.open(float: euros(10_000))
        }
        let till = try tills.open(float: euros(10_000), signedBy: alone)
        #expect(till.openedBy == cashier.person, "a cashier opens the till alone")
        #expect(throws: TillError.staff(.needsManager(.payIn))) { try tills.payIn(euros(500), reason: "change", signedBy: alone) }
        #expect(throws: TillError.staff(.needsManager(.payOut))) { try tills.payOut(euros(500), reason: "stamps", signedBy: alone) }
        #expect(throws: TillError.staff(.needsManager(.noSale))) { try tills.noSale(reason: "change", signedBy: alone) }
        #expect(try tills.movements(of: till).isEmpty, "nothing written")
        let paidOut = try tills.payOut(euros(500), reason: "stamps", signedBy: approved)
        #expect(paidOut.signature == approved)
        _ = try tills.noSale(reason: "change", signedBy: StaffSignature(doneBy: manager.person))

        // A sale by the cashier: the order is signed as theirs.
        try world.carts.add(productId: "honey-acacia", quantity: 1, for: "till")
        let sale = try world.orders.payInCash(sessionKey: "till", tendered: euros(1_000), signedBy: alone)
        #expect(try world.core.store.read { tx in try OrderRecord.stored(tx, id: sale.order.id)?.signature } == alone)

        let denied = world.settle { world.orders.refund(orderId: sale.order.id, .everythingLeft, idempotencyKey: "r1", signedBy: alone, completion: $0) }
        #expect(denied?.error == .staff(.needsManager(.refund)))
        #expect(try world.orders.refunds(orderId: sale.order.id).isEmpty, "nothing written")
        let refunded = world.settle { world.orders.refund(orderId: sale.order.id, .everythingLeft, idempotencyKey: "r1", signedBy: approved, completion: $0) }
        #expect(refunded?.value?.signature == approved)

        // The catalogue: a price, a product, a delivery and a count, each refused alone.
        let room = Stockroom(store: world.core.store, clock: world.clock, ids: world.core.ids, tax: .german, currency: .eur, counter: "A")
        let refusal = StockroomError.staff(.needsManager(.editCatalogue))
        let before = (prices: try room.prices(of: "honey-acacia").count, moves: try room.movements(of: "honey-clover").count)
        #expect(throws: refusal) { try room.changePrice(of: "honey-acacia", to: euros(690), signature: alone) }
        #expect(throws: refusal) { try room.add(NewProduct(name: "Lime honey", price: euros(700), taxCategory: "food", stock: 3), signature: alone) }
        #expect(throws: refusal) { try room.receive(5, of: "honey-clover", note: "", signature: alone) }
        #expect(throws: refusal) { try room.count(0, of: "honey-clover", reason: .damaged, note: "", signature: alone) }
        #expect(throws: StockroomError.staff(.signInNeeded(.editCatalogue))) { try room.changePrice(of: "honey-acacia", to: euros(690), signature: nil) }
        #expect(try room.prices(of: "honey-acacia").count == before.prices && room.movements(of: "honey-clover").count == before.moves,
                "nothing written")
        #expect(try room.changePrice(of: "honey-acacia", to: euros(690), signature: approved).signature == approved)

        #expect(throws: TillError.staff(.needsManager(.closeTill))) {
            try tills.close(count: [], note: "", leftIn: euros(0), approval: nil, signedBy: alone)
        }
        let closed = try tills.close(count: [DenominationCount(CashDenomination(.note, 5_000), quantity: 2)], note: "", leftIn: euros(0), approval: nil,
                                     signedBy: approved)
        #expect(closed.closing?.signature == approved && closed.closing?.approval == .manager)

        let reports = DayReports(store: world.core.store, clock: world.clock, counter: nil)
        #expect(throws: StaffError.needsManager(.closeDay)) { try reports.close(signedBy: alone) }
        #expect(throws: StaffError.signInNeeded(.closeDay)) { try reports.close() }
        let z = try reports.close(signedBy: approved)
        #expect(z.closedBy == approved)
        #expect(z.staff.contains { $0.kind == .sales && $0.doneBy == cashier.person && $0.count == 1 })
        #expect(z.staff.contains { $0.kind == .refunds && $0.doneBy == cashier.person && $0.approvedBy == manager.person })
        #expect(try reports.closed().first?.closedBy == approved, "read back from its saved body")

        // The journal's entries carry who did and who approved.
        let bodies = try world.core.store.read { tx in try tx.fetchValues(String.self, "SELECT body FROM journal_entries ORDER BY seq") }
        #expect(bodies.contains { $0.contains("\"approved_by\":{\"id\":\"\(manager.id)\",\"name\":\"Mia\"}") && $0.contains("\"refund") })
        #expect(bodies.filter { $0.contains("\"staff\":") }.count >= 5, "\(bodies)")
    }

    @Test(arguments: StorageBackend.allCases)
    func theOperatorPINIsTheManagerUntilTheShopHasOne(_ backend: StorageBackend) throws {
        let world = try CommerceTestWorld(backend)
        let staff = staff(world)
        let tills = Tills(store: world.core.store, clock: world.clock, ids: world.core.ids, counter: "A")
        _ = try tills.open(float: euros(1_000))
        _ = try tills.noSale(reason: "no staff: as before")
        let cashier = try staff.add(name: "Carl", role: .cashier, pin: "2222")
        let byOperator = StaffSignature(doneBy: cashier.person).approved(by: .operatorPIN)
        _ = try tills.noSale(reason: "approved by the operator PIN", signedBy: byOperator)
        _ = try staff.add(name: "Mia", role: .manager, pin: "1111")
        #expect(throws: TillError.staff(.unknownPerson("Operator")), "once a manager exists, the shared PIN approves nothing") {
            try tills.noSale(reason: "again", signedBy: byOperator)
        }
        #expect(throws: TillError.staff(.unknownPerson("Ghost"))) {
            try tills.noSale(reason: "a person not on the staff", signedBy: StaffSignature(doneBy: StaffPerson(id: StaffID(rawValue: "x"), name: "Ghost")))
        }
    }

    @Test func theExportNamesWhoDidIt() throws {
        let world = try CommerceTestWorld(.sqlite)
        let staff = staff(world)
        let manager = try staff.add(name: "Mia", role: .manager, pin: "1111")
        let cashier = try staff.add(name: "Carl", role: .cashier, pin: "2222")
        try world.carts.add(productId: "honey-acacia", quantity: 1, for: "till")
        let sale = try world.orders.payInCash(sessionKey: "till", tendered: euros(1_000), signedBy: StaffSignature(doneBy: cashier.person))
        _ = world.settle {
            world.orders.refund(orderId: sale.order.id, .everythingLeft, idempotencyKey: "r1",
                                signedBy: StaffSignature(doneBy: cashier.person, approvedBy: manager.person), completion: $0)
        }
        let table = try LedgerExport.csv(world.core.store, from: world.clock.now.addingTimeInterval(-60), to: world.clock.now.addingTimeInterval(60))
        let rows = table.records.map { Dictionary(uniqueKeysWithValues: zip(LedgerExport.header, $0)) }
        #expect(LedgerExport.header.last == "staff")
        #expect(rows.first { $0["record"] == "order" }?["staff"] == "Carl")
        #expect(rows.first { $0["record"] == "payment" }?["staff"] == "Carl")
        #expect(rows.first { $0["record"] == "refund" }?["staff"] == "Carl (approved by Mia)")
        #expect(rows.filter { $0["record"] == "line" }.allSatisfy { $0["staff"] == "" })
    }
}

/// The two denied actions the till and the refunds do not cover: voiding a hold and managing
/// the staff, tried as a cashier.
@Suite struct StaffVoidAndManageTests {
    @Test(arguments: StorageBackend.allCases)
    func aCashierVoidsNoHoldAndManagesNoStaff(_ backend: StorageBackend) throws {
        let ledger = try LedgerAuditTests.Ledger(backend)
        let world = ledger.world
        let staff = Staff(store: world.core.store, clock: world.clock, ids: world.core.ids, hasher: PasswordHasher(iterations: 1_000))
        let manager = try staff.add(name: "Mia", role: .manager, pin: "1111")
        let cashier = try staff.add(name: "Carl", role: .cashier, pin: "2222")
        let alone = StaffSignature(doneBy: cashier.person)
        let denied = world.settle(after: .seconds(2)) {
            world.auctions.voidHold(bidId: ledger.bid.id, idempotencyKey: "v1", signedBy: alone, completion: $0)
        }
        #expect(denied?.error == .staff(.needsManager(.void)))
        #expect(try world.auctions.holdVoids(bidId: ledger.bid.id).isEmpty, "nothing written")
        let voided = world.settle(after: .seconds(2)) {
            world.auctions.voidHold(bidId: ledger.bid.id, idempotencyKey: "v1", signedBy: alone.approved(by: manager.person), completion: $0)
        }
        #expect(voided?.value?.state == .voided, "\(String(describing: voided))")
        let signed = try world.core.store.read { tx in try tx.fetchOne(HoldVoidRecord.self, "SELECT * FROM hold_voids WHERE bid_id = ?", ledger.bid.id) }
        #expect(signed?.signature == alone.approved(by: manager.person))

        #expect(throws: StaffError.needsManager(.manageStaff)) { try staff.check(.manageStaff, by: alone) }
        try staff.check(.manageStaff, by: StaffSignature(doneBy: manager.person))
    }
}
