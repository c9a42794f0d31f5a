//! The Evacuate board's floor spaces and triangles, each a button drawn from the board's
//! context (`view.rs`'s `Ctx`; a child module of `view.rs`, so it reads it directly).

use super::*;

/// A floor space: its stack from the side, every pyramid tappable.
pub(super) fn space(c: &Ctx, s: u8) -> Html {
    let game = c.table.game;
    let stack = game.stack(s);
    let y = row_top(s);
    let shaded = SHADED.contains(&s);
    let label = format!(
        "Space {s}{}{}: {}{}",
        if shaded { " (shaded)" } else { "" },
        match s {
            1 => ", next to door A",
            SPACES => ", next to door B",
            _ => "",
        },
        if stack.is_empty() {
            "empty".to_string()
        } else {
            format!("bottom to top {}", pieces_words(stack))
        },
        match c.dests.iter().find(|d| d.0 == s) {
            Some((_, door)) if c.two_ways => format!(
                "; the moving group would end here going toward door {}",
                door_name(*door)
            ),
            Some(_) => "; the moving group would end here".to_string(),
            None => String::new(),
        }
    );
    let dest = c.dests.iter().find(|d| d.0 == s).map(|d| d.1);
    // With two ways, each destination names its door.
    let door_mark = dest.filter(|_| c.two_ways).map(|door| {
        html! {
            <text class="dest-door" x={(FX + 6 * SW + 4).to_string()} y={(y + 14).to_string()}
                text-anchor="end" pointer-events="none" font-size="11" font-weight="700" fill="#0b6e4f">
                { format!("toward door {}", door_name(door)) }
            </text>
        }
    });
    let on = |level: u8| {
        let on_tap = c.on_tap.clone();
        Callback::from(move |_: MouseEvent| on_tap.emit((Thing::Floor(s, level), false)))
    };
    let (arrived, from) = match &c.moved {
        Some(m) if m.to == s && c.props.animate => (m.arrived, m.from),
        _ => (0, (0.0, 0.0)),
    };
    let stayed = stack.len() - arrived.min(stack.len());
    let piece = |i: usize| {
        let lifted = c
            .lifted
            .is_some_and(|t| t.space == s && i + 1 >= usize::from(t.level));
        draw::floor_piece(
            stack[i],
            (slot_x(i), y + H - 4),
            classes!(lifted.then_some("moving")),
            Some(on(i as u8 + 1)),
        )
    };
    html! {
        <g class={classes!("space", shaded.then_some("shaded"), dest.is_some().then_some("dest"))}
            data-space={s.to_string()} role="img" aria-label={label}>
            <rect x={FX.to_string()} y={y.to_string()} width={(6 * SW + 8).to_string()} height={H.to_string()} onclick={on(0)} />
            <text class="num" x={(FX - 5).to_string()} y={(y + 29).to_string()}>{ s }</text>
            { door_mark }
            { for (0..stayed).map(piece) }
            { motion::slide(c.props.animate, c.props.ply, from, (stayed..stack.len()).map(piece).collect()) }
        </g>
    }
}

/// A triangle of the grid, a button.
pub(super) fn triangle(c: &Ctx, t: Tri) -> Html {
    let game = c.table.game;
    if t.level > game.ceiling() {
        return draw::gone_tri(t);
    }
    let (points, tx, ty) = draw::tri_points(t);
    let piece = game.triangle(t);
    let door = door_name(crate::games::evacuate::direction(t));
    let target = c.targets.contains(&t);
    let moves = usize::from(t.level) <= game.stack(t.space).len();
    let ringed = c.ringed.contains(&t);
    let last = matches!(c.props.last_move, Some(EvacuateMove::Place { at, .. } | EvacuateMove::Reverse { at, .. }) if at == t);
    let mut label = format!(
        "Triangle {t}, level {} of space {}, points to door {door}: {}",
        t.level,
        t.space,
        piece.map_or_else(|| "vacant".to_string(), piece_name)
    );
    for (on, words) in [
        (target && moves, "; placing here moves the stack"),
        (target && !moves, "; placing here only nudges"),
        (c.pick.aim == Some(t), "; chosen: choose again to confirm"),
        (ringed, "; ringed: tap to take it off or release it"),
        (last, "; last placement"),
    ] {
        if on {
            label.push_str(words);
        }
    }
    let class = classes!(
        "tri",
        if door == "A" { "up" } else { "down" },
        piece.map(|p| format!("full c{}", p.colour.index())),
        (target && moves).then_some("move"),
        (target && !moves).then_some("nudge"),
        (c.pick.aim == Some(t)).then_some("aim"),
        ringed.then_some("free"),
        last.then_some("last"),
    );
    let onclick = {
        let (on_tap, roving) = (c.on_tap.clone(), c.roving.clone());
        Callback::from(move |_: MouseEvent| {
            roving.mark(t);
            on_tap.emit((Thing::Tri(t), false));
        })
    };
    let ceiling = game.ceiling();
    let onkeydown = {
        let (on_tap, roving) = (c.on_tap.clone(), c.roving.clone());
        Callback::from(move |e: KeyboardEvent| match Key::pressed(&e) {
            Key::Pick => {
                e.prevent_default();
                on_tap.emit((Thing::Tri(t), true));
            }
            Key::Cancel => on_tap.emit((Thing::Cancel, true)),
            Key::Step(across, up) => {
                e.prevent_default();
                let s = (i32::from(t.space) - up).clamp(1, i32::from(SPACES));
                let l = (i32::from(t.level) + across).clamp(1, i32::from(ceiling.max(1)));
                roving.go(Tri::new(s as u8, l as u8));
            }
            Key::Other => {}
        })
    };
    let text = piece.map_or_else(|| t.level.to_string(), |p| p.to_string());
    let shape = html! {
        <>
            <polygon {points} />
            <text x={tx.to_string()} y={ty.to_string()}>{ text }</text>
        </>
    };
    // A pyramid just placed slides in from below (from the panel).
    let shape = if last && piece.is_some() {
        motion::slide(c.props.animate, c.props.ply, (0.0, 40.0), shape)
    } else {
        shape
    };
    html! {
        <g {class} data-t={t.to_string()} role="button" tabindex={c.roving.tabindex(&t)}
            aria-label={label} aria-pressed={(c.pick.aim == Some(t)).to_string()} {onclick} {onkeydown}>
            { shape }
        </g>
    }
}
