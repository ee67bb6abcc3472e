import CheckoutKit
import Clocks
import Foundation
import Localization

/// The counter as plain lines, for a screen reader or a braille line: numbered choices, one
/// question at a time, the question asked again after a bad answer, and no escape sequence ever.
///
/// It drives the same controllers as the screens, through the same `StoreClient.live`; only the
/// way of asking differs. The core's answers come on the loop's timers (the acquirer's latency),
/// so while it waits for one it runs the timers, waiting for each deadline with `waitUntil`
/// (the system clock sleeps until then; a test's manual clock just moves).
public final class AccessibleCounter {
    let client: StoreClient
    private let timers: TimerQueue
    private let readLine: () -> String?
    /// A line typed without being shown (a password, a PIN, a security code).
    private let readSecret: () -> String?
    private let write: (String) -> Void
    private let waitUntil: (Date) -> Void

    /// `readSecret`: how a secret is read; by default as any line (a script, a test).
    public init(services: CheckoutServices, timers: TimerQueue, readLine: @escaping () -> String?,
                readSecret: (() -> String?)? = nil, write: @escaping (String) -> Void, waitUntil: @escaping (Date) -> Void) {
        self.client = .live(services: services, timers: timers)
        self.timers = timers
        self.readLine = readLine
        self.readSecret = readSecret ?? readLine
        self.write = write
        self.waitUntil = waitUntil
    }

    /// The end of input (Ctrl+D, a closed pipe) quits like choosing Quit.
    private struct EndOfInput: Error {}

    /// Runs until Quit or the end of input; the exit status (0).
    public func run() -> Int32 {
        say(tr("Checkout Counter, accessible mode. Answer each question with a number or the text asked for, then Enter."))
        do {
            while try mainMenu() {}
        } catch {
            say("")
        }
        say(tr("Goodbye."))
        return 0
    }

    // MARK: - Menus

    private func mainMenu() throws -> Bool {
        let cart = client.cart()
        let signedIn = client.shopper() != nil
        let who = client.shopper().map { tr("Signed in as {0}.", $0) } ?? tr("Shopping as a guest.")
        say("")
        say(tr("Main menu. {0} {1}", who, describe(cart)))
        // The account's parts are a signed-in shopper's: a guest has none to see.
        var entries: [(title: String, open: () throws -> Void)] = [
            (tr("Browse the honey jars"), browse), (tr("Your cart"), reviewCart), (tr("Check out"), checkOut),
        ]
        if signedIn { entries.append((tr("Your account"), accountMenu)) }
        entries.append((signedIn ? tr("Sign out") : tr("Sign in or create an account"), signInOrOutMenu))
        let choice = try choose(entries.map(\.title) + [tr("Quit")])
        guard choice <= entries.count else { return false }
        try entries[choice - 1].open()
        return true
    }

    private func reviewCart() throws {
        let cart = client.cart()
        say("")
        guard !cart.isEmpty else { say(tr("Your cart is empty.")); return }
        say(tr("Your cart:"))
        for line in cart.lines {
            say(tr("{0} × {1}, {2}", line.quantity, tr(line.product.name), line.total?.formatted() ?? ""))
        }
        say(tr("Total {0}.", cart.total.formatted()))
        switch try choose([tr("Check out"), tr("Empty the cart"), tr("Back to the main menu")]) {
        case 1: try checkOut()
        case 2: say(tr("Emptied. {0}", describe(client.emptyCart())))
        default: return
        }
    }

    private func signInOrOutMenu() throws {
        if client.shopper() != nil { return signOut() }
        let choice = try choose([tr("Log in"), tr("Create an account"), tr("Back to the main menu")])
        guard choice < 3 else { return }
        let email = try ask(tr("Email address:"))
        let password = try askSecret(tr("Password:"))
        let result = choice == 1 ? client.logIn(email, password) : client.signUp(email, password)
        switch result {
        case let .success(who): say(tr("Welcome, {0}. {1}", who, describe(client.cart())))
        case let .failure(error): say(tr("That did not work. {0} Back to the main menu.", error.message))
        }
    }

    func signOut() {
        client.logOut()
        say(tr("Signed out. Your cart and saved cards stay with your account."))
    }

