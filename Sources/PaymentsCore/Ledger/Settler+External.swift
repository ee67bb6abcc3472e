import Foundation

extension Settler {
    /// Rule 4: orders paid by bank or wallet, asked of their bank payment or source.
    func settleExternalOrders(isAlive: (String?) -> Bool) -> [String] {
        let orders = commerce.orders
        var settled: [String] = []
        // A payment made out to an order that never noted it is asked about in this same pass.
        _ = try? orders.noteFoundExternalPayments()
        for kind in [ExternalPaymentKind.bank, .wallet] {
            let changed = (try? orders.reconcileExternalPayments(kind: kind) { reference in status(of: reference, kind: kind) }) ?? []
            settled += changed.map(\.id)
        }
        // An order whose counter died before it made its bank payment or source, or whose flow
        // was given up before: nothing can be asked about it, and no money has moved for it.
        settled += ((try? orders.releaseUnreferencedExternalPayments(isAlive: isAlive)) ?? []).map(\.id)
        return settled
    }

    private func status(of reference: ExternalReference, kind: ExternalPaymentKind) -> ExternalPaymentStatus {
        switch kind {
        case .bank: Self.bankStatus(reference, in: commerce.bank)
        case .wallet: Self.walletStatus(reference.identifier, in: commerce.sources)
        case .express, .auction, .subscription, .cash: .pending
        }
    }

    /// A bank payment's word on its order: authorised or further is paid, failed is failed.
    public static func bankStatus(_ reference: ExternalReference, in bank: BankPayments) -> ExternalPaymentStatus {
        do {
            let report = try bank.paymentStatus(identifier: reference.identifier, token: reference.token ?? "")
            switch report.status {
            case .authorized, .executed, .settled: return .paid(reference: reference.identifier)
            case .failed: return .failed(reason: (report.failure ?? .unexpectedBehaviour).code)
            case .authorizationRequired, .authorizing: return .pending
            }
        } catch .paymentNotFound, .invalidToken {
            return .failed(reason: BankError.paymentNotFound.code)
        } catch {
            // Not an answer about the payment (the bank could not be read): ask again next pass.
            return .pending
        }
    }

    /// A wallet source's word on its order: consumed is paid, failed is failed.
    public static func walletStatus(_ source: String, in sources: PaymentSources) -> ExternalPaymentStatus {
        do {
            switch try sources.sourceStatus(id: source) {
            case .consumed: return .paid(reference: source)
            case .failed(let reason): return .failed(reason: reason)
            default: return .pending
            }
        } catch .unknownSource {
            return .failed(reason: "unknown_source")
        } catch {
            // Not an answer about the source (it could not be read): ask again next pass.
            return .pending
        }
    }
}
