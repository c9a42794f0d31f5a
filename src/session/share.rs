//! Sharing a session: when the game may leave the device in a link or a file, what the
//! player is asked first, and what a link carries.

use super::Session;
use crate::record::GameRecord;

impl Session {
    /// Whether a share link or a downloaded file would carry secrets now: each holds the
    /// whole game, every move, so while a game with hidden information goes on, every
    /// player's secrets too.
    pub fn carries_secrets(&self) -> bool {
        self.live().info().hidden_information && !self.over()
    }

    /// Whether a share link is offered: not while it would carry secrets (the device is
    /// passed instead; the link is offered again once the game is over).
    pub fn offers_link(&self) -> bool {
        !self.carries_secrets()
    }

    /// The name of the game's downloaded file.
    pub fn file_name(&self) -> String {
        format!("stackplay-{}-{}.json", self.record().game, self.saved.id)
    }
}

/// What the player is asked before `what` ("file") carries the game off the device while it
/// carries secrets ([`Session::carries_secrets`]).
pub fn secrets_question(what: &str) -> String {
    format!(
        "This {what} holds the whole game, every player's secrets included: anyone who opens it can see them all. Go on?"
    )
}

/// A share link's payload for `record`: its JSON compressed, where the browser could
/// (`deflated`: short enough for a chat message), else the plain record.
pub fn link_payload(record: &GameRecord, deflated: Option<&[u8]>) -> String {
    match deflated {
        Some(bytes) => GameRecord::compressed_payload(bytes),
        None => record.to_link_payload(),
    }
}
