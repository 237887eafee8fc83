//! The command line, defined once with clap; the man pages are generated
//! from this definition.

use std::path::PathBuf;

use clap::builder::PossibleValue;
use clap::{Args, CommandFactory, Parser, Subcommand};

use arbitre::at::At;
use arbitre::{Limits, Machine};

/// When to colour, as asked on the command line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    #[default]
    Auto,
    Always,
    Never,
}

/// A command's `--format`: its own values for people and tools, and every
/// machine format of the library ([`Machine::ALL`]) after the first of
/// them, so that a machine format added to the library reaches every
/// command. Each own value is `Variant("name", "help")`.
macro_rules! formats {
    ($(#[$doc:meta])* $name:ident, $about:ident,
     $first:ident($first_name:literal, $first_help:literal)
     $(, $own:ident($own_name:literal, $own_help:literal))* $(,)?) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name {
            $first,
            /// A machine format: the library writes any document in it.
            Machine(Machine),
            $($own,)*
        }

        impl $name {
            /// The machine format asked for, if any (`check` matches the
            /// variant in its sinks instead).
            #[allow(dead_code)]
            pub fn machine(self) -> Option<Machine> {
                match self {
                    $name::Machine(machine) => Some(machine),
                    _ => None,
                }
            }
        }

        impl clap::ValueEnum for $name {
            fn value_variants<'a>() -> &'a [Self] {
                static ALL: std::sync::LazyLock<Vec<$name>> = std::sync::LazyLock::new(|| {
                    let mut all = vec![$name::$first];
                    all.extend(Machine::ALL.iter().map(|&machine| $name::Machine(machine)));
                    let own: &[$name] = &[$($name::$own),*];
                    all.extend_from_slice(own);
                    all
                });
                &ALL
            }

            fn to_possible_value(&self) -> Option<PossibleValue> {
                Some(match self {
                    $name::$first => PossibleValue::new($first_name).help($first_help),
                    $name::Machine(machine) => {
                        PossibleValue::new(machine.name()).help(machine.$about())
                    }
                    $($name::$own => PossibleValue::new($own_name).help($own_help),)*
                })
            }
        }
    };
}

formats! {
    /// Output formats of the commands that report on one record or on totals.
    Format, about,
    Human("human", "For people: diagnostics, tables, one line per record"),
}

formats! {
    /// Output formats of `show` and `moves`: a position.
    PositionFormat, about,
    Human("human", "For people: the diagram (show) or the legal turns (moves)"),
    Svg("svg", "show only: the position drawn as one self-contained SVG picture"),
    Png("png", "show only: the same picture as a PNG image"),
}

formats! {
    /// Output formats of `standings`: the tables for people, one document,
    /// or a CSV row per player and group.
    StandingsFormat, about,
    Human("human", "For people: one table per event and game, then the records not counted and the warnings"),
    Csv(
        "csv",
        "One row per player and group, the group's event and game first, after a header row; fields quoted as RFC 4180 quotes them, and an event or a name that a spreadsheet would take for a formula (=, +, -, @ first) led by '"
    ),
}

formats! {
    /// Output formats of `check`, which streams its records; a machine
    /// format is written as the records are checked.
    CheckFormat, about_run,
    Human("human", "For people: diagnostics, tables, one line per record"),
    Short(
        "short",
        "One line per finding, `path:line:col: error[rule]: illegal: message` \
         (warnings as `warning[rule]:`), as rustc and gcc write them, for editors \
         and problem matchers"
    ),
    Github(
        "github",
        "GitHub Actions workflow commands: each finding an annotation \
         (`::error file=...,line=...::message`, warnings as `::warning`)"
    ),
    Sarif(
        "sarif",
        "SARIF 2.1.0, for code scanning: one run, every rule declared, each finding \
         a result with its region"
    ),
    Junit(
        "junit",
        "JUnit XML, one test case per record: a failure when illegal, an error when \
         malformed or unreadable"
    ),
    Html(
        "html",
        "One self-contained HTML page: the totals, every record that is not legal \
         with its diagnostic and a replay board, then the legal ones"
    ),
}

/// What `check` does with warnings in human and short output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Warnings {
    /// Each warning drawn over the record.
    #[default]
    Show,
    /// Counted on the record's line and in the totals, not drawn.
    Summary,
    /// Not printed (still counted in the totals and in machine output).
    None,
}

