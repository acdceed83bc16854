//! The lab: the seed documents' published experiments run again ([`seeds`]), their figures as typed results
//! ([`results`], `results.json`), the report files hamle writes tagged by kind and their write-up as Markdown
//! ([`report`]), the charts drawn as SVG ([`chart`]), and the training curves it knows, read and drawn ([`curve`]).
//!
//! It holds no argument parsing, no progress bars and nothing for the terminal: it takes plain option structs,
//! tells how far it has gone through callbacks, and returns text (Markdown, SVG, CSV) and typed values for the
//! caller to print or write to files (the `hamle` CLI does both; the server's `/lab` reads [`results::Results`]).

pub mod chart;
pub mod curve;
pub mod report;
pub mod results;
pub mod seeds;
pub mod swarm;
