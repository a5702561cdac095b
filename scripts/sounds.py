#!/usr/bin/env python3
"""Writes the games' sound effects, www/sounds/*.wav, synthesised here so that
every byte of them is ours: a short wooden tock for a move, a rising
three-note chime for a game's end. Mono, 16-bit, 22,050 Hz; deterministic, so
running it again leaves the files unchanged.

The page fetches them only once a player turns Sounds on in Settings.

Usage: scripts/sounds.py [DIR]   (default www/sounds)
"""
import math
import struct
import sys
import wave
from pathlib import Path

RATE = 22050


def tone(freq, seconds, decay, gain, overtone=0.0):
    """A sine at `freq` (with a touch of its octave) under an exponential decay."""
    n = int(RATE * seconds)
    out = []
    for i in range(n):
        t = i / RATE
        attack = min(1.0, t / 0.003)
        env = attack * math.exp(-t / decay)
        s = math.sin(2 * math.pi * freq * t) + overtone * math.sin(4 * math.pi * freq * t)
        out.append(gain * env * s)
    return out


def mix(*parts):
    """Sums (offset in seconds, samples) parts into one track."""
    length = max(int(off * RATE) + len(p) for off, p in parts)
    track = [0.0] * length
    for off, p in parts:
        start = int(off * RATE)
        for i, s in enumerate(p):
            track[start + i] += s
    return track


def write(path, samples):
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(
            struct.pack("<h", int(max(-1.0, min(1.0, s)) * 32767)) for s in samples
        ))


def main():
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "www/sounds")
    out.mkdir(parents=True, exist_ok=True)
    # A move: a low tock and a higher click over it, gone in a tenth of a second.
    write(out / "move.wav", mix((0, tone(330, 0.09, 0.018, 0.5, 0.3)), (0, tone(1320, 0.03, 0.004, 0.2))))
    # A game's end: C, E and G rising, the last held.
    write(out / "end.wav", mix(
        (0.0, tone(523.25, 0.5, 0.12, 0.3, 0.15)),
        (0.14, tone(659.25, 0.5, 0.12, 0.3, 0.15)),
        (0.28, tone(783.99, 0.7, 0.22, 0.3, 0.15)),
    ))


if __name__ == "__main__":
    main()
