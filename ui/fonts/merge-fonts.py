#!/usr/bin/env python3
"""Regenerates MancalaThai-{Regular,Bold}.ttf and MancalaMyanmar-{Regular,Bold}.ttf.

Noto Sans Thai and Noto Sans Myanmar carry no Latin letters and no digits, and Slint does
not fall back from one imported font to another: with the Thai or Burmese family chosen,
"Oware", "7" or "%" came from whatever system font happened to exist, and rendered
blank on a machine without one. Each merged font is the script font plus the Latin part
of Noto Sans (letters, digits, punctuation, symbols), under its own family name as the
SIL OFL 1.1 requires of a modified version ("Noto" is a Reserved Font Name).

    pip install fonttools        # tested with fontTools 4.x
    python3 ui/fonts/merge-fonts.py [/usr/share/fonts/truetype/noto]

Sources: Debian's fonts-noto-core (NotoSans-Regular.ttf, NotoSans-Bold.ttf,
NotoSansThai-Regular.ttf, NotoSansThai-Bold.ttf, NotoSansMyanmar-Regular.ttf,
NotoSansMyanmar-Bold.ttf), all 1000 units per em. NotoSans-Regular.ttf and
NotoSans-Bold.ttf are the same files as the ones bundled in ui/fonts.

Each weight is merged with the Latin of the same weight: the bold faces take Noto Sans
Bold's Latin, so that `font-weight: 700` text in Thai or Burmese is bold in both scripts.
The bold faces carry the style name "Bold", weight class 700 and the bold bits of
head.macStyle and OS/2.fsSelection (all from the script font, which goes first), so Slint's
font matching picks them for weights from 600 up.

Merge notes:
- The script font goes first, so its glyphs win where both fonts map a character (space,
  no-break space, hyphen), its name table is the base and its taller line metrics
  (Burmese needs 1324/-860) are kept: fontTools takes the max ascent / min descent.
- TrueType hinting (fpgm, prep, cvt, glyph instructions) is dropped from both sides
  first: the two fonts' hinting programs cannot be merged (their function numbers and
  CVT indices collide) and Slint renders outlines unhinted anyway.
- GSUB/GPOS of both sides are kept: their script lists do not overlap (latn/cyrl/grek
  vs thai or mymr/mym2), and Myanmar shaping is checked against the original below.
"""
import os
import sys
import tempfile

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTFont

HERE = os.path.dirname(os.path.abspath(__file__))
NOTO = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/noto"

# The Latin side: ASCII, Latin-1, Latin Extended-A/B (Malay, names), combining marks,
# general punctuation, super/subscripts, currency, letterlike symbols, arrows, math
# operators, geometric shapes used as bullets.
LATIN = "U+0000-024F,U+02B0-02FF,U+0300-036F,U+1E00-1EFF,U+2000-206F,U+2070-209F," \
        "U+20A0-20CF,U+2100-214F,U+2190-21FF,U+2200-22FF,U+25A0-25FF,U+FEFF,U+FFFD"

WEIGHTS = ["Regular", "Bold"]

MERGED = [
    # (script font without its "-Weight.ttf", family, file stem)
    ("NotoSansThai", "Mancala Thai", "MancalaThai"),
    ("NotoSansMyanmar", "Mancala Myanmar", "MancalaMyanmar"),
]


def prepared(src, unicodes, out):
    """Copy of `src` keeping `unicodes` ("*" for all), all layout features, no hinting."""
    options = subset.Options()
    options.layout_features = ["*"]
    options.layout_scripts = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.glyph_names = True
    options.notdef_outline = True
    options.hinting = False
    options.drop_tables += ["DSIG"]
    font = subset.load_font(src, options)
    subsetter = subset.Subsetter(options)
    if unicodes == "*":
        subsetter.populate(unicodes=font.getBestCmap().keys())
    else:
        subsetter.populate(unicodes=subset.parse_unicodes(unicodes))
    subsetter.subset(font)
    font.save(out)
    return out


def rename(font, family, stem, weight):
    ps = f"{stem}-{weight}"
    name = font["name"]
    # Drop the source's names that mention Noto (the Reserved Font Name) or identify it.
    for record in list(name.names):
        if record.nameID in (1, 2, 3, 4, 6, 16, 17, 21, 22, 25):
            name.removeNames(nameID=record.nameID)
    name.setName(family, 1, 3, 1, 0x409)
    name.setName(weight, 2, 3, 1, 0x409)
    name.setName(f"{family} {weight}; merged from Noto Sans", 3, 3, 1, 0x409)
    name.setName(f"{family} {weight}", 4, 3, 1, 0x409)
    name.setName(ps, 6, 3, 1, 0x409)
    name.setName(
        "Merged from Noto Sans and Noto Sans Thai / Myanmar (Google) by "
        "ui/fonts/merge-fonts.py; SIL Open Font License 1.1.", 10, 3, 1, 0x409)
    font["post"].formatType = 2.0


def main():
    with tempfile.TemporaryDirectory() as tmp:
        for weight in WEIGHTS:
            latin = prepared(os.path.join(NOTO, f"NotoSans-{weight}.ttf"), LATIN,
                             os.path.join(tmp, f"latin-{weight}.ttf"))
            for base, family, stem in MERGED:
                merge(tmp, f"{base}-{weight}.ttf", latin, family, stem, weight)


def merge(tmp, src, latin, family, stem, weight):
    script = prepared(os.path.join(NOTO, src), "*", os.path.join(tmp, src))
    font = Merger().merge([script, latin])
    rename(font, family, stem, weight)
    # Same sources, same bytes: keep the source's dates instead of "now".
    source_head = TTFont(os.path.join(NOTO, src))["head"]
    font["head"].created = source_head.created
    font["head"].modified = source_head.modified
    font.recalcTimestamp = False
    out = os.path.join(HERE, f"{stem}-{weight}.ttf")
    font.save(out)
    cmap = font.getBestCmap()
    missing = [c for c in "0123456789AZaz%?()" if ord(c) not in cmap]
    assert not missing, f"{out} lacks {missing}"
    bold = weight == "Bold"
    assert font["OS/2"].usWeightClass == (700 if bold else 400), out
    assert bool(font["head"].macStyle & 1) == bold, out
    assert bool(font["OS/2"].fsSelection & 0x20) == bold, out
    print(f"{out}: {len(font.getGlyphOrder())} glyphs, {len(cmap)} characters")


if __name__ == "__main__":
    main()
