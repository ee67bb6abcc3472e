import CheckoutKit
import Foundation
import Localization

/// Parked sales' words, in the language in force.
enum ParkingWords {
    static func refusal(_ error: ParkingError) -> String {
        switch error {
        case .nameMissing: tr("Type a name to park the sale under.")
        case .nameTooLong: tr("A name of at most {0} characters.", ParkingController.maximumNameLength)
        case .nameTaken: tr("A sale is parked under this name already.")
        case .emptyCart: tr("The cart is empty: there is nothing to park.")
        case .paymentInProgress: tr("The cart's payment is on its way: it cannot be parked now.")
        case .gone: tr("That sale was resumed or discarded meanwhile.")
        case .cartNotEmpty(let items): trn("The cart holds {0} item.", "The cart holds {0} items.", count: items, items)
        case .cart(let error): StoreError(error).message
        case .storage: tr("Parked sales could not be read or written. Try again.")
        }
    }

    /// "Anna · 14:05 · front".
    static func who(_ sale: ParkedSale) -> String {
        var parts = [DateText.dayAndTime(sale.parkedAt)]
        if let name = sale.signature?.doneBy.name { parts.insert(name, at: 0) }
        if let counter = sale.counter, !counter.isEmpty { parts.append(counter) }
        return parts.joined(separator: " · ")
    }
}