    // MARK: - Checking out

    private func checkOut() throws {
        let cart = client.cart()
        say("")
        guard !cart.isEmpty else { say(tr("Your cart is empty: browse the honey jars first.")); return }
        say(tr("Checking out: {0}", describe(cart)))
        let saved = client.shopper() == nil ? [] : client.savedCards().filter(\.canBeCharged).map(\.card)
        var options = saved.map { tr("Saved card {0} ending {1}, expires {2}", $0.brand, $0.lastFour, "\($0.expiryMonth)/\($0.expiryYear % 100)") }
        options += [tr("A new card"), tr("Back to the main menu")]
        let choice = try choose(options)
        let source: CardFundingSource
        var save = false
        if choice <= saved.count {
            let card = saved[choice - 1]
            // Locked saved cards pay after the payments PIN, as on the screen.
            guard try unlockedToPay(prompt: tr("Your saved cards are locked. Enter your payments PIN to pay with {0}.", spokenName(card))) else { return }
            source = .savedPayment(identifier: card.id)
        } else if choice == saved.count + 1 {
            guard let card = try enterCard(back: tr("Back to the main menu")) else { return }
            source = .newCardToken(card.vaultToken ?? card.id)
            if client.shopper() != nil { save = try choose([tr("Save this card for next time"), tr("Do not save it")]) == 1 }
            if save {
                guard try unlockedToPay(prompt: tr("Your saved cards are locked. Enter your payments PIN to save {0} and pay.", spokenName(card))) else { return }
            }
        } else {
            return
        }
        try pay(with: source, save: save)
    }

    /// Asks for each field of a card until the vault takes it (the checkout's checks, wherever a
    /// card is typed); nil when the shopper gives up, by the choice `back` names.
    func enterCard(back: String) throws -> PaymentCard? {
        while true {
            // Each answer is checked as it is given, with the card form's checks, and asked
            // again until it holds: no list of every error after the fourth question.
            func field(_ field: CardFormFeature.Field, number: String = "", _ question: () throws -> String) throws -> String {
                while true {
                    let answer = try question()
                    guard let problem = CardFormFeature.problem(field, answer, number: number, today: client.now()) else { return answer }
                    say(problem.message)
                }
            }
            let number = try field(.number) { try ask(tr("Card number (digits, spaces allowed):")) }
            let expiry = try field(.expiry) { try ask(tr("Expiry, month and year as MM/YY:")) }
            let cvc = try field(.cvc, number: number) { try askSecret(tr("Security code (CVC):")) }
            let holder = try field(.holder) { try ask(tr("Name on the card:")) }
            let typed = Result { () throws(CardValidationErrors) in
                try Card.validate(number: number, expiry: expiry, cvc: cvc, holder: holder, now: client.now())
            }
            switch typed.mapError(CardEntryError.invalid).flatMap(client.tokenize) {
            case let .success(card):
                return card
            case let .failure(error):
                say(tr("The card was not accepted. {0}", error.messages.joined(separator: " ")))
                if try choose([tr("Enter the card again"), back]) != 1 { return nil }
            }
        }
    }

    private func pay(with source: CardFundingSource, save: Bool) throws {
        say(tr("Paying. Please wait."))
        var outcome: Result<StoreReceipt, StoreError>?
        var challenge: ThreeDSChallenge?
        client.checkout(source, save, { challenge = $0 }, { outcome = $0 })
        while outcome == nil {
            if let asked = challenge {
                challenge = nil
                client.answerChallenge(asked.identifier, try askCode(for: asked))
                continue
            }
            guard try awaitAnswer({ outcome != nil || challenge != nil ? true : nil }) != nil else { return }
        }
        guard let outcome else { return }
        switch outcome {
        case let .success(receipt):
            say(tr("Payment approved. Thank you!"))
            say(tr("Receipt: order {0}.", receipt.orderIdentifier))
            for line in receipt.lines { say(tr("{0} × {1}, {2}", line.quantity, tr(line.product.name), line.total?.formatted() ?? "")) }
            say(tr("Total {0}, paid with {1} ending {2}.", receipt.total.formatted(), receipt.charge.brand, receipt.charge.lastFour))
            for part in receipt.taxes.parts { say(ReceiptDocument.taxSummary(part) + ".") }
        case let .failure(error):
            say(tr("The payment did not go through. {0} Nothing was charged; your cart is as it was.", error.message))
        }
    }

