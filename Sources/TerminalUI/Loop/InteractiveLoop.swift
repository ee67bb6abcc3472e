import CNcurses
import Clocks
import Foundation

/// The main loop on a real terminal: one thread, no sleeping.
///
/// It draws, then waits in `poll` on stdin and the signal pipe, for no longer than the next
/// timer's deadline; then it hands every waiting key to the application, fires the timers that
/// are due, and draws again if anything happened. A resize arrives as `KEY_RESIZE` after the
/// loop has told curses the new size; every curses call happens here, on this thread.
final class InteractiveLoop {
    private let application: Application
    private let session: TerminalSession
    private let timers: TimerQueue
    private let input: CursesInputReader
    private var scans: ScanInput!

    init(application: Application, session: TerminalSession, timers: TimerQueue) {
        self.application = application
        self.session = session
        self.timers = timers
        let surface = session.surface
        self.input = CursesInputReader(window: session.window, currentSize: { surface.size })
        scans = ScanInput(timers: timers) { [unowned self] event in
            guard FrameRenderer.delivers(event, at: self.session.surface.size) else { return }
            self.application.handle(event)
        }
    }

    /// Runs until the application sets `exitStatus` (returned) or a terminating signal arrives
    /// (128 + its number).
    func run() -> Int32 {
        let surface = session.surface
        // The first frame is shown before `start`, which opens what the application needs for
        // the keys (a database, its services): the person sees the program as soon as it can be
        // drawn. The loop reads no key before `start` has run, and draws again after it.
        draw()
        application.start(LoopContext(clock: timers.clock, timers: timers, isHeadless: false,
                                      applyTheme: { surface.apply(theme: $0) }))
        var needsDraw = true
        while true {
            if timers.fireDue() > 0 { needsDraw = true }
            if let status = application.exitStatus { return status }
            if needsDraw {
                draw()
                needsDraw = false
            }
            let (terminalGone, woken) = waitForInputOrDeadline()
            if let status = handleSignals() { return status }
            for descriptor in woken {
                application.descriptorReadable(descriptor)
                needsDraw = true
            }
            // Without this the loop would spin: poll reports a hung-up terminal at once, forever.
            if terminalGone { return 128 + SIGHUP }
            while let event = input.next() {
                // Through the scan detector: digits it holds come later, by its timer.
                scans.receive(event, takesScans: application.takesScans)
                needsDraw = true
                if application.exitStatus != nil { break }
            }
        }
    }

    private func draw() {
        session.surface.present(FrameRenderer.render(application, size: session.surface.size))
        if let title = application.title { session.setTitle(title) }
    }

    /// Blocks in `poll` until a key, a signal, one of the application's descriptors or the next
    /// timer; never longer. Says whether the terminal has gone away (hung up or closed) without
    /// a SIGHUP to say so, and which of the application's descriptors woke it.
    private func waitForInputOrDeadline() -> (terminalGone: Bool, woken: [Int32]) {
        let watched = application.wakeDescriptors
        var descriptors = [
            pollfd(fd: session.inputDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: session.signalDescriptor, events: Int16(POLLIN), revents: 0),
        ] + watched.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        // EINTR (a signal arrived mid-wait) simply ends the wait; the pipe says which signal.
        guard poll(&descriptors, nfds_t(descriptors.count), pollTimeout()) > 0 else { return (false, []) }
        let woken = descriptors.dropFirst(2).filter { $0.revents != 0 }.map(\.fd)
        return (descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0, woken)
    }

    /// Milliseconds until the next timer, rounded up so that it is due when we wake; -1 (wait
    /// for input only) when no timer is set.
    private func pollTimeout() -> Int32 {
        guard let deadline = timers.nextDeadline else { return -1 }
        let milliseconds = (deadline.timeIntervalSince(timers.clock.now) * 1000).rounded(.up)
        return Int32(min(max(milliseconds, 0), Double(Int32.max)))
    }

    /// Acts on the signals that arrived; returns an exit status when one ends the program.
    private func handleSignals() -> Int32? {
        while let signal = session.takeSignal() {
            switch signal {
            case SIGWINCH: session.adoptTerminalSize()
            case SIGTSTP: session.suspend()
            default: return 128 + signal
            }
        }
        return nil
    }
}
