//! The tree search itself: UCT over the steps of the game, one sampled position per
//! iteration for games with hidden information.

use super::reward::{heuristic_rewards, outcome_rewards};
use super::Budget;
use crate::core::{Game, PlayError, Rng, Seat, Viewer};

/// No child node yet.
const NONE: u32 = u32::MAX;

/// How the search plays; the defaults are what [`super::best_move`] uses.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// The UCT exploration constant (rewards are in `0..=1`).
    pub exploration: f64,
    /// Most random steps in one playout below the tree; a playout cut off there is scored
    /// by [`heuristic_rewards`].
    pub playout_steps: usize,
    /// Whether a playout step takes a move that wins at once when there is one (slower
    /// steps, truer playouts).
    pub playout_takes_wins: bool,
    /// Whether to look for a move that wins at once before searching (games without
    /// hidden information only); tests turn it off to see the search find wins alone.
    pub wins_first: bool,
    /// Whether to stop as soon as more iterations could not change the choice (the same
    /// move, sooner); tests turn it off to prove that.
    pub stop_when_decided: bool,
    /// Whether the search starts from all its seat knows ([`Game::recall`]: what it is shown
    /// and what it must remember, such as Evade's earlier peeks) rather than from what it is
    /// shown now ([`Game::view`]); the benchmark compares the two (`AI_REMEMBER=0`).
    pub remember: bool,
    /// Above this many moves, the root shares its budget out by sequential halving instead
    /// of UCB1 (`usize::MAX`: never). UCB1 spreads the walks of a wide root almost evenly
    /// and then picks among noisy means; halving spends the later rounds on the moves that
    /// looked best so far. Stack Control's roots (up to about 320 moves with 5 players) and
    /// STAX's are often wider, Evade's rarely, Stacks' and Evacuate's never. Measured on
    /// Stack Control with 5 players against random (games 0-99): at 20,000 iterations,
    /// about 60 walks a move, UCB1 won 88 and halving 95.
    pub halving_above: usize,
    /// The most seats at which the root may use the halving; `None`: the game's own
    /// ([`Game::halving_seats`]: three-player STAX searches its root by UCB1). The benchmark
    /// sets it with `AI_HALVING_SEATS`.
    pub halving_seats: Option<usize>,
    /// What the halving adds to a root move's mean reward, per unit of its mean final score
    /// margin for the searching seat (own score less the best other's, over the sum of the
    /// scores; 0 where a game keeps no scores or a playout is cut off). With one or two walks
    /// a move in the first rounds, a win or a loss says little; the margin says by how much,
    /// and so ranks the many moves that lost or won alike.
    pub halving_margin: f64,
    /// Whether playouts play the game's own playout moves ([`Game::playout_move`]: Stacks
    /// keeps its traps) rather than uniformly random ones; the benchmark compares the two
    /// (`AI_GUIDED=0`). The same in every game that does not steer its playouts.
    pub guided_playouts: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            exploration: 0.7,
            playout_steps: 200,
            playout_takes_wins: false,
            wins_first: true,
            stop_when_decided: true,
            remember: true,
            halving_above: 93,
            halving_seats: None,
            halving_margin: 1.0,
            guided_playouts: true,
        }
    }
}

/// The move the search chose, and what it did to choose it.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice<M> {
    /// The move to play.
    pub mv: M,
    /// Iterations run.
    pub iterations: u32,
    /// Milliseconds spent, by the clock given.
    pub elapsed_ms: f64,
    /// The chosen move's mean reward for the mover, from the search (1 for a move that wins
    /// at once, found before searching; 0 when there was nothing to choose).
    pub value: f64,
}

/// A move from a node, with what the walks through it earned.
#[derive(Debug, Clone)]
struct Edge<M> {
    mv: M,
    child: u32,
    visits: u32,
    /// Walks through the node in which this move was legal (hidden information only).
    available: u32,
    /// Sum of the rewards of the seat that played the move.
    reward: f64,
}

