"""The command line: worked examples step by step, and scoring files line by line.

``python -m bleu_lab`` (or ``bleu-lab``) prints the worked examples of
Papineni et al. (2002) and Lin (2004), every number computed by the package:

    bleu-lab                      all of them
    bleu-lab --clip --brevity     clipped counts and the brevity penalty only

``bleu-lab score`` scores a file of candidate lines against one or more
reference files (line i of every file is the same segment; several
reference files give several references per line):

    bleu-lab score hyp.de ref.de
    bleu-lab score hyp.de ref.de --confidence            95% bootstrap interval
    bleu-lab score base.de ref.de --system a.de --system b.de   paired test against base.de
    bleu-lab score hyp.de ref.de --format json --explain

Scores are on the 0-1 scale; the text output also shows sacrebleu's 0-100
number. Bad input ends with a one-line message and exit code 2.
"""

from __future__ import annotations

import argparse
import json
import sys

EXIT_USAGE = 2


class CommandLineError(Exception):
    """A problem with the user's files or options: reported on one line, exit code 2."""


# ----------------------------------------------------------------------------- worked examples


def _heading(title: str) -> str:
    return f"\n== {title} ==\n"


def _texts(example) -> list:
    """An example's candidate and numbered references, one line each."""
    return [f"candidate:   {example['candidate']}"] + [
        f"reference {i}: {reference}" for i, reference in enumerate(example["references"], 1)
    ]


def clipping_example() -> str:
    """Modified (clipped) n-gram precision, Papineni et al. (2002), section 2.1."""
    import bleu_lab

    lines = [_heading("Clipped counts: modified n-gram precision (Papineni et al. 2002, section 2.1)")]
    cheat = bleu_lab.load_example("the_cheat")
    lines.extend(_texts(cheat))
    precision = bleu_lab.modified_precision(cheat["candidate"], cheat["references"], 1)
    lines.append("")
    lines.append(f"{'unigram':<10} {'in candidate':>12} {'max in one reference':>21} {'clipped':>8}")
    for match in precision.ngrams:
        lines.append(f"{' '.join(match.ngram):<10} {match.candidate_count:>12} {match.reference_count:>21} {match.clipped:>8}")
    lines.append(
        f"plain precision = {precision.unclipped_matches}/{precision.total}; "
        f"clipped precision p1 = {precision.matches}/{precision.total} = {precision.value:.4f}"
    )
    two = bleu_lab.load_example("two_clips")
    lines.append("")
    lines.extend(_texts(two))
    precision = bleu_lab.modified_precision(two["candidate"], two["references"], 1)
    for match in precision.ngrams:
        lines.append(
            f"  {' '.join(match.ngram)!r}: {match.candidate_count} in the candidate, at most "
            f"{match.reference_count} in one reference -> counts {match.clipped}"
        )
    lines.append(f"p1 = {precision.matches}/{precision.total} = {precision.value:.4f}  (each word clipped by its own best reference)")
    return "\n".join(lines)


def brevity_example() -> str:
    """The brevity penalty, Papineni et al. (2002), section 2.2.2."""
    import bleu_lab

    lines = [_heading("Brevity penalty: BP = 1 if c > r else exp(1 - r/c) (Papineni et al. 2002, section 2.2.2)")]
    for key in ("short", "cat_mat", "padded"):
        example = bleu_lab.load_example(key)
        bp = bleu_lab.brevity_penalty(example["candidate"], example["references"])
        lengths = [len(bleu_lab.tokenize(r)) for r in example["references"]]
        lines.append(f"candidate: {example['candidate']}")
        lines.append(f"  c = {bp.candidate_length}; reference lengths {lengths}; closest r = {bp.reference_length}")
        if bp.candidate_length > bp.reference_length:
            lines.append(f"  c > r, so BP = {bp.value:.4f} (no penalty for a long candidate; precision punishes it)")
        else:
            lines.append(f"  BP = exp(1 - {bp.reference_length}/{bp.candidate_length}) = {bp.value:.4f}")
    short = bleu_lab.load_example("short")
    precision = bleu_lab.modified_precision(short["candidate"], short["references"], 1)
    lines.append(
        f"'{short['candidate']}' has p1 = {precision.matches}/{precision.total}: precision alone would call it perfect; "
        "the brevity penalty is what makes it pay for the missing words."
    )
    return "\n".join(lines)


