//! The STAX table's cells, their keys and the zoom buttons, drawn from the board's context
//! (`view.rs`'s `Cells`; a child module of `view.rs`, so it reads it directly).

use super::*;

/// The cells of the last move.
pub(super) fn last_cells(last: Option<StaxMove>) -> Vec<Cell> {
    match last {
        Some(StaxMove::Place { cell, .. }) => vec![cell],
        Some(StaxMove::Travel { from, to, .. }) => vec![from, to],
        _ => Vec::new(),
    }
}

pub(super) fn cell(c: &Cells, at: Cell) -> Html {
    let game = &*c.props.position;
    let (cx, cy) = centre(at);
    let stack = game.stack(at);
    let is_target = c.targets.contains(&at);
    let is_movable = c.movable.contains(&at);
    let picked = c.pick.from() == Some(at);
    let last = c.props.last_move;
    let mut label = stack_words(at, stack);
    if is_movable {
        label.push_str("; you may move its top tile");
    }
    if is_target {
        label.push_str(if c.pick.placing().is_some() {
            "; place here"
        } else {
            "; move here"
        });
    }
    let class = classes!(
        "cell",
        (!stack.is_empty()).then_some("stack"),
        is_movable.then_some("movable"),
        is_target.then_some("target"),
        picked.then_some("selected"),
        last_cells(last).contains(&at).then_some("last"),
        (c.pick.chosen().map(|g| g.0) == Some(at)).then_some("chosen"),
    );
    let onclick = {
        let (on_tap, roving, zoom) = (c.on_tap.clone(), c.roving.clone(), c.zoom.clone());
        Callback::from(move |_: MouseEvent| {
            // The click that ends a drag picks nothing.
            if !zoom.take_drag() {
                roving.mark(at);
                on_tap.emit(Thing::Cell(at));
            }
        })
    };
    let onkeydown = c.on_key.reform(move |e: KeyboardEvent| (e, at));
    let top = game.top(at).map(|t| {
        let tile = draw::tile(t.owner(), t.mask(), (cx, cy), SIZE - 2.5, picked);
        let landed = matches!(last, Some(StaxMove::Place { cell: to, .. } | StaxMove::Travel { to, .. }) if to == at);
        if landed {
            draw::arrived(at, last, (c.props.animate, c.props.ply), tile)
        } else {
            tile
        }
    });
    html! {
        <g key={at.to_string()} {class} data-cell={at.to_string()} data-height={stack.len().to_string()}
            role="button" tabindex={if at == c.focus_at { "0" } else { "-1" }}
            aria-label={label.clone()} aria-pressed={picked.to_string()} {onclick} {onkeydown}>
            <title>{ label }</title>
            <polygon class="hex" points={hex_points(cx, cy, SIZE - 1.0)} />
            { draw::under(stack, (cx, cy)) }
            { top }
            if is_target {
                <polygon class="target-hex" points={hex_points(cx, cy, SIZE - 8.0)} />
            }
        </g>
    }
}

/// The keys on a cell: arrows move the focus to the nearest drawn cell that way (bringing
/// it into view), Enter or Space taps, Escape cancels, R and Shift+R turn the tile shown,
/// F turns it over, + and - zoom, 0 fits the view.
pub(super) fn on_key(
    cells: Rc<Vec<Cell>>,
    roving: &Roving<Cell>,
    zoom: &Zoom,
    on_tap: &Callback<Thing>,
) -> Callback<(KeyboardEvent, Cell)> {
    let (roving, zoom, on_tap) = (roving.clone(), zoom.clone(), on_tap.clone());
    Callback::from(move |(e, at): (KeyboardEvent, Cell)| {
        if e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        let thing = match Key::pressed(&e) {
            Key::Pick => Some(Thing::Cell(at)),
            Key::Cancel => Some(Thing::Cancel),
            Key::Step(across, up) => {
                let points: Vec<(f64, f64)> = cells.iter().map(|&c| centre(c)).collect();
                let way = (f64::from(across), -f64::from(up));
                if let Some(i) = nearest(centre(at), way, &points) {
                    zoom.show(points[i]);
                    roving.go(cells[i]);
                }
                None
            }
            Key::Other => match e.key().as_str() {
                "r" => Some(Thing::Spin(Spin::Clockwise)),
                "R" => Some(Thing::Spin(Spin::Back)),
                "f" | "F" => Some(Thing::Spin(Spin::Over)),
                "+" | "=" => zoom_by(&zoom, 1.25),
                "-" => zoom_by(&zoom, 0.8),
                "0" => zoom_by(&zoom, 0.0),
                _ => return,
            },
        };
        e.prevent_default();
        if let Some(thing) = thing {
            on_tap.emit(thing);
        }
    })
}

/// Zooms (0 fits the view); no tap.
pub(super) fn zoom_by(zoom: &Zoom, factor: f64) -> Option<Thing> {
    zoom.by(factor, None);
    None
}

/// The zoom buttons over the table.
pub(super) fn zoom_buttons(zoom: &Zoom) -> Html {
    let button = |id: &'static str, text: &'static str, label: &'static str, f: f64| {
        let zoom = zoom.clone();
        let onclick = Callback::from(move |_: MouseEvent| zoom.by(f, None));
        html! { <button type="button" {id} aria-label={label} title={label} {onclick}>{ text }</button> }
    };
    html! {
        <div class="stax-zoom">
            { button("stax-zoom-in", "+", "Zoom in", 1.25) }
            { button("stax-zoom-out", "−", "Zoom out", 0.8) }
            { button("stax-zoom-reset", "⤢", "Fit the view to the tiles", 0.0) }
        </div>
    }
}