/// "superpion, simpei or puluc", in the words of the registry.
fn game_names(quote: &str) -> String {
    let names: Vec<String> = arbitre::games::names()
        .iter()
        .map(|n| format!("{quote}{n}{quote}"))
        .collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// The top-level help: the games and a line of each one's notation, all
/// from the registry.
fn long_about() -> String {
    let mut text = String::from(concat!(
        "arbitre replays game records with the full rules and prints the result and scores, ",
        "or pinpoints the first illegal action: where it is, the rule it breaks, and what was ",
        "legal instead.\n\n",
    ));
    text.push_str(&format!(
        "A record is a YAML header between two `---` lines ({}, players, mode, setup...) \
         followed by the turns:\n\n",
        game_names("`").replacen('`', "`game: ", 1)
    ));
    let lines: Vec<String> = arbitre::games::all()
        .iter()
        .map(|g| format!("  {:<10} {}", g.title(), g.example()))
        .collect();
    text.push_str(&lines.join("\n"));
    text
}

fn about() -> String {
    let titles: Vec<&str> = arbitre::games::all().iter().map(|g| g.title()).collect();
    let games = match titles.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => titles.concat(),
    };
    format!("A referee for {games} game records")
}

/// The deepest perft of each game, from the registry.
fn depth_help() -> String {
    let deepest: Vec<String> = arbitre::games::all()
        .iter()
        .map(|g| format!("{} for {}", g.deepest_perft(), g.title()))
        .collect();
    format!(
        "How many turns deep: at most {} (one deeper takes more than a minute, and is refused)",
        deepest.join(", ")
    )
}

fn game_help() -> String {
    format!("The game: {}", game_names(""))
}

const EXAMPLES: &str = concat!(
    "Examples:\n",
    "  arbitre check samples\n",
    "  arbitre check --format json samples/simpei/spec-example.arb\n",
    "  arbitre check samples/superpion/spec-example.arb\n",
    "  arbitre score samples/superpion/teams-captured-superpion.arb\n",
    "  arbitre moves samples/superpion/maximum-capture.arb --turn 0\n",
    "  arbitre show samples/simpei/two-piece-sandwich.arb\n",
    "  arbitre check samples/puluc/full-game.arb\n",
    "  arbitre stats samples/puluc\n",
    "  arbitre new simpei > game.arb\n\n",
    "Exit status: 0 every record legal, 1 some record illegal, 2 usage error, a record ",
    "malformed, or a path unreadable (a file, or a directory that cannot be walked or holds ",
    "no *.arb: reported, and the other paths still checked), 3 (check --deny-warnings) ",
    "every record legal but some warned about. stats, a report, exits 0 unless a path is ",
    "unreadable.",
);

