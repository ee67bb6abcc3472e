import Foundation
import PaymentsCore

/// The cart paid by bank, as `CheckoutServices.bankOrderPayment` and `settleBankOrder` do it:
/// the order's jars reserved, a bank payment made out to the order's number, the flow run with a
/// bank chosen by the shopper, and the order settled by the flow's answer or the payment's status.
enum BankOrderJourney {
    /// Banks by behaviour: approves, decoupled (answers after 5 min), redirects, rejects, slow
    /// (expires), offline, fails authorisation, server error.
    static let banks = ["gb-albion-bank", "gb-thames-mutual", "de-nordbank-direkt", "gb-crown-savings", "gb-fogline-bank",
                        "de-alpen-volksbank", "fr-credit-provence", "fr-societe-seine"]
    static let lateBanks: Set<String> = ["gb-thames-mutual", "de-nordbank-direkt", "gb-fogline-bank", "de-alpen-volksbank"]

    static func start(_ world: SimulatedWorld, _ random: inout SeededRandom) -> String {
        let bank = random.pick(banks)
        let shopper = world.newShopper("bank order")
        let product = random.pick(Array(world.startingStock.keys).sorted())
        let process = world.process
        let commerce = process.commerce
        if lateBanks.contains(bank) { world.statistics.count(.bankLateOrNever) }
        let order: Order
        let handle: BankResourceHandle
        do {
            _ = try commerce.carts.add(productId: product, for: shopper.session)
            order = try commerce.orders.placeOrder(for: shopper.session)
            try commerce.orders.startExternalPayment(orderId: order.id, kind: .bank)
        } catch {
            return "\(shopper.name) pays 1 × \(product) by bank at \(bank): refused before paying: \(error)"
        }
        do {
            handle = try commerce.bank.createPayment(amount: order.total, reference: order.number)
            try commerce.orders.noteExternalReference(orderId: order.id, reference: ExternalReference(identifier: handle.identifier, token: handle.resourceToken))
        } catch {
            _ = try? commerce.orders.markFailed(orderId: order.id, reason: "bank_payment_not_created")
            world.tell(shopper, .notPaid(orderId: order.id, reason: "\(error)"), by: process)
            return "\(shopper.name) pays 1 × \(product) by bank at \(bank): no bank payment: \(error)"
        }
        // Refused, some shoppers choose another bank, as the bank screen offers: a new payment
        // for the same order, whose money must pay it, once.
        let another = bank == "gb-crown-savings" && random.pick([true, false]) ? "gb-albion-bank" : nil
        commerce.bank.processSinglePayment(identifier: handle.identifier, token: handle.resourceToken, providerId: bank) { [weak world, weak process] result in
            guard let world, let process else { return }
            guard let another, case .failure = result else {
                return world.tell(shopper, settle(order.id, handle: handle, result, in: process.commerce), by: process)
            }
            world.tell(shopper, tryAgain(order, at: another, for: shopper, in: world, process), by: process)
        }
        return "\(shopper.name) pays 1 × \(product) by bank at \(bank)\(another.map { ", then at \($0) if refused" } ?? "")"
    }

    /// The refused attempt released (the order waits), then the same order paid at another bank.
    private static func tryAgain(_ order: Order, at bank: String, for shopper: Shopper, in world: SimulatedWorld, _ process: CounterProcess) -> Told {
        let orders = process.commerce.orders
        let handle: BankResourceHandle
        do {
            try orders.releaseExternalAttempt(orderId: order.id, reason: "rejected")
            try orders.startExternalPayment(orderId: order.id, kind: .bank)
            handle = try process.commerce.bank.createPayment(amount: order.total, reference: order.number)
            try orders.noteExternalReference(orderId: order.id, reference: ExternalReference(identifier: handle.identifier, token: handle.resourceToken))
        } catch {
            return .notPaid(orderId: order.id, reason: "another bank could not be asked: \(error)")
        }
        // Another attempt of the same order: what the shopper hears of it comes later.
        shopper.attempts.append((orderId: order.id, heard: shopper.told.count + 1))
        process.commerce.bank.processSinglePayment(identifier: handle.identifier, token: handle.resourceToken, providerId: bank) {
            [weak world, weak process] result in
            guard let world, let process else { return }
            world.tell(shopper, settle(order.id, handle: handle, result, in: process.commerce), by: process)
        }
        return .waiting(orderId: order.id, why: "refused at the first bank, trying \(bank)")
    }

    /// The order settled by the flow's answer; an error asks the payment's status.
    private static func settle(_ orderId: String, handle: BankResourceHandle, _ result: Result<BankFlowState, BankError>, in commerce: Commerce) -> Told {
        let orders = commerce.orders
        func paid() -> Told {
            do {
                let order = try orders.markPaid(orderId: orderId, reference: handle.identifier)
                return order?.state == .paid ? .paid(orderId: orderId) : .notPaid(orderId: orderId, reason: "out of stock")
            } catch {
                // The bank has the money and the screen says so; the order is marked by the settler.
                return .waiting(orderId: orderId, why: "the bank approved, the order is recorded later: \(error)")
            }
        }
        func failed(_ reason: String) -> Told {
            do {
                _ = try orders.markFailed(orderId: orderId, reason: reason)
                return .notPaid(orderId: orderId, reason: reason)
            } catch {
                return .notPaid(orderId: orderId, reason: "\(error)")
            }
        }
        switch result {
        case .success(.authorized), .success(.executed), .success(.settled): return paid()
        case .success(.wait), .success(.redirect): return .waiting(orderId: orderId, why: "the bank decides later")
        case .failure(let error):
            switch Settler.bankStatus(ExternalReference(identifier: handle.identifier, token: handle.resourceToken), in: commerce.bank) {
            case .paid: return paid()
            case .failed(let reason): return failed(reason)
            case .pending:
                if case .authorizing? = try? commerce.bank.paymentStatus(identifier: handle.identifier, token: handle.resourceToken).status {
                    return .waiting(orderId: orderId, why: "the bank is authorising")
                }
                return failed("\(error)")
            }
        }
    }
}
