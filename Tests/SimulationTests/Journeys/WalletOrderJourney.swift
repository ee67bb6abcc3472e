import Foundation
import PaymentsCore

/// The cart paid at the wallet counter, as `WalletOrderPayment` does it: the order placed and its
/// jars reserved, a WeChat Pay source for its total, a payment code the shopper confirms or
/// declines on their phone, then a poll. Consumed is paid; failed or walked away before
/// authorising is not paid; a poll that times out after authorising is a possible success: the
/// order waits with the source noted, for the settler.
enum WalletOrderJourney {
    static func start(_ world: SimulatedWorld, _ random: inout SeededRandom) -> String {
        let shopper = world.newShopper("wallet order")
        let product = random.pick(Array(world.startingStock.keys).sorted())
        // A slow wallet is consumed after 2 minutes, longer than the poll waits.
        let slow = random.chance(0.3)
        if slow { world.statistics.count(.walletLate) }
        let process = world.process
        let commerce = process.commerce
        let order: Order
        let source: Source
        do {
            _ = try commerce.carts.add(productId: product, for: shopper.session)
            order = try commerce.orders.placeOrder(for: shopper.session)
            try commerce.orders.startExternalPayment(orderId: order.id, kind: .wallet)
        } catch {
            return "\(shopper.name) pays 1 × \(product) by wallet: refused before paying: \(error)"
        }
        do {
            source = try commerce.sources.create(SourceParams(amount: order.total, description: order.paymentDescription,
                                                              type: .wechatPay, flow: .qrCode, metadata: slow ? SourceParams.slowWalletMetadata : [:]))
            _ = try commerce.sources.startWalletAuthorization(sourceId: source.id)
        } catch {
            _ = try? commerce.orders.markFailed(orderId: order.id, reason: "failed")
            world.tell(shopper, .notPaid(orderId: order.id, reason: "\(error)"), by: process)
            return "\(shopper.name) pays 1 × \(product) by wallet: no source: \(error)"
        }
        process.openWallets.append(OpenPrompt(shopper: shopper, openedAt: world.clock.now) { [weak world, weak process] choice in
            guard let world, let process else { return }
            answer(choice, world, process, shopper, order: order, source: source.id)
        })
        return "\(shopper.name) pays 1 × \(product) by wallet\(slow ? " (slow wallet)" : "")"
    }

    private static func answer(_ choice: PromptAnswer, _ world: SimulatedWorld, _ process: CounterProcess, _ shopper: Shopper,
                               order: Order, source: String) {
        let commerce = process.commerce
        func notPaid(_ reason: String) {
            _ = try? commerce.orders.markFailed(orderId: order.id, reason: reason)
            world.tell(shopper, .notPaid(orderId: order.id, reason: reason), by: process)
        }
        switch choice {
        case .refuse:
            do { try commerce.sources.declineWallet(sourceId: source) } catch { return notPaid("\(error)") }
            notPaid("failed")
        case .abandon:
            // The screen goes back: the code is withdrawn; one the shopper could still confirm waits.
            do { try commerce.sources.cancelWallet(sourceId: source) } catch {
                try? commerce.orders.noteExternalReference(orderId: order.id, reference: ExternalReference(identifier: source))
                return world.tell(shopper, .waiting(orderId: order.id, why: "code not withdrawn: \(error)"), by: process)
            }
            notPaid("cancelled")
        case .accept:
            do { try commerce.sources.confirmWallet(sourceId: source) } catch { return notPaid("\(error)") }
            commerce.sources.poll(sourceId: source, every: .seconds(2), timeout: .seconds(30)) { [weak world, weak process] outcome in
                guard let world, let process else { return }
                switch outcome {
                case .consumed:
                    let paid = (try? process.commerce.orders.markPaid(orderId: order.id, reference: source)) ?? nil
                    // The wallet took the money: the screen says paid; an order not marked yet is the settler's.
                    world.tell(shopper, paid?.state == .paid ? .paid(orderId: order.id) : .waiting(orderId: order.id, why: "consumed, not marked yet"),
                               by: process)
                case .failed(let reason):
                    _ = try? process.commerce.orders.markFailed(orderId: order.id, reason: reason)
                    world.tell(shopper, .notPaid(orderId: order.id, reason: reason), by: process)
                case let outcome where outcome.isPossibleSuccess:
                    try? process.commerce.orders.noteExternalReference(orderId: order.id, reference: ExternalReference(identifier: source))
                    world.tell(shopper, .waiting(orderId: order.id, why: "possible success"), by: process)
                case .timedOut, .notKnown:
                    _ = try? process.commerce.orders.markFailed(orderId: order.id, reason: "failed")
                    world.tell(shopper, .notPaid(orderId: order.id, reason: "timed out"), by: process)
                }
            }
        }
    }
}