#[derive(Debug, Parser)]
#[command(
    name = "arbitre",
    version,
    disable_help_subcommand = true,
    about = about(),
    long_about = long_about(),
    after_help = EXAMPLES
)]
pub struct Cli {
    /// When to colour the output; NO_COLOR and TERM=dumb are honoured under `auto`.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    pub color: ColorChoice,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check records: the verdict of every record, and the first illegal action.
    #[command(
        after_help = "Examples:\n  arbitre check samples\n  arbitre check samples/simpei/spec-example.arb samples/puluc/full-game.arb\n  cat samples/puluc/full-game.arb | arbitre check -\n  arbitre check --rule forgive-missed-captures --format json samples/superpion/maximum-capture.arb"
    )]
    Check(CheckArgs),

    /// The final state of a record: the winner and scores, or who is to act.
    #[command(after_help = "Example:\n  arbitre score samples/superpion/scoring-example.arb")]
    Score(ScoreArgs),

    /// Throw statistics: each throw value's count against fair throws, and
    /// the chi-square p-value. A report only: it never changes a verdict.
    #[command(
        after_help = "Examples:\n  arbitre stats samples/puluc\n  arbitre stats --format json samples/puluc/full-game.arb samples/puluc/spec-example.arb\n\nA small p-value (below 0.01, say) means fair sticks would rarely fall that far from the\nexpected counts; with few throws (expected counts below 5) the test is rough."
    )]
    Stats(StatsArgs),

    /// Draw the position after some turns, with who is to act.
    #[command(
        after_help = "Examples:\n  arbitre show samples/superpion/promotion-spare.arb\n  arbitre show samples/superpion/promotion-spare.arb --turn 0\n  arbitre show samples/superpion/promotion-spare.arb --turn 2.B\n  arbitre show samples/simpei/illegal-occupied.arb --format svg > position.svg\n\nOn an illegal record the default is the position before the first illegal turn, said in a first line, and the exit status is 1 (as for a --turn past that turn). Once the game is over (a win, or the header's `end`), the diagram says how."
    )]
    Show(PositionArgs),

    /// List every legal turn at a point of a record (to settle a dispute).
    #[command(
        after_help = "Examples:\n  arbitre moves samples/simpei/spec-example.arb --turn 7\n  arbitre moves samples/simpei/spec-example.arb --turn 3...\n  arbitre moves samples/simpei/spec-example.arb --turn 7 --best\n\nOn an illegal record the default is the position before the first illegal turn, said in a first line, and the exit status is 1 (as for a --turn past that turn). Once the game is over (a win, or the header's `end`), no turn is legal and the first line says how it ended. A Simpei action that sandwiches two pieces or more is one line, with how many turns its relocations make; --expand lists each of them."
    )]
    Moves(MovesArgs),

    /// Write records in canonical form: move numbers, lowercase squares,
    /// a pair of turns (Simpei, Puluc) or a round (Superpion) to a line,
    /// short forms written in full, comments kept where they stood.
    #[command(
        after_help = "Examples:\n  arbitre fmt samples/simpei/three-ways.arb\n  arbitre fmt --check samples/puluc/spec-example.arb\n  cat samples/simpei/pass.arb | arbitre fmt -\n\nThe header is kept byte for byte, and so is all that stands before the first record. A record malformed or illegal is written back as it stands, its diagnostic on standard error as check --format short gives it. Without --check or --in-place the records are printed on standard output.\n\nExit status: 0 every record legal (and, with --check, every file canonical), 1 with --check some file would change, or some record is illegal (left as it stands), 2 usage error, a record malformed or a path unreadable (the other paths are still formatted)."
    )]
    Fmt(FmtArgs),

    /// The likeliest records an illegal one was meant to be: the cheapest
    /// edits, weighed as transcription slips, that make it legal to its end.
    #[command(
        after_help = "Examples:\n  arbitre repair samples/simpei/repair-misread.arb\n  arbitre repair --best 1 samples/superpion/repair-capture-as-move.arb\n  arbitre repair --format json samples/puluc/repair-turn-left-out.arb\n\nThe slips and their costs: a letter or digit read as its neighbour 2 (d4 for d5, d4 for e4), as another of its kind 3, `-` for `x` 2, two characters transposed 2, the squares of a move or the actions of a turn the wrong way round 2, two turns swapped 4, a turn written twice 2.5, a turn left out 5, a turn removed 8, any other legal turn by how far its text is; an edit costs 0.1 more for each turn it stands before the turn that fails. Each repair is checked as a whole record: those that reach a legal verdict come first. The search is bounded by turns played (--budget), never by the clock: the same record gets the same repairs on any machine.\n\nExit status: 0 every record legal (nothing to repair) or, with --apply, every repaired record legal; 1 some record illegal or malformed (its repairs printed), or with --apply some record left as it was; 2 usage error or a path unreadable."
    )]
    Repair(RepairArgs),

    /// Explain a rule: what it asks, where the rules say so, a record that
    /// breaks it with what arbitre says of it, and its legal neighbour.
    #[command(
        after_help = "Examples:\n  arbitre explain simpei/occupied\n  arbitre explain --list\n  arbitre explain --list --format json"
    )]
    Explain(ExplainArgs),

    /// The standings of the events the records hold: one table per event and
    /// game, with points and tie-breaks (two-player games) or total scores
    /// (Superpion's multi-player modes), and the records that do not count.
    #[command(
        after_help = "Examples:\n  arbitre standings samples/simpei/club-night\n  arbitre standings --crosstable samples/puluc/club-night\n  arbitre standings --points 3,1,0 --format csv samples/superpion/club-night\n\nA record counts when it is legal and its game decided (won, scored by its ending, decided off the board, or drawn); every other record is listed under its event's table with why. Two-player tables are ranked by points, then Sonneborn-Berger (opponents' points times the result: 1, 1/2, 0), then Buchholz (opponents' points), then wins, then the name; players equal on all of them share a rank, written as a span (3-4). Multi-player tables are ranked by total score, then wins (first places, shared or not), then average.\n\nExit status as check: 0 no record illegal or malformed and every path read (unfinished records are not errors), 1 some record illegal, 2 usage error, a record malformed or a path unreadable; the standings are printed all the same."
    )]
    Standings(StandingsArgs),

    /// Serve the Language Server Protocol over standard input and output,
    /// so that an editor checks records as they are typed.
    #[command(
        after_help = "Example: an editor starts it as `arbitre lsp`, with no argument. The server speaks JSON-RPC on standard input and output (language id `arbitre`, files `*.arb`): diagnostics for every record of a document as it changes (the rule id as the code), completion of the legal actions at the cursor and of header keys and values, hover (the position before an action and what was legal, a rule's explanation, a header key's meaning), formatting as fmt writes it, one symbol per record, and a code action explaining a diagnostic's rule. docs/editors.md sets it up in Neovim, VS Code, Helix and Emacs.\n\nExit status: 0 after the client's shutdown and exit, 2 otherwise (the client went away, or exited without shutting down)."
    )]
    Lsp,

    /// Print a template record with a commented header.
    #[command(after_help = "Example:\n  arbitre new simpei > game.arb")]
    New {
        #[arg(help = game_help())]
        game: String,
    },

    /// Play a random legal game and print it as a record.
    #[command(
        after_help = "Examples:\n  arbitre random simpei --seed 7\n  arbitre random superpion --mode teams --max-turns 40"
    )]
    Random {
        #[arg(help = game_help())]
        game: String,
        /// The seed; the same seed gives the same game.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Stop after this many turns if the game has not ended (at most
        /// 100000).
        #[arg(long, default_value_t = 200, value_parser = max_turns())]
        max_turns: usize,
        /// The game's mode, where it has several.
        #[arg(long)]
        mode: Option<String>,
    },

    /// Print a shell's completion script for arbitre.
    #[command(
        after_help = "Examples:\n  arbitre completions bash > ~/.local/share/bash-completion/completions/arbitre\n  arbitre completions zsh > ~/.zfunc/_arbitre\n  arbitre completions fish > ~/.config/fish/completions/arbitre.fish"
    )]
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },

    /// Solve a game: the value with perfect play of every position, built
    /// once into a table (Simpei only).
    #[command(
        after_help = "Examples:\n  arbitre solve simpei\n  arbitre solve simpei --format json\n  arbitre solve simpei --alignment adjacent\n\nThe table is kept in the user's cache directory (or at --table): a later run reads it back, checks its header and checksum, and prints what it found. A table of this game that is corrupt, truncated or of another arbitre's rulings is built again, never trusted; a file that is no table is never written over. Building takes about a minute and 370 MiB of memory on two cores."
    )]
    Solve(SolveArgs),

    /// Every turn of a Simpei record with its value before and after, the
    /// turns that give a win, a draw or time away flagged, and what perfect
    /// play makes of the record's start.
    #[command(
        after_help = "Examples:\n  arbitre analyse samples/simpei/spec-example.arb\n  arbitre analyse --format json samples/simpei/spec-example.arb\n\nValues count turns, both players' turns, the winning one included: \"red wins in 3\" means Red's win comes on the third turn from here, whatever Blue does. The table comes from `arbitre solve simpei`.\n\nExit status: 0 a legal record, 1 an illegal one (analysed up to its first illegal turn), 2 no usable table, a record malformed or not Simpei."
    )]
    Analyse(AnalyseArgs),

    /// Count the distinct legal turn sequences of a given depth (perft).
    #[command(after_help = "Example:\n  arbitre perft simpei --depth 3")]
    Perft {
        #[arg(help = game_help())]
        game: String,
        #[arg(long, help = depth_help())]
        depth: u32,
        /// The game's mode, where it has several.
        #[arg(long)]
        mode: Option<String>,
    },
}

