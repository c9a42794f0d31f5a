//! The Stacks rules page, in the app's words, with every choice the app made where the rules
//! and the rulings are silent (taken from the module documentation of `stacks`).

use yew::prelude::*;

/// The rules page body.
pub fn rules() -> Html {
    html! {
        <>
            <p>{ "Stacks is a race game for two. Each player moves twelve pieces across a board of hexagons and off the far edge, two moves a turn. Landing on a stack costs more, but the pieces that land on top trap the ones underneath. The first player with all twelve pieces off the board wins. Diabolical Stacks, a variant, lets you carry your opponent's pieces along." }</p>
            <h2>{ "The board and the pieces" }</h2>
            <ul>
                <li>{ "The board is a hexagon of hexagonal cells, pointy side up, in horizontal rows. The app offers three sizes: side 3 (19 cells in rows of 3, 4, 5, 4 and 3: the default), side 4 (37 cells) and side 5 (61 cells)." }</li>
                <li>{ "The two players sit at the two short rows, opposite each other. A player's near row is the row at their side; their far row is the opponent's near row. In the app Light sits at the bottom (row a is Light's near row) and Dark at the top." }</li>
                <li>{ "Each player has 12 pieces of their colour: Light (pale pieces with a dark outline) and Dark (dark pieces with a light outline and dot). At the start every piece is in its owner's reserve, off the board." }</li>
            </ul>
            { super::view::board_figure() }
            <p class="meta">{ "The default board, side 3, as the app draws it. From c3 (yellow) Light moves forward to d2 or d3 (white), Dark to b2 or b3 (grey)." }</p>
            <h2>{ "Forward" }</h2>
            <ul>
                <li>{ "Pieces only ever move forward: from a cell to a cell of the next row away from the moving player's side that shares an edge with it. That is two cells, or one at the edge of the board. Never sideways, never backwards." }</li>
                <li>{ "Light moves up the screen, Dark down: the arrows beside the board show it. The two players move in opposite directions." }</li>
                <li>{ "From a cell of your far row, forward is off the board." }</li>
            </ul>
            <h2>{ "A step and what it costs" }</h2>
            <p>{ "A step is one of these:" }</p>
            <ul>
                <li>{ "Enter one piece from your reserve onto any cell of your near row (one piece at a time)." }</li>
                <li>{ "Move a group of pieces from the top of a stack forward to the next row. The group lands on top of whatever is there, in the same order. Stacks can be of any height and any mix of colours." }</li>
                <li>{ "Move a group from a cell of your far row forward, off the board. Pieces that leave are out of the game for good: they count towards your win." }</li>
            </ul>
            <p>{ "A step onto an empty cell, or off the board, costs 1 move. A step onto a cell that holds a stack costs 2 moves (entering onto a stack too)." }</p>
            <h2>{ "Which pieces may move" }</h2>
            <ul>
                <li>{ "You move only your own pieces, and only from a stack whose top piece is yours." }</li>
                <li>{ "The group is the top piece and any number of your pieces directly under it, down to (not including) the first piece of your opponent's. You choose how many." }</li>
                <li>{ "A piece with an opponent's piece on top of it is trapped until the pieces above it have gone." }</li>
            </ul>
            <h2>{ "A turn" }</h2>
            <ul>
                <li>{ "A turn is worth 2 moves: two steps of 1 move, or one step of 2 moves. The first player's very first turn is worth only 1 move." }</li>
                <li>{ "A 2-move step can only be the first step of a turn, and it ends the turn. After a 1-move step, only another 1-move step can follow (never a step onto a stack: that would make 3 moves)." }</li>
                <li>{ "The same piece or stack may move in both steps of a turn." }</li>
            </ul>
            <h2>{ "Forced moves, the special case and passing" }</h2>
            <ul>
                <li>{ "If you can take a step, you must." }</li>
                <li>{ "After a first step of 1 move, if any 1-move step is left you must take one. If none is left, your turn ends there and the second move is lost." }</li>
                <li>{ "So you may start with a 1-move step even when a 2-move step was possible, and lose your second move if nothing else fits (the rule book's special case)." }</li>
                <li>{ "If you have no legal step at all at the start of your turn, you pass." }</li>
            </ul>
            <h2>{ "Winning" }</h2>
            <p>{ "The first player to have all 12 pieces off the far edge wins, at once, even in the middle of a turn. Only your own pieces ever leave the board, so only the player moving can win." }</p>
            <h2>{ "Diabolical Stacks" }</h2>
            <p>{ "The same game with three changes:" }</p>
            <ul>
                <li>{ "You may move a group whenever the top piece of the stack is yours. The group is the top piece and any number of pieces under it, whatever their colour: down to any piece you choose, the whole stack if you like. Your opponent's pieces in the group move forward in your direction, which is backwards for them." }</li>
                <li>{ "A group stepping off the board may hold only your own pieces. Your opponent's pieces, and your own pieces that are under one of your opponent's, may never be moved off the board." }</li>
                <li>{ "Because pieces can now go backwards for their owner, the game could in principle repeat forever: when the same position (every stack, both reserves, the player to move and the moves left in the turn) occurs for the third time, the game is a draw." }</li>
            </ul>
            <h2>{ "Choices the app made" }</h2>
            <p>{ "The rule book does not give the board's shape or size, and leaves a few other things open. The app decided these:" }</p>
            <ul>
                <li>{ "Board: a hexagon of hexagons with pointy-top cells in horizontal rows. Side 3 (19 cells) is the default: the board of a playable version linked to the same video as the rules. Side 4 (37 cells) and side 5 (61 cells) are options. A cell at a side edge with only one forward neighbour just has that one; only far-row cells lead off the board." }</li>
                <li>{ "Sides and who starts: seat 1 plays Light and moves first; seat 2 plays Dark. Nobody chooses. Light's near row is row a, Dark's is the last row (e, g or i for sides 3, 4 and 5)." }</li>
                <li>{ "Cells are named from Light's side: rows a, b, c, … from Light's near row, and cells numbered 1, 2, … from the left as Light sees the board (c4)." }</li>
                <li>{ "Each step is a move of its own in the move list and in undo and redo; the same player stays to move while the turn has moves left. The table beside the board shows the moves left in the turn." }</li>
                <li>{ "How a turn ends early: after a 1-move step, if no 1-move step is left, the turn ends by itself at once, inside that same step. You never have to do anything to give up the second move; the board says in words that the turn ended after one move, and the move list marks the step \"(turn over)\"." }</li>
                <li>{ "Passing: a player with no legal step at all at the start of the turn has exactly one move, \"pass\", which hands the turn (2 moves) to the opponent. A pass is never allowed otherwise. The board offers it as a button, \"No legal step: you must pass\"." }</li>
                <li>{ "Winning: the game ends the moment a player's twelfth piece leaves the board, even with a move left in the turn." }</li>
                <li>{ "Group sizes: in Stacks a group is 1 to as many of your pieces as sit together at the top. In Diabolical Stacks it is 1 to the whole stack when its top piece is yours, and a group leaving the board is 1 to your own run at the top, exactly as in Stacks." }</li>
                <li>{ "Repetition (Diabolical Stacks only): the positions compared are those in which a player is about to move, after any automatic end of a turn; the start counts as the first occurrence of itself. The game is a draw the moment a position occurs for the third time. Entering a piece or moving pieces off can never be undone, so positions from before such a step are forgotten." }</li>
                <li>{ "Repetition cannot actually happen, even in Diabolical Stacks, so no real game ends in that draw (the rule is in the app and tested all the same). Why: between two occurrences of a position only board steps can be played, since entries and exits are for good, and some of them are Light's (with Dark's alone every piece only goes towards row a). Take the highest row that a Light step lands on. No Dark step starts above it (the highest such row would only ever lose pieces), so no Dark group ever lands on that row, and no Light step starts there. The cell Light landed on then has a Light piece on top that nobody can ever move or cover again, so that stack can only grow, and it did grow at that landing: the position cannot come back." }</li>
                <li>{ "The game has no randomness: a new game's seed is ignored." }</li>
                <li>{ "Undo and redo are always available; playing a new move after stepping back replaces the later moves." }</li>
            </ul>
            <h2>{ "Playing in the app" }</h2>
            <ul>
                <li>{ "Tap or click one of your stacks (outlined): it is picked and its top piece is raised. To move more pieces from the top, tap it again (one more each time; once the whole group is taken, the next tap puts it back), or choose the number with the buttons beside the board (1, 2, …). One piece is chosen first, and the number picked shows on the stack (×2). The cells the group may go to are highlighted, each with what the step costs (1 or 2); tap one to move there. From your far row, the \"off\" box past the far row lights up too: tap it to move the group off the board." }</li>
                <li>{ "To enter a piece, tap your reserve (Light's below the board at the left, Dark's above it at the right) or the \"Enter a piece\" button; the cells of your near row where it may go are highlighted." }</li>
                <li>{ "Tap an empty cell, press Cancel or Escape to change your mind. Any stack can be picked just to see it: beside the board it is listed piece by piece, top to bottom." }</li>
                <li>{ "When you have no legal step, the only thing offered is the button \"No legal step: you must pass\"." }</li>
                <li>{ "Keyboard: Tab into the board, move between cells with the arrow keys, press Enter or Space to pick a stack and again on a highlighted cell to move. Keys 1 to 9, + and - set how many pieces move; Escape cancels. The reserve and the off box are in the tab order when they can be used, and every choice is also a button beside the board." }</li>
                <li>{ "Both reserves and both counts of pieces off the board are drawn in the boxes above and below the board, and listed on the player cards. The last move's cells are tinted yellow, and beside the board a sentence says what it did, including when a turn ended after one move." }</li>
            </ul>
            <h2>{ "Notation" }</h2>
            <ul>
                <li>{ "Cells: the row letter, then the place in the row from the left as Light sees the board: a1 to e3 on the default board (rows up to g on side 4 and i on side 5)." }</li>
                <li>{ "Moves: +a2 enters a piece on a2; b2-c3 moves the top piece of b2 to c3, b2-c3x2 the top two; e1-off moves the top piece of e1 off the board, e1-offx3 the top three; pass. The move list adds (turn over) when a step ends the turn, (wins) for the winning step and (third repetition) for a step that draws by repetition." }</li>
                <li>{ "Positions (in saved games): the side with d for Diabolical Stacks, then the rows from a, separated by /, with cells separated by commas, each - when empty or its pieces bottom to top (LLD is a Dark piece on two Light ones); then both reserves (12,12), then the player to move and the moves left (L1 at the start)." }</li>
            </ul>
        </>
    }
}