/// A node: its moves, listed on its second visit (a node reached once only costs nothing).
#[derive(Debug, Clone)]
struct Node<M> {
    /// With hidden information, what the searching seat saw on arriving here (an index in
    /// `Tree::seen`): a move can lead to several nodes, one for each thing it may show.
    seen: u32,
    /// The next node the same edge leads to (hidden information), or [`NONE`].
    sibling: u32,
    edges: Vec<Edge<M>>,
    listed: bool,
    visits: u32,
    /// An edge seen to win the game at once for the mover, or pointed out as such by
    /// [`Game::winning_move`] when the node's moves were listed (games without hidden
    /// information: there it wins every time), always taken from then on.
    winning: Option<u32>,
}

impl<M> Node<M> {
    fn new() -> Self {
        Node {
            seen: NONE,
            sibling: NONE,
            edges: Vec::new(),
            listed: false,
            visits: 0,
            winning: None,
        }
    }
}

fn edges_of<M>(moves: Vec<M>) -> Vec<Edge<M>> {
    moves
        .into_iter()
        .map(|mv| Edge {
            mv,
            child: NONE,
            visits: 0,
            available: 0,
            reward: 0.0,
        })
        .collect()
}

/// Searches the position for the seat to move and returns its move.
///
/// The search only looks at what that seat knows of `game` ([`Game::recall`]: its view and
/// what it must remember); with hidden information every iteration walks a fresh
/// [`Game::determinize`] sample of it. A single legal move is
/// returned at once, and so is a move that wins at once in a game without hidden
/// information.
///
/// # Errors
/// [`PlayError::GameOver`] when nobody is to move.
pub fn search<G: Game>(
    game: &G,
    budget: &Budget,
    settings: &Settings,
    seed: u64,
    clock: &dyn Fn() -> f64,
) -> Result<Choice<G::Move>, PlayError> {
    ranked(game, budget, settings, seed, clock).map(|(choice, _)| choice)
}

/// The search's choice and every root move in its order ([`ranked`]).
pub type Ranked<M> = (Choice<M>, Vec<M>);

/// [`search`], and every root move in the order the search ranks them, its choice first
/// (then by walks, and by mean reward on a tie; the halving's moves still in before the
/// others): what the hint falls back on when its first choice loses at once.
///
/// # Errors
/// [`PlayError::GameOver`] when nobody is to move.
pub fn ranked<G: Game>(
    game: &G,
    budget: &Budget,
    settings: &Settings,
    seed: u64,
    clock: &dyn Fn() -> f64,
) -> Result<Ranked<G::Move>, PlayError> {
    let start = clock();
    let me = game.to_move().ok_or(PlayError::GameOver)?;
    let hidden = G::info().hidden_information;
    let root = if settings.remember {
        game.recall(me)
    } else {
        game.view(Viewer::Seat(me))
    };
    let moves = root.legal_moves();
    let done = |mv: &G::Move, value: f64| {
        let mut order = vec![mv.clone()];
        order.extend(moves.iter().filter(|m| *m != mv).cloned());
        let choice = Choice {
            mv: mv.clone(),
            iterations: 0,
            elapsed_ms: clock() - start,
            value,
        };
        (choice, order)
    };
    match moves.as_slice() {
        [] => return Err(PlayError::GameOver),
        [only] => return Ok(done(only, 0.0)),
        _ => {}
    }
    if !hidden && settings.wins_first {
        if let Some(mv) = moves.iter().find(|mv| wins_at_once(&root, mv, me)) {
            return Ok(done(mv, 1.0));
        }
    }

    let mut tree = Tree::new(&root, moves, settings, seed);
    let halving_seats = settings.halving_seats.unwrap_or(G::halving_seats());
    let wide = tree.nodes[0].edges.len() > settings.halving_above && root.seats() <= halving_seats;
    if wide {
        return halving(&mut tree, &root, me, budget, clock, start);
    }
    let mut iterations = 0;
    while !spent(budget, iterations, clock, start) {
        tree.iterate(&root, me, None);
        iterations += 1;
        if settings.stop_when_decided
            && iterations % 64 == 0
            && decided(&tree.nodes[0], budget.iterations.saturating_sub(iterations))
        {
            break;
        }
    }
    let root_node = &tree.nodes[0];
    let best = root_node
        .winning
        .and_then(|w| root_node.edges.get(w as usize))
        .into_iter()
        .chain(root_node.edges.iter().max_by(|a, b| {
            a.visits.cmp(&b.visits).then(
                mean(a)
                    .partial_cmp(&mean(b))
                    .unwrap_or(std::cmp::Ordering::Equal),
            )
        }))
        .next()
        .ok_or(PlayError::GameOver)?;
    let choice = chosen(best, iterations, clock() - start);
    let mut order: Vec<&Edge<G::Move>> = root_node.edges.iter().collect();
    order.sort_by(|a, b| {
        b.visits.cmp(&a.visits).then(
            mean(b)
                .partial_cmp(&mean(a))
                .unwrap_or(std::cmp::Ordering::Equal),
        )
    });
    Ok((choice, in_order(&best.mv, order)))
}

