import PaymentsCore

// The core and this module both name a few things alike (a product, a cart, an auction, a source:
// the seeds and the core speak the same language). Inside CheckoutKit the bare name is always the
// seam's type; the core's is reached through these aliases. `PaymentsCore::` is a module selector.
typealias CoreProduct = PaymentsCore::Product
typealias CoreCart = PaymentsCore::Cart
