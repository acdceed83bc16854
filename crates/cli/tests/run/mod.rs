//! Running the `hamle` binary as a person does, for the CLI's tests.
#![allow(dead_code)] // Each test file uses its own part of these helpers.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `hamle` with `args` and waits for it.
pub fn hamle(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hamle")).args(args).output().expect("hamle runs")
}

/// Runs `hamle` with `args`, typing `input` on its standard input.
pub fn hamle_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hamle"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hamle starts");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("input written");
    child.wait_with_output().expect("hamle ends")
}

/// An output stream as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
