#!/usr/bin/env bash
# Renders the store listing's images under fastlane/metadata/android/<locale>/images/:
#   icon.png                    512x512, android/icon.svg's central 72 of 108 units (what a
#                               launcher shows), square: the store applies its own mask
#   phoneScreenshots/*.png      1080x1920, a 360x640 phone at 3x
#   tenInchScreenshots/*.png    1600x2560, an 800x1280 tablet at 2x
# Each locale's screenshots show the app in that locale's language (`--lang`).
#
# Usage: bash fastlane/screenshots.sh [path/to/mancala-cli]
#   (default target/release/mancala-cli: `cargo build --release --bin mancala-cli`)
#
# Needs rsvg-convert (Debian/Ubuntu: apt-get install librsvg2-bin) for the icon and
# pngquant (apt-get install pngquant), which cuts each screenshot from ~600 KB to ~100 KB
# with no visible change. The screenshots are `mancala-cli screenshot`: the real UI,
# rendered headless. Phone screenshots are 9:16, not a modern phone's 9:20: Google Play
# refuses a screenshot whose long side is more than twice its short side.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CLI="${1:-$ROOT/target/release/mancala-cli}"
META="$ROOT/fastlane/metadata/android"
[[ -x "$CLI" ]] || { echo "screenshots.sh: $CLI is not an executable mancala-cli" >&2; exit 1; }
for tool in rsvg-convert pngquant; do
    command -v "$tool" >/dev/null || { echo "screenshots.sh: $tool is missing" >&2; exit 1; }
done

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# The games shown. Each record is legal from the start (`mancala-cli show --moves` checks
# it) and leaves the bottom player to move.
KALAH_OPENING="3 2 3 6 6 2 6 1"                       # two people, early on
KALAH_MIDGAME="3 2 3 6 6 2 6 1 4 3 2 5 6 5"           # behind 4 to 13: a hint is welcome
KALAH_GAME="$KALAH_MIDGAME 2 3 3 1 6 1 5 6 2 4 6 5"   # to the end, lost 13 to 35: reviewed
OWARE_MIDGAME="3 2 2 4 2 1 4 1 3 3 3 4 2 2 3 4 4 3 1 4 4 1 3 2 2 3 4 4 3 5"
CONGKAK7_MIDGAME="2 4 2 7 2 2 2"                      # 7 houses, 7 seeds: 14 to 12

# locale directory, the app's --lang, its "Hint" button, two players' names
LOCALES=(
    "en-US|en|Hint|Maya|Sam"
    "my-MM|my|အကြံပြု|အောင်အောင်|မြမြ"
    "th|th|คำใบ้|มาลี|สมชาย"
    "ms|ms|Petunjuk|Aisyah|Hafiz"
)

shoot() { # out-file size scale lang [screenshot flags...]
    local out="$1" size="$2" scale="$3" lang="$4"
    shift 4
    "$CLI" screenshot --size "$size" --scale "$scale" --lang "$lang" --out "$WORK/shot.png" "$@"
    pngquant --quality 70-95 --speed 1 --strip --force --output "$out" "$WORK/shot.png"
}

for entry in "${LOCALES[@]}"; do
    IFS='|' read -r locale lang hint south north <<<"$entry"
    images="$META/$locale/images"
    mkdir -p "$images"
    rsvg-convert -w 768 -h 768 --page-width 512 --page-height 512 --left=-128 --top=-128 \
        "$ROOT/android/icon.svg" -o "$images/icon.png"

    for device in "phoneScreenshots|1080x1920|3" "tenInchScreenshots|1600x2560|2"; do
        IFS='|' read -r folder size scale <<<"$device"
        dir="$images/$folder"
        rm -rf "$dir"
        mkdir -p "$dir"
        s() { shoot "$dir/$1.png" "$size" "$scale" "$lang" "${@:2}"; }
        s 1-home --screen home
        s 2-kalah-two-players --screen game --variant kalah --level 0 \
            --south-name "$south" --north-name "$north" --moves "$KALAH_OPENING"
        s 3-hint --screen game --variant kalah --level 2 --moves "$KALAH_MIDGAME" \
            --tap "$hint" --wait 1500
        s 4-congkak --screen game --variant congkak --houses 7 --seeds 7 --level 3 \
            --moves "$CONGKAK7_MIDGAME"
        s 5-oware-dark --screen game --variant oware --level 4 --theme dark \
            --moves "$OWARE_MIDGAME"
        s 6-review --screen review --variant kalah --level 2 --moves "$KALAH_GAME" \
            --review-move 5
        s 7-rules --screen rules --variant congkak
        echo "$locale: $folder ($size)"
    done
done
