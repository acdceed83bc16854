//! Trained weights read from files by bots (`weights=FILE`): only where the terminal allows it, so that a spec
//! sent to the web app never reads a file on the server, and each file once per process.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use crate::spec::{Params, SpecError};

static FILES_ALLOWED: AtomicBool = AtomicBool::new(false);

/// Lets bots read weights files in this process. Only the terminal's commands call it.
pub fn allow_files() {
    FILES_ALLOWED.store(true, Ordering::SeqCst);
}

/// The weights a bot parameter `key` names: `shipped()` for `shipped`, else the file `path` parsed by `parse`; a
/// file already read (as the same type) is not read again. `writer` names the command that writes such files.
///
/// # Errors
/// A [`SpecError::BadParam`] saying why, when files are not allowed here or the file cannot be read or parsed.
pub fn read<T, E>(
    params: &Params,
    key: &str,
    path: &str,
    writer: &str,
    shipped: impl FnOnce() -> Arc<T>,
    parse: impl FnOnce(&[u8]) -> Result<T, E>,
) -> Result<Arc<T>, SpecError>
where
    T: Any + Send + Sync,
    E: std::fmt::Display,
{
    if path == "shipped" {
        return Ok(shipped());
    }
    let refuse = |why: String| match params.bad(key, path) {
        SpecError::BadParam { owner, key, value, .. } => SpecError::BadParam { owner, key, value, values: why },
        other => other,
    };
    if !FILES_ALLOWED.load(Ordering::SeqCst) {
        return Err(refuse("shipped, or a file from the terminal (the web app reads no files)".into()));
    }
    type Cache = Mutex<HashMap<(TypeId, String), Arc<dyn Any + Send + Sync>>>;
    static READ: OnceLock<Cache> = OnceLock::new();
    let id = (TypeId::of::<T>(), path.to_owned());
    // A panic elsewhere while holding the lock leaves the map whole: every insert is one step.
    let mut read = READ.get_or_init(Default::default).lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(found) = read.get(&id).and_then(|any| Arc::clone(any).downcast::<T>().ok()) {
        return Ok(found);
    }
    let bytes = std::fs::read(path).map_err(|e| refuse(format!("a weights file {writer} wrote: {e}")))?;
    let weights = Arc::new(parse(&bytes).map_err(|e| refuse(format!("a weights file {writer} wrote: {e}")))?);
    read.insert(id, weights.clone());
    Ok(weights)
}

/// A bot's name with its weights file among its parameters; the shipped weights are not named.
///
/// ```
/// use hamle_core::weights::named;
/// assert_eq!(named("ntuple", "shipped"), "ntuple");
/// assert_eq!(named("ntuple", "my.net"), "ntuple(weights=my.net)");
/// assert_eq!(named("expert(plies=1)", "my.net"), "expert(plies=1,weights=my.net)");
/// ```
pub fn named(name: &str, weights: &str) -> String {
    if weights == "shipped" {
        name.to_owned()
    } else if let Some(open) = name.strip_suffix(')') {
        format!("{open},weights={weights})")
    } else {
        format!("{name}(weights={weights})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{ParamDoc, Spec};

    const DOCS: &[ParamDoc] = &[ParamDoc { key: "weights", values: "shipped|FILE", default: "shipped", about: "" }];

    fn unshipped() -> Arc<String> {
        Arc::new("shipped".to_owned())
    }

    fn parse_text(bytes: &[u8]) -> Result<String, String> {
        String::from_utf8(bytes.to_vec()).map_err(|_| "not text".to_owned())
    }

    #[test]
    fn a_file_is_read_once_per_type_and_errors_say_why() {
        allow_files();
        let dir = std::env::temp_dir().join(format!("hamle-core-weights-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let path = dir.join("w.txt");
        std::fs::write(&path, "first").expect("written");
        let path = path.display().to_string();
        let spec: Spec = format!("bot(weights={path})").parse().expect("a spec");
        let params = Params::new(&spec, DOCS).expect("params");
        let first = read(&params, "weights", &path, "`test`", unshipped, parse_text).expect("read");
        std::fs::write(&path, "second").expect("rewritten");
        let again = read(&params, "weights", &path, "`test`", unshipped, parse_text).expect("read");
        assert!(Arc::ptr_eq(&first, &again), "the second read comes from memory");
        assert_eq!(*again, "first");
        // Another type from the same file is parsed afresh.
        let length = read(&params, "weights", &path, "`test`", || Arc::new(0), |b: &[u8]| Ok::<usize, String>(b.len()))
            .expect("read");
        assert_eq!(*length, 6);
        let bad = dir.join("bad.bin");
        std::fs::write(&bad, [0xFF, 0xFE]).expect("written");
        let bad = bad.display().to_string();
        let err = read(&params, "weights", &bad, "`test`", unshipped, parse_text).expect_err("refused").to_string();
        assert!(err.contains("a weights file `test` wrote: not text"), "{err}");
        let missing = dir.join("missing").display().to_string();
        let err = read(&params, "weights", &missing, "`test`", unshipped, parse_text).expect_err("refused").to_string();
        assert!(err.contains("a weights file `test` wrote:"), "{err}");
        let shipped = read(&params, "weights", "shipped", "`test`", unshipped, parse_text).expect("no file read");
        assert_eq!(*shipped, "shipped");
        std::fs::remove_dir_all(&dir).ok();
    }
}
