//! The Evade rules page, in the app's words, with every choice the app made where the rules
//! and the rulings are silent (taken from the module documentation of `evade`).

use yew::prelude::*;

/// The rules page body.
pub fn rules() -> Html {
    html! {
        <>
            <p>{ "Evade is Mark A. Biggar's piecepack adaptation (2003) of Alex Randolph's game. Two players each lead six face-down coins across the board. Landing on a lone enemy coin freezes both coins for good. Sneak your ace or your blank to the far row to win, but never freeze with one of them." }</p>
            <h2>{ "Equipment" }</h2>
            <ul>
                <li>{ "A 6×6 board of squares, built from nine piecepack tiles (each a 2×2 grid). Rows are numbered 1 to 6, files a to f; row 1 is at the bottom of the screen." }</li>
                <li>{ "Each player has the six coins of one suit: Suns (light coins marked with a sun) and Moons (dark coins marked with a crescent moon). A coin's hidden face holds its value: blank, ace, 2, 3, 4 or 5." }</li>
                <li>{ "The ace and the blank are each player's two special coins." }</li>
            </ul>
            <h2>{ "Setup" }</h2>
            <ul>
                <li>{ "Seat 1 plays Suns and starts on row 1; seat 2 plays Moons and starts on row 6." }</li>
                <li>{ "Each player in secret puts their six coins face down on the six squares of their own starting row, in any order, noting where the ace and the blank go. The opponent sees six face-down coins." }</li>
                <li>{ "In the app you arrange them yourself (pick a value, then a square) or press \"Random arrangement\", look at it, and press \"Set up\"." }</li>
            </ul>
            <h2>{ "A turn" }</h2>
            <ul>
                <li>{ "Suns move first, then the players take turns." }</li>
                <li>{ "Move one of your own unfrozen coins one square in any of the eight directions: to an empty square, or onto a lone enemy coin." }</li>
                <li>{ "Never onto your own coin, never onto a frozen pair, never off the board." }</li>
            </ul>
            <h2>{ "Freezing" }</h2>
            <ul>
                <li>{ "Moving onto a lone enemy coin freezes both coins for the rest of the game: neither moves again, and no coin may move onto the pair." }</li>
                <li>{ "The coin that moved is turned face up for everyone. If it is one of your special coins (ace or blank), you lose at once." }</li>
                <li>{ "The coin underneath stays face down until the game ends." }</li>
            </ul>
            { super::view::freeze_figure() }
            <h2>{ "Peeking" }</h2>
            <ul>
                <li>{ "In the rules as written your own coins are face down to you too: you see where they are, not which is which, and must remember." }</li>
                <li>{ "Before moving you may peek at exactly one of your own coins (frozen ones included). Only you see its value. If you peek, you may not freeze an enemy coin on that turn." }</li>
                <li>{ "With the option \"Show me my own coins\" you see the values of your own coins instead, and nobody peeks." }</li>
            </ul>
            <h2>{ "Winning" }</h2>
            <ul>
                <li>{ "When one of your special coins enters the opponent's starting row by a move that does not freeze, you win at once; the app turns it face up." }</li>
                <li>{ "A special coin that gets there by freezing loses, as any freeze with a special coin does." }</li>
                <li>{ "Any other coin of yours may enter that row: nothing is shown and play goes on." }</li>
            </ul>
            <h2>{ "Draws" }</h2>
            <ul>
                <li>{ "As soon as all four special coins are frozen, the game is a draw. So when both of your special coins are frozen, play on for the draw." }</li>
                <li>{ "A player with no legal move passes; if both players pass in a row, the game is a draw." }</li>
                <li>{ "The players may agree to a draw." }</li>
                <li>{ "The game is also drawn when the same position (every coin with its value and frozen state, and the player to move) occurs for the third time, or after 100 turns in a row (50 by each player) without a freeze." }</li>
            </ul>
            <h2>{ "Choices the app made" }</h2>
            <ul>
                <li>{ "Setup order: the secret setup is one move per player, Suns first, then Moons; then Suns take the first turn. In the move list the opponent reads only \"set up\", and so does the player who made it in the rules as written (they must remember); with \"Show me my own coins\" they read their own arrangement. After the end everyone reads both." }</li>
                <li>{ "What each player sees: the device is passed between the players. Before each setup and each turn a hand-off screen hides the board until the player to move says they hold the device; the board then shows only what that player may see. Your opponent's coins are face down to you (except coins frozen on top, face up for everyone). In the rules as written your own coins are face down to you as well, except the one you peeked at this turn; with \"Show me my own coins\" your own values show at all times on your board. A value only you can see is drawn as a tag on the face-down coin." }</li>
                <li>{ "Coins can be followed: anyone watching sees where each face-down coin goes (only values are secret)." }</li>
                <li>{ "Peeking is a move of its own, made before the step, once a turn, at any one of your six coins, frozen ones included (even one already face up). It is offered only in the rules as written and only when some legal step does not freeze; after a peek, freezing steps are not offered. The peeked value shows on your board until your step ends the turn. Everyone sees which square was peeked at (the move list reads \"peek at c1\"), never its value." }</li>
                <li>{ "Freezing with a special coin is offered like any other freeze (and loses): which moves are offered never depends on hidden values, or the list itself would give the secret away." }</li>
                <li>{ "Passing: when you have no legal step, the only step offered is \"Pass\". A pass is a turn: it counts towards the 100 turns without a freeze and towards repetition. A pass right after the opponent's pass draws." }</li>
                <li>{ "Draw offers: the player whose turn it is may offer a draw once a turn, before peeking or moving. The device then goes to the opponent, who accepts (the game is drawn) or declines (the offerer goes on with the same turn and may not offer again until their next turn). Offers and answers are not turns." }</li>
                <li>{ "Repetition: a position is recorded at the start of every turn (after both setups, and after every step or pass), not after a peek or an offer. The game is drawn when the position just recorded occurred twice before. Since values never change and frozen coins never move, the app compares where each coin stands, and forgets the record at every freeze: the same test, with no secret in it." }</li>
                <li>{ "100 turns: the game is drawn when 100 turns in a row (steps and passes) have ended without a freeze; the count starts again at every freeze and at the start of play. The app shows the count beside the board." }</li>
                <li>{ "Several endings at once are checked in this order after a turn: a freeze with a special coin loses (even if it leaves all four specials frozen); a freeze that leaves all four specials frozen draws; a special coin entering the far row without freezing wins; then the draws by two passes in a row, by repetition, and by 100 turns." }</li>
                <li>{ "A draw lists both players as sharing first place." }</li>
                <li>{ "At the end every coin is turned face up, for everyone." }</li>
                <li>{ "Undo and redo are always available and step back through the whole game; when they change whose board it is, the hand-off screen comes first." }</li>
            </ul>
            <h2>{ "Playing in the app" }</h2>
            <ul>
                <li>{ "Setup: tap or click a value beside the board, then a square of your starting row (or a square, then a value); tap two squares to swap their coins. \"Random arrangement\" fills the row for you; \"Set up\" confirms." }</li>
                <li>{ "A turn: tap one of your coins; the squares it can step to are ringed, and a square where the step would freeze both coins is ringed in ice with a snowflake. Tap one to move there; tap the coin again (or Cancel) to change your mind." }</li>
                <li>{ "Peek, Pass, Offer a draw, Accept and Decline are buttons beside the board, shown when they are allowed. Peek works on the coin you picked." }</li>
                <li>{ "Keyboard: Tab into the board, move between squares with the arrow keys, press Enter or Space to pick a coin and again on a ringed square to move; Escape cancels. In the setup, type n (blank), a (ace) or 2 to 5 on a square of your row to put that coin there." }</li>
                <li>{ "A frozen pair is drawn as two overlapping coins, the one that moved on top, in an ice ring with a snowflake. A special coin you can see has a second ring. The last move's squares are tinted; a coin that was peeked at is circled. \"What the marks mean\" under the board explains every mark." }</li>
            </ul>
            <h2>{ "Notation" }</h2>
            <p>{ "Squares are a1 (bottom left) to f6. Values are n (the blank), a (ace), 2 to 5. Moves: setup:na2345 (the values on files a to f of your starting row), peek:c1, c1-c2 (a step; the move list writes a freeze as c1xc2 (freeze)), pass, offer, accept, decline." }</p>
        </>
    }
}