def bleu_example() -> str:
    """Sentence BLEU of the paper's Example 1 candidates, step by step."""
    import bleu_lab

    lines = [_heading("BLEU = BP * exp(sum_n w_n log p_n), N = 4, w_n = 1/4 (Papineni et al. 2002, section 2.3)")]
    first = bleu_lab.load_example("paper_guide_1")
    words = first["candidate"].rstrip(".").split()
    reference_words = [r.rstrip(".").split() for r in first["references"]]
    paper = bleu_lab.modified_precision(words, reference_words, 1)
    lines.append(
        f"The paper counts words only: Candidate 1 has p1 = {paper.matches}/{paper.total}. "
        "With the 13a tokenizer the final period is a token too, so the counts below differ by one."
    )
    for key, label in (("paper_guide_1", "Candidate 1, the better one"), ("paper_guide_2", "Candidate 2, the worse one")):
        example = bleu_lab.load_example(key)
        result = bleu_lab.sentence_bleu(example["candidate"], example["references"])
        lines.append("")
        lines.append(f"-- {label}")
        lines.append(result.explain())
    worse = bleu_lab.load_example("paper_guide_2")
    smoothed = bleu_lab.sentence_bleu(worse["candidate"], worse["references"], smoothing="exp")
    lines.append("")
    lines.append(
        f"With smoothing='exp' (sacrebleu's sentence default) Candidate 2 scores {smoothed.score:.4f} instead of 0: "
        "an order with no match no longer zeroes the geometric mean."
    )
    return "\n".join(lines)


def rouge_example() -> str:
    """ROUGE-N and ROUGE-L (Lin 2004): recall-oriented n-gram and subsequence overlap."""
    import bleu_lab

    lines = [_heading("ROUGE (Lin 2004): overlap as precision, recall and F-measure")]
    for key in ("cat_sat", "padded", "scrambled"):
        example = bleu_lab.load_example(key)
        references = example["references"][:1]
        lines.append(f"candidate: {example['candidate']}")
        lines.append(f"reference: {references[0]}")
        for n in (1, 2):
            lines.append(f"  {bleu_lab.rouge_n(example['candidate'], references, n)}")
        lines.append(f"  {bleu_lab.rouge_l(example['candidate'], references)}")
    lines.append(
        "ROUGE-N recall = matching n-grams / n-grams in the reference; ROUGE-L uses the longest common "
        "subsequence, so it rewards words in the right order without asking them to be adjacent."
    )
    return "\n".join(lines)


EXAMPLES = {
    "clip": clipping_example,
    "brevity": brevity_example,
    "bleu": bleu_example,
    "rouge": rouge_example,
}


def run_examples(selected) -> str:
    """The text of the selected worked examples (all when none is selected)."""
    names = [name for name in EXAMPLES if name in selected] or list(EXAMPLES)
    return "\n".join(EXAMPLES[name]() for name in names).lstrip("\n")


# ----------------------------------------------------------------------------- scoring files


