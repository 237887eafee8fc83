//! The commands, one per file, each kept thin: read, hand to the library,
//! report. Output is written as it is found, to writers the caller owns.

mod analyse;
mod best;
mod check;
mod explain;
mod fmt;
mod lsp;
mod position;
mod repair;
mod score;
mod solve;
mod standings;
mod stats;

use std::io;

use arbitre::games;
use arbitre::AnyGame;

use crate::cli::{Cli, Command};
use crate::output::{style_for, usage, Output, LEGAL};
pub use lsp::lsp;
use position::Print;

/// Run a command; `Err` only when the output could not be written.
pub fn run(cli: &Cli, output: &mut Output<'_>) -> io::Result<u8> {
    let style = style_for(cli.color);
    match &cli.command {
        Command::Check(args) => check::check(args, style, output),
        Command::Score(args) => score::score(args, style, output),
        Command::Stats(args) => stats::stats(args, style, output),
        Command::Standings(args) => standings::standings(args, style, output),
        Command::Show(args) => position::position(args, style, output, Print::Diagram),
        Command::Moves(args) => position::position(
            &args.position,
            style,
            output,
            Print::Moves {
                expand: args.expand,
                best: args.best.then_some(&args.table),
            },
        ),
        Command::Solve(args) => solve::solve(args, style, output),
        Command::Analyse(args) => analyse::analyse(args, style, output),
        Command::Fmt(args) => fmt::fmt(args, output),
        Command::Repair(args) => repair::repair(args, style, output),
        Command::Explain(args) => explain::explain(args, style, output),
        Command::Lsp => Ok(lsp()),
        Command::New { game } => with_game(game, output, |g, out| {
            out.out.write_all(g.template().as_bytes())?;
            Ok(LEGAL)
        }),
        Command::Random {
            game,
            seed,
            max_turns,
            mode,
        } => with_game(game, output, |g, out| {
            match g.random(mode.as_deref(), *seed, *max_turns) {
                Ok(text) => {
                    out.out.write_all(text.as_bytes())?;
                    Ok(LEGAL)
                }
                Err(err) => usage(out, &err),
            }
        }),
        Command::Completions { shell } => {
            use clap::CommandFactory;
            clap_complete::generate(*shell, &mut Cli::command(), "arbitre", &mut *output.out);
            Ok(LEGAL)
        }
        Command::Perft { game, depth, mode } => with_game(game, output, |g, out| {
            match g.perft(mode.as_deref(), *depth) {
                Ok(count) => {
                    writeln!(out.out, "{count}")?;
                    Ok(LEGAL)
                }
                Err(err) => usage(out, &err),
            }
        }),
    }
}

fn with_game(
    name: &str,
    output: &mut Output<'_>,
    f: impl FnOnce(&'static dyn AnyGame, &mut Output<'_>) -> io::Result<u8>,
) -> io::Result<u8> {
    match games::find(name) {
        Some(game) => f(game, output),
        None => usage(
            output,
            &format!(
                "`{name}` is not a game arbitre knows; {}",
                games::suggest(name)
            ),
        ),
    }
}
