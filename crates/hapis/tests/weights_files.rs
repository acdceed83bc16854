//! `neural(weights=FILE)` and `expert(weights=FILE)` read a network only where the process allows it (the
//! terminal's commands); this test binary, like the web app, never does. (The CLI's tests use a file.)

use hamle_hapis::{Hapis, definition};

#[test]
fn a_weights_file_is_refused_unless_the_process_allows_files() {
    let def = definition();
    for bot in ["neural(weights=/etc/hostname)", "expert(weights=net.bin)", "neural(level=casual,weights=x)"] {
        let refused = def.bot(&bot.parse().expect("a spec"), &Hapis::default()).err().expect("refused").to_string();
        assert!(refused.contains("the web app reads no files"), "{bot}: {refused}");
    }
    let shipped = def.bot(&"neural(weights=shipped)".parse().expect("a spec"), &Hapis::default()).expect("made");
    assert_eq!(shipped.name(), "neural");
}
