#ifndef CHECKOUT_CNCURSES_SHIM_H
#define CHECKOUT_CNCURSES_SHIM_H

/*
 * What Swift cannot take from <curses.h> directly: macros, globals and signal handlers.
 *
 * The wide API (get_wch, setcchar, cchar_t) is only declared when ncurses is asked for it.
 * No mutable global is exposed to Swift: macros and globals become functions, and the two pieces
 * of process-wide state the signal handlers need (the self-pipe, the crash restore sequence) sit
 * behind weak functions, see shim_signal_state().
 */
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <ncursesw/curses.h>
#include <errno.h>
#include <fcntl.h>
#include <pty.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

/* ---- globals ---------------------------------------------------------------------------- */

static inline WINDOW *shim_stdscr(void) { return stdscr; }
static inline WINDOW *shim_curscr(void) { return curscr; }
static inline int shim_COLORS(void) { return COLORS; }
static inline int shim_COLOR_PAIRS(void) { return COLOR_PAIRS; }
static inline int shim_getmaxy(WINDOW *window) { return getmaxy(window); }
static inline int shim_getmaxx(WINDOW *window) { return getmaxx(window); }
static inline int shim_getcury(WINDOW *window) { return getcury(window); }
static inline int shim_getcurx(WINDOW *window) { return getcurx(window); }

/* Opens curses on the process's stdin/stdout; NULL (rather than exiting, as initscr does) when
 * the terminal cannot be used. `stdout`/`stdin` are C globals that Swift 6 may not touch. */
static inline SCREEN *shim_newterm(void) { return newterm(NULL, stdout, stdin); }

/* Whether the current terminal can move its cursor to a cell (terminfo `cup`): without it
   (TERM=dumb, a line printer) curses can only stream text, and no screen can be drawn. */
static inline int shim_can_address_cursor(void) {
    const char *cup = tigetstr("cup");
    return cup != NULL && cup != (const char *)-1;
}

/* Opens curses on stdin/stdout as terminal type `type` (a direct-colour description chosen for
 * COLORTERM=truecolor); NULL when the terminfo database has no such entry. */
static inline SCREEN *shim_newterm_as(const char *type) { return newterm(type, stdout, stdin); }

/* Whether the terminal's description has the string capability `name` (extended ones too,
 * such as tmux's `Sync`). */
static inline int shim_has_string_capability(const char *name) {
    const char *value = tigetstr(name);
    return value != NULL && value != (const char *)-1;
}

/* Opens curses as terminal type `type` on other descriptors (a pseudo-terminal in tests). */
static inline SCREEN *shim_newterm_on(const char *type, int output_fd, int input_fd) {
    FILE *output = fdopen(output_fd, "w");
    FILE *input = fdopen(input_fd, "r");
    if (output == NULL || input == NULL) return NULL;
    return newterm(type, output, input);
}

/* ---- status codes and attributes -------------------------------------------------------- */

static inline int shim_ERR(void) { return ERR; }
static inline int shim_OK(void) { return OK; }
static inline int shim_KEY_CODE_YES(void) { return KEY_CODE_YES; }

static inline attr_t shim_A_NORMAL(void) { return A_NORMAL; }
static inline attr_t shim_A_BOLD(void) { return A_BOLD; }
static inline attr_t shim_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline attr_t shim_A_REVERSE(void) { return A_REVERSE; }
static inline attr_t shim_A_DIM(void) { return A_DIM; }
static inline attr_t shim_COLOR_PAIR(int pair) { return (attr_t)COLOR_PAIR(pair); }

/* ---- key codes -------------------------------------------------------------------------- */

static inline int shim_KEY_DOWN(void) { return KEY_DOWN; }
static inline int shim_KEY_UP(void) { return KEY_UP; }
static inline int shim_KEY_LEFT(void) { return KEY_LEFT; }
static inline int shim_KEY_RIGHT(void) { return KEY_RIGHT; }
static inline int shim_KEY_HOME(void) { return KEY_HOME; }
static inline int shim_KEY_END(void) { return KEY_END; }
static inline int shim_KEY_PPAGE(void) { return KEY_PPAGE; }
static inline int shim_KEY_NPAGE(void) { return KEY_NPAGE; }
static inline int shim_KEY_BACKSPACE(void) { return KEY_BACKSPACE; }
static inline int shim_KEY_DC(void) { return KEY_DC; }
static inline int shim_KEY_IC(void) { return KEY_IC; }
static inline int shim_KEY_ENTER(void) { return KEY_ENTER; }
static inline int shim_KEY_BTAB(void) { return KEY_BTAB; }
static inline int shim_KEY_F(int n) { return KEY_F(n); }
static inline int shim_KEY_MOUSE(void) { return KEY_MOUSE; }
static inline int shim_KEY_RESIZE(void) { return KEY_RESIZE; }
static inline int shim_KEY_MAX(void) { return KEY_MAX; }

