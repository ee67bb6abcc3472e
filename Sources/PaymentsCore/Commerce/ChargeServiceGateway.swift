import Clocks
import Foundation

/// Issue 3's `ChargeService` behind issue 4's two seams: captures (orders, renewals, card
/// sources) and holds (auction bids, `capture: false`), with 3-D Secure and release.
public final class ChargeServiceGateway: TransactionalChargeGateway, HoldGateway {
    private let charges: ChargeService
    private let repository: ChargeRepository
    private let scheduler: Scheduler

    public init(charges: ChargeService, repository: ChargeRepository, scheduler: Scheduler) {
        self.charges = charges
        self.repository = repository
        self.scheduler = scheduler
    }

    public func lookUp(idempotencyKey: String) -> ChargeLookup? {
        let remembered: IdempotencyRecord?
        do { remembered = try repository.idempotencyKey(idempotencyKey) } catch { return .notKnown }
        guard let remembered else { return nil }
        guard let charge = try? charges.charge(remembered.chargeID) else { return .notKnown }
        switch charge.status {
        case .succeeded: return .succeeded(ChargeReceipt(chargeId: charge.id, amount: charge.amount))
        case .failed(let reason): return .failed(Self.decline(reason))
        case .canceled: return .failed(PaymentDecline(code: "canceled", cause: .canceled))
        case .requiresAction: return .awaitingChallenge(chargeId: charge.id)
        case .pending, .authorized: return .pending
        }
    }

    public func charge(_ request: CardPaymentRequest, completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        charge(request, companion: nil, completion: completion)
    }

    public func charge(_ request: CardPaymentRequest, alongside companion: ChargeCompanion,
                       completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        charge(request, companion: companion, completion: completion)
    }

    private func charge(_ request: CardPaymentRequest, companion: ChargeCompanion?,
                        completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        // Captures here are unattended or have no challenge step (orders, renewals): a card that
        // insists on 3-D Secure is refused, as the attended gateway refuses it with nobody there.
        charges.create(ChargeRequest(capturing: request), alongside: companion) { [charges] result in
            AttendedChargeGateway.answer(result, completion) { AttendedChargeGateway.refuseChallenge($0, charges: charges, completion) }
        }
    }

    /// A refusal of the core's as the gateway's caller sees it: a lost answer is not known,
    /// anything else was refused before money could move.
    public static func failure(_ error: ChargeError) -> CardPaymentFailure {
        if case .outcomeUnknown(let id) = error { return .outcomeUnknown(chargeId: id) }
        return .declined(decline(error))
    }

    public func refund(chargeId: String, idempotencyKey: String, completion: @escaping (Result<Void, PaymentDecline>) -> Void) {
        let result: Result<Void, PaymentDecline>
        do {
            _ = try charges.refund(chargeId)
            result = .success(())
        } catch let error as ChargeError {
            // Already refunded in full: the refund the caller wants has happened.
            result = (try? charges.charge(chargeId))?.amountRefundable.isZero == true ? .success(()) : .failure(Self.decline(error))
        } catch {
            result = .failure(PaymentDecline(code: "storage", cause: .unrecorded("\(error)")))
        }
        scheduler.schedule(after: .zero) { completion(result) }
    }

    public func refund(chargeId: String, amount: Money, refundId: String, completion: @escaping (Result<Void, PaymentDecline>) -> Void) {
        let result: Result<Void, PaymentDecline>
        do {
            _ = try charges.refund(chargeId, amount: amount, id: refundId)
            result = .success(())
        } catch let error as ChargeError {
            result = .failure(Self.decline(error))
        } catch {
            result = .failure(PaymentDecline(code: "storage", cause: .unrecorded("\(error)")))
        }
        scheduler.schedule(after: .zero) { completion(result) }
    }

    public func placeHold(amount: Money, instrument: PaymentInstrument, idempotencyKey: String, completion: @escaping (HoldOutcome) -> Void) {
        charges.create(ChargeRequest(amount: amount, instrument: instrument, idempotencyKey: idempotencyKey, description: "Auction bid hold",
                                     capture: false)) { result in
            completion(Self.holdOutcome(result))
        }
    }

    public func completeChallenge(holdId: String, code: String, completion: @escaping (HoldOutcome) -> Void) {
        charges.confirmChallenge(holdId, code: code) { result in completion(Self.holdOutcome(result)) }
    }

    public func releaseHold(holdId: String, completion: @escaping (Result<Void, PaymentDecline>) -> Void) {
        let result: Result<Void, PaymentDecline>
        do {
            _ = try charges.cancel(holdId)
            result = .success(())
        } catch {
            // A hold that is already canceled (or failed its challenge) holds nothing.
            let status = (try? charges.charge(holdId))?.status
            result = status == .canceled || status.map { if case .failed = $0 { true } else { false } } == true
                ? .success(()) : .failure(PaymentDecline(code: "release_failed", cause: .unrecorded("\(error)")))
        }
        scheduler.schedule(after: .zero) { completion(result) }
    }

    public func captureHold(holdId: String, completion: @escaping (Result<ChargeReceipt, CardPaymentFailure>) -> Void) {
        let result: Result<ChargeReceipt, CardPaymentFailure>
        do {
            let charge = try charges.capture(holdId)
            result = .success(ChargeReceipt(chargeId: charge.id, amount: charge.amountCaptured))
        } catch {
            let hold = try? charges.charge(holdId)
            switch hold?.status {
            case .succeeded?:
                result = .success(ChargeReceipt(chargeId: holdId, amount: hold!.amountCaptured))
            case .canceled?, .failed?:
                result = .failure(.declined(PaymentDecline(code: "hold_released", cause: .holdNotPlaced)))
            default:
                // Still held (the capture's write failed) or not readable: not known, the settler asks again.
                result = .failure(.outcomeUnknown(chargeId: holdId))
            }
        }
        scheduler.schedule(after: .zero) { completion(result) }
    }

    private static func holdOutcome(_ result: Result<Charge, ChargeError>) -> HoldOutcome {
        switch result {
        case .success(let charge):
            switch charge.status {
            case .authorized: .held(holdId: charge.id)
            case .requiresAction: .requiresAction(holdId: charge.id)
            case .failed(let reason): .failed(decline(reason))
            case .canceled: .failed(PaymentDecline(code: "canceled", cause: .holdNotPlaced))
            case .pending, .succeeded: .outcomeUnknown(holdId: charge.id)
            }
        case .failure(.outcomeUnknown(let id)): .outcomeUnknown(holdId: id)
        case .failure(let error): .failed(decline(error))
        }
    }

    static func decline(_ reason: DeclineReason) -> PaymentDecline {
        PaymentDecline(reason)
    }

    static func decline(_ error: ChargeError) -> PaymentDecline {
        PaymentDecline(error)
    }
}