#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The rule id, as a diagnostic names it (`simpei/occupied`, `header`).
    #[arg(required_unless_present = "list", conflicts_with = "list")]
    pub rule: Option<String>,
    /// List every rule id with its kind and summary.
    #[arg(long)]
    pub list: bool,
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
}

#[derive(Debug, Args)]
pub struct Switch {
    /// Turn on a house rule (e.g. forgive-missed-captures); NAME=false turns
    /// it off. The command line wins over the header's `rules`. Records of a
    /// game without that rule are checked as usual, and a note on standard
    /// error says how many.
    #[arg(long = "rule", value_name = "NAME[=BOOL]")]
    pub rules: Vec<String>,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Record files (read whatever their name), directories (searched for
    /// *.arb in any case, in natural order, each file once, hidden entries
    /// left out and counted), or - for standard input.
    #[arg(required = true)]
    pub paths: Vec<String>,
    /// Output format; every format is written as records are checked
    /// (junit's counts come first, so its cases wait for the end).
    #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
    pub format: CheckFormat,
    /// The name standard input (`-`) goes by in the output, in every
    /// format: the file an editor or a platform piped in.
    #[arg(long = "stdin-filename", value_name = "NAME")]
    pub stdin_filename: Option<String>,
    /// Print only the records that are not legal (and warnings, unless
    /// silenced), then the totals.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Show warnings drawn over the record, only in the counts, or not at
    /// all (human, short and github output; json, jsonl, yaml, sarif and
    /// junit always hold them).
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = Warnings::Show)]
    pub warnings: Warnings,
    /// Fail on warnings: a run whose records are all legal but warned about
    /// exits with status 3.
    #[arg(long)]
    pub deny_warnings: bool,
    /// Threads checking records, 1 to 256 (default: every core, at most
    /// 256). The output is the same, byte for byte, whatever the number.
    #[arg(long, short = 'j', value_name = "N", value_parser = jobs())]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub switch: Switch,
    // After the options without a heading: its heading holds for the
    // options after it, up to the next heading.
    #[command(flatten)]
    pub walk: WalkArgs,
    // Last: its help heading holds for the options after it.
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// The most threads `check --jobs` starts. Each is a thread with chunks of
/// records in flight, so the flag bounds threads and memory: with no bound,
/// `--jobs 1000000` spent most of a minute starting threads for one record,
/// and larger numbers overflowed the in-flight count and aborted. 256 is
/// more than the cores of any machine arbitre runs on (more threads than
/// cores only take turns), and starts in milliseconds.
pub const MAX_JOBS: usize = 256;

