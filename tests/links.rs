//! Every relative link of the README and of docs/ leads to a file of the repository (and,
//! where it names a heading, to a heading of that file), so a reader never meets a dead
//! link after a file moved.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The Markdown files a reader opens: the README, the licences and everything in docs/.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md"), root().join("LICENSES.md")];
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    pages
}

/// The targets of `[text](target)` and `![alt](target)` in `text`, outside code spans.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut in_code_block = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code_block = !in_code_block;
            continue;
        }
        if in_code_block {
            continue;
        }
        // Drop `code spans`, where brackets are not links.
        let mut plain = String::new();
        for (i, part) in line.split('`').enumerate() {
            if i % 2 == 0 {
                plain.push_str(part);
            }
        }
        let mut rest = plain.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push(after[..end].trim().to_string());
            rest = &after[end..];
        }
    }
    targets
}

/// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(page: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(page).unwrap_or_default();
    text.lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| anchor(l.trim_start_matches('#')))
        .collect()
}

#[test]
fn every_relative_link_of_the_readme_and_docs_resolves() {
    let mut dead = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for target in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, fragment) = match target.split_once('#') {
                Some((file, fragment)) => (file, Some(fragment)),
                None => (target.as_str(), None),
            };
            let resolved = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            checked += 1;
            if !resolved.exists() {
                dead.push(format!("{}: {target} (no such file)", page.display()));
                continue;
            }
            if let Some(fragment) =
                fragment.filter(|_| resolved.extension().is_some_and(|e| e == "md"))
            {
                if !anchors(&resolved).contains(&fragment.to_string()) {
                    dead.push(format!("{}: {target} (no such heading)", page.display()));
                }
            }
        }
    }
    assert!(
        checked > 50,
        "only {checked} links found: is the parser right?"
    );
    assert!(dead.is_empty(), "dead links:\n{}", dead.join("\n"));
}

#[test]
fn the_readme_is_a_front_page() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 200,
        "the README has {lines} lines; figures and history go to docs/"
    );
    for command in ["cargo run --release", "cargo test"] {
        assert!(
            readme.contains(command),
            "the README's set-up names `{command}`"
        );
    }
    assert!(root().join("LICENSE").exists());
}

#[test]
fn the_link_parser_finds_links_and_skips_code() {
    let text = "see [rules](docs/rules.md#kalah) and ![](a.png)\n`[not](x)`\n```\n[no](y)\n```\n";
    assert_eq!(link_targets(text), ["docs/rules.md#kalah", "a.png"]);
    assert_eq!(
        anchor("Linux packages (Debian, Ubuntu)"),
        "linux-packages-debian-ubuntu"
    );
}
