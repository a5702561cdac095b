//! A game's state as save text: its own serde types in postcard bytes,
//! written in base64.
//!
//! Postcard keeps the web build small (no number parsing or float printing),
//! and base64 keeps the result a plain string for localStorage.

use serde::{de::DeserializeOwned, Serialize};
use std::fmt;

/// Why a saved state could not be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateError(pub String);

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StateError {}

/// A game's state as save text: postcard bytes in base64.
///
/// Postcard keeps the web build small (no number parsing or float printing),
/// and base64 keeps the result a plain string for localStorage.
pub fn state_to_text<T: Serialize>(state: &T) -> String {
    postcard::to_allocvec(state)
        .map(|bytes| base64_encode(&bytes))
        .unwrap_or_default()
}

/// Reads text written by [`state_to_text`]. The caller still checks the
/// state against the rules.
pub fn state_from_text<T: DeserializeOwned>(text: &str) -> Result<T, StateError> {
    state_from_bytes(&text_to_bytes(text)?)
}

/// The bytes of save text, before they are read as a state.
pub(crate) fn text_to_bytes(text: &str) -> Result<Vec<u8>, StateError> {
    base64_decode(text).ok_or_else(|| StateError("the state is not base64".into()))
}

/// Reads a state from all of `bytes`.
pub(crate) fn state_from_bytes<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, StateError> {
    // Postcard's own messages name its internals, not the player's problem
    // (and cost the web build a kilobyte); say it plainly.
    let (state, rest) = postcard::take_from_bytes(bytes)
        .map_err(|_| StateError("the state does not decode: it was cut short or altered".into()))?;
    if rest.is_empty() {
        Ok(state)
    } else {
        Err(StateError(format!(
            "the state has {} bytes too many",
            rest.len()
        )))
    }
}

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard base64 with padding.
pub(crate) fn base64_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(BASE64[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Base64 safe in a URL (RFC 4648 §5: `-` and `_`, no padding).
pub fn base64url_encode(bytes: &[u8]) -> String {
    base64_encode(bytes)
        .trim_end_matches('=')
        .chars()
        .map(|c| match c {
            '+' => '-',
            '/' => '_',
            c => c,
        })
        .collect()
}

/// Decodes [`base64url_encode`]'s output; `None` for anything else.
pub fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    if text.contains(['+', '/', '=']) || text.len() % 4 == 1 {
        return None;
    }
    let mut standard: String = text
        .chars()
        .map(|c| match c {
            '-' => '+',
            '_' => '/',
            c => c,
        })
        .collect();
    while !standard.len().is_multiple_of(4) {
        standard.push('=');
    }
    // One text per bytes: unused low bits in the last character are refused,
    // so no two links differ only there.
    base64_decode(&standard).filter(|bytes| base64url_encode(bytes) == text)
}

/// Decodes [`base64_encode`]'s output; `None` for anything else.
pub(crate) fn base64_decode(text: &str) -> Option<Vec<u8>> {
    let text = text.as_bytes();
    if !text.len().is_multiple_of(4) {
        return None;
    }
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    for (i, chunk) in text.chunks(4).enumerate() {
        let last = i + 1 == text.len() / 4;
        let pad = chunk.iter().rev().take_while(|&&c| c == b'=').count();
        if pad > 2 || (pad > 0 && !last) {
            return None;
        }
        let mut n = 0u32;
        for &c in &chunk[..4 - pad] {
            let v = BASE64.iter().position(|&b| b == c)?;
            n = n << 6 | v as u32;
        }
        n <<= 6 * pad as u32;
        out.extend_from_slice(&n.to_be_bytes()[1..4 - pad]);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_round_trips_every_length_and_refuses_junk() {
        for len in 0..40u8 {
            let bytes: Vec<u8> = (0..len)
                .map(|i| i.wrapping_mul(97).wrapping_add(len))
                .collect();
            let text = base64_encode(&bytes);
            assert_eq!(text.len() % 4, 0);
            assert_eq!(base64_decode(&text), Some(bytes));
        }
        assert_eq!(base64_encode(b"Man"), "TWFu");
        assert_eq!(base64_encode(b"Ma"), "TWE=");
        for junk in ["TWF", "TW=u", "T===", "TW!u", "TQ==TWFu"] {
            assert_eq!(base64_decode(junk), None, "{junk}");
        }
    }

    #[test]
    fn state_text_round_trips_and_refuses_trailing_bytes() {
        let v = (7u32, "seven".to_owned(), vec![1.5f64, -0.0]);
        let text = state_to_text(&v);
        assert_eq!(
            state_from_text::<(u32, String, Vec<f64>)>(&text).unwrap(),
            v
        );
        assert!(state_from_text::<u32>(&text).is_err());
        assert!(state_from_text::<u32>("%%%%").is_err());
    }

    #[test]
    fn base64url_round_trips_and_refuses_the_standard_alphabet() {
        for n in 0..40u8 {
            let bytes: Vec<u8> = (0..n)
                .map(|i| i.wrapping_mul(97).wrapping_add(250))
                .collect();
            let text = base64url_encode(&bytes);
            assert!(!text.contains(['+', '/', '=']), "{text}");
            assert_eq!(base64url_decode(&text), Some(bytes));
        }
        assert_eq!(base64url_decode("ab+d"), None);
        assert_eq!(base64url_decode("abcde"), None);
        assert_eq!(base64url_decode("ab c"), None);
        // "QQ" is "A"; "QR" differs only in bits that carry nothing.
        assert_eq!(base64url_decode("QQ"), Some(b"A".to_vec()));
        assert_eq!(base64url_decode("QR"), None);
    }
}
