import CheckoutKit
import Localization

extension SourceStep {
    /// Why the step does not fit, as the wallet screen's failure line says it.
    public var message: String {
        switch self {
        case .cardAuthorisation: tr("card authorisation needs a pending card source")
        case .walletAuthorisation: tr("wallet authorisation needs a pending wallet source")
        case .confirmation: tr("nothing to confirm")
        case .decline: tr("nothing to decline")
        }
    }
}

/// A bank failure's generic reason as the shopper reads it. The reasons the counter writes itself
/// travel in English (the database keeps them so); these are said in the current language, and
/// any other reason (a provider's own words) is shown as it came.
public enum BankReasonText {
    public static func shown(_ reason: String) -> String {
        if reason == BankError.exceedsMandate { return tr("amount exceeds the mandate") }
        if let bank = reason.dropping(prefix: BankError.unknownBankPrefix) { return tr("unknown bank {0}", bank) }
        if let country = reason.dropping(prefix: BankPaymentsManager.noBanksPrefix) {
            return tr("no banks available for {0}", CountryText.shown(country))
        }
        return reason
    }
}

private extension String {
    func dropping(prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
