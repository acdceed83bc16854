//! The outcome table of Domineering's boards (who wins each board from 1×1 to N×N, both starters), as
//! `hamle solve domineering --table N` solves it and the lab's reports read it.

use serde::{Deserialize, Serialize};

/// The `kind` a report file of an outcome table carries (the lab reads report files by their kind).
pub const KIND: &str = "domineering_table";

/// Who wins each board from 1×1 to N×N, as `hamle solve domineering --table N --json` prints it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OutcomeTable {
    /// The largest board's side.
    pub n: usize,
    /// The solver's bounds (`bullock`, `proven` or `off`).
    pub bounds: String,
    /// Every board, row by row.
    pub boards: Vec<BoardOutcome>,
    /// Wall time, in seconds.
    pub seconds: f64,
}

/// One board of an outcome table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardOutcome {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The winner with Vertical first: `vertical` or `horizontal`.
    pub vertical_first: String,
    /// The winner with Horizontal first.
    pub horizontal_first: String,
    /// The seed's letter: `V`, `H`, `1` or `2`.
    pub letter: String,
    /// Nodes searched with Vertical first, then with Horizontal first.
    pub nodes: [u64; 2],
    /// Seconds taken with Vertical first, then with Horizontal first.
    pub seconds: [f64; 2],
}

/// The letters of a table's boards by row and column, `?` where no board is given.
pub fn letters(table: &OutcomeTable) -> Vec<Vec<&str>> {
    let n = table.n;
    let mut grid = vec![vec!["?"; n]; n];
    for board in &table.boards {
        let (r, c) = (board.rows, board.cols);
        if let Some(slot) = grid.get_mut(r.wrapping_sub(1)).and_then(|row| row.get_mut(c.wrapping_sub(1))) {
            *slot = board.letter.as_str();
        }
    }
    grid
}

impl OutcomeTable {
    /// The table as its report file holds it: its fields and its [`KIND`].
    ///
    /// # Errors
    /// None in practice: the table is plain data.
    pub fn to_report(&self) -> Result<serde_json::Value, serde_json::Error> {
        let mut value = serde_json::to_value(self)?;
        if let Some(map) = value.as_object_mut() {
            map.insert("kind".into(), KIND.into());
        }
        Ok(value)
    }
}