    /// The card's bank's 3-D Secure question, asked as a line: the code, or nil to cancel.
    func askCode(for challenge: ThreeDSChallenge) throws -> String? {
        switch challenge.prompt {
        case .confirmCard:
            say(tr("Your bank asks you to confirm (3-D Secure) saving {0} ending {1} with {2}. Nothing is charged.",
                   challenge.cardBrand, challenge.cardLastFour, tr(challenge.merchantName)))
        case .approvePayment, .bankCode:
            say(tr("Your bank asks you to confirm (3-D Secure): {0} to {1} with {2} ending {3}.",
                   challenge.amount.formatted(), tr(challenge.merchantName), challenge.cardBrand, challenge.cardLastFour))
        }
        let code = try askSecret(tr("The code your bank sent (empty to cancel):"))
        return code.isEmpty ? nil : code
    }

    // MARK: - Asking

    func say(_ line: String) { write(line + "\n") }

    func describe(_ cart: Cart) -> String {
        if cart.isEmpty { return tr("Your cart is empty.") }
        return cart.itemCount == 1 ? tr("Your cart: {0} jar, {1}.", cart.itemCount, cart.total.formatted())
            : tr("Your cart: {0} jars, {1}.", cart.itemCount, cart.total.formatted())
    }

    func ask(_ question: String) throws -> String {
        say(question)
        guard let line = readLine() else { throw EndOfInput() }
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// As `ask`, the answer not shown as it is typed (a password, a PIN, a security code).
    func askSecret(_ question: String) throws -> String {
        say(question)
        guard let line = readSecret() else { throw EndOfInput() }
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// Numbered choices; asks again until the answer is one of the numbers. Answers 1...count.
    func choose(_ options: [String]) throws -> Int {
        for (index, option) in options.enumerated() { say("  \(index + 1). \(option)") }
        return try askNumber(tr("Your choice, 1 to {0}:", options.count), in: 1...options.count)
    }

    func askNumber(_ question: String, in range: ClosedRange<Int>) throws -> Int {
        while true {
            let answer = try ask(question)
            if let number = Int(answer), range.contains(number) { return number }
            say(tr("Please answer with a number from {0} to {1}.", range.lowerBound, range.upperBound))
        }
    }

    /// Runs the loop's timers until `answer` has something; each wait lasts until the next
    /// deadline. Nil if nothing is left that could answer (it never should).
    func awaitAnswer<T>(_ answer: () -> T?) throws -> T? {
        while true {
            timers.fireDue()
            if let value = answer() { return value }
            guard let deadline = timers.nextDeadline else { return nil }
            waitUntil(deadline)
        }
    }
}

private extension Int {
    /// The choice as an item number, or nil for the "Back" line after `count` items.
    func nonBack(count: Int) -> Int? { self <= count ? self : nil }
}

extension AccessibleCounter {
    /// The accessible counter on this process's standard input and output, on the system clock.
    public static func onStandardInputOutput(database: String?) throws -> AccessibleCounter {
        try onStandardInputOutput(makeServices: CounterApplication.services(database: database))
    }

    /// On the core the command line opened beforehand; `log` takes the core's lines.
    public static func onStandardInputOutput(core: CounterCore, log: ((String) -> Void)? = nil) throws -> AccessibleCounter {
        try onStandardInputOutput(makeServices: CounterApplication.services(core: core, log: log))
    }

    private static func onStandardInputOutput(makeServices: CounterApplication.ServicesFactory) throws -> AccessibleCounter {
        let timers = TimerQueue(clock: SystemClock())
        let services = try makeServices(timers.clock, timers)
        return AccessibleCounter(
            services: services, timers: timers,
            readLine: { Swift.readLine(strippingNewline: true) },
            readSecret: SecretLine.read,
            write: { FileHandle.standardOutput.write(Data($0.utf8)) },
            // A line-by-line program blocks on its input anyway; waiting for the acquirer's
            // answer (the next timer) is the same kind of wait.
            waitUntil: { Thread.sleep(until: $0) }
        )
    }
}
