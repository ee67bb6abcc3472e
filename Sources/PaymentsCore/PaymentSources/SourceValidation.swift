import Foundation

/// Checks source params before a source is created (seed 000's "create source" step).
enum SourceValidation {
    static let maximumDescriptionLength = 128
    static let maximumMetadataEntries = 20

    /// The method and flow the source is created with (a missing flow is the method's default).
    static func validate(_ params: SourceParams) throws(SourceError) -> (type: PaymentMethodType, flow: SourceFlow) {
        guard params.amount.minorUnits > 0 else { throw .invalidAmount }
        let description = params.description.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !description.isEmpty else { throw .descriptionRequired }
        guard description.count <= maximumDescriptionLength else { throw .descriptionTooLong(maximum: maximumDescriptionLength) }
        guard let type = params.type else { throw .methodRequired }
        guard supportedCurrencies(type).contains(params.amount.currency.code) else {
            throw .unsupportedCurrency(type: type, currency: params.amount.currency.code)
        }
        let flow = params.flow ?? type.supportedFlow
        guard flow == type.supportedFlow else { throw .flowNotSupported(type: type, flow: flow) }
        guard params.metadata.count <= maximumMetadataEntries else { throw .metadataTooLarge }
        return (type, flow)
    }

    /// Wallets settle in a few currencies only; cards take any the counter knows.
    static func supportedCurrencies(_ type: PaymentMethodType) -> Set<String> {
        switch type {
        case .card: ["EUR", "GBP", "USD", "CNY", "JPY"]
        case .wechatPay, .alipay: ["CNY", "EUR", "JPY"]
        }
    }
}
