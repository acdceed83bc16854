//! How long a message takes to render: a Hapis log line with its nested messages (a side, a named throw), and
//! an API error, in each language. `cargo bench -p hamle-l10n`.

use criterion::{Criterion, criterion_group, criterion_main};
use hamle_core::Msg;
use hamle_l10n::{Lang, render};

fn throws() -> Msg {
    let dice = Msg::new("hapis-throw").arg("high", 6).arg("low", 6).arg("double", 6);
    Msg::new("log-throws").arg("who", Msg::new("side-white")).arg("dice", dice)
}

fn bench(c: &mut Criterion) {
    let line = throws();
    let error = Msg::new("refusal-illegal").arg("move", "b2");
    for lang in Lang::ALL {
        // The first call parses the catalog; the bench measures the calls after it.
        let _ = render(lang, &line);
        c.bench_function(&format!("log line with a named throw, {}", lang.tag()), |b| b.iter(|| render(lang, &line)));
        c.bench_function(&format!("refusal with a move, {}", lang.tag()), |b| b.iter(|| render(lang, &error)));
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
