#!/usr/bin/env python3
"""Draws a terminal capture (tmux capture-pane -e output: text with SGR
colour codes) as a PNG, cell by cell, in DejaVu Sans Mono."""

import re
import sys

from PIL import Image, ImageDraw, ImageFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
SIZE = 16
BG, FG = (24, 24, 28), (220, 220, 215)
PALETTE = [(24, 24, 28), (215, 70, 70), (90, 180, 90), (220, 190, 80),
           (90, 130, 220), (180, 100, 200), (80, 190, 200), (220, 220, 215)]
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def cells(line):
    """Yields (char, fg, bg, bold, dim) for each character of a line."""
    fg, bg, bold, dim, reverse = FG, BG, False, False, False
    pos = 0
    for match in list(SGR.finditer(line)) + [None]:
        end = match.start() if match else len(line)
        for ch in line[pos:end]:
            f, b = (bg, fg) if reverse else (fg, bg)
            yield ch, f, b, bold, dim
        if match is None:
            break
        pos = match.end()
        codes = [int(c) if c else 0 for c in match.group(1).split(";")]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0:
                fg, bg, bold, dim, reverse = FG, BG, False, False, False
            elif c == 1:
                bold = True
            elif c == 2:
                dim = True
            elif c == 7:
                reverse = True
            elif c in (22,):
                bold = dim = False
            elif c == 27:
                reverse = False
            elif 30 <= c <= 37:
                fg = PALETTE[c - 30]
            elif c == 39:
                fg = FG
            elif 40 <= c <= 47:
                bg = PALETTE[c - 40]
            elif c == 49:
                bg = BG
            elif c in (38, 48) and i + 1 < len(codes):
                # 256-colour or RGB: take the basic colour for 0-7.
                if codes[i + 1] == 5 and i + 2 < len(codes):
                    colour = PALETTE[codes[i + 2] % 8]
                    i += 2
                elif codes[i + 1] == 2 and i + 4 < len(codes):
                    colour = tuple(codes[i + 2:i + 5])
                    i += 4
                else:
                    colour = FG
                if c == 38:
                    fg = colour
                else:
                    bg = colour
            i += 1


def main(src, dst):
    lines = open(src, encoding="utf-8").read().rstrip("\n").split("\n")
    font, bold_font = ImageFont.truetype(FONT, SIZE), ImageFont.truetype(BOLD, SIZE)
    width, height = font.getbbox("M")[2], int(SIZE * 1.25)
    columns = max(sum(1 for _ in cells(l)) for l in lines)
    image = Image.new("RGB", (columns * width + 16, len(lines) * height + 16), BG)
    draw = ImageDraw.Draw(image)
    for row, line in enumerate(lines):
        for col, (ch, fg, bg, bold, dim) in enumerate(cells(line)):
            x, y = 8 + col * width, 8 + row * height
            draw.rectangle([x, y, x + width, y + height], fill=bg)
            if dim:
                fg = tuple(int(c * 0.55 + b * 0.45) for c, b in zip(fg, bg))
            draw.text((x, y), ch, font=bold_font if bold else font, fill=fg)
    image.save(dst)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
