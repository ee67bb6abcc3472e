// CounterApp reaches the core only through CheckoutKit (DESIGN.md; LayeringTests checks that
// CounterApp does not import PaymentsCore). These are the core's declarations the screens use,
// re-exported one by one, never the whole module: the values and typed errors the views word,
// and the few wiring types the app's start-up and the shop's side need. The core's names that the
// seeds also use (Cart, Product, Source...) are not among them: in the screens those names are
// the seeds' types, declared in this module.

// Money.
@_exported import struct PaymentsCore.Money
@_exported import struct PaymentsCore.Currency
@_exported import enum PaymentsCore.MoneyError
@_exported import enum PaymentsCore.MoneyParseError
@_exported import struct PaymentsCore.CashRounding
@_exported import struct PaymentsCore.CashTendered
@_exported import struct PaymentsCore.PaidSoFar

// The honey store's shelf and cart (seed 001).
@_exported import struct PaymentsCore.Product
@_exported import struct PaymentsCore.CatalogFilter
@_exported import enum PaymentsCore.CatalogAnchor
@_exported import struct PaymentsCore.CartLine
@_exported import struct PaymentsCore.Cart
@_exported import enum PaymentsCore.CartError
@_exported import struct PaymentsCore.Barcode
@_exported import enum PaymentsCore.BarcodeError
@_exported import enum PaymentsCore.BarcodeLookupError
@_exported import struct PaymentsCore.ScannedProduct
@_exported import enum PaymentsCore.BarcodeAssignmentError
// Discounts and who gave them (issue 36).
@_exported import struct PaymentsCore.Discount
@_exported import enum PaymentsCore.DiscountAdjustment
@_exported import struct PaymentsCore.DiscountReason
@_exported import struct PaymentsCore.DiscountPolicy
@_exported import enum PaymentsCore.DiscountTarget
@_exported import struct PaymentsCore.DiscountRequest
@_exported import enum PaymentsCore.DiscountError
@_exported import struct PaymentsCore.DiscountPricing
@_exported import struct PaymentsCore.OrderDiscount
@_exported import struct PaymentsCore.DiscountFigures

// Cards, as the card form reads and checks them.
@_exported import struct PaymentsCore.Card
@_exported import enum PaymentsCore.CardBrand
@_exported import struct PaymentsCore.CardNumber
@_exported import struct PaymentsCore.CVC
@_exported import struct PaymentsCore.Expiry
@_exported import struct PaymentsCore.HolderName
@_exported import enum PaymentsCore.TrackData
@_exported import struct PaymentsCore.SwipedCard
@_exported import struct PaymentsCore.CardValidationErrors
@_exported import enum PaymentsCore.CardNumberError
@_exported import enum PaymentsCore.ExpiryError
@_exported import enum PaymentsCore.CVCError
@_exported import enum PaymentsCore.HolderNameError
@_exported import enum PaymentsCore.TrackDataError
@_exported import enum PaymentsCore.VaultError

// Accounts, payments and their typed errors.
@_exported import struct PaymentsCore.PasswordPolicy
@_exported import enum PaymentsCore.PINPolicy
@_exported import enum PaymentsCore.EmailAddress
@_exported import enum PaymentsCore.CustomerError
@_exported import enum PaymentsCore.PaymentMethodError
@_exported import enum PaymentsCore.ChargeError
@_exported import enum PaymentsCore.DeclineReason
@_exported import struct PaymentsCore.PaymentDecline
@_exported import enum PaymentsCore.AuctionError
@_exported import enum PaymentsCore.SourceError
@_exported import enum PaymentsCore.SourceStep

// Payments by source (seed 000): the method, the params, the source and its status.
@_exported import enum PaymentsCore.PaymentMethodType
@_exported import enum PaymentsCore.SourceFlow
@_exported import struct PaymentsCore.SourceParams
@_exported import enum PaymentsCore.SourceStatus
@_exported import struct PaymentsCore.Source

// Bank payments and mandates (seed 004): the error and the statuses `SinglePayment` and `Mandate`
// name as theirs.
@_exported import enum PaymentsCore.BankError
@_exported import enum PaymentsCore.BankPaymentStatus
@_exported import enum PaymentsCore.MandateStatus

// Orders and subscriptions, as the receipts, the order list and the shop's side show them.
@_exported import struct PaymentsCore.Order
@_exported import struct PaymentsCore.OrderLine
@_exported import enum PaymentsCore.OrderLineKind
@_exported import struct PaymentsCore.OrderExtra
@_exported import enum PaymentsCore.OrderState
@_exported import enum PaymentsCore.OrderError
@_exported import struct PaymentsCore.PaidOrderReceipt
@_exported import struct PaymentsCore.DayReport
@_exported import enum PaymentsCore.OwedDocument

// The till's cash control (issue 35), as the back office shows and prints it.
@_exported import struct PaymentsCore.TillSession
@_exported import struct PaymentsCore.TillClosing
@_exported import enum PaymentsCore.TillApproval
@_exported import enum PaymentsCore.TillError
@_exported import struct PaymentsCore.CashFigures
@_exported import struct PaymentsCore.CashMovement
@_exported import enum PaymentsCore.CashMovementKind
@_exported import struct PaymentsCore.CashDenomination
@_exported import enum PaymentsCore.CashDenominations
@_exported import struct PaymentsCore.DenominationCount
@_exported import struct PaymentsCore.Plan
@_exported import struct PaymentsCore.Subscription
@_exported import enum PaymentsCore.SubscriptionError
@_exported import struct PaymentsCore.RenewalAttempt

// The catalogue in the back office and parked sales (issue 36).
@_exported import struct PaymentsCore.StockedProduct
@_exported import struct PaymentsCore.NewProduct
@_exported import struct PaymentsCore.StockMovement
@_exported import enum PaymentsCore.StockMovementKind
@_exported import enum PaymentsCore.StockCountReason
@_exported import struct PaymentsCore.PriceChange
@_exported import enum PaymentsCore.StockroomError
@_exported import struct PaymentsCore.ParkedSale
@_exported import enum PaymentsCore.ResumeMode
@_exported import enum PaymentsCore.ParkingError
@_exported import struct PaymentsCore.StaffSignature
@_exported import struct PaymentsCore.StaffPerson
@_exported import struct PaymentsCore.StaffID

// The shop's settings and its VAT, as the receipts and reports word them.
@_exported import struct PaymentsCore.ShopSettings
@_exported import struct PaymentsCore.TaxTable
@_exported import struct PaymentsCore.TaxRate
@_exported import struct PaymentsCore.TaxAnalysis

// Wiring is CheckoutKit's own (`CounterCore` opens the core, `CheckoutServices` holds the
// controllers): no service class of the core is re-exported here (LayeringTests). What is left
// is a value: the kiosk's operator PIN is hashed by the core's rule, never kept in clear.
@_exported import struct PaymentsCore.PasswordHasher

// The staff (issue 36): who serves, what a role may do alone, who did and approved each action.
@_exported import struct PaymentsCore.StaffID
@_exported import enum PaymentsCore.StaffRole
@_exported import enum PaymentsCore.StaffAction
@_exported import struct PaymentsCore.StaffPerson
@_exported import struct PaymentsCore.StaffSignature
@_exported import struct PaymentsCore.StaffMember
@_exported import enum PaymentsCore.StaffError
@_exported import enum PaymentsCore.Permissions
@_exported import struct PaymentsCore.StaffTally