/// `--jobs` as clap reads it: a number in 1..=MAX_JOBS, or a usage error
/// that names the range.
fn jobs() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::new().range(1..=MAX_JOBS as u64)
}

/// The most turns `random --max-turns` plays. A game nobody can end (a
/// mode where no capture is left to make) goes on as long as it is asked:
/// unbounded, it grew by gigabytes and printed a record past the default
/// record size, which `check` then called malformed. At this bound the
/// longest-written game stays well under that size (tests/limits.rs plays
/// it), and `random` answers in a second.
pub const MAX_RANDOM_TURNS: usize = 100_000;

/// `random --max-turns` as clap reads it: at most [`MAX_RANDOM_TURNS`], or
/// a usage error that names the range.
fn max_turns() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::new().range(0..=MAX_RANDOM_TURNS as u64)
}

/// `solve --jobs` as clap reads it: a number in 1..=MOST_THREADS (the
/// most the build shares its work among), or a usage error that names the
/// range, rather than a number quietly held to it.
fn solve_jobs() -> clap::builder::RangedU64ValueParser<usize> {
    use arbitre::games::simpei::solve::MOST_THREADS;
    clap::builder::RangedU64ValueParser::new().range(1..=MOST_THREADS as u64)
}

/// The input limits of the commands that read records (docs/limits.md): a
/// record past one is malformed, with an error naming the flag.
#[derive(Debug, Args)]
#[command(next_help_heading = "Input limits")]
pub struct LimitArgs {
    /// The most bytes one record may take; a longer one is malformed.
    #[arg(long, value_name = "BYTES", default_value_t = Limits::DEFAULT_RECORD_BYTES)]
    pub max_record_bytes: usize,
    /// The most bytes a header may take, checked before it is parsed.
    #[arg(long, value_name = "BYTES", default_value_t = Limits::DEFAULT_HEADER_BYTES)]
    pub max_header_bytes: usize,
    /// The most `[` and `{` a header may hold, in quotes and comments too:
    /// they bound how deep it nests.
    #[arg(long, value_name = "N", default_value_t = Limits::DEFAULT_HEADER_BRACKETS)]
    pub max_header_brackets: usize,
    /// The most bytes one movetext token may take (comments are not tokens).
    #[arg(long, value_name = "BYTES", default_value_t = Limits::DEFAULT_TOKEN_BYTES)]
    pub max_token_bytes: usize,
}

impl LimitArgs {
    /// The limits asked for; a record must be allowed at least a byte.
    pub fn limits(&self) -> Limits {
        Limits {
            record_bytes: self.max_record_bytes.max(1),
            header_bytes: self.max_header_bytes,
            header_brackets: self.max_header_brackets,
            token_bytes: self.max_token_bytes,
        }
    }
}

