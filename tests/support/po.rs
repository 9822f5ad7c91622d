//! Reading gettext `.po` files, shared by the translation and font tests.

/// The value of a quoted `.po` string literal (`"..."`), unescaped.
pub fn po_string(literal: &str) -> String {
    let inner = literal
        .trim()
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'));
    let inner = inner.unwrap_or_else(|| panic!("not a quoted .po string: {literal}"));
    let mut value = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => value.push('\n'),
                Some('t') => value.push('\t'),
                Some(other) => value.push(other),
                None => {}
            }
        } else {
            value.push(c);
        }
    }
    value
}