/* ---- mouse ------------------------------------------------------------------------------ */

static inline mmask_t shim_BUTTON1_PRESSED(void) { return BUTTON1_PRESSED; }
static inline mmask_t shim_BUTTON1_CLICKED(void) { return BUTTON1_CLICKED; }
static inline mmask_t shim_BUTTON1_DOUBLE_CLICKED(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t shim_BUTTON2_PRESSED(void) { return BUTTON2_PRESSED; }
static inline mmask_t shim_BUTTON2_CLICKED(void) { return BUTTON2_CLICKED; }
static inline mmask_t shim_BUTTON2_DOUBLE_CLICKED(void) { return BUTTON2_DOUBLE_CLICKED; }
static inline mmask_t shim_BUTTON3_PRESSED(void) { return BUTTON3_PRESSED; }
static inline mmask_t shim_BUTTON3_CLICKED(void) { return BUTTON3_CLICKED; }
static inline mmask_t shim_BUTTON3_DOUBLE_CLICKED(void) { return BUTTON3_DOUBLE_CLICKED; }
static inline mmask_t shim_BUTTON4_PRESSED(void) { return BUTTON4_PRESSED; }
static inline mmask_t shim_BUTTON5_PRESSED(void) { return BUTTON5_PRESSED; }
static inline mmask_t shim_ALL_MOUSE_EVENTS(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t shim_REPORT_MOUSE_POSITION(void) { return REPORT_MOUSE_POSITION; }

/* ---- terminal size ---------------------------------------------------------------------- */

/* ioctl is variadic, which Swift cannot call. Returns 0 and fills rows/columns, or -1. */
static inline int shim_terminal_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

/* Sets a (pseudo-)terminal's size, as a terminal emulator does on a resize. Returns 0, or -1. */
static inline int shim_set_terminal_size(int fd, int rows, int columns) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    size.ws_row = (unsigned short)rows;
    size.ws_col = (unsigned short)columns;
    return ioctl(fd, TIOCSWINSZ, &size);
}

/* A new pseudo-terminal of the given size (for tests that run curses without a real
 * terminal). Returns 0 and both descriptors, or -1. */
static inline int shim_open_pseudo_terminal(int rows, int columns, int *master_fd, int *slave_fd) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    size.ws_row = (unsigned short)rows;
    size.ws_col = (unsigned short)columns;
    return openpty(master_fd, slave_fd, NULL, NULL, &size);
}

/* ---- signals: a self-pipe --------------------------------------------------------------- */

/*
 * A handler may only do async-signal-safe things, and Swift code is not that. So the handler
 * writes the signal number into a pipe, and the loop, which polls the pipe's read end next to
 * stdin, handles it on the main thread.
 *
 * The descriptors must be one pair for the whole process. A `static` variable in a header gives
 * every translation unit (every Swift file that calls these) its own copy, so the state lives
 * in a function-local static of a *weak* function: each unit emits it, the linker keeps one.
 */
/*
 * Every signal whose default is to end the process and that can be caught comes to the loop,
 * so the terminal is given back before the counter ends (128 + its number). SIGPIPE is the
 * exception: it is ignored, so a write to a closed pipe fails with EPIPE instead of killing the
 * counter with the alternate screen still up. SIGKILL and SIGSTOP cannot be caught; the crash
 * signals (SIGSEGV...) are handled below.
 */
static const int shim_routed_signals[] = {
    SIGTERM, SIGHUP, SIGWINCH, SIGINT, SIGQUIT, SIGTSTP,
    SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPIPE,
#ifdef SIGPOLL
    SIGPOLL,
#endif
#ifdef SIGPWR
    SIGPWR,
#endif
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
};

#define SHIM_ROUTED_SIGNAL_COUNT ((int)(sizeof shim_routed_signals / sizeof shim_routed_signals[0]))
/* The real-time signals (SIGRTMIN..SIGRTMAX) end the process too; at most 33 on Linux. */
#define SHIM_REALTIME_SIGNAL_MAX 40

typedef struct {
    int read_fd;
    int write_fd;
    int installed;
    struct sigaction previous[SHIM_ROUTED_SIGNAL_COUNT];
    struct sigaction previous_realtime[SHIM_REALTIME_SIGNAL_MAX];
} shim_signal_pipe_t;

