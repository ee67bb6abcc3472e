import PaymentsCore
// CheckoutKit: the five seeds' contracts in Swift, the orchestrators that keep them, and the
// ports through which the orchestrators reach the payments core.
//
//   Contracts/       OnceCallback, CallbackGate, ContractViolation(+Reporter): the seeds' rules as checks
//   Money/           Money: integer minor units + ISO 4217 code, the seam's money
//   SourcePayments/  seed 000 (TakeMe Pay): PaymentSourceParamsPreparer, PaymentDelegate, Payment; port SourceService
//   Store/           seed 001 (Honey Store): StoreController, Product, CartLine, Cart
//   Auction/         seed 002 (auction join): PaymentControllerDelegate, PaymentCardDataSource,
//                    AuthenticationPresenter, UpgradeContext, AuctionJoinFlow
//   CardPayments/    port CardPaymentGateway (store checkout, auction start bid, 3-D Secure)
//   ExpressSheet/    seed 003 (PassKit sheet): PaymentAuthorizationDelegate, ExpressSheetSession
//   BankPayments/    seed 004 (TrueLayer): PaymentsManager, BankPaymentsManager; ports BankGateway,
//                    BankRedirectPresenter
//
// Everything here runs on the one loop: no threads, no sleeping; delays go through `Scheduler`.
// The orchestrators are also the stand-in callers for whoever implements the other side: a
// preparer is exercised by `Payment`, a data source by `AuctionJoinFlow`, an express delegate by
// `ExpressSheetSession`, and each reports a broken contract to its `ContractViolationReporter`.
