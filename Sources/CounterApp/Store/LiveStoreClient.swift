import CheckoutKit
import Clocks
import Foundation

extension StoreClient {
    /// The client over the controllers, on the loop's timers.
    public static func live(services: CheckoutServices, timers: TimerQueue) -> StoreClient {
        let challenges = ChallengeDesk()
        let store = services.store
        let account = services.account
        // Opened once: opening it migrates its tables.
        let receipts = try? services.receiptBook()
        var client = StoreClient(
            now: { services.clock.now },
            schedule: { delay, action in _ = timers.schedule(after: delay, action) },
            loadProducts: { store.loadProducts(completion: $0) },
            shelf: { filter, anchor, limit in store.products(CatalogSearch.filter(filter), from: anchor, limit: limit) },
            shelfCount: { store.productCount(CatalogSearch.filter($0)) },
            cart: { store.cart },
            add: { id, quantity in Result { () throws(StoreError) in try store.add(productID: id, quantity: quantity) } },
            setQuantity: { id, quantity in Result { () throws(StoreError) in try store.changeQuantity(productID: id, to: quantity) } },
            remove: { store.remove(productID: $0) },
            emptyCart: { store.emptyCart() },
            tokenize: { card in Result { () throws(CardEntryError) in try services.cards.tokenize(card) } },
            checkout: { source, saveCard, onChallenge, completion in
                challenges.onChallenge = onChallenge
                store.checkout(with: source, saveCard: saveCard, authentication: challenges, completion: completion)
            },
            answerChallenge: { id, code in challenges.answer(id, code: code) },
            shopper: { account.customer?.email },
            signUp: { email, password in
                Result { () throws(AccountError) in try account.signUp(email: email, password: password).email }
            },
            logIn: { email, password in
                Result { () throws(AccountError) in try account.logIn(email: email, password: password).email }
            },
            // The next person never inherits a checkout under way: its order stays with the settler.
            logOut: { store.stopWaiting(); account.logOut() },
            savedCards: { (try? account.savedCards()) ?? [] },
            setDefaultCard: { id in
                do throws(AccountError) { try account.setDefaultCard(id); return nil } catch { return error }
            },
            removeCard: { id in
                do throws(AccountError) { try account.removeCard(id); return nil } catch { return error }
            },
            orders: { (try? account.orderHistory()) ?? [] },
            history: { (try? account.history()) ?? [] },
            plans: { (try? account.plans()) ?? [] },
            subscriptions: { (try? account.subscriptions()) ?? [] },
            subscribe: { plan, card, onChallenge, completion in
                challenges.onChallenge = onChallenge
                account.subscribe(planId: plan, cardID: card, authentication: challenges, completion: completion)
            },
            cancelSubscription: { id, atEnd in
                do throws(AccountError) { try account.cancelSubscription(id, atPeriodEnd: atEnd); return nil } catch { return error }
            },
            failedRenewals: { (try? account.failedRenewals(of: $0)) ?? [] },
            runDueWork: { services.runDueWork(completion: $0) },
            unsettledOrder: { store.unsettledOrder?.number },
            settledOutcome: { store.outcome(ofOrder: $0) },
            latestPaidReceipt: { try? receipts?.latestPaid(sessionKey: services.session.cartKey) },
            paidReceipt: { try? receipts?.receipt(orderNumber: $0) },
            hasPaymentsPIN: { account.hasPIN },
            setPaymentsPIN: { pin in
                do throws(AccountError) { try account.setPIN(pin); return nil } catch { return error }
            },
            changePaymentsPIN: { current, new in
                do throws(AccountError) { try account.changePIN(current: current, new: new); return nil } catch { return error }
            },
            paymentsLocked: { account.isPaymentsLocked },
            unlockPayments: { pin in
                do throws(AccountError) { try account.unlockPayments(pin: pin); return nil } catch { return error }
            },
            saveCard: { card, onChallenge, completion in
                challenges.onChallenge = onChallenge
                account.saveCheckedCard(card, authentication: challenges) { result in
                    completion(result.map { CardSaved(card: $0.card, alreadySaved: $0.alreadySaved) })
                }
            }
        )
        client.keepsGuestCart = { services.session.keepsGuestCart }
        client.payInCash = { tendered in
            // The last part of a split: its receipt lists every tender, read from the books.
            Result { () throws(StoreError) in try store.payInCash(tendered: tendered) }.map { sale in
                (try? receipts?.receipt(orderNumber: sale.order.number)).flatMap { $0 }.flatMap { $0.parts.isEmpty ? nil : $0 } ?? sale
            }
        }
        client.cashRounding = { store.cashRounding }
        client.scan = { code in Result { () throws(ScanFailure) in try store.addScanned(code) } }
        client.discountPolicy = { store.discountPolicy }
        client.giveDiscount = { request in Result { () throws(DiscountChangeError) in try store.give(request) } }
        client.removeDiscount = { target in Result { () throws(DiscountChangeError) in try store.removeDiscount(on: target) } }
        client.checkoutPart = { amount, source, saveCard, onChallenge, completion in
            challenges.onChallenge = onChallenge
            store.checkoutPart(amount, with: source, saveCard: saveCard, authentication: challenges, completion: completion)
        }
        client.payPartInCash = { amount in Result { () throws(StoreError) in try store.payPartInCash(amount) } }
        client.paidSoFar = { store.paidSoFar }
        client.giveBackParts = { completion in store.giveBackParts(completion: completion) }
        client.parking = .live(services.parking)
        return client
    }
}

/// The 3-D Secure presenter the store controller talks to: it hands each challenge to the
/// screen (as an action) and keeps the controller's completion until the screen answers.
final class ChallengeDesk: AuthenticationPresenter {
    var onChallenge: (ThreeDSChallenge) -> Void = { _ in }
    private var waiting: [String: (String?) -> Void] = [:]

    func presentChallenge(_ challenge: ThreeDSChallenge, completion: @escaping (String?) -> Void) {
        waiting[challenge.identifier] = completion
        onChallenge(challenge)
    }

    /// Answers once; a second answer for the same challenge is ignored.
    func answer(_ id: String, code: String?) {
        guard let completion = waiting.removeValue(forKey: id) else { return }
        completion(code)
    }
}
