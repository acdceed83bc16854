//! `hamle store`: backups of the games an arcade keeps, written to a file and read back into an empty store
//! (SQLite or PostgreSQL), in the format `docs/deploy.md` describes.

use std::path::PathBuf;

use anyhow::{Context, Result};
use hamle_server::store::{self, Options};

/// What `hamle store` does.
#[derive(clap::Subcommand, Debug)]
pub enum StoreCommand {
    /// Write every player and game of the store to FILE (JSON Lines, `hamle_store` format 2).
    Export {
        /// The backup to write (an existing file is replaced only once the backup is whole).
        file: PathBuf,
        /// The store: an SQLite file, or `postgres://user:password@host:port/db`.
        #[arg(long, default_value = "hamle.db", env = "HAMLE_DB", hide_env_values = true)]
        db: String,
    },
    /// Read the backup FILE into the store, which must hold no players and no games; the whole file is checked
    /// before anything is written.
    Import {
        /// The backup to read.
        file: PathBuf,
        /// The store: an SQLite file (created if missing), or `postgres://user:password@host:port/db`.
        #[arg(long, default_value = "hamle.db", env = "HAMLE_DB", hide_env_values = true)]
        db: String,
    },
}

/// Runs a `hamle store` command.
pub fn run(command: &StoreCommand) -> Result<()> {
    match command {
        StoreCommand::Export { file, db } => {
            let store = store::open(db, Options::default()).with_context(|| format!("opening {}", crate::shown(db)))?;
            // Written beside the target and moved over it whole, so that a failed export leaves no half a backup.
            let partial = file.with_extension("partial");
            let summary = {
                let mut out = std::io::BufWriter::new(
                    std::fs::File::create(&partial).with_context(|| format!("creating {}", partial.display()))?,
                );
                store::export(&*store, &mut out).with_context(|| format!("writing {}", partial.display()))?
            };
            std::fs::rename(&partial, file).with_context(|| format!("moving the backup to {}", file.display()))?;
            println!(
                "hamle: {} players, {} games and {} actions written to {}",
                summary.players,
                summary.games,
                summary.actions,
                file.display()
            );
        }
        StoreCommand::Import { file, db } => {
            let store = store::open(db, Options::default()).with_context(|| format!("opening {}", crate::shown(db)))?;
            let summary = store::import(&*store, file).with_context(|| format!("importing {}", file.display()))?;
            println!(
                "hamle: {} players, {} games and {} actions read from {} into {}",
                summary.players,
                summary.games,
                summary.actions,
                file.display(),
                crate::shown(db)
            );
        }
    }
    Ok(())
}