/// The moves of `edges` in their order, `first` moved to the front.
fn in_order<M: Clone + PartialEq>(first: &M, edges: Vec<&Edge<M>>) -> Vec<M> {
    let mut order = vec![first.clone()];
    order.extend(
        edges
            .into_iter()
            .filter(|e| e.mv != *first)
            .map(|e| e.mv.clone()),
    );
    order
}

/// Each seat's chance in `game` as the search sees it: every seat's mean reward over a
/// search of `budget` from the whole position (what a finished game shows everyone), as
/// shares that sum to 1. A finished game gives its result's shares.
pub fn chances<G: Game>(game: &G, budget: &Budget, seed: u64, clock: &dyn Fn() -> f64) -> Vec<f64> {
    let seats = game.seats();
    let mut totals = vec![0.0; seats];
    match (game.outcome(), game.to_move()) {
        (Some(outcome), _) => outcome_rewards(&outcome, &mut totals),
        (None, Some(me)) => {
            let settings = Settings {
                remember: false,
                ..Settings::default()
            };
            let mut tree = Tree::new(game, game.legal_moves(), &settings, seed);
            tree.hidden = false;
            let start = clock();
            let mut iterations = 0;
            while !spent(budget, iterations, clock, start) {
                tree.iterate(game, me, None);
                for (t, r) in totals.iter_mut().zip(&tree.rewards) {
                    *t += r;
                }
                iterations += 1;
            }
        }
        (None, None) => {}
    }
    let sum: f64 = totals.iter().sum();
    if sum > 0.0 {
        for t in &mut totals {
            *t /= sum;
        }
    } else {
        totals.fill(1.0 / seats.max(1) as f64);
    }
    totals
}

/// Sequential halving at the root (Karnin, Koren and Somekh 2013; below the root the walks
/// are UCT's): rounds of equal walks for every move still in, the better half kept after
/// each, until one is left or the budget is spent. Moves rank by mean reward plus
/// [`Settings::halving_margin`] times their mean score margin. The moves start in random
/// order, so a time cap that stops the first round early favours none. The choice is a move
/// seen to win at once, else the best ranked among the moves still in (the most walked first
/// on a tie).
fn halving<G: Game>(
    tree: &mut Tree<G>,
    root: &G,
    me: Seat,
    budget: &Budget,
    clock: &dyn Fn() -> f64,
    start: f64,
) -> Result<Ranked<G::Move>, PlayError> {
    let total = budget.iterations.max(1);
    let mut alive: Vec<usize> = (0..tree.nodes[0].edges.len()).collect();
    tree.rng.shuffle(&mut alive);
    let rounds = alive.len().next_power_of_two().trailing_zeros().max(1);
    let mut iterations = 0u32;
    // The searching seat's final score margins, summed by root edge.
    let mut margins = vec![0.0; tree.nodes[0].edges.len()];
    let weight = tree.settings.halving_margin;
    let rank = |edges: &[Edge<G::Move>], margins: &[f64], e: usize| {
        let visits = f64::from(edges[e].visits.max(1));
        mean(&edges[e]) + weight * margins.get(e).copied().unwrap_or(0.0) / visits
    };
    let better = |edges: &[Edge<G::Move>], margins: &[f64], a: usize, b: usize| {
        rank(edges, margins, a)
            .partial_cmp(&rank(edges, margins, b))
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(edges[a].visits.cmp(&edges[b].visits))
    };
    'rounds: for round in 0..rounds {
        let share = (total - iterations) / (rounds - round);
        let each = (share as usize / alive.len()).max(1);
        for &e in &alive {
            for _ in 0..each {
                if spent(budget, iterations, clock, start) {
                    break 'rounds;
                }
                margins[e] += tree.iterate(root, me, Some(e));
                iterations += 1;
                if tree.nodes[0].winning.is_some() {
                    break 'rounds;
                }
            }
        }
        let edges = &tree.nodes[0].edges;
        alive.sort_by(|&a, &b| better(edges, &margins, b, a));
        alive.truncate(alive.len().div_ceil(2));
        if alive.len() == 1 {
            break;
        }
    }
    let root_node = &tree.nodes[0];
    let edges = &root_node.edges;
    let best = root_node
        .winning
        .map(|w| w as usize)
        .or_else(|| {
            alive
                .iter()
                .copied()
                .max_by(|&a, &b| better(edges, &margins, a, b))
        })
        .and_then(|i| edges.get(i))
        .ok_or(PlayError::GameOver)?;
    let choice = chosen(best, iterations, clock() - start);
    let mut out: Vec<usize> = (0..edges.len()).filter(|e| !alive.contains(e)).collect();
    for moves in [&mut alive, &mut out] {
        moves.sort_by(|&a, &b| better(edges, &margins, b, a));
    }
    let order = alive.iter().chain(&out).map(|&e| &edges[e]).collect();
    Ok((choice, in_order(&best.mv, order)))
}

