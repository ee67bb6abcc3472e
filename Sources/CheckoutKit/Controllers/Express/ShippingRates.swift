import Foundation
import PaymentsCore

/// Where the honey store ships and what it costs, by the (anonymised) contact's country: home,
/// the rest of the EU, a list of further countries, and nowhere else.
public struct ShippingRates: Sendable {
    public var homeCountry: String
    public var euCountries: Set<String>
    public var worldCountries: Set<String>
    public var currency: Currency

    public init(homeCountry: String = "DE",
                euCountries: Set<String> = ["AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU", "IE",
                                            "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK"],
                worldCountries: Set<String> = ["GB", "CH", "NO", "US", "CA", "AU", "NZ", "JP"],
                currency: Currency = .eur) {
        self.homeCountry = homeCountry
        self.euCountries = euCountries
        self.worldCountries = worldCountries
        self.currency = currency
    }

    public enum Zone: Hashable, Sendable { case domestic, europe, world }

    /// Every country shipped to, as the address form offers them: home first, then the rest of
    /// the EU, then the further countries, each group by code.
    public var countries: [String] {
        [homeCountry] + euCountries.subtracting([homeCountry]).sorted() + worldCountries.subtracting([homeCountry]).sorted()
    }

    public func zone(of countryCode: String) -> Zone? {
        let code = countryCode.uppercased()
        if code == homeCountry { return .domestic }
        if euCountries.contains(code) { return .europe }
        if worldCountries.contains(code) { return .world }
        return nil
    }

    /// The methods that ship to the zone, cheapest first.
    public func methods(for zone: Zone) -> [ShippingMethod] {
        func euros(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: currency) }
        return switch zone {
        case .domestic: [ShippingMethod(id: "domestic-standard", label: "Standard", detail: "2-3 days", amount: euros(490)),
                         ShippingMethod(id: "domestic-express", label: "Express", detail: "next day", amount: euros(990))]
        case .europe: [ShippingMethod(id: "eu-standard", label: "EU standard", detail: "4-6 days", amount: euros(890)),
                       ShippingMethod(id: "eu-express", label: "EU express", detail: "2 days", amount: euros(1_990))]
        case .world: [ShippingMethod(id: "world-standard", label: "International", detail: "7-14 days", amount: euros(1_490))]
        }
    }

    /// A postcode the carrier accepts for the country: digits of the right length at home,
    /// something at least elsewhere.
    public func acceptsPostcode(_ postcode: String, countryCode: String) -> Bool {
        let trimmed = postcode.trimmingCharacters(in: .whitespaces)
        if countryCode.uppercased() == homeCountry { return trimmed.count == 5 && trimmed.allSatisfy(\.isNumber) }
        return !trimmed.isEmpty
    }
}

/// Surcharges by card network, in basis points (Amex 2.5 %).
public struct CardSurcharges: Sendable {
    public var basisPointsByNetwork: [String: Int]

    public init(basisPointsByNetwork: [String: Int] = ["amex": 250, "american express": 250]) {
        self.basisPointsByNetwork = basisPointsByNetwork
    }

    public func basisPoints(for method: ExpressPaymentMethod) -> Int {
        basisPointsByNetwork[method.network.lowercased()] ?? 0
    }
}
