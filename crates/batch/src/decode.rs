//! Decoding: the most probable legal game behind an uncertain transcription,
//! read from JSON candidates or plain movetext (docs/DECODE.md), as the JSON
//! `scoresheet decode` and `scoresheet.decode` give. The search is the board
//! crate's [`scoresheet_board::decode`]; this reads the input and makes the JSON.

use serde_json::{Value, json};

use scoresheet_board::decode::{Candidate, decode};
use scoresheet_board::{EpStyle, Position};

/// A transcription: its start (a FEN, if given) and each ply's candidates.
#[derive(Debug, Clone, PartialEq)]
pub struct Transcription {
    /// The start position's FEN, if the input gives one.
    pub fen: Option<String>,
    /// Each ply's candidate readings.
    pub plies: Vec<Vec<Candidate>>,
}

/// Reads a transcription: JSON (an object with `plies` and an optional `fen`,
/// each ply a list of `{"text", "p"}` objects or plain strings), or plain text,
/// where every move token (move numbers and results left out) is its ply's one
/// candidate.
///
/// # Errors
///
/// A JSON text that is not such an object.
///
/// ```
/// use scoresheet_batch::decode::read_transcription;
/// let t = read_transcription(r#"{"plies": [[{"text": "e4", "p": 0.9}, {"text": "e8", "p": 0.1}], ["e5"]]}"#).unwrap();
/// assert_eq!(t.plies.len(), 2);
/// assert_eq!(t.plies[1][0].text, "e5");
/// let t = read_transcription("1. e4 e5 2. Nf3 1-0").unwrap();
/// assert_eq!(t.plies.len(), 3);
/// ```
pub fn read_transcription(text: &str) -> Result<Transcription, String> {
    let trimmed = text.trim_start_matches('\u{feff}').trim();
    if trimmed.starts_with('{') || trimmed.starts_with('[') {
        let v: Value = serde_json::from_str(trimmed).map_err(|e| format!("invalid JSON: {e}"))?;
        let (fen, plies) = match &v {
            Value::Object(o) => (
                o.get("fen").and_then(Value::as_str).map(str::to_owned),
                o.get("plies")
                    .ok_or("the JSON object has no \"plies\" list")?,
            ),
            _ => (None, &v),
        };
        let plies = plies.as_array().ok_or("\"plies\" is not a list")?;
        let mut out = Vec::with_capacity(plies.len());
        for (i, ply) in plies.iter().enumerate() {
            let list = match ply {
                Value::Array(a) => a.as_slice(),
                one => core::slice::from_ref(one),
            };
            let mut cands = Vec::with_capacity(list.len());
            for c in list {
                match c {
                    Value::String(s) => cands.push(Candidate {
                        text: s.clone(),
                        p: 1.0,
                    }),
                    Value::Object(o) => cands.push(Candidate {
                        text: o
                            .get("text")
                            .and_then(Value::as_str)
                            .ok_or(format!("ply {}: a candidate without \"text\"", i + 1))?
                            .to_owned(),
                        p: o.get("p").and_then(Value::as_f64).unwrap_or(1.0),
                    }),
                    _ => {
                        return Err(format!(
                            "ply {}: a candidate is neither text nor an object",
                            i + 1
                        ));
                    }
                }
            }
            out.push(cands);
        }
        return Ok(Transcription { fen, plies: out });
    }
    let mut plies = Vec::new();
    for word in trimmed.split_whitespace() {
        if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*") {
            continue;
        }
        // `12.`, `12...`, `12.e4`: the number is no move.
        let word = match word.find(['.', '…']) {
            Some(i) if word[..i].bytes().all(|b| b.is_ascii_digit()) => {
                word[i..].trim_start_matches(['.', '…'])
            }
            _ => word,
        };
        if word.is_empty() {
            continue;
        }
        plies.push(vec![Candidate {
            text: word.to_owned(),
            p: 1.0,
        }]);
    }
    Ok(Transcription { fen: None, plies })
}

/// The decoded game of a transcription as JSON (docs/DECODE.md), starting from
/// its own FEN, else `start`, else the initial position.
///
/// # Errors
///
/// An invalid FEN.
pub fn decode_json(t: &Transcription, start: Option<&Position>) -> Result<Value, String> {
    let start = match &t.fen {
        Some(fen) => Position::from_fen(fen).map_err(|e| format!("invalid fen: {e}"))?,
        None => start.cloned().unwrap_or_default(),
    };
    let d = decode(&start, &t.plies);
    let plies: Vec<Value> = d
        .plies
        .iter()
        .enumerate()
        .map(|(i, p)| {
            json!({
                "ply": i + 1,
                "text": p.text,
                "san": p.san,
                "uci": p.uci,
                "p": p.p,
                "source": if p.inferred { "inferred" } else { "candidates" },
            })
        })
        .collect();
    Ok(json!({
        "fen": start.to_fen(EpStyle::Always),
        "plies": plies,
        "decoded": d.plies.len(),
        "given": t.plies.len(),
        "movetext": d.movetext,
        "confidence": d.confidence,
        "final_fen": d.position.to_fen(EpStyle::Always),
    }))
}

/// [`read_transcription`] then [`decode_json`], as JSON text: what frontends
/// of other languages ask (`fen`, when given, is the start of a transcription
/// without its own).
///
/// # Errors
///
/// Input that is not a transcription, or an invalid FEN.
///
/// ```
/// let out = scoresheet_batch::decode::decode_text("1. e4 e5 2. Nf8", None).unwrap();
/// assert!(out.contains("\"movetext\":\"1. e4 e5 2. Nf3\""));
/// ```
pub fn decode_text(text: &str, fen: Option<&str>) -> Result<String, String> {
    let start = match fen {
        Some(f) => Some(Position::from_fen(f).map_err(|e| format!("invalid fen: {e}"))?),
        None => None,
    };
    let t = read_transcription(text)?;
    decode_json(&t, start.as_ref()).map(|v| v.to_string())
}