/// Whether the search has used its budget after `iterations`: all its iterations, or its
/// time cap (the clock is read only when there is one; at least one iteration always runs).
fn spent(budget: &Budget, iterations: u32, clock: &dyn Fn() -> f64, start: f64) -> bool {
    iterations >= budget.iterations.max(1)
        || (iterations > 0 && budget.time_cap_ms.is_some_and(|cap| clock() - start >= cap))
}

/// Whether the root's choice can no longer change in `left` more iterations: the most
/// visited move leads every other by more than `left` visits, or a move wins at once (the
/// choice is that move, else the most visited, so stopping now chooses exactly what the
/// whole budget would).
fn decided<M>(root: &Node<M>, left: u32) -> bool {
    let (mut first, mut second) = (0, 0);
    for e in &root.edges {
        if e.visits > first {
            second = first;
            first = e.visits;
        } else if e.visits > second {
            second = e.visits;
        }
    }
    root.winning.is_some() || first > second.saturating_add(left)
}

/// The choice of `edge` after a search of `iterations` in `elapsed_ms`.
fn chosen<M: Clone>(edge: &Edge<M>, iterations: u32, elapsed_ms: f64) -> Choice<M> {
    Choice {
        mv: edge.mv.clone(),
        iterations,
        elapsed_ms,
        value: mean(edge),
    }
}

fn mean<M>(e: &Edge<M>) -> f64 {
    if e.visits == 0 {
        0.0
    } else {
        e.reward / f64::from(e.visits)
    }
}

/// `seat`'s score less the best other seat's, over the sum of the scores (0 when that sum
/// is not positive): in `-1..=1`.
fn score_margin(scores: &[i64], seat: Seat) -> f64 {
    let Some(&own) = scores.get(seat) else {
        return 0.0;
    };
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != seat)
        .map(|(_, &v)| v)
        .max()
        .unwrap_or(own);
    let total: i64 = scores.iter().map(|&v| v.max(0)).sum();
    if total <= 0 {
        return 0.0;
    }
    ((own - best_other) as f64 / total as f64).clamp(-1.0, 1.0)
}

/// Whether `mv` ends the game at once with `seat` its only winner.
fn wins_at_once<G: Game>(game: &G, mv: &G::Move, seat: Seat) -> bool {
    let mut next = game.clone();
    next.play(mv).is_ok() && next.outcome().is_some_and(|o| o.winners == [seat])
}

struct Tree<G: Game> {
    nodes: Vec<Node<G::Move>>,
    hidden: bool,
    settings: Settings,
    rng: Rng,
    /// What the searching seat saw on arriving at each node of a hidden-information game.
    seen: Vec<G>,
    /// Each seat's reward for the current iteration.
    rewards: Vec<f64>,
    /// The walk of the current iteration: node, edge and the seat that played it.
    path: Vec<(u32, u32, Seat)>,
    /// Which edges of the current node are legal in this iteration's sample.
    legal_here: Vec<bool>,
}