__attribute__((weak, noinline)) shim_signal_pipe_t *shim_signal_state(void) {
    static shim_signal_pipe_t state = { -1, -1, 0 };
    return &state;
}

static void shim_on_signal(int signal_number) {
    int saved_errno = errno;
    unsigned char byte = (unsigned char)signal_number;
    int fd = shim_signal_state()->write_fd;
    if (fd >= 0) {
        ssize_t ignored = write(fd, &byte, 1);
        (void)ignored;  /* a full pipe already holds enough wake-ups */
    }
    errno = saved_errno;
}

static inline int shim_signal_setup_pipe(void) {
    shim_signal_pipe_t *state = shim_signal_state();
    if (state->read_fd >= 0) return 0;
    int fds[2];
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
        fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    }
    state->read_fd = fds[0];
    state->write_fd = fds[1];
    return 0;
}

static inline int shim_set_handler(int signal_number, void (*handler)(int), struct sigaction *previous) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    /* No SA_RESTART: poll() must wake with EINTR as well as through the pipe. */
    action.sa_flags = 0;
    return sigaction(signal_number, &action, previous);
}

static inline int shim_realtime_signal_count(void) {
#if defined(SIGRTMIN) && defined(SIGRTMAX)
    int count = SIGRTMAX - SIGRTMIN + 1;
    return count < 0 ? 0 : (count > SHIM_REALTIME_SIGNAL_MAX ? SHIM_REALTIME_SIGNAL_MAX : count);
#else
    return 0;
#endif
}

/*
 * Routes the signals above into the pipe (SIGPIPE: ignored). With `ignore_interrupts` (a
 * kiosk), SIGINT, SIGQUIT and SIGTSTP are ignored instead.
 * Call after initscr/newterm, which installs handlers of its own for some of these.
 * Returns 0, or -1 when the pipe cannot be made.
 */
static inline int shim_install_signal_handlers(int ignore_interrupts) {
    shim_signal_pipe_t *state = shim_signal_state();
    if (shim_signal_setup_pipe() != 0) return -1;
    for (int i = 0; i < SHIM_ROUTED_SIGNAL_COUNT; i++) {
        int signal_number = shim_routed_signals[i];
        int is_interrupt = signal_number == SIGINT || signal_number == SIGQUIT || signal_number == SIGTSTP;
        int ignored = signal_number == SIGPIPE || (ignore_interrupts && is_interrupt);
        void (*handler)(int) = ignored ? SIG_IGN : shim_on_signal;
        /* Only the first installation keeps the true previous handlers. */
        shim_set_handler(signal_number, handler, state->installed ? NULL : &state->previous[i]);
    }
#if defined(SIGRTMIN)
    for (int i = 0; i < shim_realtime_signal_count(); i++) {
        shim_set_handler(SIGRTMIN + i, shim_on_signal, state->installed ? NULL : &state->previous_realtime[i]);
    }
#endif
    state->installed = 1;
    return 0;
}

/* Puts back the handlers that were there before; the pipe stays (it is closed at exit). */
static inline void shim_restore_signal_handlers(void) {
    shim_signal_pipe_t *state = shim_signal_state();
    if (!state->installed) return;
    for (int i = 0; i < SHIM_ROUTED_SIGNAL_COUNT; i++) sigaction(shim_routed_signals[i], &state->previous[i], NULL);
#if defined(SIGRTMIN)
    for (int i = 0; i < shim_realtime_signal_count(); i++) sigaction(SIGRTMIN + i, &state->previous_realtime[i], NULL);
#endif
    state->installed = 0;
    unsigned char byte;
    while (read(state->read_fd, &byte, 1) == 1) {}  /* what is left belongs to the run that ended */
}

/* The descriptor to poll for signals, or -1 before shim_install_signal_handlers. */
static inline int shim_signal_fd(void) { return shim_signal_state()->read_fd; }

/* The next signal that arrived, or 0 when none is waiting. Never blocks. */
static inline int shim_take_signal(void) {
    int fd = shim_signal_state()->read_fd;
    unsigned char byte;
    if (fd < 0 || read(fd, &byte, 1) != 1) return 0;
    return byte;
}

/*
 * Stops the process as a shell's job control expects (the terminal must already be given
 * back with endwin), and returns when it is continued. The handler is put back afterwards.
 */
