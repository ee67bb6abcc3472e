extension Catalogue {
    static let zhHansPayments: [String: String] = [
        :
    ]
}