impl<G: Game> Tree<G> {
    /// A tree holding only the root, whose moves are `moves`.
    fn new(root: &G, moves: Vec<G::Move>, settings: &Settings, seed: u64) -> Self {
        Tree {
            nodes: vec![Node {
                seen: NONE,
                sibling: NONE,
                edges: edges_of(moves),
                listed: true,
                visits: 0,
                winning: None,
            }],
            hidden: G::info().hidden_information,
            settings: *settings,
            rng: Rng::new(seed ^ 0xA1A1_5EA2_C4F0_0D15),
            seen: Vec::new(),
            rewards: vec![0.0; root.seats()],
            path: Vec::new(),
            legal_here: Vec::new(),
        }
    }

    /// One iteration: walk down the tree (UCT; from the root, the `forced` edge when given),
    /// add one node, play out, back up. Returns `me`'s final score margin ([`score_margin`];
    /// 0 where the game keeps no scores or the playout was cut off).
    fn iterate(&mut self, root: &G, me: Seat, forced: Option<usize>) -> f64 {
        let mut state = if self.hidden {
            root.determinize(me, &mut self.rng)
        } else {
            root.clone()
        };
        self.path.clear();
        let mut node = 0u32;
        while let Some(mover) = state.to_move() {
            let forced = forced.filter(|_| node == 0);
            let Some(edge) = forced.or_else(|| self.select(node as usize, &state)) else {
                break;
            };
            let next = self.nodes.len() as u32;
            let at = &mut self.nodes[node as usize].edges[edge];
            if state.play(&at.mv).is_err() {
                break;
            }
            self.path.push((node, edge as u32, mover));
            if !self.hidden
                && state.to_move().is_none()
                && state.outcome().is_some_and(|o| o.winners == [mover])
            {
                self.nodes[node as usize].winning = Some(edge as u32);
            }
            if self.hidden && state.to_move().is_none() {
                // The end shows everything, different in every sample: no node for it, the
                // playout below only scores it.
                break;
            }
            if self.hidden {
                // A move can show the searching seat different things in different samples
                // (a peeked value, a coin turned face up): each one leads to its own node,
                // so what the seat will learn shapes its later choices. Nodes are told apart
                // by what the seat is shown (its view), not by all it would remember: keying
                // every later node by remembered values too spreads the iterations thinner
                // (the root's samples still keep what it remembers now).
                let seen = state.view(Viewer::Seat(me));
                let first = self.nodes[node as usize].edges[edge].child;
                let mut child = first;
                while child != NONE {
                    let c = &self.nodes[child as usize];
                    if self.seen.get(c.seen as usize) == Some(&seen) {
                        break;
                    }
                    child = c.sibling;
                }
                if child == NONE {
                    let mut fresh = Node::new();
                    fresh.seen = self.seen.len() as u32;
                    fresh.sibling = first;
                    self.nodes[node as usize].edges[edge].child = next;
                    self.seen.push(seen);
                    self.nodes.push(fresh);
                    break;
                }
                node = child;
                continue;
            }
            let at = &mut self.nodes[node as usize].edges[edge];
            if at.child == NONE {
                at.child = next;
                self.nodes.push(Node::new());
                break;
            }
            node = at.child;
        }
        let margin = self.play_out(&mut state, me);
        for &(node, edge, mover) in &self.path {
            let n = &mut self.nodes[node as usize];
            n.visits += 1;
            let e = &mut n.edges[edge as usize];
            e.visits += 1;
            e.reward += self.rewards.get(mover).copied().unwrap_or(0.0);
        }
        margin
    }

