//! Running the `hamle` binary as a person does, for the CLI's tests.
#![allow(dead_code)] // Each test file uses its own part of these helpers.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The `hamle` command in the C locale (English), whatever the locale the tests run in, with `env` set on top.
fn command(env: &[(&str, &str)]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_hamle"));
    command.env_remove("LC_ALL").env_remove("LC_MESSAGES").env("LANG", "C");
    for (name, value) in env {
        command.env(name, value);
    }
    command
}

/// Runs `hamle` with `args` and waits for it.
pub fn hamle(args: &[&str]) -> Output {
    command(&[]).args(args).output().expect("hamle runs")
}

/// Runs `hamle` with `args` and the environment `env` (`LANG`), and waits for it.
pub fn hamle_in(env: &[(&str, &str)], args: &[&str]) -> Output {
    command(env).args(args).output().expect("hamle runs")
}

/// Runs `hamle` with `args`, typing `input` on its standard input.
pub fn hamle_with_input(args: &[&str], input: &str) -> Output {
    hamle_in_with_input(&[], args, input)
}

/// Runs `hamle` with `args` and the environment `env`, typing `input` on its standard input.
pub fn hamle_in_with_input(env: &[(&str, &str)], args: &[&str], input: &str) -> Output {
    let mut child = command(env)
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
