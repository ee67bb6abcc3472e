import Clocks
import Foundation

// STAND-IN for issue 3's simulated acquirer, so issue 4 runs and is tested before `core` lands.
// Outcomes are decided by the instrument's reference, so tests read as what they mean:
//   contains "decline"      -> card_declined
//   contains "insufficient" -> insufficient_funds
//   contains "3ds"          -> holds need a 3-D Secure challenge; the code "123456" passes
// Anything else is approved. Latency comes from the loop's scheduler, never from sleeping.
public final class StandInAcquirer: ChargeGateway, HoldGateway {
    public enum HoldState: Equatable, Sendable { case awaitingChallenge, held, released }

    private let scheduler: Scheduler
    private let latency: Duration
    private var chargesByKey: [String: Result<ChargeReceipt, PaymentDecline>] = [:]
    private var holdsByKey: [String: String] = [:]
    private var nextNumber = 0

    /// Every capture that really moved money (replays excluded), for tests and the demo.
    public private(set) var capturedCharges: [ChargeReceipt] = []
    public private(set) var refundedChargeIds: [String] = []
    public private(set) var holds: [String: (amount: Money, state: HoldState)] = [:]
    /// References that fail from now on, e.g. a saved card that expired between renewals.
    public var failingReferences: Set<String> = []

    public init(scheduler: Scheduler, latency: Duration = .milliseconds(300)) {
        self.scheduler = scheduler
        self.latency = latency
    }

    public func charge(_ request: ChargeRequest, completion: @escaping (Result<ChargeReceipt, PaymentDecline>) -> Void) {
        scheduler.schedule(after: latency) { [self] in
            if let replay = chargesByKey[request.idempotencyKey] { return completion(replay) }
            let result: Result<ChargeReceipt, PaymentDecline>
            if let decline = decline(for: request.instrument.reference) {
                result = .failure(decline)
            } else {
                let receipt = ChargeReceipt(chargeId: nextId("ch"), amount: request.amount)
                capturedCharges.append(receipt)
                result = .success(receipt)
            }
            chargesByKey[request.idempotencyKey] = result
            completion(result)
        }
    }

    public func refund(chargeId: String, idempotencyKey: String, completion: @escaping (Result<Void, PaymentDecline>) -> Void) {
        scheduler.schedule(after: latency) { [self] in
            if !refundedChargeIds.contains(chargeId) { refundedChargeIds.append(chargeId) }
            completion(.success(()))
        }
    }

    public func placeHold(amount: Money, instrument: PaymentInstrument, idempotencyKey: String, completion: @escaping (HoldOutcome) -> Void) {
        scheduler.schedule(after: latency) { [self] in
            if let decline = decline(for: instrument.reference) { return completion(.failed(decline)) }
            let holdId = holdsByKey[idempotencyKey] ?? nextId("hold")
            holdsByKey[idempotencyKey] = holdId
            if instrument.reference.contains("3ds") {
                holds[holdId] = (amount, .awaitingChallenge)
                completion(.requiresAction(holdId: holdId, challenge: "Enter the code your bank sent (test: 123456)"))
            } else {
                holds[holdId] = (amount, .held)
                completion(.held(holdId: holdId))
            }
        }
    }

    public func completeChallenge(holdId: String, code: String, completion: @escaping (HoldOutcome) -> Void) {
        scheduler.schedule(after: latency) { [self] in
            guard let hold = holds[holdId], hold.state == .awaitingChallenge else {
                return completion(.failed(PaymentDecline(code: "no_challenge", message: "No challenge is waiting.")))
            }
            guard code == "123456" else {
                holds[holdId] = (hold.amount, .released)
                return completion(.failed(PaymentDecline(code: "authentication_failed", message: "3-D Secure authentication failed.")))
            }
            holds[holdId] = (hold.amount, .held)
            completion(.held(holdId: holdId))
        }
    }

    public func releaseHold(holdId: String, completion: @escaping (Result<Void, PaymentDecline>) -> Void) {
        scheduler.schedule(after: latency) { [self] in
            if let hold = holds[holdId] { holds[holdId] = (hold.amount, .released) }
            completion(.success(()))
        }
    }

    private func decline(for reference: String) -> PaymentDecline? {
        if failingReferences.contains(reference) || reference.contains("decline") {
            return PaymentDecline(code: "card_declined", message: "The card was declined.")
        }
        if reference.contains("insufficient") {
            return PaymentDecline(code: "insufficient_funds", message: "The card has insufficient funds.")
        }
        return nil
    }

    private func nextId(_ prefix: String) -> String {
        nextNumber += 1
        return "\(prefix)_sim_\(String(format: "%06d", nextNumber))"
    }
}
