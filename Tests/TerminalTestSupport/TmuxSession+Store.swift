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

    /// From the store's shelves: signs a new shopper up on the account screen, then back home.
    public func signUpAtTheStore(email: String, password: String) throws {
        try waitFor("Acacia honey")
        try send("a")
        try send("2")
        try waitFor("Password")
        try type(email)
        try send("Tab")
        try type(password)
        try send("Tab")
        try type(password)
        try send("Enter")
        try waitFor("Welcome, \(email).", timeout: 30)
        try send("Escape")
        try send("Escape")
        try waitFor("Checkout Counter")
    }
}
