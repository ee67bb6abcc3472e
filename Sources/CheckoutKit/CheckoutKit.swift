// CheckoutKit: the five seeds' contracts in Swift, the orchestrators that keep them, the ports
// through which the orchestrators reach the payments core, and the controllers that implement
// those ports and protocols against `PaymentsCore` (imported: CheckoutKit sits above the core and
// uses its `Money`/`Currency`, the one money type of the program).
//
//   Contracts/       OnceCallback, CallbackGate, ContractViolation(+Reporter): the seeds' rules as checks
//   SourcePayments/  seed 000 (TakeMe Pay): PaymentSourceParamsPreparer, PaymentDelegate, Payment; port SourceService
//   Store/           seed 001 (Honey Store): StoreController, Product, CartLine, Cart
//   Auction/         seed 002 (auction join): PaymentControllerDelegate, PaymentCardDataSource,
//                    AuthenticationPresenter, UpgradeContext, AuctionJoinFlow
//   CardPayments/    port CardPaymentGateway (store checkout, auction start bid, 3-D Secure)
//   ExpressSheet/    seed 003 (PassKit sheet): PaymentAuthorizationDelegate, ExpressSheetSession
//   BankPayments/    seed 004 (TrueLayer): PaymentsManager, BankPaymentsManager; ports BankGateway,
//                    BankRedirectPresenter
//   Controllers/     the implementations over the core, built by one composition root:
//     CheckoutServices.swift  the wiring: everything from one PaymentsServices (+ its clock, scheduler, ids)
//     Orders/         OrderPayments (the cart as an order paid by wallet or bank, and settling it)
//     Shared/         CounterSession (who is at the counter), CardEntry (typed/swiped card -> token),
//                     Refusal (why the counter said no, as a value), declines as failures,
//                     aliases for the core's like-named types
//     Store/          CoreStoreController (seed 001, 3-D Secure through AuthenticationPresenter),
//                     AttendedChargeGateway+Presenter, StoreAccount (sign up/in/out, cards, orders, subscriptions)
//     Auction/        CoreAuctionController (data source + start-bid hold gateway), PINProvider,
//                     AuctionCatalog (listings, UpgradeContext from the seeded auctions)
//     Express/        ExpressCheckoutController (seed 003 delegate), ShippingRates, CardSurcharges, AddressCheck
//     Bank/           CoreBankGateway (seed 004's port over bank payments and mandates)
//     Wallet/         CoreSourceService (seed 000's port), WalletApprovalPresenter,
//                     CheckoutCounterPreparer (the seed's built-in preparer without the drawing)
//
// Everything here runs on the one loop: no threads, no sleeping; delays go through `Scheduler`.
// The orchestrators are also the stand-in callers for whoever implements the other side: a
// preparer is exercised by `Payment`, a data source by `AuctionJoinFlow`, an express delegate by
// `ExpressSheetSession`, and each reports a broken contract to its `ContractViolationReporter`.
