//! Secrets and the dice commitment: ids, tokens and seeds from the operating system's randomness, and the
//! SHA-256 that pins a game's seed before its first throw.

use sha2::{Digest, Sha256};

/// `bytes` random bytes from the operating system, in lowercase hex.
///
/// # Errors
/// When the operating system gives no randomness.
pub fn random_hex(bytes: usize) -> Result<String, getrandom::Error> {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf)?;
    Ok(hex(&buf))
}

/// A random 64-bit seed.
///
/// # Errors
/// When the operating system gives no randomness.
pub fn random_seed() -> Result<u64, getrandom::Error> {
    getrandom::u64()
}

/// The SHA-256 of `text`, in lowercase hex.
///
/// ```
/// assert_eq!(
///     hamle_server::fair::sha256_hex("abc"),
///     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// );
/// ```
pub fn sha256_hex(text: &str) -> String {
    hex(&Sha256::digest(text.as_bytes()))
}

/// The text a game reveals at its end: its seed and the salt that hides it, `"<seed>:<salt>"`.
pub fn reveal(seed: u64, salt: &str) -> String {
    format!("{seed}:{salt}")
}

/// What a game shows from its start: the SHA-256 of [`reveal`]'s text. Anyone can check it at the end
/// (`printf '%s' "<seed>:<salt>" | sha256sum`) and replay every throw from the seed.
pub fn commitment(seed: u64, salt: &str) -> String {
    sha256_hex(&reveal(seed, salt))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