def read_lines(path: str) -> list:
    """The lines of a UTF-8 text file, without their line endings."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except FileNotFoundError:
        raise CommandLineError(f"cannot read {path!r}: no such file") from None
    except IsADirectoryError:
        raise CommandLineError(f"cannot read {path!r}: it is a directory, not a text file") from None
    except UnicodeDecodeError as error:
        raise CommandLineError(f"cannot read {path!r}: not UTF-8 text ({error.reason} at byte {error.start})") from None
    except OSError as error:
        raise CommandLineError(f"cannot read {path!r}: {error.strerror or error}") from None
    if text == "":
        raise CommandLineError(f"{path!r} is empty; it must hold one segment per line")
    if text.endswith("\n"):
        text = text[:-1]
    return text.split("\n")


def _check_same_length(named_lines) -> int:
    (first_name, first), *others = named_lines
    for name, lines in others:
        if len(lines) != len(first):
            raise CommandLineError(
                f"{first_name!r} has {len(first)} lines but {name!r} has {len(lines)}; "
                "line i of every file must be the same segment"
            )
    return len(first)


def _result_record(path, result, interval=None):
    record = {
        "file": path,
        "score": result.score,
        "precisions": result.precisions,
        "counts": result.counts,
        "totals": result.totals,
        "brevity_penalty": result.brevity_penalty,
        "candidate_length": result.candidate_length,
        "reference_length": result.reference_length,
        "sentences": result.sentences,
    }
    if interval is not None:
        record["confidence"] = {
            "level": interval.confidence, "low": interval.low, "high": interval.high,
            "mean": interval.mean, "n_samples": interval.n_samples, "seed": interval.seed,
        }
    return record


def score_files(args) -> tuple:
    """Score the files named in ``args``; return (records, settings) for printing."""
    import bleu_lab

    candidate_files = [args.candidates, *args.system]
    systems = [(path, read_lines(path)) for path in candidate_files]
    reference_streams = [(path, read_lines(path)) for path in args.references]
    _check_same_length([*systems, *reference_streams])
    references = bleu_lab.references_from_streams([lines for _, lines in reference_streams])
    keywords = {"tokenize": args.tokenize, "smoothing": args.smoothing, "lowercase": args.lowercase}
    if args.max_order is not None:
        keywords["max_order"] = args.max_order
    from .significance import bootstrap_ci_from_statistics, collect_statistics, paired_bootstrap_from_statistics

    records = []
    baseline_path = systems[0][0]
    resampling = args.confidence is not None or len(systems) > 1
    counted = []  # each system is counted once; the bootstrap and the paired tests reuse the counts
    for index, (path, lines) in enumerate(systems):
        result = bleu_lab.corpus_bleu(lines, references, **keywords)
        counted.append(collect_statistics(lines, references, **keywords) if resampling else None)
        interval = None
        if args.confidence is not None:
            interval = bootstrap_ci_from_statistics(
                counted[index], n_samples=args.n_samples, confidence=args.confidence, seed=args.seed
            )
        record = _result_record(path, result, interval)
        if args.explain:
            record["explanation"] = result.explain()
        if index > 0:
            paired = paired_bootstrap_from_statistics(counted[0], counted[index], n_samples=args.n_samples, seed=args.seed)
            record["paired_test"] = {
                "baseline": baseline_path, "difference": paired.difference, "p_value": paired.p_value,
                "significant_at_0.05": paired.significant(0.05), "n_samples": paired.n_samples, "seed": paired.seed,
            }
        records.append(record)
    settings = {**keywords, "references": list(args.references)}
    if args.max_order is None:
        settings["max_order"] = 4
    return records, settings


def format_text(records, settings) -> str:
    """The scores as plain text: a header line with the settings, then one line per record."""
    lines = [
        f"BLEU (0-1 scale; sacrebleu prints 100x) tokenize={settings['tokenize']} smoothing={settings['smoothing']} "
        f"lowercase={settings['lowercase']} max_order={settings['max_order']} references={len(settings['references'])}"
    ]
    for index, record in enumerate(records):
        label = record["file"] + (" (baseline)" if index == 0 and len(records) > 1 else "")
        precisions = "/".join(f"{p:.4f}" for p in record["precisions"])
        lines.append(
            f"{label}: BLEU = {record['score']:.4f} ({100 * record['score']:.2f}) {precisions} "
            f"BP = {record['brevity_penalty']:.4f} hyp_len = {record['candidate_length']} ref_len = {record['reference_length']}"
        )
        if "confidence" in record:
            ci = record["confidence"]
            lines.append(
                f"  {100 * ci['level']:g}% CI [{ci['low']:.4f}, {ci['high']:.4f}] "
                f"(bootstrap, {ci['n_samples']} samples, seed {ci['seed']})"
            )
        if "paired_test" in record:
            test = record["paired_test"]
            verdict = "significant" if test["significant_at_0.05"] else "not significant"
            lines.append(
                f"  vs {test['baseline']}: difference {test['difference']:+.4f}, p = {test['p_value']:.4f} "
                f"({verdict} at 0.05; paired bootstrap, {test['n_samples']} samples, seed {test['seed']})"
            )
        if "explanation" in record:
            lines.extend("  " + line for line in record["explanation"].splitlines())
    return "\n".join(lines)


# ----------------------------------------------------------------------------- argument parsing


def _confidence_level(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number; write e.g. --confidence 0.95") from None
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not between 0 and 1; write e.g. --confidence 0.95")
    return value


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} must be at least 1")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The ``bleu-lab`` command line: its subcommands and their options."""
    from .smoothing import SMOOTHING_NAMES
    from .tokenizers import TOKENIZER_NAMES

    parser = argparse.ArgumentParser(
        prog="bleu-lab",
        description="BLEU, ROUGE and chrF that show their work. With no command: the worked examples, step by step.",
    )
    flags = (
        ("clip", "clipped counts (modified n-gram precision)"),
        ("brevity", "the brevity penalty"),
        ("bleu", "sentence BLEU of the paper's example, step by step"),
        ("rouge", "ROUGE-N and ROUGE-L"),
    )
    for name, text in flags:
        parser.add_argument(f"--{name}", action="store_true", help=f"show the worked example of {text}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    score = commands.add_parser(
        "score",
        help="score a file of candidate lines against reference files",
        description="Score CANDIDATES line by line against REFERENCES (several files = several references per line).",
    )
    score.add_argument("candidates", metavar="CANDIDATES", help="file with one candidate segment per line")
    score.add_argument("references", metavar="REFERENCES", nargs="+", help="reference file(s), line-aligned")
    score.add_argument("--system", metavar="FILE", action="append", default=[],
                       help="another system's file; each is compared with CANDIDATES in a paired bootstrap test")
    # Names are checked by bleu_lab itself, whose one-line error suggests the closest valid name.
    score.add_argument("--tokenize", default="13a", metavar="NAME",
                       help=f"tokenizer (default 13a): {', '.join(TOKENIZER_NAMES)}")
    score.add_argument("--smoothing", default="none", metavar="NAME",
                       help=f"smoothing (default none, as corpus_bleu): {', '.join(SMOOTHING_NAMES)}")
    score.add_argument("--max-order", type=_positive_int, default=None, help="longest n-gram (default 4)")
    score.add_argument("--lowercase", action="store_true", help="lowercase before tokenizing")
    score.add_argument("--explain", action="store_true", help="print the step-by-step table of each score")
    score.add_argument("--format", choices=("text", "json"), default="text", help="output format (default text)")
    score.add_argument("--confidence", nargs="?", const=0.95, default=None, type=_confidence_level, metavar="LEVEL",
                       help="add a bootstrap confidence interval (default level 0.95)")
    score.add_argument("--n-samples", type=_positive_int, default=1000, help="bootstrap samples (default 1000)")
    score.add_argument("--seed", type=int, default=12345, help="random seed of the bootstrap (default 12345)")
    examples = commands.add_parser("examples", help="the worked examples (same as no command)")
    for name, text in flags:  # also accepted after the command: bleu-lab examples --clip
        examples.add_argument(f"--{name}", dest=f"examples_{name}", action="store_true", help=f"the example of {text}")
    from .course import add_notebooks_command  # bleu-lab notebooks DIR

    add_notebooks_command(commands)
    return parser


def _emit(text: str) -> None:
    """Print, and stay quiet when the reader has gone (``bleu-lab | head``)."""
    import os

    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # Python's advice: point stdout at devnull so the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def main(argv=None) -> int:
    """Entry point of ``bleu-lab`` and ``python -m bleu_lab``; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if hasattr(args, "run"):  # a subcommand that runs itself (bleu-lab notebooks)
        return args.run(args)
    if args.command != "score":
        selected = {name for name in EXAMPLES if getattr(args, name) or getattr(args, f"examples_{name}", False)}
        _emit(run_examples(selected))
        return 0
    try:
        records, settings = score_files(args)
    except (CommandLineError, TypeError, ValueError) as error:
        print(f"bleu-lab score: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    if args.format == "json":
        payload = {"metric": "BLEU", "scale": "0-1", "settings": settings, "systems": records}
        _emit(json.dumps(payload, indent=1, ensure_ascii=False))
    else:
        _emit(format_text(records, settings))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