    /// The edge to follow from `node` in `state` (its moves listed first if need be): a
    /// legal move not tried yet, at random, else the best by UCB1.
    fn select(&mut self, node: usize, state: &G) -> Option<usize> {
        let n = &mut self.nodes[node];
        if let Some(w) = n.winning {
            return Some(w as usize);
        }
        if !n.listed {
            n.edges = edges_of(state.legal_moves());
            n.listed = true;
            if !self.hidden {
                // A win the game points out is taken at once, by every seat: otherwise the
                // moves of a node are tried in random order, and a reply that wins among
                // hundreds (a STAX king capture) is missed by most walks through the move
                // that allowed it, which then looks safe.
                if let Some(win) = state.winning_move() {
                    n.winning = n.edges.iter().position(|e| e.mv == win).map(|i| i as u32);
                }
            }
            self.legal_here.clear();
            self.legal_here.resize(n.edges.len(), true);
        } else if self.hidden {
            mark_legal(n, &state.legal_moves(), &mut self.legal_here);
        } else {
            self.legal_here.clear();
            self.legal_here.resize(n.edges.len(), true);
        }
        if self.hidden {
            for (e, &legal) in n.edges.iter_mut().zip(&self.legal_here) {
                e.available += u32::from(legal);
            }
        }
        let untried = n
            .edges
            .iter()
            .zip(&self.legal_here)
            .filter(|(e, &legal)| legal && e.visits == 0)
            .count();
        if untried > 0 {
            let k = self.rng.below(untried as u64) as usize;
            return n
                .edges
                .iter()
                .zip(&self.legal_here)
                .enumerate()
                .filter(|(_, (e, &legal))| legal && e.visits == 0)
                .nth(k)
                .map(|(i, _)| i);
        }
        let c = self.settings.exploration;
        let ln_parent = f64::from(n.visits.max(1)).ln();
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        for (i, (e, &legal)) in n.edges.iter().zip(&self.legal_here).enumerate() {
            if !legal {
                continue;
            }
            let visits = f64::from(e.visits);
            let ln_n = if self.hidden {
                f64::from(e.available.max(1)).ln()
            } else {
                ln_parent
            };
            let score = e.reward / visits + c * (ln_n / visits).sqrt();
            if score > best_score {
                best_score = score;
                best = Some(i);
            }
        }
        best
    }

    /// Plays steps from `state` to the end (or the step limit), taking a win at once where
    /// the game points one out ([`Game::winning_move`]) and otherwise the game's playout move
    /// ([`Game::playout_move`]; see [`Settings::guided_playouts`]), writes every seat's reward
    /// and returns `me`'s final score margin (0 for a playout cut off).
    fn play_out(&mut self, state: &mut G, me: Seat) -> f64 {
        let mut steps = 0;
        while steps < self.settings.playout_steps {
            let Some(mover) = state.to_move() else {
                break;
            };
            let mv = if self.settings.playout_takes_wins {
                let moves = state.legal_moves();
                if moves.is_empty() {
                    break;
                }
                match moves.iter().find(|mv| wins_at_once(state, mv, mover)) {
                    Some(mv) => mv.clone(),
                    None => moves[self.rng.below(moves.len() as u64) as usize].clone(),
                }
            } else if let Some(mv) = state.winning_move() {
                mv
            } else {
                let next = if self.settings.guided_playouts {
                    state.playout_move(&mut self.rng)
                } else {
                    state.random_move(&mut self.rng)
                };
                match next {
                    Some(mv) => mv,
                    None => break,
                }
            };
            if state.play(&mv).is_err() {
                break;
            }
            steps += 1;
        }
        match state.outcome() {
            Some(outcome) => {
                outcome_rewards(&outcome, &mut self.rewards);
                outcome
                    .scores
                    .as_deref()
                    .map_or(0.0, |s| score_margin(s, me))
            }
            None => {
                heuristic_rewards(state, &mut self.rewards);
                0.0
            }
        }
    }
}

/// Marks which of `node`'s edges are among `legal` (this sample's moves), adding edges for
/// moves the node has not listed before.
fn mark_legal<M: PartialEq + Clone>(node: &mut Node<M>, legal: &[M], marks: &mut Vec<bool>) {
    marks.clear();
    let same =
        legal.len() == node.edges.len() && legal.iter().zip(&node.edges).all(|(m, e)| *m == e.mv);
    if same {
        marks.resize(node.edges.len(), true);
        return;
    }
    marks.extend(node.edges.iter().map(|e| legal.contains(&e.mv)));
    for mv in legal {
        if !node.edges.iter().any(|e| e.mv == *mv) {
            node.edges.extend(edges_of(vec![mv.clone()]));
            marks.push(true);
        }
    }
}
