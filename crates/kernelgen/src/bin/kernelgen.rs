//! Prints the kernel of one seed: `kernelgen --seed 42 [--lang cl|cu] [--sim]`.

use clap::Parser;
use kernelgen::ast::Lang;
use kernelgen::{emit, gen};

#[derive(Parser)]
#[command(about = "Print the random kernel of a seed as OpenCL C or CUDA")]
struct Args {
    /// The seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// `cl` or `cu`; default: the language the seed draws.
    #[arg(long)]
    lang: Option<String>,
    /// Print oclgrind's simulator file (for `oracle.cl`) instead of the source.
    #[arg(long)]
    sim: bool,
}

fn main() {
    let args = Args::parse();
    let kernel = gen::generate(args.seed, &gen::Config::default());
    if args.sim {
        print!("{}", emit::sim_file(&kernel, "oracle.cl"));
        return;
    }
    let lang = match args.lang.as_deref() {
        Some("cl") => Lang::OpenCl,
        Some("cu") => Lang::Cuda,
        Some(other) => {
            eprintln!("kernelgen: --lang must be cl or cu, not {other}");
            std::process::exit(2);
        }
        None => kernel.lang,
    };
    print!("{}", emit::source(&kernel, lang, "pass"));
}
