/// The password rule, as a value the sign-up screen can show before the shopper types.
public struct PasswordPolicy: Sendable, Hashable {
    public let minimumLength: Int
    public let maximumLength: Int

    public init(minimumLength: Int = 8, maximumLength: Int = 128) {
        self.minimumLength = minimumLength; self.maximumLength = maximumLength
    }

    public func accepts(_ password: String) -> Bool {
        (minimumLength...maximumLength).contains(password.count)
            && password.contains(where: \.isLetter) && password.contains(where: \.isNumber)
    }
}

/// The payments PIN rule.
public enum PINPolicy {
    public static let lengths = 4...6
    public static func accepts(_ pin: String) -> Bool {
        lengths.contains(pin.count) && pin.allSatisfy(\.isASCIIDigit)
    }
}

/// Email addresses: trimmed, lower-cased (so uniqueness is case-insensitive), and shaped like
/// local@domain.tld with no spaces. Deliverability is not the counter's business.
public enum EmailAddress {
    public static func normalize(_ text: String) throws(CustomerError) -> String {
        let email = text.trimmingWhitespace().lowercased()
        guard !email.isEmpty else { throw .emailEmpty }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.count <= 254, parts.count == 2, !parts[0].isEmpty, !email.contains(where: \.isWhitespace),
              parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !parts[1].contains("..") else {
            throw .emailInvalid
        }
        return email
    }
}
