//! Evade (Mark A. Biggar's piecepack adaptation of Alex Randolph's game): face-down coins
//! step one square at a time; landing on a lone enemy coin freezes both; a special coin (ace
//! or blank) that reaches the far row without freezing wins, one that freezes loses.
//!
//! The rules are the binding rulings, as the in-app rules page `static/rules/evade.html` states them. Where the text and the rulings are silent, this
//! engine chooses as follows (for the in-app rules page).
//!
//! # Choices where the rulings are silent
//!
//! - **Sides**: seat 1 plays Suns (`S`), starting on row 1; seat 2 plays Moons (`M`),
//!   starting on row 6. Files are a to f.
//! - **Setup order**: the secret setup is one move per player, Suns first, then Moons; then
//!   Suns take the first turn. The setup move lists the values put on files a to f of the
//!   player's starting row. The opponent reads it as "Suns set up in secret" (and gets no
//!   notation of it); in the rules as written the player who made it reads the same (their
//!   own coins are face down to them too: they must remember), with "show me my own coins"
//!   they read their arrangement ("Suns set up a1-f1: blank, ace, 2, 3, 4, 5").
//! - **Coin identity**: each coin is known by the file where it was set up (its id). The id
//!   follows the coin and is public (anyone watching can follow a face-down coin); only the
//!   value is secret.
//! - **What "own coins shown" shows**: with the option on, a seat's view shows its own values
//!   at all times (the hand-off screen only ever shows the view of the seat to move).
//! - **Peeking**: a peek is a move of its own, before the step, at one of the player's own
//!   face-down coins, a frozen one underneath included; a coin already face up (the player's
//!   coin on top of a frozen pair) is neither listed nor accepted, since a peek there shows
//!   nothing and only spends the turn's freeze (ruling 9). It is listed only in the rules as
//!   written, once a turn, and only when some legal step does not freeze; after it,
//!   freezing steps are not listed. The peeked value shows in the peeker's view until their
//!   step ends the turn; everyone sees which square was peeked at.
//! - **Memory**: after that turn a player's screen no longer shows the value (rule 6: they
//!   must remember). The engine keeps which own coins each seat has peeked at
//!   (`Game::recall`): the computer is told them, a person's view never shows them.
//! - **Passing**: when the player to move has no legal step, the only step-like move listed
//!   is `pass` (so the list is never empty while the game goes on). A pass is a turn: it
//!   counts towards the 100 turns without a freeze and records a position for repetition. A
//!   pass right after the opponent's pass draws. (With six coins each, no position walls in
//!   both players at once, so two passes in a row cannot happen in a real game; the rule is
//!   there all the same.)
//! - **Draw offers**: the player whose turn it is may offer a draw (`offer`) once a turn,
//!   before peeking or stepping. The opponent must then answer: `accept` (the game is drawn)
//!   or `decline` (the offerer goes on with the same turn, and may not offer again until
//!   their next turn). Offers and answers are not turns: they do not count towards the 100
//!   turns and record no position; a pending offer does not break "two passes in a row".
//! - **Repetition**: a position is recorded at the start of every turn (after both setups,
//!   and after every step or pass), not after a peek or an offer. The game is drawn when the
//!   position just recorded has been recorded twice before. Positions compare every coin with
//!   its value and frozen state and the seat to move; since values never change and frozen
//!   coins never move, the engine compares where each coin (by id) stands, and forgets the
//!   record at every freeze: the same test, with no secret in it.
//! - **100 turns**: the game is drawn when 100 turns in a row (steps and passes) have ended
//!   without a freeze; the counter restarts at every freeze and at the start of play.
//! - **Several endings at once**, checked in this order after a turn: freezing with a special
//!   coin loses (even when that freeze leaves all four specials frozen); a freeze that leaves
//!   all four specials frozen draws; a special entering the far row without freezing wins
//!   (it is turned face up); then the draws by two passes in a row, by threefold repetition,
//!   and by 100 turns without a freeze.
//! - **A draw** lists both seats as winners (they share first place).
//! - **Move list**: in words, with the side that moved: a step reads "Suns move c1 to c2", a
//!   freezing step "Suns move c1 to c2, freezing both coins" (whether a step freezes is
//!   visible to all; no value is told), a peek "Suns peek at c1" for both players (its value
//!   shows on the peeker's board only), "Suns pass", "Suns offer a draw", "Moons accept the
//!   draw", "Moons decline the draw".
//! - **At the end** every coin is revealed: the view of any seat is then the whole position.
//!
//! # Notation
//!
//! - Square: `a1` .. `f6` (file, row).
//! - Value: `n` (the blank, null), `a` (ace), `2`, `3`, `4`, `5`; `?` for a value the viewer
//!   may not see (masked positions only). In a masked position (one with a `?`), a value
//!   that is not face up and not the peek of this turn is one its viewer remembers from an
//!   earlier peek: what a seat knows (`Game::recall`) is written that way, and reading it
//!   back restores the memory.
//! - Moves: `setup:na2345` (values on files a..f of the mover's starting row), `peek:c1`,
//!   `c1-c2` (a step; the same notation when it freezes), `pass`, `offer`, `accept`,
//!   `decline`.
//! - Options: `rules=written` (default, the rules as written, with peeking) or `rules=own`
//!   ("show me my own coins").
//! - Position: six fields separated by spaces: `<rules> <status> <Suns' coins> <Moons' coins>
//!   <flags> <keys>`.
//!   - rules: `written` or `own`;
//!   - status: `setup1`, `setup2` (that seat sets up), `1`, `2` (whose turn it is; while a
//!     draw offer waits, the offerer's), or how the game ended: `won1-row`, `won2-row`,
//!     `lost1-froze`, `lost2-froze`, `draw-specials`, `draw-passes`, `draw-agreed`,
//!     `draw-repetition`, `draw-100`;
//!   - coins: `-` before the seat has set up, else its six coins by id, separated by `,`,
//!     each `<square><value>[state]` with state `^` (frozen on top, face up), `v` (frozen
//!     underneath) or `!` (face up after winning in the far row); e.g. `c3a`, `d4?v`;
//!   - flags: `-` or, separated by `,` in this order: `passed` (the last turn was a pass),
//!     `offer` (a draw offer waits for an answer) or `declined` (one was declined this
//!     turn), `peek=<square>` (peeked this turn);
//!   - keys: `-` during the setup, else the repetition keys since the last freeze, oldest
//!     first, the current position last, separated by `,`: each is 13 characters, the square
//!     of every coin (Suns' by id, then Moons'; square index `row * 6 + file` written with
//!     `0-9a-z`), then the seat to move (`1` or `2`). Their count less one is the number of
//!     turns without a freeze.
//!
//!   Example, Suns to move at the start:
//!   `written 1 a1n,b1a,c12,d13,e14,f15 a65,b64,c63,d62,e6a,f6n - 012345uvwxyz1`; Moons' view
//!   of it: `written 1 a1?,b1?,c1?,d1?,e1?,f1? a6?,b6?,c6?,d6?,e6?,f6? - 012345uvwxyz1`.
//!
//! The masked position of a seat (`view(Viewer::Seat(s))`) is the same notation with `?` for
//! every value the seat may not see: the opponent's values except face-up coins, and in the
//! rules as written the seat's own values too, except the coin it peeked at this turn. Keys,
//! peeked squares and coin ids hold no secret, so a masked position lists the same moves and
//! decides repetition as the whole one.

mod board;
mod coins;
mod game;
mod hidden;
mod moves;
mod notation;
pub mod pick;
mod play;
mod rules;
mod turns;
#[cfg(feature = "ui")]
pub mod view;
#[cfg(feature = "ui")]
mod view_draw;
#[cfg(feature = "ui")]
mod view_panel;
pub mod words;
pub use board::{goal_row, side_name, start_row, Square, BOARD_SIZE, SIDES};
pub use coins::{all_setups, is_arrangement, random_setup, Coin, CoinState, Value, COINS_PER_SEAT};
pub use moves::{EvadeMove, EvadeOptions};
pub use rules::{DrawOffer, End, Evade, Phase, RepetitionKey, QUIET_TURNS_LIMIT};
