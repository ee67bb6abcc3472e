extension TmuxSession {
    /// From the store's shelves (the catalog on screen) to the payment picker with one jar of
    /// acacia honey in the cart: the shortest way to a payment, as a shopper walks it.
    public func putOneAcaciaJarInTheCartAndCheckOut() throws {
        try waitFor("Acacia honey")
        try send("1")
        try waitFor("Add to cart")
        try send("Enter")
        try send("c")
        try waitFor("Your cart")
        try send("Enter")
        try waitFor("Pay with:")
    }
}
