// CheckoutKit
