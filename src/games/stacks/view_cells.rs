//! The Stacks board's cells, tags and reserve and pieces-off boxes, each drawn from the board's
//! context (`view.rs`'s `Ctx`; a child module of `view.rs`, so it reads it directly).

use super::*;

impl Ctx<'_> {
    fn cost(&self, d: Dest) -> Option<u8> {
        self.targets.iter().find(|t| t.0 == d).map(|t| t.1)
    }

    /// The last move and the position before it, when both are known.
    fn last(&self) -> Option<(&Stacks, StacksMove)> {
        self.props.before.as_deref().zip(self.props.last_move)
    }

    /// The pieces the last move brought onto `c`, and where from.
    fn arrival(&self, c: Cell) -> Option<Arrival> {
        let (before, mv) = self.last()?;
        let (from, count) = match mv {
            StacksMove::Enter(to) if to == c => {
                (self.geo.zone_centre(Zone::Reserve, before.turn()), 1)
            }
            StacksMove::Move {
                from,
                to: Dest::Cell(to),
                count,
            } if to == c => (self.geo.centre(from), count),
            _ => return None,
        };
        let (tx, ty) = self.geo.centre(c);
        Some(Arrival {
            count: usize::from(count),
            from: (from.0 - tx, from.1 - ty),
        })
    }

    /// The pieces the last move took off the board from `c`, drawn where they were.
    fn gone(&self, c: Cell, at: (f64, f64)) -> Html {
        match self.last() {
            Some((
                before,
                StacksMove::Move {
                    from,
                    to: Dest::Off,
                    count,
                },
            )) if from == c => {
                let stack = before.stack(c);
                let top = stack.len().saturating_sub(usize::from(count))..stack.len();
                let pieces = draw::bands(stack, at, top, 0);
                motion::fade(self.props.animate, self.props.ply, pieces)
            }
            _ => Html::default(),
        }
    }

    fn in_last(&self, c: Cell) -> bool {
        match self.props.last_move {
            Some(StacksMove::Enter(to)) => to == c,
            Some(StacksMove::Move { from, to, .. }) => from == c || to == Dest::Cell(c),
            _ => false,
        }
    }

    /// The key handler of a cell or box: Enter or Space taps it, the arrows move between
    /// cells (from a cell), the rest goes to the board's keys.
    fn keys(&self, thing: Thing) -> Callback<KeyboardEvent> {
        let (on_tap, on_key, roving, geo) = (
            self.on_tap.clone(),
            self.on_key.clone(),
            self.roving.clone(),
            self.geo,
        );
        Callback::from(move |e: KeyboardEvent| match Key::pressed(&e) {
            Key::Pick => {
                e.prevent_default();
                on_tap.emit(thing);
            }
            Key::Step(across, up) => {
                if let Thing::Cell(c) = thing {
                    e.prevent_default();
                    if let Some(next) = geo.neighbour(c, (across, up)) {
                        roving.go(next);
                    }
                }
            }
            Key::Cancel | Key::Other => on_key.emit(e),
        })
    }
}

/// One cell: its hexagon, its pile, its highlights.
pub(super) fn cell(x: &Ctx, c: Cell) -> Html {
    let game = &*x.props.position;
    let (cx, cy) = x.geo.centre(c);
    let stack = game.stack(c);
    let movable = x.movable.contains(&c).then(|| game.movable(c));
    let picked = matches!(x.pick, Pick::Stack { cell, .. } if cell == c);
    let cost = x.cost(Dest::Cell(c));
    let last = x.in_last(c);
    let class = classes!(
        "cell",
        (c.row == game.near_row(0)).then_some("near-light"),
        (c.row == game.near_row(1)).then_some("near-dark"),
        movable.is_some().then_some("movable"),
        picked.then_some("selected"),
        cost.is_some().then_some("target"),
        last.then_some("last"),
        (!stack.is_empty()).then_some("stack"),
    );
    let label = words::cell_label(game, c, x.pick, movable, cost, last);
    let lifted = match x.group {
        Some((cell, count, _)) if cell == c => usize::from(count),
        _ => 0,
    };
    let onclick = {
        let (on_tap, roving) = (x.on_tap.clone(), x.roving.clone());
        Callback::from(move |_: MouseEvent| {
            roving.mark(c);
            on_tap.emit(Thing::Cell(c));
        })
    };
    let at = (cx, cy + BASE);
    let animate = (x.props.animate, x.props.ply);
    html! {
        <g {class} data-cell={c.to_string()} role="button" tabindex={x.roving.tabindex(&c)}
            aria-label={label} aria-pressed={picked.to_string()} {onclick}
            onkeydown={x.keys(Thing::Cell(c))}>
            // On hover, the whole stack (a tall one shows only its top bands).
            <title>{ format!("{c}: {}", words::stack_words(stack)) }</title>
            <polygon class="hex" points={draw::hex_points(cx, cy, R - 1.0)} />
            if cost.is_some() {
                <polygon class="target-hex" points={draw::hex_points(cx, cy, R - 7.0)} />
            }
            { draw::pile(stack, at, lifted, x.arrival(c), animate) }
            { x.gone(c, at) }
            <text class="hex-coord" x={n(cx)} y={n(cy + 44.0)} text-anchor="middle" aria-hidden="true">{ c.to_string() }</text>
        </g>
    }
}

