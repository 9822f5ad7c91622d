fn main() {
    let config = slint_build::CompilerConfiguration::new()
        .with_style("fluent".into())
        // Burmese, Thai and Malay: ui/lang/<code>/LC_MESSAGES/mancala.po, compiled in and
        // switched at run time with `slint::select_bundled_translation`. A msgid is the
        // English text alone: the same words mean the same on every screen, so they are
        // translated once (no per-component context; tests/translations.rs relies on it).
        .with_bundled_translations("ui/lang")
        .with_default_translation_context(slint_build::DefaultTranslationContext::None);
    slint_build::compile_with_config("ui/app.slint", config).expect("Slint UI failed to compile");
}