/// How directories are walked (the library's `WalkOptions`): files named
/// on the command line are read whatever these say.
#[derive(Debug, Args)]
#[command(next_help_heading = "Directory walks")]
pub struct WalkArgs {
    /// Walk hidden files and directories too (names starting with `.`);
    /// without it the hidden *.arb files are counted as left out.
    #[arg(long)]
    pub hidden: bool,
    /// Leave out what the .gitignore, .ignore and .git/info/exclude files
    /// inside the directory given name (never those above it, nor the
    /// global one); each *.arb file left out is counted. The ignore files
    /// in force at once are bounded (64 KiB): one past it is an error and
    /// its directory is not walked. Without it every *.arb file is read.
    #[arg(long, overrides_with = "no_ignore")]
    pub respect_ignore: bool,
    /// Read what ignore files name: the default, kept for scripts; undoes
    /// an earlier --respect-ignore.
    #[arg(long, hide = true, overrides_with = "respect_ignore")]
    pub no_ignore: bool,
    /// Name on standard error each *.arb file the walk leaves out, and
    /// why (hidden, ignored, excluded, unmatched).
    #[arg(long)]
    pub list_left_out: bool,
    /// Follow symbolic links to files and directories; each file is still
    /// checked once, named by the first path that reaches it, and a link to
    /// a parent directory ends quietly. Without it a link named *.arb is
    /// skipped with a warning.
    #[arg(long)]
    pub follow: bool,
    /// Check only the *.arb files whose path below the directory given (or
    /// one of its directories) matches GLOB, in .gitignore syntax
    /// (`game-*.arb`, `2026/`); repeat it for more. The others are counted
    /// as left out.
    #[arg(long, value_name = "GLOB")]
    pub glob: Vec<String>,
    /// Leave out the files and directories whose path below the directory
    /// given matches GLOB, in .gitignore syntax; wins over --glob. The
    /// *.arb files left out are counted.
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
}

impl WalkArgs {
    /// The walker of these flags, or the pattern that is no glob.
    pub fn walker(&self) -> Result<arbitre::walk::Walker, arbitre::walk::PatternError> {
        arbitre::WalkOptions {
            hidden: self.hidden,
            respect_ignore: self.respect_ignore,
            follow: self.follow,
            globs: self.glob.clone(),
            excludes: self.exclude.clone(),
        }
        .walker()
    }
}

#[derive(Debug, Args)]
pub struct FmtArgs {
    /// Record files (read whatever their name), directories (searched for
    /// *.arb in any case, in natural order, each file once, hidden entries
    /// left out and counted), or - for standard input.
    #[arg(required = true)]
    pub paths: Vec<String>,
    /// Change nothing: print a unified diff of what would change, and exit
    /// with status 1 when some file is not in canonical form.
    #[arg(long, conflicts_with = "in_place")]
    pub check: bool,
    /// Rewrite each file that changes, atomically: a temporary file beside
    /// it, synced, then renamed over it, its owner and permissions kept.
    /// Files already canonical are not touched; a file that is not regular
    /// (a FIFO, a device), whose mode forbids writing it, or that has
    /// other names (hard links) is left alone, with an error.
    #[arg(long, short = 'i')]
    pub in_place: bool,
    /// The name standard input (`-`) goes by in diagnostics and in the
    /// diff: the file an editor pipes in.
    #[arg(long = "stdin-filename", value_name = "NAME")]
    pub stdin_filename: Option<String>,
    #[command(flatten)]
    pub switch: Switch,
    // After the options without a heading: its heading holds for the
    // options after it, up to the next heading.
    #[command(flatten)]
    pub walk: WalkArgs,
    // Last: its help heading holds for the options after it.
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// `--points W,D,L` as clap reads it: three numbers from 0 with at most
/// two decimals, or a usage error saying what is wrong.
fn points(text: &str) -> Result<arbitre::standings::Points, String> {
    text.parse()
}

#[derive(Debug, Args)]
pub struct RepairArgs {
    /// Record files, or - for standard input; every record of each is
    /// repaired on its own.
    #[arg(required = true)]
    pub paths: Vec<String>,
    /// How many repairs to give per record, best first (1 to 20).
    #[arg(long, default_value_t = 3, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=20))]
    pub best: usize,
    /// Write the N-th repair of every record that is not legal into its
    /// file, atomically, as fmt --in-place writes (records without an N-th
    /// repair are left as they stand).
    #[arg(long, value_name = "N", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=20))]
    pub apply: Option<usize>,
    /// How many turns before the first turn that fails a slip is looked
    /// for (0 to 30): a misread turn may stay legal and break a later one.
    #[arg(long, default_value_t = 6, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=30))]
    pub lookback: usize,
    /// How many turns the search may play per record, trying edits (1000
    /// to 2000000; the default takes under a second on one core).
    #[arg(long, default_value_t = 300_000, value_parser = clap::builder::RangedU64ValueParser::<u64>::new().range(1000..=2_000_000))]
    pub budget: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    #[command(flatten)]
    pub switch: Switch,
    // Last: its help heading holds for the options after it.
    #[command(flatten)]
    pub limits: LimitArgs,
}

#[derive(Debug, Args)]
pub struct StandingsArgs {
    /// Record files (read whatever their name), directories (searched for
    /// *.arb in any case, in natural order, each file once, hidden entries
    /// left out and counted), or - for standard input.
    #[arg(required = true)]
    pub paths: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = StandingsFormat::Human)]
    pub format: StandingsFormat,
    /// Points for a win, a draw and a loss in two-player games (default
    /// 1,0.5,0): numbers from 0 with at most two decimals, `3,1,0` say.
    /// Sonneborn-Berger counts results as 1, 1/2, 0 whatever they are.
    #[arg(long, value_name = "W,D,L", value_parser = points)]
    pub points: Option<arbitre::standings::Points>,
    /// Add each two-player table's crosstable: one row and one column per
    /// player in rank order, each cell the row player's results against
    /// the column's (1, ½, 0, by round or in input order), x on the
    /// diagonal.
    #[arg(long)]
    pub crosstable: bool,
    /// The name standard input (`-`) goes by in the output.
    #[arg(long = "stdin-filename", value_name = "NAME")]
    pub stdin_filename: Option<String>,
    /// Threads checking records, 1 to 256 (default: every core, at most
    /// 256). The output is the same whatever the number.
    #[arg(long, short = 'j', value_name = "N", value_parser = jobs())]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub switch: Switch,
    // After the options without a heading: its heading holds for the
    // options after it, up to the next heading.
    #[command(flatten)]
    pub walk: WalkArgs,
    // Last: its help heading holds for the options after it.
    #[command(flatten)]
    pub limits: LimitArgs,
}

