import Foundation

/// Checks source params before a source is created (seed 000's "create source" step).
enum SourceValidation {
    static let maximumDescriptionLength = 128
    static let maximumMetadataEntries = 20

    static func validate(_ params: CoreSourceParams) throws(SourceError) {
        guard params.amount.minorUnits > 0 else { throw .invalidAmount }
        let description = params.description.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !description.isEmpty else { throw .descriptionRequired }
        guard description.count <= maximumDescriptionLength else { throw .descriptionTooLong(maximum: maximumDescriptionLength) }
        guard supportedCurrencies(params.type).contains(params.amount.currency.code) else {
            throw .unsupportedCurrency(type: params.type, currency: params.amount.currency.code)
        }
        let flowFits = params.type.isWallet ? params.flow == .qrCode : params.flow == .inApp
        guard flowFits else { throw .flowNotSupported(type: params.type, flow: params.flow) }
        guard params.metadata.count <= maximumMetadataEntries else { throw .metadataTooLarge }
    }

    /// Wallets settle in a few currencies only; cards take any the counter knows.
    static func supportedCurrencies(_ type: CorePaymentMethodType) -> Set<String> {
        switch type {
        case .card: ["EUR", "GBP", "USD", "CNY", "JPY"]
        case .wechatPay, .alipay: ["CNY", "EUR", "JPY"]
        }
    }
}
