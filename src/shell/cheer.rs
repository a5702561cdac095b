//! The shell's win celebration for games that draw none of their own: a
//! short fall of confetti over the board, a pure function of the time since
//! the win. Any key or tap ends it; with reduced motion it never starts.

use crate::shell::geom::{Rect, Size};
use crate::shell::paint::{Color, Painter};

/// How long the confetti falls, in milliseconds.
pub const CHEER_MS: f64 = 2600.0;

/// How many pieces fall.
const PIECES: u64 = 70;

const COLOURS: [Color; 5] = [
    Color::rgb(0xff, 0xd8, 0x6b),
    Color::rgb(0xe2, 0x4a, 0x4a),
    Color::rgb(0x4f, 0x9d, 0xe8),
    Color::rgb(0x5c, 0xc2, 0x7a),
    Color::rgb(0xf5, 0xf5, 0xf0),
];

/// A fixed scramble of `i` (SplitMix64's finaliser), for each piece's place,
/// speed and colour: the same confetti every time.
fn scramble(i: u64) -> u64 {
    let mut z = i.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A number in `0.0..1.0` from bits `shift..shift + 16` of `h`.
fn unit(h: u64, shift: u32) -> f64 {
    ((h >> shift) & 0xffff) as f64 / 65536.0
}

/// Draws the confetti `t` milliseconds after the win, over a board of this size.
pub fn draw(p: &mut dyn Painter, board: Size, t: f64) {
    if !(0.0..CHEER_MS).contains(&t) {
        return;
    }
    let side = board.w.min(board.h) / 60.0;
    // Pieces swaying past an edge are cut there: the board, not the page.
    p.clip(Some(Rect::new(0.0, 0.0, board.w, board.h)));
    for i in 0..PIECES {
        let h = scramble(i);
        // Each piece starts a little later than the last, above the board,
        // and falls at its own speed, swaying.
        let start = unit(h, 0) * CHEER_MS * 0.35;
        let fall = t - start;
        if fall < 0.0 {
            continue;
        }
        let speed = board.h * (0.45 + 0.5 * unit(h, 16)) / 1000.0;
        let y = -side * 2.0 + fall * speed;
        if y > board.h {
            continue;
        }
        // A triangle wave, not a sine: the web build carries no trigonometry.
        let phase = fall / 1600.0 + unit(h, 32);
        let sway = ((phase - phase.floor()) * 2.0 - 1.0).abs() * side * 3.0;
        let x = unit(h, 48) * board.w + sway;
        let colour = COLOURS[(h % COLOURS.len() as u64) as usize];
        let (w, hgt) = if h & 1 == 0 {
            (side, side * 0.55)
        } else {
            (side * 0.55, side)
        };
        p.fill_rect(Rect::new(x, y, w, hgt), 0.0, colour);
    }
    p.clip(None);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::paint::{Op, Recorder};

    #[test]
    fn confetti_falls_inside_the_board_and_stops() {
        let board = Size::new(600.0, 800.0);
        let count = |t: f64| {
            let mut r = Recorder::default();
            draw(&mut r, board, t);
            r.ops.len()
        };
        // The pieces set off one after another over the first third.
        assert!(count(200.0) > 0, "some pieces at once");
        assert!(count(CHEER_MS / 2.0) > count(200.0), "more as it goes");
        assert_eq!(count(CHEER_MS), 0, "over");
        assert_eq!(count(-1.0), 0);
        // Drawn inside the board's clip, every piece at least partly on it.
        let mut r = Recorder::default();
        draw(&mut r, board, 900.0);
        let whole = Rect::new(0.0, 0.0, board.w, board.h);
        assert_eq!(r.ops.first(), Some(&Op::Clip(Some(whole))));
        assert_eq!(r.ops.last(), Some(&Op::Clip(None)));
        for op in &r.ops[1..r.ops.len() - 1] {
            match op {
                Op::FillRect(piece, _) => assert!(
                    piece.x < board.w && piece.x + piece.w > 0.0 && piece.y < board.h,
                    "{piece:?}"
                ),
                other => panic!("{other:?}"),
            }
        }
        // A pure function of the time: the same picture twice.
        let picture = |t: f64| {
            let mut r = Recorder::default();
            draw(&mut r, board, t);
            r.ops
        };
        assert_eq!(picture(CHEER_MS * 0.8), picture(CHEER_MS * 0.8));
    }
}
