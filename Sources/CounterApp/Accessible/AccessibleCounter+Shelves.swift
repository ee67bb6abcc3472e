import CheckoutKit
import Localization

/// The honey jars as lines, a page at a time (issue 18): how many there are, then ten jars and
/// "Next page" / "Previous page" as choices, each page read from the database after the last
/// one's jar (keyset), so a shop of 100,000 jars is never read whole.
extension AccessibleCounter {
    /// Jars a page: few enough to listen to, one number each.
    static let shelfPageSize = 10

    private enum ShelfChoice {
        case jar(Product), nextPage, previousPage, back
    }

    func browse() throws {
        let pageSize = Self.shelfPageSize
        guard let count = shelvesRead(client.shelfCount("")) else { return }
        say("")
        say(tr("The honey jars, {0} of them.", count))
        // One more than a page is read: whether it comes says if there is a next page.
        guard var page = shelvesRead(client.shelf("", .first, pageSize + 1)) else { return }
        var start = 0
        while true {
            let hasNext = page.count > pageSize
            let jars = Array(page.prefix(pageSize))
            if start > 0 || hasNext { say(tr("Jars {0} to {1} of {2}:", start + 1, start + jars.count, count)) }
            let choices = jars.map(ShelfChoice.jar) + (hasNext ? [.nextPage] : []) + (start > 0 ? [.previousPage] : []) + [.back]
            switch choices[try choose(choices.map(title)) - 1] {
            case let .jar(product):
                return try buy(product)
            case .nextPage:
                guard let last = jars.last, let read = shelvesRead(client.shelf("", .after(productID: last.id), pageSize + 1)) else { return }
                page = read
                start += jars.count
            case .previousPage:
                guard let first = jars.first, let read = shelvesRead(client.shelf("", .before(productID: first.id), pageSize)) else { return }
                if read.count == pageSize {
                    // `first` stands for the page after this one.
                    page = read + [first]
                    start = max(0, start - pageSize)
                } else {
                    // Less than a page before this one (jars taken off the shelf meanwhile): the
                    // first page, read again.
                    guard let firstPage = shelvesRead(client.shelf("", .first, pageSize + 1)) else { return }
                    page = firstPage
                    start = 0
                }
            case .back:
                return
            }
        }
    }

    private func title(_ choice: ShelfChoice) -> String {
        switch choice {
        case let .jar(product): line(product)
        case .nextPage: tr("Next page")
        case .previousPage: tr("Previous page")
        case .back: tr("Back to the main menu")
        }
    }

    /// The answer, or nil once the shopper has been told the shelves could not be read.
    private func shelvesRead<T>(_ result: Result<T, StoreError>) -> T? {
        switch result {
        case let .success(value): return value
        case let .failure(error):
            say(tr("The shelves could not be loaded: {0}", error.message))
            return nil
        }
    }

    private func line(_ product: Product) -> String {
        let name = tr(product.name), price = product.price.formatted()
        switch product.stock {
        case nil: return tr("{0}, {1}", name, price)
        case 0?: return tr("{0}, {1}, sold out", name, price)
        case let stock?: return tr("{0}, {1}, {2} on the shelf", name, price, stock)
        }
    }

    private func buy(_ product: Product) throws {
        say(tr(product.detail))
        // A refusal ("Only 3 left.") asks the number again, as the screen keeps the jar open:
        // the shopper answers with fewer jars, or 0, never lands back at the main menu unasked.
        while true {
            let quantity = try askNumber(tr("How many jars of {0}? (0 to cancel)", tr(product.name)), in: 0...99)
            guard quantity > 0 else { return }
            switch client.add(product.id, quantity) {
            case let .success(cart): return say(tr("Added. {0}", describe(cart)))
            case let .failure(error): say(tr("Not added: {0}", error.message))
            }
        }
    }
}
