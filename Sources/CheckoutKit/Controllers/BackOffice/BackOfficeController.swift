import Foundation
import PaymentsCore

/// The operator's back office on the core: finding orders, showing one as the operator needs it,
/// and refunding it (whole, by jars, or an amount) through the core's ledger, each refund under
/// the idempotency key the screen gives, so a double press or a retry refunds once.
public final class BackOfficeController {
    private let orders: Orders
    let charges: ChargeService
    let auctions: Auctions
    private let clock: () -> Date
    private let reports: DayReports

    public init(core: PaymentsServices, commerce: Commerce) {
        orders = commerce.orders
        charges = core.charges
        auctions = commerce.auctions
        // This counter's X and Z reports (the shop's day sums every counter's).
        reports = DayReports(store: core.store, clock: core.clock, counter: commerce.counterName)
        clock = { [clock = core.clock] in clock.now }
    }

    /// The orders the query finds, newest first.
    public func find(_ query: BackOfficeQuery) -> Result<[BackOfficeOrder], BackOfficeRefusal> {
        do {
            let found: [Order]
            switch query {
            case .today:
                let start = BackOfficeQuery.utc.startOfDay(for: clock())
                found = try orders.find(.placed(from: start, to: start.addingTimeInterval(86_400)))
            case .day(let start):
                found = try orders.find(.placed(from: start, to: start.addingTimeInterval(86_400)))
            case .number(let number):
                found = try orders.find(.number(number))
            case .lastFourOrNumber(let digits):
                let byNumber = try orders.find(.number(BackOfficeQuery.orderNumber(digits)))
                found = byNumber + (try orders.find(.cardLastFour(digits))).filter { card in !byNumber.contains { $0.id == card.id } }
            }
            return .success(try found.map(backOfficeOrder))
        } catch {
            return .failure(.storage)
        }
    }

    /// One order as it is now (after a refund, say).
    public func order(id: String) -> Result<BackOfficeOrder, BackOfficeRefusal> {
        do {
            guard let order = try orders.order(id: id) else { return .failure(.unknownOrder) }
            return .success(try backOfficeOrder(order))
        } catch {
            return .failure(.storage)
        }
    }

    /// Refunds through the core; answers the order as it is after the refund. `signedBy`: who
    /// refunds and the manager who approved (nil: a shop without staff).
    public func refund(_ order: BackOfficeOrder, _ request: BackOfficeRefundRequest, idempotencyKey: String, signedBy signature: StaffSignature? = nil,
                       completion: @escaping (Result<BackOfficeOrder, BackOfficeRefusal>) -> Void) {
        let coreRequest: RefundRequest
        switch request {
        case .whole: coreRequest = .everythingLeft
        case let .jars(line, quantity): coreRequest = .lines([ReturnedLine(position: line, quantity: quantity)])
        case .amount(let amount): coreRequest = .amount(amount)
        }
        orders.refund(orderId: order.id, coreRequest, idempotencyKey: idempotencyKey, signedBy: signature) { [self] result in
            switch result {
            case .success: completion(self.order(id: order.id))
            case .failure(let error): completion(.failure(Self.refusal(error)))
            }
        }
    }

    /// The X report: since the last closed day, until now; nothing is closed.
    public func dayReport() -> Result<DayReport, BackOfficeRefusal> {
        do { return .success(try reports.current()) } catch { return .failure(.storage) }
    }

    /// The Z report: numbered and saved, and the day closed (the next report starts after it).
    public func closeDay(signedBy signature: StaffSignature? = nil) -> Result<DayReport, BackOfficeRefusal> {
        do { return .success(try reports.close(signedBy: signature)) } catch let error as StaffError { return .failure(.staff(error)) } catch {
            return .failure(.storage)
        }
    }

    /// The shop's day across all counters (a fleet's): today's entries and tills, whichever
    /// counter; nothing closed.
    public func shopDay() -> Result<DayReport, BackOfficeRefusal> {
        let start = BackOfficeQuery.utc.startOfDay(for: clock())
        do { return .success(try reports.shopDay(from: start, to: start.addingTimeInterval(86_400))) } catch { return .failure(.storage) }
    }

    static func refusal(_ error: RefundError) -> BackOfficeRefusal {
        switch error {
        case .order(.unknownOrder): .unknownOrder
        case .order(.notRefundable(let state)): .notRefundable(state)
        case .order: .storage
        case .notPaidByCard: .notPaidByCard
        case .splitTender: .splitTender
        case .invalidAmount, .unknownLine: .invalidAmount
        case .notReturnable: .notGoods
        case .exceedsRefundable(let available): .exceedsRefundable(available: available)
        case .exceedsReturnable(_, let available): .exceedsReturnable(available: available)
        case .nothingLeft: .nothingLeft
        case .declined(let decline): .declined(decline)
        case .staff(let error): .staff(error)
        case .outcomeUnknown: .outcomeUnknown
        }
    }

