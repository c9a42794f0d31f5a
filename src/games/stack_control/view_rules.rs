//! The Stack Control rules page, in the app's words, with the rulings the app follows.

use yew::prelude::*;

/// The rules page body.
pub fn rules() -> Html {
    html! {
        <>
            <h2>{ "Equipment" }</h2>
            <p>{ "An 8×8 board and Looney pyramids in five colours (red, yellow, green, blue, black). Each colour has pawns (small, 1 pip), drones (medium, 2 pips) and queens (large, 3 pips). In the app a pyramid is drawn with its colour, its width and a mark such as R3 (red queen) or G1 (green pawn), so colours can be told apart without seeing hue." }</p>
            <h2>{ "Setup" }</h2>
            <ul>
                <li>{ "Each colour has five trios (pawn, drone, queen). One trio of each colour is a scoring tree and never enters the board." }</li>
                <li>{ "The other 60 pyramids (four trios of every colour, all five colours even with fewer players) are shuffled onto the 60 squares that are not corners, one each. The four corners start empty. The app shuffles with a seed kept in the game record, so a saved or shared game always rebuilds the same board." }</li>
                <li>{ "Each player (2 to 5) takes a different colour: the colour of their scoring tree. Seats choose in order 1, 2, …; the seat that chose last moves first, then play goes on in seat order. Colours nobody chose stay on the board and belong to nobody." }</li>
            </ul>
            <h2>{ "A move" }</h2>
            <ul>
                <li>{ "Pick any stack, whatever colour is on top. It moves exactly as many squares as the pips of its top pyramid, in a straight line, orthogonally or diagonally." }</li>
                <li>{ "It must land on a square that holds a stack, inside the board. It passes over stacks and empty squares freely." }</li>
                <li>{ "The whole stack moves and goes on top of the stack it lands on. Stacks never split except by capture." }</li>
            </ul>
            <h2>{ "Capture" }</h2>
            <p>{ "After landing, for every size of which the stack now holds three or more pyramids, all pyramids of that size leave that stack and the game. Two sizes can go at once. The rest keep their order. The app shows what a move captured beside the board and in the move list (×3)." }</p>
            { super::view::capture_figure() }
            <h2>{ "Elimination" }</h2>
            <p>{ "A player none of whose colour is left on the board is out at once and skipped from then on. If exactly one player is left, that player wins at once. If one move takes the last pyramids of every player still in, the game is a draw among those players." }</p>
            <h2>{ "End and score" }</h2>
            <ul>
                <li>{ "The game ends when no stack can move (moves do not depend on who is moving, so then nobody can move)." }</li>
                <li>{ "A stack is controlled by the player whose colour is on top. Your score is the sum of the pips of every pyramid in every stack you control. The app shows each player's score as it stands after every move." }</li>
                <li>{ "If nobody controls any stack, set aside the top pyramid of every stack and look again, until someone controls one." }</li>
                <li>{ "The highest score wins; equal highest scores share the win (a draw among them)." }</li>
            </ul>
            <h2>{ "Choices the app made" }</h2>
            <ul>
                <li>{ "When the tops are set aside for scoring, the pips counted are those of the pyramids still in the stack below." }</li>
                <li>{ "A player who is out scores 0 and cannot share a win." }</li>
                <li>{ "Undo and redo are always available; playing a new move after stepping back replaces the later moves." }</li>
            </ul>
            <h2>{ "Playing in the app" }</h2>
            <ul>
                <li>{ "Tap or click a stack: its landing squares are ringed. Tap one to move there, tap the stack again to cancel. Beside the board the picked stack is listed pyramid by pyramid, top to bottom." }</li>
                <li>{ "Keyboard: Tab into the board, move between squares with the arrow keys, press Enter or Space to pick a stack and again on a ringed square to move; Escape cancels." }</li>
                <li>{ "The board is framed in the colour of the player to move, and that player's card is highlighted. The last move's squares are tinted; captured pyramids are listed under the scores." }</li>
                <li>{ "Undo and Redo (Ctrl+Z, Ctrl+Shift+Z) step through the game; choosing a move in the list shows the position after it. Every move is saved on this device at once." }</li>
            </ul>
            <h2>{ "Notation" }</h2>
            <p>{ "Squares are a1 (bottom left) to h8. A move is written from-to, e.g. c3-e5. A position lists ranks 8 to 1 separated by /, squares a to h separated by commas; a square is - when empty, else its pyramids bottom to top (R3G1 is a green pawn on a red queen); then the seats' colours (lower case when out) and the seat to move." }</p>
        </>
    }
}
