#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Make the app's sounds (data/sounds/*.wav) from nothing but arithmetic.

Every sound is a sum of decaying sine partials and a little filtered noise
from a fixed-seed generator, so the same script gives the same bytes on
every run (docs/sounds.md says what each one is meant to sound like).
Mono, 16-bit, 22 050 Hz WAV: GStreamer's wavparse (gstreamer1.0-plugins-good,
in the GNOME Flatpak runtime too) plays it with no codec.

Usage: gen-sounds.py [--out DIR]      write the files (default: data/sounds)
       gen-sounds.py --check [DIR]    TAP: the files in DIR are exactly what
                                      this script makes, each under the size
                                      limit, in the expected format
"""
import argparse
import io
import math
import os
import sys
import wave

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_DIR = os.path.join(ROOT, "data", "sounds")

RATE = 22050
# A child's laptop downloads the app: each sound stays well under this.
MAX_BYTES = 30 * 1024


class Noise:
    """A 32-bit linear congruential generator: the same numbers everywhere,
    whatever Python's own random module does in a later version."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFF

    def next(self):
        self.state = (self.state * 1664525 + 1013904223) & 0xFFFFFFFF
        return self.state / 2147483648.0 - 1.0


def silence(seconds):
    return [0.0] * int(round(seconds * RATE))


def partials(freq, seconds, tau, parts, attack=0.002):
    """A struck tone: partials (ratio, amplitude, decay factor) over freq,
    a short linear attack, then exponential decay with time constant tau
    (higher partials die faster by their factor)."""
    n = int(round(seconds * RATE))
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / attack) if attack > 0 else 1.0
        s = 0.0
        for ratio, amp, faster in parts:
            s += amp * math.exp(-t * faster / tau) * math.sin(2 * math.pi * freq * ratio * t)
        out.append(env * s)
    return out


def click(seconds, tau, seed, smooth):
    """A burst of noise, low-passed by a one-pole filter (smooth in 0..1:
    more is duller), decaying with time constant tau: the contact of a hit."""
    noise = Noise(seed)
    n = int(round(seconds * RATE))
    out = []
    y = 0.0
    for i in range(n):
        t = i / RATE
        y = smooth * y + (1 - smooth) * noise.next()
        out.append(y * math.exp(-t / tau))
    return out


def mix(length, *layers):
    """Adds (offset seconds, gain, samples) layers into one track."""
    out = [0.0] * int(round(length * RATE))
    for offset, gain, samples in layers:
        start = int(round(offset * RATE))
        for i, s in enumerate(samples):
            if start + i < len(out):
                out[start + i] += gain * s
    return out


def finish(samples, peak):
    """Scales to peak (of full scale) and fades the last 8 ms to zero, so
    the sound never ends on a click."""
    top = max(abs(s) for s in samples) or 1.0
    fade = int(0.008 * RATE)
    n = len(samples)
    out = []
    for i, s in enumerate(samples):
        g = peak / top
        if i >= n - fade:
            g *= (n - 1 - i) / fade
        out.append(s * g)
    return out


# Wood: the inharmonic modes of a struck block, the upper ones short.
WOOD = [(1.0, 1.0, 1.0), (2.76, 0.45, 2.2), (5.40, 0.18, 3.5)]
# Bell and glockenspiel: near-harmonic, the fundamental rings longest.
BELL = [(1.0, 1.0, 1.0), (2.0, 0.35, 1.8), (3.0, 0.12, 2.6), (4.2, 0.05, 3.4)]
SOFT = [(1.0, 1.0, 1.0), (2.0, 0.12, 1.5)]


def tock(freq, tau, seed, noise_gain, length=0.09):
    return mix(length,
               (0.0, 1.0, partials(freq, length, tau, WOOD, attack=0.0008)),
               (0.0, noise_gain, click(0.012, 0.002, seed, 0.55)))


def sound_move():
    # A piece put down on a wooden board: one low, dry knock.
    return finish(tock(610.0, 0.016, 11, 0.5, 0.09), 0.70)


def sound_capture():
    # A piece knocks another off: two harder, brighter knocks close together.
    first = tock(880.0, 0.012, 21, 0.9, 0.07)
    second = tock(1180.0, 0.014, 22, 1.1, 0.09)
    return finish(mix(0.16, (0.0, 0.8, first), (0.062, 1.0, second)), 0.80)


