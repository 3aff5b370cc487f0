//! `torchlit`: the command line and the terminal front end.

mod accounts_cmd;
mod args;
mod bench_cmd;
#[cfg(test)]
mod book_cli;
mod caves_cmd;
mod chase_cmd;
mod chase_script;
mod commands;
mod front;
mod r#gen;
mod maze_cmd;
mod overworld_cmd;
mod path_cmd;
mod replay_cmd;
mod serve_cmd;
mod serve_files;
mod settings;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    match commands::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // One clear line: the chain of contexts, outermost first.
            let chain: Vec<String> = e.chain().map(ToString::to_string).collect();
            eprintln!("torchlit: error: {}", chain.join(": "));
            ExitCode::from(2)
        }
    }
}
