#!/usr/bin/env bash
# Type-check (cargo check + clippy -D warnings) the crate for Android, on a machine that
# has neither the Android SDK/NDK nor a JDK, and cannot download Skia's prebuilt binaries.
#
# Why the stand-ins: Slint's Android backend has a build script that compiles one Java
# helper with `javac` and dexes it with `java -cp d8.jar`; the resulting classes.dex is
# only embedded into the final library, so for a type-check an empty one is enough.
# `DOCS_RS=1` makes skia-bindings use its bundled bindings instead of downloading Skia.
# How this was established: Slint's Android backend always builds the Skia renderer,
# and neither Skia's prebuilt binaries nor the NDK can be downloaded on the CI machines,
# so no APK is linked there; a type-check with these stand-ins was verified on an
# app-shaped crate (clean: about 3 min and 2 GB; a deliberate error in Android-only code
# fails it in under a second). Building a real APK: android/README.md.
#
# Usage: bash android/check.sh        (from anywhere; exits non-zero when Android breaks)
set -euo pipefail

TARGET=aarch64-linux-android
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

fail() {
    echo >&2
    echo "==================================================================" >&2
    echo "ANDROID CHECK FAILED: $*" >&2
    echo "==================================================================" >&2
    exit 1
}

if ! rustup target list --installed | grep -qx "$TARGET"; then
    echo "android/check.sh: installing the $TARGET standard library with rustup"
    rustup target add "$TARGET" || fail "could not install the $TARGET target with rustup"
fi

# The stand-ins live at a stable absolute path inside the target directory: the backend's
# build script re-runs whenever JAVA_HOME/ANDROID_JAR change, so a moving path would
# rebuild it (and everything after it) on every run.
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
mkdir -p "$TARGET_DIR"
TARGET_DIR="$(cd "$TARGET_DIR" && pwd)"
STANDINS="$TARGET_DIR/android-standins"
mkdir -p "$STANDINS/jdk/bin"

# Write a file only when its content differs, so its timestamp stays put between runs.
put() {
    local path="$1" content="$2"
    if [[ ! -f "$path" ]] || [[ "$(cat "$path")" != "$content" ]]; then
        printf '%s\n' "$content" >"$path"
    fi
}

# javac: android-build asks `javac -version` to decide flags; compiling is not needed
# because nothing reads the .class files when the final library is not linked.
put "$STANDINS/jdk/bin/javac" '#!/bin/sh
# Stand-in for javac (android/check.sh): reports a JDK 17 and compiles nothing.
case "$1" in -version|--version) echo "javac 17.0.0"; exit 0;; esac
exit 0'
# java: only ever run as D8 here; it must leave a classes.dex in the --output folder.
put "$STANDINS/jdk/bin/java" '#!/bin/sh
# Stand-in for java running D8 (android/check.sh): writes an empty classes.dex.
out=""
while [ $# -gt 0 ]; do
    if [ "$1" = "--output" ]; then out="$2"; shift; fi
    shift
done
[ -n "$out" ] && mkdir -p "$out" && : >"$out/classes.dex"
exit 0'
chmod +x "$STANDINS/jdk/bin/javac" "$STANDINS/jdk/bin/java"
[[ -f "$STANDINS/android.jar" ]] || : >"$STANDINS/android.jar"
[[ -f "$STANDINS/d8.jar" ]] || : >"$STANDINS/d8.jar"

export JAVA_HOME="$STANDINS/jdk"
export ANDROID_JAR="$STANDINS/android.jar"
export ANDROID_D8_JAR="$STANDINS/d8.jar"
export DOCS_RS=1

start=$(date +%s)
echo "android/check.sh: cargo check --target $TARGET --lib"
cargo check --target "$TARGET" --lib ||
    fail "the crate does not compile for $TARGET (see the errors above)"

echo "android/check.sh: cargo clippy --target $TARGET --lib -- -D warnings"
cargo clippy --target "$TARGET" --lib -- -D warnings ||
    fail "clippy reports warnings or errors in the $TARGET build (see above)"

echo "android/check.sh: OK ($TARGET compiles and is clippy-clean, $(($(date +%s) - start)) s)"