    private func backOfficeOrder(_ order: Order) throws -> BackOfficeOrder {
        let refunds = try orders.refunds(orderId: order.id)
        let counted = refunds.filter { $0.state != .failed }
        var returned: [Int: Int] = [:]
        for refund in counted { for line in refund.returned { returned[line.position, default: 0] += line.quantity } }
        let parts = try orders.payments(orderId: order.id)
        // A split's payment is its last part's (the order notes that one's id, whatever tender it is).
        let payment = parts.count > 1 ? parts.last.map(Self.payment(of:)) ?? .none : try self.payment(of: order)
        let refundOrder = parts.count > 1 && order.state == .paid ? try refundPlan(of: order) : []
        let given = counted.reduce(Int64(0)) { $0 + $1.amount.minorUnits }
        let refundable = order.state == .paid ? max(0, order.total.minorUnits - given) : 0
        return BackOfficeOrder(
            id: order.id, number: order.number, state: order.state, placedAt: order.createdAt, total: order.total,
            lines: order.lines.enumerated().map { index, line in
                BackOfficeOrder.Line(name: line.name, quantity: line.quantity, unitPrice: line.unitPrice, returned: returned[index] ?? 0,
                                     isGoods: line.kind == .goods)
            },
            payment: payment,
            refunds: refunds.map { refund in
                BackOfficeOrder.Refund(amount: refund.amount, jars: refund.returned.reduce(0) { $0 + $1.quantity },
                                       state: refund.state == .refunded ? .refunded : refund.state == .failed ? .failed : .asked,
                                       at: refund.createdAt, id: refund.id, items: refund.returned.compactMap { returned in
                                           guard order.lines.indices.contains(returned.position) else { return nil }
                                           let line = order.lines[returned.position]
                                           return BackOfficeOrder.Refund.Item(
                                               name: line.name, quantity: returned.quantity,
                                               amount: Money(minorUnits: line.charged(forJars: returned.quantity), currency: line.unitPrice.currency))
                                       }, backTo: refund.backTo.map(Self.payment(of:)), tax: refund.tax)
            },
            refundable: Money(minorUnits: refundable, currency: order.total.currency),
            refundsHere: order.paymentKind != .auction, taxes: order.taxAnalysis,
            parts: parts.count > 1 ? parts.map { BackOfficeOrder.Part(payment: Self.payment(of: $0), amount: $0.amount) } : [],
            refundOrder: refundOrder.map { BackOfficeOrder.Part(payment: Self.payment(of: $0.part), amount: $0.amount) })
    }

    /// Where what is left of a split order would go back; nothing when nothing is left.
    private func refundPlan(of order: Order) throws -> [RefundLeg] {
        do {
            return try orders.refundPlan(orderId: order.id, .everythingLeft) ?? []
        } catch {
            guard error == .nothingLeft else { throw error }
            return []
        }
    }

    /// A part of a split order as the back office names it: by its tender, a card by brand and
    /// last four.
    static func payment(of part: LedgerEntry) -> BackOfficeOrder.Payment {
        switch part.tender {
        case .card: part.card.map { .card(brand: $0.brandName, lastFour: $0.lastFour) } ?? .other(kind: "card")
        case .cash: .cash
        case .bank, .mandate: .bank
        case .wallet: .wallet
        }
    }

    /// How the order was paid, as its tender gives the money back: a bank or wallet order by its
    /// method (its payment's id is no charge), any other by the charge's card.
    private func payment(of order: Order) throws -> BackOfficeOrder.Payment {
        guard let chargeId = order.chargeId else { return .none }
        switch order.paymentKind {
        case .bank: return .bank
        case .wallet: return .wallet
        case .cash: return .cash
        case .express, .auction, .subscription, nil:
            let charge: Charge
            do { charge = try charges.charge(chargeId) } catch ChargeError.chargeNotFound {
                // A subscription's period drawn on a mandate: a bank payment, given back by the bank.
                if order.paymentKind == .subscription { return .bank }
                return .other(kind: String(chargeId.prefix { $0 != "_" }))
            }
            return .card(brand: charge.brand.displayName, lastFour: charge.lastFour)
        }
    }
}

/// A refund's or a void's receipt the printer owes (`ReceiptBook.owedDocuments`), as the back
/// office shows it.
public enum OwedBackOfficeReceipt: Hashable, Sendable {
    case refund(BackOfficeOrder.Refund, of: BackOfficeOrder)
    case void(BackOfficeVoid)
}

extension BackOfficeController {
    /// What an owed document prints; nil when its refund or void cannot be read now (asked again
    /// on the next look).
    public func receipt(for document: OwedDocument) -> OwedBackOfficeReceipt? {
        switch document {
        case let .refund(id, orderId):
            guard case let .success(order) = order(id: orderId), let refund = order.refunds.first(where: { $0.id == id }) else { return nil }
            return .refund(refund, of: order)
        case let .void(id):
            return void(id: id).map(OwedBackOfficeReceipt.void)
        }
    }
}
