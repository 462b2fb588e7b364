"""Computes glyph advances and pair kerning with fontTools, independently of Strata.

Usage: python3 font_oracle.py FONT SIZE TEXT
Prints one line per character: glyph-id advance kerning-with-next, in points at SIZE,
with kerning from the GPOS 'kern' feature's pair adjustments (formats 1 and 2).
Exits 3 when fontTools is not installed.
"""
import sys

try:
    from fontTools.ttLib import TTFont
except ImportError:
    sys.exit(3)


def pair_value(gpos, left, right):
    feats = [fr for fr in gpos.FeatureList.FeatureRecord if fr.FeatureTag == "kern"]
    for index in sorted(set(i for fr in feats for i in fr.Feature.LookupListIndex)):
        lookup = gpos.LookupList.Lookup[index]
        for sub in lookup.SubTable:
            if lookup.LookupType == 9:
                sub = sub.ExtSubTable
                if sub.LookupType != 2:
                    continue
            elif lookup.LookupType != 2:
                continue
            cov = sub.Coverage.glyphs
            if left not in cov:
                continue
            if sub.Format == 1:
                pairs = sub.PairSet[cov.index(left)].PairValueRecord
                for rec in pairs:
                    if rec.SecondGlyph == right:
                        v = rec.Value1
                        return getattr(v, "XAdvance", 0) or 0 if v is not None else 0
            elif sub.Format == 2:
                c1 = sub.ClassDef1.classDefs.get(left, 0)
                c2 = sub.ClassDef2.classDefs.get(right, 0)
                v = sub.Class1Record[c1].Class2Record[c2].Value1
                return (getattr(v, "XAdvance", 0) or 0) if v is not None else 0
    return 0


def main():
    font = TTFont(sys.argv[1])
    size = float(sys.argv[2])
    text = sys.argv[3]
    cmap = font.getBestCmap()
    upm = font["head"].unitsPerEm
    names = [cmap[ord(c)] for c in text]
    gpos = font["GPOS"].table if "GPOS" in font else None
    for i, name in enumerate(names):
        advance = font["hmtx"].metrics[name][0]
        kern = pair_value(gpos, name, names[i + 1]) if gpos is not None and i + 1 < len(names) else 0
        print(font.getGlyphID(name), advance * size / upm, kern * size / upm)


main()