/// The tags over every cell (so that no neighbour paints over them): heights, costs and the
/// picked group's size; and the picked cell's outline.
pub(super) fn tags(x: &Ctx) -> Html {
    let game = &*x.props.position;
    let tags = game.cells().into_iter().map(|c| {
        let (cx, cy) = x.geo.centre(c);
        let height = game.stack(c).len();
        let group = x.group.filter(|g| g.0 == c && g.2 > 1);
        html! {
            <>
                if height >= 3 {
                    { draw::tag("height", cx + TAG_X, cy + TAG_Y, height.to_string()) }
                }
                if let Some(k) = x.cost(Dest::Cell(c)) {
                    { draw::tag("cost", cx - TAG_X, cy + TAG_Y, k.to_string()) }
                }
                if let Some((_, count, _)) = group {
                    { draw::tag("group", cx - TAG_X, cy + TAG_Y, format!("×{count}")) }
                }
            </>
        }
    });
    let outline = match x.pick {
        Pick::Stack { cell, .. } => {
            let (cx, cy) = x.geo.centre(cell);
            html! { <polygon class="selection-outline" pointer-events="none" points={draw::hex_points(cx, cy, R - 4.0)} /> }
        }
        _ => Html::default(),
    };
    html! { <>{ outline }{ for tags }</> }
}

/// A seat's reserve or pieces-off box.
pub(super) fn zone(x: &Ctx, zone: Zone, seat: Seat) -> Html {
    let game = &*x.props.position;
    let mine = x.props.may_move(seat);
    let now = match zone {
        Zone::Reserve => ZoneNow {
            mine,
            open: mine && !game.entry_cells().is_empty(),
            picked: mine && x.pick == Pick::Reserve,
            target: false,
        },
        Zone::Off => ZoneNow {
            mine,
            open: false,
            picked: false,
            target: mine && x.cost(Dest::Off).is_some(),
        },
    };
    let last = match (zone, x.last()) {
        (Zone::Off, Some((b, StacksMove::Move { to: Dest::Off, .. })))
        | (Zone::Reserve, Some((b, StacksMove::Enter(_)))) => b.turn() == seat,
        _ => false,
    };
    let [label, title, hint] = words::zone_words(game, zone, seat, now);
    let colour = Colour::of_seat(seat);
    let class = classes!(
        "zone",
        zone.name(),
        draw::class_of(colour),
        now.open.then_some("movable"),
        now.picked.then_some("selected"),
        now.target.then_some("target"),
        last.then_some("last"),
    );
    let thing = match zone {
        Zone::Reserve => Thing::Reserve(seat),
        Zone::Off => Thing::Off(seat),
    };
    let onclick = x.on_tap.reform(move |_: MouseEvent| thing);
    let number = match zone {
        Zone::Reserve => game.reserve(seat),
        Zone::Off => game.off(seat),
    };
    let focusable = now.open || now.target;
    html! {
        <g {class} data-zone={format!("{}-{}", zone.name(), colour.letter())}
            role="button" tabindex={focusable.then_some("0")} aria-label={label}
            aria-pressed={now.picked.to_string()} aria-disabled={(!focusable).then_some("true")}
            {onclick} onkeydown={x.keys(thing)}>
            { draw::zone_contents(x.geo, x.geo.zone(zone, seat), colour, number, (title, hint), now.target) }
        </g>
    }
}
