extension CheckoutServices {
    /// The operator's back office on this counter's core.
    public func backOffice() -> BackOfficeController {
        BackOfficeController(core: core, commerce: commerce)
    }
}
