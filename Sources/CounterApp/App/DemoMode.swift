/// Whether the counter shows what exists only to try it out: the bank screen's test situations
/// and mandate switch, the slow test wallet, the test cards' security code, the notes on the
/// express wallet's declining card, internal ids. On for the seeded demo counter and for tapes;
/// a real shop runs `checkout --no-demo`, and its shoppers never see them.
///
/// Read by views and key maps while the counter draws or maps a key (`CounterApplication` sets
/// it around both), as the language is: a mode of the whole counter, not of one screen's state,
/// and reducers never read it.
public enum DemoMode {
    @TaskLocal public static var showsTestControls = true
}
