use parlour::phutball::Phutball;
use parlour::shell::Game;
use parlour::Seed;
#[test]
fn zz() {
    for level in ["random", "greedy", "strong"] {
        let mut g = Phutball::new(Seed(3));
        g.set_option("board", "9x7").unwrap();
        g.new_game(Seed(3));
        g.set_option("opponent", level).unwrap();
        g.play_text("C8").unwrap();
        let mut now = 0.0;
        let mut n = 0;
        while g.computer_to_move() && n < 700 {
            now += 250.0;
            let o = g.tick(now);
            if n < 3 || o.message.is_some() {
                eprintln!("{level} {n}: {:?}", o);
            }
            n += 1;
        }
        eprintln!(
            "{level}: {n} ticks, moves {:?}, status {}",
            g.moves(),
            g.status()
        );
    }
}
