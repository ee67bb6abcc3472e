import CheckoutKit

// The core and the seed layer both name a product, a cart and a cart line (they speak the same
// language). The screens always mean the seed layer's (`CheckoutKit`) ones: these names, declared
// in this module, win over both imports. `::` is a module selector (`CheckoutKit.` would look in
// a type of that name).
public typealias Product = CheckoutKit::Product
public typealias Cart = CheckoutKit::Cart
public typealias CartLine = CheckoutKit::CartLine
