/// The `honey` theme compiled into the binary, so that the counter has its colours wherever it
/// runs and whatever theme file is broken. A test keeps it identical to `Themes/honey.toml`.
enum BuiltInTheme {
    static let fileName = "honey.toml"

    static let honeySource = #"""
# honey: the counter's default theme. Warm amber and gold on a dark background.
#
# Theme file format (every file in Themes/ follows it)
# ----------------------------------------------------
# name        = "..."    optional; the file name otherwise
# description = "..."    optional; one line for `checkout themes`
#
# Three tables, one per kind of terminal; the counter uses the richest one the terminal can show:
#   [colors-256]  terminals with 256 colours (COLORS >= 256); also truecolor terminals (COLORTERM=
#                 truecolor, or terminfo RGB), which show these indices in xterm's own colours
#   [colors-8]    terminals with the 8 basic colours
#   [mono]        no colour at all: also when NO_COLOR is set or TERM=dumb
#
# A fourth table, [truecolor], is optional: the same roles with colours written "#rrggbb".
#
# In each table, one line per colour role:
#   role = { fg = COLOUR, bg = COLOUR, attributes = ["bold", ...] }
# roles:      background text muted accent title border focus selection success warning error footer
# COLOUR:     "default" (the terminal's own), a name (black red green yellow blue magenta cyan white;
#             in [colors-256] also bright-black ... bright-white), or an index (0-255, or 0-7 in
#             [colors-8])
# attributes: bold, underline, reverse, dim (any of them, in any table)
# [mono] looks have attributes only. fg, bg and attributes may each be left out ("default", none);
# a role left out of a table looks like that table's `text`.
# Cells with no particular role (blank space) take `text`, so `text`'s bg is the screen's.

name = "honey"
description = "Warm amber and gold on a dark background (the default)"

[colors-256]
background = { fg = 223, bg = 234 }
text       = { fg = 230, bg = 234 }
muted      = { fg = 137, bg = 234 }
accent     = { fg = 214, bg = 234, attributes = ["bold"] }
title      = { fg = 220, bg = 234, attributes = ["bold"] }
border     = { fg = 136, bg = 234 }
focus      = { fg = 234, bg = 214, attributes = ["bold"] }
selection  = { fg = 230, bg = 94 }
success    = { fg = 114, bg = 234 }
warning    = { fg = 208, bg = 234, attributes = ["bold"] }
error      = { fg = 203, bg = 234, attributes = ["bold"] }
footer     = { fg = 234, bg = 179 }

[colors-8]
background = { fg = "default", bg = "default" }
text       = { fg = "default", bg = "default" }
muted      = { fg = "white", bg = "default", attributes = ["dim"] }
accent     = { fg = "yellow", bg = "default", attributes = ["bold"] }
title      = { fg = "yellow", bg = "default", attributes = ["bold"] }
border     = { fg = "yellow", bg = "default" }
focus      = { fg = "black", bg = "yellow" }
selection  = { fg = "black", bg = "white" }
success    = { fg = "green", bg = "default" }
warning    = { fg = "yellow", bg = "default", attributes = ["bold"] }
error      = { fg = "red", bg = "default", attributes = ["bold"] }
footer     = { fg = "black", bg = "yellow" }

[mono]
background = { }
text       = { }
muted      = { attributes = ["dim"] }
accent     = { attributes = ["bold"] }
title      = { attributes = ["bold", "underline"] }
border     = { }
focus      = { attributes = ["reverse", "bold"] }
selection  = { attributes = ["reverse"] }
success    = { attributes = ["bold"] }
warning    = { attributes = ["bold"] }
error      = { attributes = ["bold", "underline"] }
footer     = { attributes = ["reverse"] }

"""#
}
