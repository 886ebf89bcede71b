//! `rules-html [--base PREFIX] <in.md> <out.html>`: renders one rules text of `docs/` to the
//! HTML fragment the web page shows (see the `rules_html` library). Relative link and image
//! addresses get `PREFIX` in front, `rules/` by default: the page is `web/index.html` and the
//! rules with their pictures are in `web/rules/`. `rules-html --games` prints the names of
//! the games of the registry, one a line: `web/build.sh` renders `docs/<name>.md` for each.

use std::process::ExitCode;

/// How to call the program.
const USAGE: &str = "usage: rules-html [--base PREFIX] <in.md> <out.html>
       rules-html --games
Renders a Markdown rules text to an HTML fragment; raw HTML and unsafe addresses are neutralised.
  --base PREFIX   put PREFIX before relative link and image addresses (default: rules/)
  --games         print the names of the games, one a line, and do nothing else";

fn main() -> ExitCode {
    let mut base = rules_html::PAGE_BASE.to_string();
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--games" => {
                for name in jgames_registry::NAMES {
                    println!("{name}");
                }
                return ExitCode::SUCCESS;
            }
            "--base" => match args.next() {
                Some(prefix) => base = prefix,
                None => return usage_error("--base needs a value"),
            },
            _ if arg.starts_with("--base=") => base = arg["--base=".len()..].to_string(),
            _ => files.push(arg),
        }
    }
    let [input, output] = files.as_slice() else {
        return usage_error("give one input and one output file");
    };
    let markdown = match std::fs::read_to_string(input) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("rules-html: cannot read {input}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let html = rules_html::render_with_base(&markdown, &base);
    if let Err(error) = std::fs::write(output, html) {
        eprintln!("rules-html: cannot write {output}: {error}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// Reports a wrong command line.
fn usage_error(problem: &str) -> ExitCode {
    eprintln!("rules-html: {problem}\n{USAGE}");
    ExitCode::from(2)
}
