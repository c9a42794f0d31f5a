//! The play page's state: the game being played and what can happen to it.

use std::rc::Rc;

use yew::prelude::*;

use crate::session::{Session, Ticket};
use crate::storage::store::{Opening, Store};
use crate::storage::TableSettings;
use crate::storage::{clock, SaveError};
use crate::ui::browser;
use crate::ui::routes::Route;

/// What the play page holds: the game being played (or why it cannot be), a message, why
/// the game on the board is not saved yet (if it is not), and news of a copy of this game
/// made when two tabs played at once.
#[derive(Clone)]
pub struct PlayState {
    /// Where the game is saved: every change the page makes is handed to it at once, in the
    /// same task as the change ([`PlayState::reduce`]).
    pub store: Store,
    /// The game, or why it cannot be opened.
    pub session: Result<Session, String>,
    /// Something to tell the player.
    pub message: Option<String>,
    /// Why the game on the board is not saved yet, if it is not.
    pub unsaved: Option<SaveError>,
    /// How the game came to be on the page (a copy, a link's new moves).
    pub news: Option<News>,
    /// A hint for the position the ticket names: asked (`None`), or the suggested move, or
    /// why there is none. Shown only while that position is on the board.
    pub hint: Option<(Ticket, Option<Result<String, String>>)>,
}

impl PlayState {
    /// The hint for the position on the board, if one was asked for it.
    pub fn hint_now(&self) -> Option<&Option<Result<String, String>>> {
        let (ticket, hint) = self.hint.as_ref()?;
        let session = self.session.as_ref().ok()?;
        session.is_current(*ticket).then_some(hint)
    }
}

/// What the play page says about how the game came to be on it: a copy kept when two
/// histories diverged (two tabs moving at once, a link that differs), or the moves a link
/// added since the player last looked.
#[derive(Debug, Clone, PartialEq)]
pub struct News {
    /// What happened, for the page.
    pub text: String,
    /// The other game of the two kept, if any.
    pub other: Option<String>,
    /// How many of the last moves are new (listed with the news).
    pub new_moves: usize,
}

thread_local! {
    /// News for the play page of a game about to open (it outlives the page that made it).
    pub static NEWS: std::cell::RefCell<Option<(String, News)>> = const { std::cell::RefCell::new(None) };
}

/// Leaves `news` for the play page of game `id`, which is about to open.
pub fn tell_play_page(id: &str, news: News) {
    NEWS.with(|n| *n.borrow_mut() = Some((id.to_string(), news)));
}

/// This tab's version of game `from` was kept as a copy, `to` (another tab played on it at
/// the same moment): the page goes to the copy and says so.
pub fn go_to_copy(from: &str, to: &str) {
    tell_play_page(
        to,
        News {
            text: "Another tab played on this game at the same moment. Both histories are kept: this is yours, as a copy; the other tab's is the original.".into(),
            other: Some(from.to_string()),
            new_moves: 0,
        },
    );
    browser::navigate(&Route::Play(to.to_string()));
}

/// `session` with its clock started or stopped as its game now says (every change of the
/// page, a move, an undo, a hand-off, may start or stop one: `session::clocks`).
pub fn synced(mut session: Session) -> Session {
    session.sync_clock(clock::now_ms());
    session
}

/// What can happen on the play page.
pub enum PlayAction {
    /// A move in notation, played on the position on the board.
    Move(String),
    /// One move back.
    Undo,
    /// One move forward again.
    Redo,
    /// Show the position after this many moves.
    Goto(usize),
    /// Another tab changed this game: take its version.
    Reload(Box<Result<Opening, String>>),
    /// Something to tell the player.
    Tell(String),
    /// The seat the device was handed to holds it now.
    HandedOver,
    /// Whether the game on the board is in the browser's storage (`None`) or why not.
    SaveState(Option<SaveError>),
    /// Another tab kept its diverging history of this game as a copy.
    Copied(News),
    /// The computer's answer for the position the ticket names (dropped if it is gone).
    Computer(Ticket, Result<String, String>),
    /// A hint was asked for the position the ticket names.
    AskHint(Ticket),
    /// The hint for the position the ticket names (dropped if it is gone).
    Hint(Ticket, Result<String, String>),
    /// Ask the computer again (after it could not move, or when the page comes back into
    /// view): the position gets a new ticket.
    AskAgain,
    /// Where the people sit and whether the board is flipped.
    Table(TableSettings),
    /// Pause the clocks (`true`) or let them run again.
    Pause(bool),
    /// A clock showed zero: the session ends the game on time if it is so.
    Flag,
}

impl Reducible for PlayState {
    type Action = PlayAction;

