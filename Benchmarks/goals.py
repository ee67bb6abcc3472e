#!/usr/bin/env python3
"""Issue 18's goals, each a figure of this run beside its peer or limit, flagged met or not.

Usage: python3 Benchmarks/goals.py NAME=OUTPUT... (as `Benchmarks/run` calls it)

Each NAME is the output of one measurement of the run: first-frame and first-frame-peer
(`first_frame.py` for the counter and for dialog), keys and keys-peer (`keys.py`), counter
(`CounterBenchmark`), payments (`PaymentsBenchmark`). A figure that is not in the outputs (dialog
not installed, a benchmark's wording changed) is shown as not measured, never as met.
"""
import re, sys

outputs = dict(argument.split("=", 1) for argument in sys.argv[1:])

def figure(name, pattern):
    match = re.search(pattern, outputs.get(name, ""))
    return float(match.group(1).replace(",", "")) if match else None

ours_ms = figure("first-frame", r"first frame at 80x24 in ([\d.]+) ms")
ours_bytes = figure("first-frame", r"runs\), (\d+) bytes")
ours_rss = figure("first-frame", r"RSS ([\d.]+) MB")
ours_cpu = figure("first-frame", r"processor time ([\d.]+) ms")
peer_cpu = figure("first-frame-peer", r"processor time ([\d.]+) ms")
peer_ms = figure("first-frame-peer", r"first frame at 80x24 in ([\d.]+) ms")
peer_bytes = figure("first-frame-peer", r"runs\), (\d+) bytes")
peer_rss = figure("first-frame-peer", r"RSS ([\d.]+) MB")
key_ms = figure("keys", r"median ([\d.]+) ms")
key_bytes = figure("keys", r"median (\d+) bytes")
peer_key_ms = figure("keys-peer", r"median ([\d.]+) ms")
peer_key_bytes = figure("keys-peer", r"median (\d+) bytes")
catalog_open = figure("counter", r"opening took ([\d.]+) ms")
catalog_growth = figure("counter", r"with the catalog open \(\+([\d.]+) MB\)")
first_letter = figure("counter", r"first letter ([\d.]+) ms")
later_letters = figure("counter", r"letters after it median ([\d.]+) ms")
keystrokes = figure("counter", r"([\d.]+) keystrokes/s without")
keystrokes_with_starts = figure("counter", r"([\d.]+) keystrokes/s with each")
charges = figure("payments", r"charges, saved card, file[^\n]*?\s([\d.]+) charges/s")
plain = figure("payments", r"plain SQLite inserts, file[^\n]*?\s([\d.]+) inserts/s")
cart_share = figure("payments", r"cart payments / plain commits, file: ([\d.]+)% in two commits")

rows = []

def goal(what, value, unit, peer, ratio, limit, met):
    shown = "not measured" if value is None else f"{value:,.2f} {unit}".replace(".00 ", " ")
    verdict = "not measured" if met is None else ("met" if met else "NOT MET")
    rows.append((what, shown, peer or "", ratio or "", limit, verdict))

def ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b

def at_most(value, limit):
    return None if value is None else value <= limit

def at_least(value, limit):
    return None if value is None else value >= limit

r = ratio(ours_ms, peer_ms)
goal("first frame at 80x24, time", ours_ms, "ms", peer_ms and f"dialog {peer_ms:.1f} ms", r and f"{r:.2f}x", "<= 2x dialog (aim 1.5x)", at_most(r, 2.0))
r = ratio(ours_cpu, peer_cpu)
goal("the same, processor time (busy machine: fairer)", ours_cpu, "ms", peer_cpu and f"dialog {peer_cpu:.1f} ms", r and f"{r:.2f}x", "<= 2x dialog", at_most(r, 2.0))
r = ratio(ours_bytes, peer_bytes)
goal("first frame, bytes", ours_bytes, "bytes", peer_bytes and f"dialog {peer_bytes:.0f}", r and f"{r:.2f}x", "<= dialog's", at_most(r, 1.0))
r = ratio(ours_rss, peer_rss)
goal("resident memory at the first frame", ours_rss, "MB", peer_rss and f"dialog {peer_rss:.1f} MB", r and f"{r:.1f}x", "<= 12 MB", at_most(ours_rss, 12.0))
r = ratio(key_ms, peer_key_ms)
goal("per arrow key, latency (median)", key_ms, "ms", peer_key_ms and f"dialog {peer_key_ms:.2f} ms", r and f"{r:.2f}x", "<= 1.5x dialog", at_most(r, 1.5))
r = ratio(key_bytes, peer_key_bytes)
goal("per arrow key, bytes (median)", key_bytes, "bytes", peer_key_bytes and f"dialog {peer_key_bytes:.0f}", r and f"{r:.2f}x", "<= dialog's", at_most(r, 1.0))
goal("catalog of 100,000: opening", catalog_open, "ms", "", "", "< 30 ms", None if catalog_open is None else catalog_open < 30)
goal("catalog of 100,000: RSS added by opening it", catalog_growth, "MB", "", "", "<= 16 MB", at_most(catalog_growth, 16))
goal("catalog filter, first key", first_letter, "ms", "", "", "< 1 ms", None if first_letter is None else first_letter < 1)
goal("catalog filter, each key after (median)", later_letters, "ms", "", "", "< 1 ms", None if later_letters is None else later_letters < 1)
r = ratio(charges, plain)
goal("durable card charges (file, WAL, FULL)", charges, "/s", plain and f"plain commits {plain:,.0f}/s", r and f"{100 * r:.0f}%", ">= 45% of plain commits", at_least(r, 0.45))
goal("durable cart payments (two commits)", cart_share, "% of plain commits", "", "", ">= 45% of plain commits", at_least(cart_share, 45))
goal("headless keystrokes, store journey", keystrokes, "/s", keystrokes_with_starts and f"{keystrokes_with_starts:,.0f}/s with starts", "", ">= 5,000/s", at_least(keystrokes, 5000))

headers = ("goal (issue 18)", "this run", "peer", "ratio", "goal", "")
widths = [max(len(str(row[i])) for row in rows + [headers]) for i in range(len(headers))]
for row in [headers] + rows:
    print("  ".join(str(cell).ljust(width) for cell, width in zip(row, widths)).rstrip())
met = sum(row[5] == "met" for row in rows)
print(f"{met} of {len(rows)} goals met")
