//! arbitre: a referee for Superpion, Simpei and Puluc game records.
//!
//! The shared machinery (record files, spans, replay, reports, command line)
//! knows no game; each game lives under [`games`] and plugs in through
//! [`game::Game`].

pub mod cli;
pub mod commands;
pub mod game;
pub mod games;
pub mod record;
pub mod replay;
pub mod report;
pub mod rng;
pub mod source;
pub mod span;
pub mod stats;