static inline void shim_suspend_self(void) {
    shim_set_handler(SIGTSTP, SIG_DFL, NULL);
    sigset_t tstp, previous;
    sigemptyset(&tstp);
    sigaddset(&tstp, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &tstp, &previous);
    kill(getpid(), SIGTSTP);
    sigprocmask(SIG_SETMASK, &previous, NULL);
    shim_set_handler(SIGTSTP, shim_on_signal, NULL);
}

/* ---- crashes: give the terminal back before the process dies ---------------------------- */

/*
 * A Swift runtime trap (SIGILL/SIGTRAP), or a fault, ends the process without `atexit`, which
 * would leave the user's terminal on the alternate screen, in raw mode, with the mouse captured.
 * This handler writes a restore sequence prepared in advance and puts back the terminal modes
 * saved before curses started (both async-signal-safe), then hands the signal on to whoever had
 * it before (the Swift runtime's backtracer prints its report on the restored screen) or, if
 * nobody, lets it kill the process as it would have.
 */
#define SHIM_CRASH_SIGNAL_COUNT 6

typedef struct {
    int installed;
    int has_modes;
    struct termios modes;
    char restore[512];
    size_t restore_length;
    struct sigaction previous[SHIM_CRASH_SIGNAL_COUNT];
} shim_crash_state_t;

static const int shim_crash_signals[SHIM_CRASH_SIGNAL_COUNT] = { SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE };

/* Process-wide, for the same reason as shim_signal_state(). */
__attribute__((weak, noinline)) shim_crash_state_t *shim_crash_state(void) {
    static shim_crash_state_t state;
    return &state;
}

static void shim_on_crash(int signal_number, siginfo_t *info, void *context) {
    shim_crash_state_t *state = shim_crash_state();
    ssize_t ignored = write(STDOUT_FILENO, state->restore, state->restore_length);
    (void)ignored;
    if (state->has_modes) tcsetattr(STDIN_FILENO, TCSAFLUSH, &state->modes);
    for (int i = 0; i < SHIM_CRASH_SIGNAL_COUNT; i++) {
        if (shim_crash_signals[i] != signal_number) continue;
        struct sigaction *previous = &state->previous[i];
        sigaction(signal_number, previous, NULL);
        if ((previous->sa_flags & SA_SIGINFO) && previous->sa_sigaction) {
            previous->sa_sigaction(signal_number, info, context);
        } else if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN) {
            previous->sa_handler(signal_number);
        }
        /* Returning re-runs the faulting instruction, which now meets the previous handler. */
        return;
    }
}

/* Saves the terminal's modes as the shell left them. Call before newterm. */
static inline void shim_save_terminal_modes(void) {
    shim_crash_state_t *state = shim_crash_state();
    state->has_modes = tcgetattr(STDIN_FILENO, &state->modes) == 0;
}

static inline void shim_append_capability(shim_crash_state_t *state, const char *name) {
    const char *value = tigetstr(name);
    if (value == NULL || value == (const char *)-1) return;
    size_t length = strlen(value);
    if (state->restore_length + length >= sizeof state->restore) return;
    memcpy(state->restore + state->restore_length, value, length);
    state->restore_length += length;
}

/* Prepares the restore sequence from the terminal's description and installs the handler.
 * Call after newterm (the capabilities come from the terminal curses opened). */
static inline void shim_install_crash_restorer(void) {
    shim_crash_state_t *state = shim_crash_state();
    if (state->installed) return;
    /* Mouse reporting off, synchronized output ended (a crash mid-frame would leave the terminal
       holding everything after it), and the window title taken back off the title stack. */
    static const char mouse_off[] = "\033[?2026l\033[?1006l\033[?1003l\033[?1002l\033[?1000l\033[23;2t";
    state->restore_length = 0;
    memcpy(state->restore, mouse_off, sizeof mouse_off - 1);
    state->restore_length = sizeof mouse_off - 1;
    shim_append_capability(state, "sgr0");
    shim_append_capability(state, "cnorm");
    shim_append_capability(state, "rmkx");
    shim_append_capability(state, "rmcup");
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = shim_on_crash;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < SHIM_CRASH_SIGNAL_COUNT; i++) sigaction(shim_crash_signals[i], &action, &state->previous[i]);
    state->installed = 1;
}

/* Puts back the handlers that were there before; the terminal is given back normally now. */
static inline void shim_remove_crash_restorer(void) {
    shim_crash_state_t *state = shim_crash_state();
    if (!state->installed) return;
    for (int i = 0; i < SHIM_CRASH_SIGNAL_COUNT; i++) sigaction(shim_crash_signals[i], &state->previous[i], NULL);
    state->installed = 0;
}

#endif