#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Record files (read whatever their name), directories (searched for
    /// *.arb in any case, in natural order, each file once, hidden entries
    /// left out and counted), or - for standard input.
    #[arg(required = true)]
    pub paths: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    #[command(flatten)]
    pub walk: WalkArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
}

#[derive(Debug, Args)]
pub struct ScoreArgs {
    /// A record file, or - for standard input.
    pub file: String,
    /// Which record of the file, from 0.
    #[arg(long, default_value_t = 0)]
    pub record: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    #[command(flatten)]
    pub switch: Switch,
    // Last: its help heading holds for the options after it.
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Which alignments win, for `solve --alignment`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum AlignmentArg {
    /// Three of a line, none of the opponent's between the outer two.
    Gapped,
    /// Three next to each other on a line.
    Adjacent,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The game to solve: only `simpei` is.
    pub game: String,
    /// Where the table is kept; by default in the user's cache directory.
    #[arg(long, value_name = "PATH")]
    pub table: Option<PathBuf>,
    /// Build the table again even if a sound one is there.
    #[arg(long)]
    pub rebuild: bool,
    /// Solve the smaller game with this many pieces each (1 to 4), every
    /// rule otherwise the same: for study and tests. Its table is kept
    /// apart from the game's.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=4))]
    pub pieces: u8,
    /// Which alignments win: `gapped` as the rules say (three of a line,
    /// no opponent between, a gap may stay empty), or `adjacent` (three
    /// next to each other), for study: docs/solved.md compares the two.
    /// Its table is kept apart from the game's.
    #[arg(long, value_enum, default_value_t = AlignmentArg::Gapped)]
    pub alignment: AlignmentArg,
    /// Threads for the build, 1 to 64 (default: one per core, at most 64).
    #[arg(long, value_name = "N", value_parser = solve_jobs())]
    pub jobs: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
}

#[derive(Debug, Args)]
pub struct AnalyseArgs {
    /// A Simpei record file, or - for standard input.
    pub file: String,
    /// Which record of the file, from 0.
    #[arg(long, default_value_t = 0)]
    pub record: usize,
    /// The table built by `arbitre solve simpei`; by default the one in the
    /// user's cache directory.
    #[arg(long, value_name = "PATH")]
    pub table: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    // Last: its help heading holds for the options after it.
    #[command(flatten)]
    pub limits: LimitArgs,
}

#[derive(Debug, Args)]
pub struct MovesArgs {
    /// Order the legal turns by their value with perfect play, best first,
    /// each with its value (Simpei, with the table `arbitre solve simpei`
    /// builds). An action that sandwiches two pieces or more is one line,
    /// as without --best, valued by its best turn, which it names, and
    /// with its worst value; --expand lists and values each turn.
    #[arg(long)]
    pub best: bool,
    /// The table for --best; by default the one in the user's cache
    /// directory.
    #[arg(long, value_name = "PATH", requires = "best")]
    pub table: Option<PathBuf>,
    /// List each legal turn on its own line, also those grouped by default:
    /// a Simpei action that sandwiches two pieces or more is listed once,
    /// with where the pieces may go and how many turns that makes.
    #[arg(long)]
    pub expand: bool,
    #[command(flatten)]
    pub position: PositionArgs,
}

#[derive(Debug, Args)]
pub struct PositionArgs {
    /// A record file, or - for standard input.
    pub file: String,
    /// Where to stop: a number counts turns (`5`: after 5 turns, `0`: the
    /// start); a turn label as the reports print it (`3.B`, `12.`, `3...`,
    /// `3... blue`) means the position before that turn is played. Default:
    /// after every turn, or before the first illegal one.
    #[arg(long, value_name = "N|LABEL")]
    pub turn: Option<At>,
    /// Which record of the file, from 0.
    #[arg(long, default_value_t = 0)]
    pub record: usize,
    /// Output format: json and yaml give the position as a `setup` header
    /// value, whose turn it is and (for moves) the legal turns with their
    /// parts; svg and png (show only) draw the position, on an illegal
    /// record with the refused action in red and what was legal there
    /// faintly.
    #[arg(long, value_enum, default_value_t = PositionFormat::Human)]
    pub format: PositionFormat,
    #[command(flatten)]
    pub switch: Switch,
    // Last: its help heading holds for the options after it.
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// The man pages: `arbitre.1` and one per command, as (file name, roff).
/// Written by `tests/man.rs`, which includes this file; the binary itself
/// does not print them. Each page ends with the exit statuses and the
/// environment; a command's page lists the global options too.
#[allow(dead_code)]
pub fn man_pages() -> Vec<(String, Vec<u8>)> {
    let mut command = Cli::command();
    // Hands the global options down to every command.
    command.build();
    let mut pages = Vec::new();
    let mut render = |name: String, cmd: clap::Command| {
        let mut roff = Vec::new();
        if clap_mangen::Man::new(cmd).render(&mut roff).is_ok() {
            roff.extend_from_slice(MAN_SECTIONS.as_bytes());
            pages.push((name, roff));
        }
    };
    render("arbitre.1".into(), command.clone());
    for sub in command.get_subcommands() {
        let name = format!("arbitre-{}", sub.get_name());
        render(format!("{name}.1"), sub.clone().name(name.clone()));
    }
    pages
}

/// The sections every man page ends with, in roff.
#[allow(dead_code)]
const MAN_SECTIONS: &str = r#".SH "EXIT STATUS"
.TP
\fB0\fR
Every record checked is legal (warnings allowed); the command did what it was asked.
.TP
\fB1\fR
At least one record is illegal (check, score, show, moves, standings).
.TP
\fB2\fR
A usage error, a record malformed, or a path unreadable: a file that cannot be read, or what a directory walk left unchecked (reported on standard error; the other paths are still checked).
.TP
\fB3\fR
With \fBcheck \-\-deny\-warnings\fR only: every record is legal, but some were warned about.
.PP
\fBstats\fR is a report: it exits 0 unless a path is unreadable (2). \fBfmt\fR exits 1 also when, with \fB\-\-check\fR, some file is not in canonical form.
.SH ENVIRONMENT
.TP
\fBNO_COLOR\fR
When set and not empty, \fB\-\-color auto\fR (the default) prints no colour.
.TP
\fBCOLUMNS\fR
The width that tables and diagnostics are drawn in, when it is a whole number from 1 to 65535; otherwise the terminal's own width, unless it reports none or zero columns (\fBscript\fR, \fBdocker run \-t\fR); otherwise 100; never fewer than 40. Output that is not a terminal is told in plain lines and ASCII tables, without boxes.
.TP
\fBTERM\fR
\fBdumb\fR: no colour under \fB\-\-color auto\fR, and no drawing: diagnostics in plain lines and ASCII tables, as in a pipe. Boxes are drawn for tables and diagnostics alike, on a terminal, whatever the colour (\fB\-\-color never\fR turns only the colour off).
"#;
