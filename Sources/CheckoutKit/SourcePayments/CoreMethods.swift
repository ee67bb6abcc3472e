import PaymentsCore

extension PaymentMethodType {
    /// The method the core knows by this identifier ("card", "alipay"...), with its name; nil for
    /// one it does not know.
    public static func known(_ identifier: String) -> PaymentMethodType? {
        CorePaymentMethodType(rawValue: identifier).map { PaymentMethodType(identifier: $0.rawValue, displayName: $0.displayName) }
    }
}

extension SourceParams {
    /// The metadata that asks the core's test wallet to confirm slowly (longer than a poll timeout).
    public static let slowWalletMetadata = CoreSourceParams.slowWalletMetadata
}