def sound_check():
    # "Jiang!": a two-note call, high then lower, like a small bell.
    hi = partials(784.0, 0.20, 0.085, BELL, attack=0.004)    # G5
    lo = partials(659.3, 0.24, 0.100, BELL, attack=0.004)    # E5
    return finish(mix(0.38, (0.0, 1.0, hi), (0.14, 1.0, lo)), 0.55)


def sound_solved():
    # A rising chime, C5 E5 G5, the last one ringing a little longer.
    c = partials(523.3, 0.22, 0.11, BELL, attack=0.003)
    e = partials(659.3, 0.22, 0.11, BELL, attack=0.003)
    g = partials(784.0, 0.31, 0.15, BELL, attack=0.003)
    return finish(mix(0.53, (0.0, 0.9, c), (0.11, 0.95, e), (0.22, 1.0, g)), 0.55)


def sound_wrong():
    # Not a buzzer: two low, soft notes going down (E4 then C4).
    a = partials(329.6, 0.22, 0.10, SOFT, attack=0.018)
    b = partials(261.6, 0.26, 0.12, SOFT, attack=0.018)
    return finish(mix(0.42, (0.0, 1.0, a), (0.16, 1.0, b)), 0.38)


def sound_refused():
    # The board will not take the move: only a faint tick.
    tick = mix(0.04,
               (0.0, 1.0, partials(1900.0, 0.04, 0.004, [(1.0, 1.0, 1.0)], attack=0.0005)),
               (0.0, 0.3, click(0.006, 0.0015, 31, 0.4)))
    return finish(tick, 0.16)


# Names as src/lesson/xq-sound.c knows them (the resource is NAME.wav).
SOUNDS = {
    "move": sound_move,
    "capture": sound_capture,
    "check": sound_check,
    "solved": sound_solved,
    "wrong": sound_wrong,
    "refused": sound_refused,
}


def wav_bytes(samples):
    frames = bytearray()
    for s in samples:
        v = int(round(s * 32767))
        v = max(-32768, min(32767, v))
        frames += v.to_bytes(2, "little", signed=True)
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))
    return buf.getvalue()


def write(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    for name, make in SOUNDS.items():
        data = wav_bytes(make())
        path = os.path.join(out_dir, name + ".wav")
        with open(path, "wb") as f:
            f.write(data)
        print("%s: %d bytes, %.3f s" % (os.path.relpath(path, ROOT), len(data),
                                        (len(data) - 44) / 2 / RATE))


def check(in_dir):
    results = []
    for name, make in SOUNDS.items():
        path = os.path.join(in_dir, name + ".wav")
        want = wav_bytes(make())
        try:
            with open(path, "rb") as f:
                have = f.read()
        except OSError as e:
            results.append((False, "%s: %s" % (name, e)))
            continue
        results.append((have == want, "%s.wav is what tools/gen-sounds.py makes" % name))
        results.append((len(have) < MAX_BYTES, "%s.wav is %d bytes (< %d)" % (name, len(have), MAX_BYTES)))
        try:
            with wave.open(path, "rb") as w:
                fmt = (w.getnchannels(), w.getsampwidth(), w.getframerate())
                frames = w.readframes(w.getnframes())
        except (wave.Error, EOFError) as e:
            fmt, frames = str(e), b""
        results.append((fmt == (1, 2, RATE), "%s.wav is mono 16-bit %d Hz (got %r)" % (name, RATE, fmt)))
        last = int.from_bytes(frames[-2:], "little", signed=True) if frames else 1
        results.append((last == 0, "%s.wav ends in silence" % name))
    extra = sorted(f for f in os.listdir(in_dir) if f[:-4] not in SOUNDS)
    results.append((not extra, "no stray files in data/sounds (%s)" % ", ".join(extra)))
    print("1..%d" % len(results))
    for i, (ok, what) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", i, what))
    return 0 if all(ok for ok, _ in results) else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=DEFAULT_DIR)
    ap.add_argument("--check", nargs="?", const=DEFAULT_DIR, metavar="DIR")
    args = ap.parse_args()
    if args.check:
        return check(args.check)
    write(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