    /// The next state; a change of the saved game (a move, an undo, a hint counted) is handed
    /// to the store here, before the page shows it: the move and the version it was played on
    /// travel together into one transaction, and no other tab's news (a later task) can come
    /// between them. (Saving in an effect after the render left 40-80 ms in which another
    /// tab's version could replace the move unsaved.) When another tab played on the game at
    /// the same moment, this version is kept as a copy and the page moves to it, saying so.
    fn reduce(self: Rc<Self>, action: PlayAction) -> Rc<Self> {
        let revision = |s: &PlayState| s.session.as_ref().map_or(0, Session::revision);
        let before = revision(&self);
        let next = self.step(action);
        let now = revision(&next);
        match &next.session {
            Ok(session) if now != before && now > 0 => {
                let unsaved = next.store.save(session.saved()).unsaved;
                Rc::new(PlayState {
                    unsaved,
                    ..(*next).clone()
                })
            }
            _ => next,
        }
    }
}

impl PlayState {
    fn step(self: Rc<Self>, action: PlayAction) -> Rc<Self> {
        let tell = |message: String| {
            Rc::new(PlayState {
                message: Some(message),
                ..(*self).clone()
            })
        };
        let session = match (&self.session, action) {
            (_, PlayAction::Tell(message)) => return tell(message),
            (_, PlayAction::SaveState(unsaved)) => {
                if unsaved == self.unsaved {
                    return self;
                }
                return Rc::new(PlayState {
                    unsaved,
                    ..(*self).clone()
                });
            }
            (_, PlayAction::Copied(copy)) => {
                return Rc::new(PlayState {
                    news: Some(copy),
                    ..(*self).clone()
                })
            }
            (Ok(ours), PlayAction::Reload(theirs)) if theirs.is_ok() => {
                let Ok(theirs) = *theirs else { return self };
                let mut next = ours.clone();
                return match next.adopt(theirs) {
                    Ok(()) => Rc::new(PlayState {
                        session: Ok(synced(next)),
                        message: None,
                        ..(*self).clone()
                    }),
                    Err(why) => tell(why),
                };
            }
            (_, PlayAction::Reload(theirs)) => {
                return Rc::new(PlayState {
                    session: (*theirs).and_then(Session::open).map(synced),
                    message: None,
                    ..(*self).clone()
                })
            }
            (_, PlayAction::AskHint(ticket)) => {
                return Rc::new(PlayState {
                    hint: Some((ticket, None)),
                    ..(*self).clone()
                })
            }
            (Err(_), _) => return self,
            (Ok(session), action) => {
                let mut next = session.clone();
                let changed = match action {
                    PlayAction::Move(mv) => match next.play(&mv, clock::now_ms()) {
                        Ok(()) => true,
                        Err(why) => return tell(why),
                    },
                    PlayAction::Undo => next.undo(),
                    PlayAction::Redo => next.redo(),
                    PlayAction::Goto(n) => next.goto(n),
                    PlayAction::HandedOver => {
                        next.confirm_handoff();
                        true
                    }
                    PlayAction::Computer(ticket, Ok(mv)) => {
                        match next.play_answer(ticket, &mv, clock::now_ms()) {
                            Ok(played) => played,
                            Err(why) => {
                                return tell(format!("The computer's move was refused: {why}"))
                            }
                        }
                    }
                    PlayAction::Computer(ticket, Err(why)) => {
                        // Not asked again there until the player says so.
                        if !next.computer_could_not_move(ticket) {
                            return self;
                        }
                        return Rc::new(PlayState {
                            session: Ok(next),
                            message: Some(format!("The computer could not answer here: {why}. The game waits; nothing is lost.")),
                            ..(*self).clone()
                        });
                    }
                    PlayAction::Hint(ticket, hint) => {
                        // Counted (and saved) once shown; dropped if the board moved on.
                        if hint.is_ok() && !next.note_hint(ticket) {
                            return self;
                        }
                        return Rc::new(PlayState {
                            session: Ok(next),
                            hint: Some((ticket, Some(hint))),
                            ..(*self).clone()
                        });
                    }
                    PlayAction::AskAgain => {
                        if next.computer_to_move().is_none() {
                            return self;
                        }
                        next.renew();
                        true
                    }
                    PlayAction::Table(table) => {
                        next.set_table(table);
                        true
                    }
                    PlayAction::Pause(true) => {
                        next.pause(clock::now_ms());
                        true
                    }
                    PlayAction::Pause(false) => {
                        next.resume(clock::now_ms());
                        true
                    }
                    PlayAction::Flag => next.sync_clock(clock::now_ms()),
                    PlayAction::Tell(_)
                    | PlayAction::Reload(_)
                    | PlayAction::SaveState(_)
                    | PlayAction::Copied(_)
                    | PlayAction::AskHint(_) => false,
                };
                if !changed {
                    return self;
                }
                synced(next)
            }
        };
        Rc::new(PlayState {
            session: Ok(session),
            message: None,
            ..(*self).clone()
        })
    }
}
