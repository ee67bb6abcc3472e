import Foundation

/// A signed-up shopper as the rest of the counter sees them (no secrets).
public struct Customer: Hashable, Sendable {
    public let id: String
    /// The processor-side client id (PAYMILL's `paymillClientId`): "client_…".
    public let clientID: String
    public let email: String
    public let hasPIN: Bool
    public let createdAt: Date

    /// The key of the customer's cart and orders: what the order history lists, so an order the
    /// core places for her (a won auction) is found there too.
    public var cartKey: String { Self.cartKey(customerId: id) }

    public static func cartKey(customerId: String) -> String { "customer-\(customerId)" }
}

/// A customer as stored: with the password and PIN hashes and the PIN attempt counter.
public struct CustomerRecord: Hashable, Sendable {
    public var id: String
    public var clientID: String
    public var email: String
    public var passwordHash: String
    public var pinHash: String?
    public var pinFailedAttempts: Int
    public var pinLockedUntil: Date?
    public var createdAt: Date

    public init(id: String, clientID: String, email: String, passwordHash: String, pinHash: String?,
                pinFailedAttempts: Int, pinLockedUntil: Date?, createdAt: Date) {
        self.id = id; self.clientID = clientID; self.email = email; self.passwordHash = passwordHash
        self.pinHash = pinHash; self.pinFailedAttempts = pinFailedAttempts; self.pinLockedUntil = pinLockedUntil
        self.createdAt = createdAt
    }

    public var customer: Customer {
        Customer(id: id, clientID: clientID, email: email, hasPIN: pinHash != nil, createdAt: createdAt)
    }
}
