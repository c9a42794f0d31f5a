//! The Evade board's squares and their labels, drawn from the board's context (`view.rs`'s
//! `Cell`; a child module of `view.rs`, so it reads it directly).

use super::*;

/// A square's label for screen readers: what stands there and what a tap does.
pub(super) fn label(
    c: &Cell,
    sq: Square,
    placed: Option<crate::games::evade::Value>,
    slot: bool,
) -> String {
    let game = &*c.props.position;
    let mut label = format!("{sq}: ");
    match placed {
        Some(v) => label.push_str(&format!(
            "your {} coin {}, being set up",
            words::coin_kind(game.turn_seat()),
            words::value_words(v)
        )),
        None if slot => label.push_str("empty starting square; put a coin here"),
        None => label.push_str(&words::square_words(game, sq, c.props.viewer)),
    }
    if game.peeked() == Some(sq) && game.end().is_none() {
        label.push_str("; peeked at this turn");
    }
    if last_step(c.props).is_some_and(|(f, t)| f == sq || t == sq) {
        label.push_str("; last move");
    }
    if c.pick.square == Some(sq) {
        label.push_str("; selected");
    }
    match c.targets.iter().find(|t| t.0 == sq) {
        Some((_, true)) => label
            .push_str(". Move here: freezes both coins; if this coin is a special one you lose"),
        Some(_) => label.push_str(". Move here"),
        None if slot && c.pick.value.is_some() => label.push_str(". Put the picked coin here"),
        None => {}
    }
    label
}

/// The last move, when it was a step.
pub(super) fn last_step(props: &BoardProps<Evade>) -> Option<(Square, Square)> {
    match props.last_move {
        Some(EvadeMove::Step { from, to }) => Some((from, to)),
        _ => None,
    }
}

pub(super) fn cell(c: &Cell, sq: Square) -> Html {
    let game = &*c.props.position;
    let xy = square_xy(sq);
    let (cx, cy) = (num(xy.0 + CELL / 2.0), num(xy.1 + CELL / 2.0));
    let coins = game.coins_at(sq);
    let slot = c.arranging && sq.rank() == pick::home_row(game);
    let placed = slot.then(|| c.pick.row[sq.file() as usize]).flatten();
    let target = c.targets.iter().find(|t| t.0 == sq).map(|t| t.1);
    let slot_target = slot && c.pick.value.is_some();
    let peeked = game.peeked() == Some(sq) && game.end().is_none();
    let last = last_step(c.props);
    let class = classes!(
        "cell",
        (c.pick.square == Some(sq)).then_some("selected"),
        (target.is_some() || slot_target).then_some("target"),
        (target == Some(true)).then_some("freeze-target"),
        slot.then_some("slot"),
        last.is_some_and(|(f, t)| f == sq || t == sq)
            .then_some("last"),
        peeked.then_some("peeked"),
        (!coins.is_empty()).then_some("has-coin"),
    );
    let slide = match (last, c.props.before.is_some()) {
        (Some((from, to)), true) if to == sq => draw::offset(from, to),
        _ => (0.0, 0.0),
    };
    let coins = match placed {
        Some(v) => draw::coin_svg(
            game.turn_seat(),
            Some(v),
            Face::Up,
            xy.0 + 50.0,
            xy.1 + 50.0,
            COIN_R,
        ),
        None if slot => {
            html! { <circle cx={cx.clone()} cy={cy.clone()} r={num(COIN_R)} class="slot-ring" /> }
        }
        None => draw::square_coins(
            &coins,
            xy,
            game.end().is_some(),
            slide,
            (c.props.animate, c.props.ply),
        ),
    };
    let onclick = {
        let (on_act, roving) = (c.on_act.clone(), c.roving.clone());
        Callback::from(move |_: MouseEvent| {
            roving.mark(sq);
            on_act.emit(Act::Square(sq));
        })
    };
    let onkeydown = {
        let (on_act, roving) = (c.on_act.clone(), c.roving.clone());
        Callback::from(move |e: KeyboardEvent| {
            let act = match Key::pressed(&e) {
                Key::Pick => Act::Square(sq),
                Key::Cancel => Act::Cancel,
                Key::Step(across, up) => {
                    e.prevent_default();
                    if let Some(next) = sq.offset(across, up) {
                        roving.go(next);
                    }
                    return;
                }
                Key::Other => match pick::value_for_key(&e.key()).filter(|_| slot) {
                    Some(v) => Act::Type(sq, v),
                    None => return,
                },
            };
            if act != Act::Cancel {
                e.prevent_default();
            }
            on_act.emit(act);
        })
    };
    html! {
        <g {class} data-square={sq.to_string()} role="button" tabindex={c.roving.tabindex(&sq)}
            aria-label={label(c, sq, placed, slot)} aria-pressed={(c.pick.square == Some(sq)).to_string()}
            {onclick} {onkeydown}>
            <rect x={num(xy.0 + 3.0)} y={num(xy.1 + 3.0)} width="94" height="94" rx="6" class="hit" />
            { coins }
            if peeked {
                <circle cx={cx.clone()} cy={cy.clone()} r="45" class="peek-ring" />
            }
            if let Some(freezes) = target {
                { draw::target_mark(xy, freezes) }
            } else if slot_target {
                <circle {cx} {cy} r="44" class="target-ring" />
            }
        </g>
    }
}
