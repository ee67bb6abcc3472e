import CheckoutKit
import Localization

/// The catalogue's words: its notices, refusals, fields, reasons and movements.
enum CatalogueWords {
    static func notice(_ notice: CatalogueFeature.Notice) -> String {
        switch notice {
        case let .added(name, stock): tr("{0} added with {1} in stock.", name, stock)
        case let .priceChanged(name, price): tr("{0} now costs {1}.", tr(name), price.formatted())
        case let .received(name, quantity, stock): tr("Received {0} × {1}: {2} in stock.", quantity, tr(name), stock)
        case let .counted(name, 0, stock): tr("{0} counted: {1}, as the books said.", tr(name), stock)
        case let .counted(name, difference, stock): tr("{0} counted: {1} ({2} booked).", tr(name), stock, signed(difference))
        case .refused(let error): refusal(error)
        }
    }

    static func refusal(_ error: StockroomError) -> String {
        switch error {
        case .nameMissing: tr("Type the product's name.")
        case .nameTooLong: tr("A name of at most {0} characters.", 40)
        case .nameTaken: tr("A product of this name is on the shelf already.")
        case .invalidPrice: tr("Enter a price above zero.")
        case .unknownTaxCategory(let category): tr("The shop has no tax category {0}.", category)
        case .invalidQuantity(let quantity): tr("{0} is not a number of jars the shelf takes.", quantity)
        case .samePrice: tr("That is its price already.")
        case .reasonMissing: tr("Choose a reason for the difference (other: with a note).")
        case .unknownProduct: tr("This product is no longer in the catalogue.")
        case .staff(let refusal): StaffWords.refusal(refusal)
        case .storage: tr("The catalogue could not be read or written. Try again.")
        }
    }

    static func problem(_ reason: CatalogueForm.Reason) -> String {
        switch reason {
        case .notANumber: tr("Type a whole number.")
        case .amount(let error): error.message
        case .refused(let error): refusal(error)
        }
    }

    static func label(_ field: CatalogueForm.Field) -> String {
        switch field {
        case .name: tr("Name")
        case .price: tr("Price")
        case .category: tr("Tax category")
        case .stock: tr("Stock")
        case .lowLevel: tr("Low at")
        case .quantity: tr("Jars received")
        case .note: tr("Note")
        case .counted: tr("Jars counted")
        case .reason: tr("Reason")
        }
    }

    static func reason(_ reason: StockCountReason?) -> String {
        switch reason {
        case nil: tr("none (no difference)")
        case .damaged?: tr("damaged")
        case .lost?: tr("lost")
        case .found?: tr("found")
        case .miscount?: tr("miscount")
        case .ownUse?: tr("own use")
        case .other?: tr("other")
        }
    }

    static func kind(_ kind: StockMovementKind) -> String {
        switch kind {
        case .opening: tr("Opening")
        case .received: tr("Received")
        case .counted: tr("Counted")
        case .sold: tr("Sold")
        case .returned: tr("Returned")
        }
    }

    static func title(_ form: CatalogueForm) -> String {
        let name = form.product.map { tr($0.product.name) } ?? ""
        return switch form.kind {
        case .add: tr("Catalogue · add a product")
        case .price: tr("Change the price · {0}", name)
        case .receive: tr("Receive stock · {0}", name)
        case .count: tr("Count stock · {0}", name)
        }
    }

    /// A tax category of the shop's settings: the seed's are worded, a shop's own shown as named.
    static func category(_ category: String) -> String { tr(category) }

    /// "+5", "-2".
    static func signed(_ number: Int) -> String { number > 0 ? "+\(number)" : "\(number)" }
}
