"""The command line: worked examples step by step, and scoring files line by line.

``python -m bleu_lab`` (or ``bleu-lab``) prints the worked examples of
Papineni et al. (2002) and Lin (2004), every number computed by the package:

    bleu-lab                      all of them
    bleu-lab --clip --brevity     clipped counts and the brevity penalty only

``bleu-lab score`` scores candidate lines against one or more reference
files (line i of every file is the same segment; several reference files
give several references per line), as sacrebleu's command line does:

    bleu-lab score ref.de -i hyp.de                   sacrebleu's form: references, then -i candidate
    bleu-lab score -c hyp.de -r ref.de                the roles named
    cat hyp.de | bleu-lab score ref.de                the candidate on standard input (or -i -)
    bleu-lab score ref.de -i hyp.de -m bleu chrf ter --sentence-level
    bleu-lab score ref.de -i base.de a.de b.de --paired-ar    each system against base.de
    bleu-lab score ref.de -i hyp.de -m bleu chrf ter -s exp -b        the scores alone, as sacrebleu -b
    bleu-lab score ref.de -i hyp.de --confidence -f json              sacrebleu's JSON records
    bleu-lab score ref.de -i hyp.de --confidence -f report-json --explain   bleu_lab's whole report

Two files without roles are refused (either could be the candidate); the
output says which file was scored as the candidate, warns when a candidate
is identical to a reference, and prints every metric's signature. Scores are
on the 0-1 scale; the text output also shows sacrebleu's 0-100 number. Bad
input ends with a one-line message and exit code 2.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass

# The worked examples' text lives in worked_examples.py; this module only dispatches to it.
from .checks import (
    BYTE_ORDER_MARK,
    check_samples_for_interval,
    closest_name,
    one_line_parser,
    samples_for_interval,
    unrecognized_arguments_message,
)
from .settings import resampling_signature
from .ter import MAX_SHIFTED_PRODUCT, MAX_SHIFTED_WORDS, SegmentTooLong
from .worked_examples import EXAMPLES, FLAG_HELP, run_examples

EXIT_USAGE = 2


class CommandLineError(Exception):
    """A problem with the user's files or options: reported on one line, exit code 2."""


# ----------------------------------------------------------------------------- scoring files

STDIN = "-"
SACREBLEU_CLI_SMOOTHING = "exp"  # sacrebleu's command line smooths corpus BLEU with "exp" by default
FORMATS = ("text", "json", "report-json")  # json: sacrebleu's records; report-json: bleu_lab's whole report
SACREBLEU_WIDTH = 1  # sacrebleu's -w default


READ_BLOCK = 1024**2  # bytes read at a time, so a binary file is refused after its first block
# Far above any test set (WMT's are under 1 MB). Scoring holds about 85 times the file's size (a 96 MB file
# took 8.4 GB), so a larger input would exhaust a laptop's memory, where the system may kill the process
# without a word instead of raising MemoryError.
MAX_INPUT_BYTES = 32 * 1024**2


def read_lines(path: str, stdin=None) -> list:
    """The lines of a UTF-8 text file (``-``: standard input), without their line endings.

    Files and standard input are read the same way: as bytes, decoded strictly as UTF-8 (a
    byte-order mark is kept, for the scorers to strip); a NUL byte or more than ``MAX_INPUT_BYTES``
    stops the reading with an error. As sacrebleu reads a file, lines end only at "\n" and lose their
    trailing whitespace (line.rstrip()): "\r\n" ends a line; a lone "\r" stays in its line, where the
    tokenizers read it as a space.
    """
    name = "standard input" if path == STDIN else repr(path)
    try:
        if path == STDIN:
            if stdin is None:
                raise CommandLineError("standard input is not available; give the candidate as a file")
            # Its bytes, not sys.stdin's text, which lets invalid UTF-8 through as surrogates.
            text = _read_text(getattr(stdin, "buffer", stdin), name)
        else:
            with open(path, "rb") as handle:
                text = _read_text(handle, name)
    except FileNotFoundError:
        raise CommandLineError(f"cannot read {path!r}: no such file") from None
    except IsADirectoryError:
        raise CommandLineError(f"cannot read {path!r}: it is a directory, not a text file") from None
    except OSError as error:
        raise CommandLineError(f"cannot read {name}: {error.strerror or error}") from None
    # A byte-order mark alone is no text (the scorers leave it out), so it does not make a file non-empty.
    if text.removeprefix(BYTE_ORDER_MARK) == "":
        mark = " but for a byte-order mark" if text else ""
        raise CommandLineError(f"{name} is empty{mark}; it must hold one segment per line")
    if text.endswith("\n"):
        text = text[:-1]
    lines = [line.rstrip() for line in text.split("\n")]
    if not any(line.removeprefix(BYTE_ORDER_MARK) for line in lines):  # some empty lines are normal; only empty ones
        count = f"{len(lines)} line{'' if len(lines) == 1 else 's'}"
        raise CommandLineError(f"every line of {name} is empty or only spaces ({count}); it must hold "
                               f"one segment per line: is it the right file?")
    return lines


def _read_text(stream, name: str) -> str:
    """The whole of ``stream`` (bytes, or text from a test's io.StringIO), read block by block with limits."""
    import codecs

    utf8 = codecs.getincrementaldecoder("utf-8")("strict")
    parts, size = [], 0
    while True:
        block = stream.read(READ_BLOCK)
        if isinstance(block, str):
            nul = block.find("\0")
        else:
            nul = block.find(b"\0")
        if nul >= 0:
            raise CommandLineError(
                f"cannot read {name}: not a UTF-8 text file (it contains NUL bytes, the first at byte "
                f"{size + nul}: a binary file, or UTF-16?); give a text file with one segment per line"
            )
        pending = len(utf8.getstate()[0])  # bytes of a character cut by the previous block
        try:
            parts.append(block if isinstance(block, str) else utf8.decode(block, final=not block))
        except UnicodeDecodeError as error:
            raise CommandLineError(
                f"cannot read {name}: not UTF-8 text ({error.reason} at byte {size - pending + error.start})"
            ) from None
        if not block:
            return "".join(parts)
        size += len(block)
        if size > MAX_INPUT_BYTES:
            raise CommandLineError(
                f"cannot read {name}: it is larger than {MAX_INPUT_BYTES // 1024**2} MiB, the most bleu-lab score "
                f"reads (a test set is a few MB): is it the right file? Score a sample of its lines instead"
            )


def _check_same_length(named_lines) -> int:
    from .checks import check_same_lengths

    lengths = {_shown(name): len(lines) for name, lines in named_lines}
    try:
        # The references define the test set, so a file that disagrees with them is the one off.
        return check_same_lengths(lengths, anchor=list(lengths)[-1], what="line i of every file must be segment i",
                                  right="Give every file one line per segment, in the same order.")
    except ValueError as error:
        shortest = min(lengths.values())
        # A blank last line is an easy extra line to miss in an editor; only a longer file can have one too many.
        blank = [_shown(name) for name, lines in named_lines
                 if len(lines) > shortest and not lines[-1].strip()]
        note = f" ({', '.join(blank)} end{'s' if len(blank) == 1 else ''} with an empty line)" if blank else ""
        raise CommandLineError(f"{error}{note}") from None


# ----------------------------------------------------------------------------- roles


def _is_piped(stdin) -> bool:
    """Is standard input a pipe or a file (sacrebleu's `cat HYP | sacrebleu REF`), not a terminal?"""
    try:
        return stdin is not None and not stdin.isatty()
    except (AttributeError, ValueError, OSError):
        return False


# The options that name files; a suggested call writes them out itself. --system is not one of them: it is
# kept as the user gave it until resolve_roles adds its files to the candidates.
ROLE_OPTIONS = ("files", "input", "candidates", "references")
WHICH_CANDIDATE = "which file is the candidate?"  # how resolve_roles begins its refusal of files without roles


def option_text(flag: str, value, *, repeated: bool = False) -> str:
    """One option as it goes on a command line: ``-sl`` for a flag that is on, ``--seed 3``, ``-m bleu chrf``;
    ``repeated`` for an option given once per value (``--system a --system b``).

    A number is written as Python reads it back (``0.9999999`` stays itself, not ``1``).

    >>> option_text("--confidence", 0.9999999), option_text("--system", ["a", "b"], repeated=True)
    ('--confidence 0.9999999', '--system a --system b')
    """
    if value is True:
        return flag
    values = [_number_text(v) for v in (value if isinstance(value, list) else [value])]
    if repeated:
        return " ".join(f"{flag} {v}" for v in values)
    return " ".join([flag, *values])


def _number_text(value) -> str:
    """A value as the user would type it: ``3`` for 3.0, Python's shortest exact text for other floats."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return repr(value) if isinstance(value, float) else str(value)


def other_options(args, *leave_out: str) -> str:
    """The options the user gave besides the files (and ``leave_out``), as they go on a command line
    (" -sl --format json"): a call suggested in an error keeps them, so that it can be run as it is."""
    shown = []
    for action in _command_parser(build_parser(), "score")._actions:
        name = action.dest
        value = getattr(args, name, None)
        if not action.option_strings or name in ROLE_OPTIONS or name in leave_out or value in (None, False, []):
            continue
        if value == action.default or name in ("help", "version"):
            continue
        repeated = isinstance(action, argparse._AppendAction)  # argparse's class of action="append"
        shown.append(option_text(action.option_strings[0], value, repeated=repeated))
    return "".join(f" {part}" for part in shown)


def resolve_roles(args, stdin) -> tuple[list, list, str]:
    """(candidate files, reference files, how the roles were read). Never guesses between two readings.

    * sacrebleu's form: ``bleu-lab score REF... -i HYP...`` (or ``cat HYP | bleu-lab score REF``);
    * named roles: ``-c/--candidates HYP...`` and ``-r/--references REF...`` (with ``-r``,
      files without an option are candidates);
    * two or more files without any role could be candidate-first (bleu_lab's old order) or
      references-first (sacrebleu's): refused, with both right calls, even with standard input piped
      (``cat HYP | bleu-lab score REF1 REF2`` is written ``... REF1 REF2 -i -``).
    """
    named = list(args.input or []) + list(args.candidates or [])
    if args.input and args.candidates:
        raise CommandLineError("give the candidates with -i (sacrebleu's name) or -c, not both")
    files = list(args.files)
    if args.references:
        candidates, references, how = _roles_named_with_r(args, named, files, stdin)
    elif named:
        how = "sacrebleu's form: REF... -i HYP" if args.input else "roles named with -c"
        candidates, references = named, files
    elif len(files) >= 2:  # whatever standard input is: a script's stdin need not hold the candidate
        raise _ambiguous_roles(args, files)
    elif files and _is_piped(stdin):
        candidates, references, how = [STDIN], files, "sacrebleu's form: the candidate piped on standard input"
    else:
        raise CommandLineError(
            "no candidate file: write 'bleu-lab score REF -i HYP' (sacrebleu's form), "
            "'bleu-lab score -c HYP -r REF', or pipe the candidate: 'cat HYP | bleu-lab score REF'"
        )
    candidates += list(args.system)
    if not references:
        hint = (
            f" (-i and -c take every file after them up to the next option, so {candidates[-1]!r} was read as "
            f"a candidate; put the references first, as sacrebleu does)"
            if len(named) > 1 else ""
        )
        raise CommandLineError(
            f"no reference file: write 'bleu-lab score REF -i HYP' or 'bleu-lab score -c HYP -r REF'{hint}"
        )
    if candidates.count(STDIN) + references.count(STDIN) > 1:
        raise CommandLineError("standard input ('-') can be read only once; give the other files by name")
    return candidates, references, how


def _roles_named_with_r(args, named: list, files: list, stdin) -> tuple[list, list, str]:
    """resolve_roles when -r names the references: files without an option are candidates."""
    if named and files:
        raise CommandLineError(
            f"{' '.join(files)}: file(s) without a role beside -c/-i and -r; "
            f"put each after -c (candidate) or -r (reference)"
        )
    candidates, references, how = named + files, list(args.references), "roles named with -r"
    if not candidates and _is_piped(stdin):  # cat HYP | bleu-lab score -r REF: the piped text is the candidate
        candidates, how = [STDIN], "roles named with -r; the candidate piped on standard input"
    elif not candidates:
        options = other_options(args)  # built only for the message: it parses nothing
        raise CommandLineError(
            f"no candidate file: with -r, name it with -c: 'bleu-lab score -c HYP -r {' '.join(references)}"
            f"{options}', or pipe it: 'cat HYP | bleu-lab score -r {' '.join(references)}{options}'"
        )
    return candidates, references, how


def _ambiguous_roles(args, files: list) -> CommandLineError:
    """The refusal for two or more files without a role: both readings, each with its right call."""
    first, rest, options = files[0], " ".join(files[1:]), other_options(args)
    return CommandLineError(
        f"{WHICH_CANDIDATE} 'bleu-lab score {first} {rest}' could mean {first} is the candidate "
        f"(candidate first) or that {files[-1]} is (sacrebleu's order, references first). If it is {first}: "
        f"'bleu-lab score -c {first} -r {rest}{options}'; if it is {files[-1]}: 'bleu-lab score "
        f"{' '.join(files[:-1])} -i {files[-1]}{options}' (sacrebleu's form; with the candidate piped in: "
        f"'bleu-lab score {' '.join(files)} -i -{options}')"
    )


# ----------------------------------------------------------------------------- metrics


class Scored:
    """One metric on one system: the score, its details and signature, and per-sentence statistics."""

    def __init__(self, name, score, details, signature, rows, score_sums, sentence_scores, result=None):
        self.name, self.score, self.details, self.signature = name, score, details, signature
        self.rows, self.score_sums, self.sentence_scores, self.result = rows, score_sums, sentence_scores, result


def _bleu_keywords(args) -> dict:
    keywords = {"tokenize": args.tokenize, "smoothing": args.smoothing, "lowercase": args.lowercase}
    if args.max_order is not None:
        keywords["max_order"] = args.max_order
    if args.smooth_value is not None:
        keywords["smooth_value"] = args.smooth_value
    if args.effective_order:
        keywords["effective_order"] = True
    return keywords


def score_bleu(systems, references, args) -> list:
    """Corpus BLEU of every system: references tokenized once, each system counted once."""
    import bleu_lab

    from .fast.counting import statistics_columns
    from .fast.scoring import bleu_scores
    from .significance import bleu_score_sums, collect_systems

    keywords = _bleu_keywords(args)
    order = keywords.get("max_order", 4)
    scored = []
    for statistics in collect_systems(systems, references, keywords, function="bleu-lab score"):
        result = statistics.result  # corpus_bleu's result: nltk's methods get their phantom n-grams and last sentence
        c, r, matches, totals = statistics_columns(statistics.matrix.sum(axis=0).astype(int))
        scoring = {k: v for k, v in keywords.items() if k not in ("tokenize", "lowercase")}
        details = {
            "precisions": result.precisions, "counts": result.counts, "totals": result.totals,
            "brevity_penalty": result.brevity_penalty, "candidate_length": result.candidate_length,
            "reference_length": result.reference_length,
        }
        # Only where the zero is an unmatched order that smoothing would lift (effective order may leave
        # an empty order out and score above 0; a candidate with no match at all stays 0 smoothed).
        if not result.settings.method.smooths and result.score == 0 and 0.0 in result.precisions[:order]:
            smoothed = bleu_lab.bleu_from_stats(matches.tolist(), totals.tolist(), int(c), int(r),
                                                **{**scoring, "smoothing": SACREBLEU_CLI_SMOOTHING})
            n = result.precisions.index(0.0) + 1
            if smoothed.score > 0:
                details["note"] = (
                    f"no {n}-gram matched, so BLEU is 0 without smoothing; with sacrebleu's command-line "
                    f"default (--smoothing {SACREBLEU_CLI_SMOOTHING}) it is {smoothed.score:.4f}"
                )
        sentence_scores = None
        if args.sentence_level:
            # Each row scored as its own sentence (for nltk's methods, its own last sentence too).
            lengths, closest, row_matches, row_totals = statistics_columns(statistics.matrix)
            sentence_scores = bleu_scores(row_matches, row_totals, lengths, closest,
                                          statistics.settings).scores.tolist()
        # nltk's methods look at single sentences, which a randomization trial does not keep.
        sums = None if statistics.settings.method.phantom_ngrams else bleu_score_sums(statistics)
        scored.append(Scored("BLEU", result.score, details, result.signature, statistics, sums, sentence_scores,
                             result))
    return scored


def score_chrf(systems, references, args) -> list:
    """Corpus chrF of every system, each sentence counted once (its statistics summed for the corpus)."""
    from .significance import RESAMPLING_METRICS

    keywords = {"char_order": args.chrf_char_order, "word_order": args.chrf_word_order, "beta": args.chrf_beta,
                "lowercase": args.chrf_lowercase, "whitespace": args.chrf_whitespace,
                "eps_smoothing": args.chrf_eps_smoothing}
    scored = []
    for counted in RESAMPLING_METRICS["chrf"].count(systems, references, keywords, "bleu-lab score"):
        result = counted.result
        sentence_scores = counted.score_sums(counted.rows).tolist() if args.sentence_level else None
        details = {"average_precision": result.average_precision, "average_recall": result.average_recall}
        scored.append(Scored(result.name, result.score, details, result.signature, counted.rows, counted.score_sums,
                             sentence_scores, result))
    return scored


def score_ter(systems, references, args) -> list:
    """Corpus TER of every system; the references are tokenized once for all of them."""
    from .significance import RESAMPLING_METRICS

    keywords = {"normalized": args.ter_normalized, "no_punct": args.ter_no_punct,
                "asian_support": args.ter_asian_support, "case_sensitive": args.ter_case_sensitive}
    scored = []
    for counted in RESAMPLING_METRICS["ter"].count(systems, references, keywords, "bleu-lab score"):
        result = counted.result
        details = {"num_edits": result.num_edits, "reference_length": result.reference_length,
                   "shifts": result.num_shifts, "substitutions": result.substitutions,
                   "deletions": result.deletions, "insertions": result.insertions}
        sentence_scores = counted.score_sums(counted.rows).tolist() if args.sentence_level else None
        scored.append(Scored("TER", result.score, details, result.signature, counted.rows, counted.score_sums,
                             sentence_scores, result))
    return scored


def score_meteor(systems, references, args) -> list:
    """METEOR of every system: the mean of its sentence scores (nltk scores sentences only), each row a
    sentence's score and a 1, so that the bootstrap and the paired tests resample sentences."""
    import numpy as np

    from .meteor import meteor

    def mean_of_rows(sums):
        sums = np.atleast_2d(sums)
        return sums[:, 0] / sums[:, 1]

    scored = []
    for lines in systems:
        results = [meteor(line, refs) for line, refs in zip(lines, references)]
        rows = np.array([[r.score, 1.0] for r in results], dtype=np.float64)
        score = float(mean_of_rows(rows.sum(axis=0))[0])
        details = {"sentences": len(results), "matches": sum(r.matches for r in results),
                   "chunks": sum(r.chunks for r in results), "aggregate": "mean of sentence scores"}
        sentence_scores = [r.score for r in results] if args.sentence_level else None
        scored.append(Scored("METEOR", score, details, results[0].signature if results else "", rows, mean_of_rows,
                             sentence_scores, None))
    return scored



@dataclass(frozen=True)
class MetricCommand:
    """One metric of ``bleu-lab score -m NAME``: how it scores the systems and which options are its own.

    ``scorer(systems, references, args)`` returns one :class:`Scored` per system (its ``rows`` and
    ``score_sums`` serve the bootstrap and the paired tests); ``options`` are the argparse names of its
    options (refused when the metric is not run); ``label`` names it in messages. A new metric registers
    one of these with :func:`register_metric` (and adds its options to :func:`build_parser`).
    """

    name: str
    label: str
    scorer: Callable
    options: tuple = ()
    case_option: str = ""  # its own case option, named when BLEU's --lowercase is given without BLEU


METRIC_COMMANDS: dict = {}


def register_metric(command: MetricCommand) -> None:
    """Make ``command`` a metric of ``bleu-lab score -m``."""
    METRIC_COMMANDS[command.name] = command


def metric_names() -> tuple:
    """The metrics ``-m`` takes, in the order they were registered."""
    return tuple(METRIC_COMMANDS)


def _paired(baseline: Scored, system: Scored, args) -> dict:
    from .bleu.scoring import method_names
    from .significance import (
        PairedBootstrapResult,
        PairedTestResult,
        approximate_randomization,
        paired_bootstrap_from_statistics,
        paired_bootstrap_rows,
    )

    test: PairedTestResult | PairedBootstrapResult
    if args.paired_ar:
        if system.score_sums is None:
            raise CommandLineError(f"--paired-ar needs sacrebleu's smoothing ({method_names('sacrebleu')}), not nltk's")
        n = args.n_samples or 10000
        base_rows = baseline.rows.matrix if baseline.name == "BLEU" else baseline.rows
        sys_rows = system.rows.matrix if system.name == "BLEU" else system.rows
        test = approximate_randomization(base_rows, sys_rows, system.score_sums, n_samples=n, seed=args.seed)
        kind = "paired approximate randomization"
    else:
        n = args.n_samples or 1000
        if system.name == "BLEU":
            test = paired_bootstrap_from_statistics(baseline.rows, system.rows, n_samples=n, seed=args.seed)
        else:
            test = paired_bootstrap_rows(baseline.rows, system.rows, system.score_sums, n_samples=n, seed=args.seed)
        kind = "paired bootstrap"
    return {"test": kind, "difference": system.score - baseline.score, "p_value": test.p_value,
            "significant_at_0.05": test.significant(0.05), "n_samples": n, "seed": test.seed,
            "signature": resampling_signature(system.signature, "ar" if args.paired_ar else "bs", n, test.seed),
            **({"explanation": test.explain()} if args.explain else {})}


def _confidence(scored: Scored, args) -> dict:
    from .significance import bootstrap_ci_from_statistics, bootstrap_interval_rows

    n = args.n_samples or 1000
    if scored.name == "BLEU":
        interval = bootstrap_ci_from_statistics(scored.rows, n_samples=n, confidence=args.confidence, seed=args.seed)
        low, high, mean = interval.low, interval.high, interval.mean
        explained = {"explanation": interval.explain()} if args.explain else {}
    else:
        low, high, mean = bootstrap_interval_rows(scored.rows, scored.score_sums, n_samples=n,
                                                  confidence=args.confidence, seed=args.seed)
        explained = {}
    return {"level": args.confidence, "low": low, "high": high, "mean": mean, "n_samples": n, "seed": args.seed,
            "signature": resampling_signature(scored.signature, "bs", n, args.seed), **explained}


BLEU_OPTIONS = ("tokenize", "smoothing", "smooth_value", "max_order", "lowercase", "effective_order")
CHRF_OPTIONS = ("chrf_char_order", "chrf_word_order", "chrf_beta", "chrf_whitespace", "chrf_lowercase",
                "chrf_eps_smoothing")
TER_OPTIONS = ("ter_case_sensitive", "ter_normalized", "ter_no_punct", "ter_asian_support")
for _command in (
    MetricCommand("bleu", "BLEU", score_bleu, BLEU_OPTIONS),
    MetricCommand("chrf", "chrF", score_chrf, CHRF_OPTIONS, "chrF's own is --chrf-lowercase"),
    MetricCommand("ter", "TER", score_ter, TER_OPTIONS, "TER ignores case unless --ter-case-sensitive"),
    MetricCommand("meteor", "METEOR", score_meteor, (), "METEOR lowercases every word, as nltk does"),
):
    register_metric(_command)
METRICS = metric_names()  # as registered here; later registrations are read through metric_names()

DEFAULTS = {"metrics": ["bleu"], "tokenize": "13a", "smoothing": "none", "chrf_char_order": 6, "chrf_word_order": 0,
            "chrf_beta": 2, "seed": 12345}


def _given(args, *names) -> str:
    """The options among ``names`` that the user gave, as typed (their defaults are None or False)."""
    shown = []
    for name in names:
        value = getattr(args, name)
        if value is not None and value is not False:
            shown.append(option_text(f"--{name.replace('_', '-')}", value))
    return " ".join(shown)


def _right_call(args, candidates, references, *leave_out) -> str:
    """The right call shown in a message: the user's files and the options the message does not set."""
    # --system's files are among the candidates by now, so the call names them once, after -i.
    return f"bleu-lab score {' '.join(references)} -i {' '.join(candidates)}{other_options(args, 'system', *leave_out)}"


def _check_options(args, candidates, references):
    """``args`` with its defaults filled in; an option given that nothing would use is refused.

    The options' defaults are None (or False), so what the user gave is told apart from a default.
    """
    metrics = list(dict.fromkeys(args.metrics or DEFAULTS["metrics"]))  # -m bleu -m bleu scores BLEU once
    _check_sampling_options(args, candidates, references)
    _check_metric_options(args, candidates, references, metrics)
    filled = {name: default for name, default in DEFAULTS.items() if getattr(args, name) is None}
    return argparse.Namespace(**{**vars(args), **filled, "metrics": metrics})


def _check_sampling_options(args, candidates, references) -> None:
    """Paired tests need two systems; --n-samples and --seed need something that samples."""
    refs = " ".join(references)
    paired = _given(args, "paired_bs", "paired_ar")
    if paired and len(candidates) < 2:
        raise CommandLineError(f"{paired} compares two or more systems, and {candidates[0]} is the only candidate: "
                               f"bleu-lab score {refs} -i {candidates[0]} SYSTEM{other_options(args, 'system')}")
    sampling = _given(args, "n_samples", "seed")
    if args.confidence is not None and args.n_samples is not None:
        # The call shown must pass this check itself: 1000, or more for a level above 99.8%.
        enough = max(1000, samples_for_interval(args.confidence))
        right = _right_call(args, candidates, references, "confidence", "n_samples")
        check_samples_for_interval(args.n_samples, args.confidence, name="--n-samples",
                                   right=f"Right: {right} --confidence "
                                         f"{_number_text(args.confidence)} --n-samples {enough}")
    if sampling and args.confidence is None and len(candidates) < 2:
        # The call shown must work: --confidence (95%) needs enough samples (samples_for_interval).
        enough = args.n_samples is None or args.n_samples >= samples_for_interval(0.95)
        fixed = sampling if enough else sampling.replace(f"--n-samples {args.n_samples}", "--n-samples 1000")
        raise CommandLineError(f"{sampling}: for --confidence or a paired test (two or more candidates), "
                               f"and neither runs: {_right_call(args, candidates, references, 'n_samples', 'seed')} "
                               f"--confidence {fixed}")


def _check_metric_options(args, candidates, references, metrics: list) -> None:
    """A metric's option given while that metric is not scored is refused, with the call that scores it."""
    for metric, command in METRIC_COMMANDS.items():
        unused = _given(args, *command.options)
        if unused and metric not in metrics:
            chosen = " ".join(metrics)
            # --lowercase is BLEU's; chrF and TER have their own case options.
            meant = "".join(f" ({METRIC_COMMANDS[m].case_option})" for m in metrics if METRIC_COMMANDS[m].case_option
                            ) if args.lowercase and metric == "bleu" else ""
            raise CommandLineError(f"{unused}: for {command.label}, which is not among the metrics (-m {chosen})"
                                   f"{meant}: {_right_call(args, candidates, references, 'metrics', *command.options)}"
                                   f" -m {chosen} {metric} {unused}")
    if args.ter_asian_support and not (args.ter_normalized or args.ter_no_punct):
        # sacrebleu's tercom tokenizer applies its CJK rules inside those two steps only.
        raise CommandLineError(f"--ter-asian-support changes nothing on its own: it adds CJK rules to "
                               f"--ter-normalized and --ter-no-punct: "
                               f"{_right_call(args, candidates, references, 'metrics', 'ter_asian_support')} "
                               f"-m {' '.join(metrics)} "
                               f"--ter-normalized --ter-asian-support")


def score_files(args, stdin=None) -> tuple:
    """Score the files named in ``args``; return (records, settings, warnings) for printing."""
    import bleu_lab

    candidate_files, reference_files, how = resolve_roles(args, stdin)
    args = _check_options(args, candidate_files, reference_files)
    systems = _read_candidates(candidate_files, reference_files, how, stdin)
    reference_streams = [(path, read_lines(path, stdin)) for path in reference_files]
    _check_same_length([*systems, *reference_streams])
    warnings = _input_warnings(systems, reference_streams)
    references = bleu_lab.references_from_streams([lines for _, lines in reference_streams])
    per_metric = _score_metrics([lines for _, lines in systems], references, args, systems)
    records = [_system_record(index, path, lines, systems, per_metric, args)
               for index, (path, lines) in enumerate(systems)]
    settings = {
        "candidates": [_shown(p) for p in candidate_files], "references": [_shown(p) for p in reference_files],
        "roles": how, "metrics": args.metrics, "bleu": {**_bleu_keywords(args), "max_order": args.max_order or 4},
    }
    return records, settings, warnings


def _read_candidates(candidate_files, reference_files, how: str, stdin) -> list:
    """(path, lines) per candidate file; an empty standard input read as the candidate says how it was read."""
    try:
        return [(path, read_lines(path, stdin)) for path in candidate_files]
    except CommandLineError as error:
        if "piped" in how and "standard input" in str(error):
            raise CommandLineError(  # only one file without a role is read this way (see resolve_roles)
                f"{error}: with no -i/-c, the candidate is read from standard input, as sacrebleu does, and "
                f"{reference_files[0]} is the reference. If a file is the candidate, name it: "
                f"'bleu-lab score -c HYP -r REF'"
            ) from None
        raise


def _input_warnings(systems: list, reference_streams: list) -> list[str]:
    """Warnings about the files read: a byte-order mark, a candidate given twice, roles likely swapped."""
    warnings = []
    for path, lines in [*systems, *reference_streams]:
        if lines[0].startswith(BYTE_ORDER_MARK):
            warnings.append(f"note: {_shown(path)} starts with a UTF-8 byte-order mark, which is not scored "
                            f"(sacrebleu would keep it in the first word, so its score can be lower)")
    for i, (path, lines) in enumerate(systems):
        if any(lines == earlier for _, earlier in systems[:i]):  # the same file twice, or two equal files
            warnings.append(f"warning: the candidate {_shown(path)} is the same as an earlier one: a paired test "
                            f"of a system against itself finds nothing (p = 1)")
    for path, lines in systems:
        for ref_path, ref_lines in reference_streams:
            if lines == ref_lines:
                warnings.append(
                    f"warning: the candidate {_shown(path)} is identical to the reference {_shown(ref_path)}: "
                    f"were the roles swapped? (sacrebleu's order is 'REF -i HYP'; or name them: -c HYP -r REF)"
                )
    return warnings


def _score_metrics(lines_only: list, references, args, systems: list) -> dict:
    """{metric: [Scored per system]}; a line too long for TER is named by its file and line number."""
    metrics = args.metrics
    try:
        return {metric: METRIC_COMMANDS[metric].scorer(lines_only, references, args) for metric in metrics}
    except SegmentTooLong as error:  # the library names candidates[i]; here it is a line of a file
        others = [m for m in metrics if m != "ter"]
        rest = f"score the other metrics without it (-m {' '.join(others)}), or " if others else ""
        raise CommandLineError(
            f"TER: line {(error.sentence or 0) + 1} of {_shown(systems[error.system or 0][0])} is too long for "
            f"TER's shift search, which takes many seconds there (the limits are {MAX_SHIFTED_WORDS} candidate words "
            f"and {MAX_SHIFTED_PRODUCT:,} candidate words x the words of all its references). TER is meant for "
            f"sentences: {rest}split the line into its sentences"
        ) from None


def _system_record(index: int, path: str, lines: list, systems: list, per_metric: dict, args) -> dict:
    """The printed record of one candidate file: each metric's score, details and requested extras."""
    role = "candidate" if len(systems) == 1 else ("baseline" if index == 0 else "system")
    record: dict = {"file": _shown(path), "role": role, "lines": len(lines), "scores": {}}
    for metric in args.metrics:
        scored = per_metric[metric][index]
        entry = {"score": scored.score, "signature": scored.signature, **scored.details}
        if args.confidence is not None:
            entry["confidence"] = _confidence(scored, args)
        if index > 0:
            entry["paired_test"] = {"baseline": _shown(systems[0][0]), **_paired(per_metric[metric][0], scored, args)}
        if args.explain and scored.result is not None:
            entry["explanation"] = scored.result.explain()
        if scored.sentence_scores is not None:
            entry["sentence_scores"] = scored.sentence_scores
        record["scores"][scored.name] = entry
    return record


def _shown(path: str) -> str:
    return "<stdin>" if path == STDIN else path


def _detail_text(name: str, entry: dict) -> str:
    if name == "BLEU":
        precisions = "/".join(f"{p:.4f}" for p in entry["precisions"])
        return (f"{precisions} BP = {entry['brevity_penalty']:.4f} hyp_len = {entry['candidate_length']} "
                f"ref_len = {entry['reference_length']}")
    if name == "TER":
        from .ter import counted

        return (f"{counted(entry['num_edits'], 'edit')} / {counted(entry['reference_length'], 'reference word')} "
                f"({counted(entry['shifts'], 'shift')}, {counted(entry['substitutions'], 'substitution')}, "
                f"{counted(entry['deletions'], 'deletion')}, {counted(entry['insertions'], 'insertion')}; "
                f"lower is better)")
    if name == "METEOR":
        return (f"mean of {entry['sentences']} sentence scores ({entry['matches']} matched words in "
                f"{entry['chunks']} chunks)")
    return f"avg P = {entry['average_precision']:.4f} avg R = {entry['average_recall']:.4f}"


def _explanation_lines(entry: dict) -> list:
    """An interval's or a test's explanation (``--explain``), indented, without the signature just printed."""
    lines = entry.get("explanation", "").splitlines()
    return ["    " + line for line in lines if not line.startswith("signature: ")]


def _rounded(value: float, width: int) -> float:
    """A 0-1 score on sacrebleu's 0-100 scale with ``width`` decimals, as sacrebleu's ``Score.format`` rounds it."""
    return float(f"{100 * value:.{width}f}")


def sacrebleu_record(name: str, entry: dict, width: int) -> dict:
    """One metric's record as sacrebleu's ``-f json`` writes it: name, score (0-100, ``width`` decimals),
    signature, the bootstrap's mean and half width, BLEU's verbose score, then each ``key:value`` of the
    signature as its own field (the metric's settings: chrF's nc, nw, space; TER's case, norm, punct...)."""
    record: dict = {"name": name, "score": _rounded(entry["score"], width), "signature": entry["signature"]}
    if "confidence" in entry:
        interval = entry["confidence"]
        record["signature"] = interval["signature"]
        mean, half = _rounded(interval["mean"], width), _rounded((interval["high"] - interval["low"]) / 2, width)
        record.update(confidence_mean=mean, confidence_var=half,
                      confidence=f"μ = {mean:.{width}f} ± {half:.{width}f}")
    if name == "BLEU":
        precisions = "/".join(f"{100 * p:.1f}" for p in entry["precisions"])
        c, r = entry["candidate_length"], entry["reference_length"]
        record["verbose_score"] = (f"{precisions} (BP = {entry['brevity_penalty']:.3f} ratio = "
                                   f"{c / r if r else 0:.3f} hyp_len = {c:d} ref_len = {r:d})")
    if "paired_test" in entry:  # sacrebleu prints these in a table; here they stay with the system's record
        record.update(baseline=entry["paired_test"]["baseline"], p_value=entry["paired_test"]["p_value"],
                      test=entry["paired_test"]["test"])
    for pair in record["signature"].split("|"):
        key, _, value = pair.partition(":")
        record[key] = value
    return record


def format_sacrebleu(records, args) -> str:
    """The scores as sacrebleu prints them: ``-f json`` records (one per metric, a list when there are
    several), or with ``-b`` only the 0-100 numbers (one per line; sacrebleu's JSON list with ``-f json``).
    Several candidate files give one record per file and metric, each with its ``file``."""
    width = SACREBLEU_WIDTH if args.width is None else args.width
    several = len(records) > 1
    rows: list = []
    for record in records:
        for name, entry in record["scores"].items():
            if args.score_only:
                rows.append(f"{100 * entry['score']:.{width}f}")
            else:
                rows.append({**({"file": record["file"]} if several else {}), **sacrebleu_record(name, entry, width)})
    if args.score_only:
        if args.format != "json":
            return "\n".join(rows)
        return rows[0] if len(rows) == 1 else "[\n" + ",\n".join(rows) + "\n]"
    # sacrebleu writes each record with indent=1 and joins several into a list line by line; so does this.
    dumped = [json.dumps(row, indent=1, ensure_ascii=False) for row in rows]
    return dumped[0] if len(dumped) == 1 else "[\n" + ",\n".join(dumped) + "\n]"


def format_text(records, settings) -> str:
    """The scores as plain text: which file played which role, then one block per system and metric."""
    bleu = settings["bleu"]
    lines = [
        f"candidate{'s' if len(settings['candidates']) > 1 else ''}: {', '.join(settings['candidates'])}; "
        f"reference{'s' if len(settings['references']) > 1 else ''}: {', '.join(settings['references'])} "
        f"({settings['roles']})",
        "scores on the 0-1 scale (sacrebleu prints 100x, shown in brackets)",
    ]
    if "bleu" in settings["metrics"]:
        value = "" if bleu.get("smooth_value") is None else f" smooth_value={bleu['smooth_value']:g}"
        # Said of the default only: beside a chosen method it read as if that method were the default.
        default = (f" (bleu_lab's default, as corpus_bleu and Papineni et al. 2002; sacrebleu's command line "
                   f"uses {SACREBLEU_CLI_SMOOTHING})" if bleu["smoothing"] == "none" else "")
        lines.append(
            f"BLEU settings: tokenize={bleu['tokenize']} smoothing={bleu['smoothing']}{value}{default} "
            f"lowercase={bleu['lowercase']} max_order={bleu['max_order']}"
            f" effective_order={bleu.get('effective_order', False)}"
        )
    for record in records:
        label = f"{record['file']} ({record['role']})"
        for name, entry in record["scores"].items():
            lines.append(f"{label}: {name} = {entry['score']:.4f} ({100 * entry['score']:.2f}) "
                         f"{_detail_text(name, entry)}")
            lines.append(f"  signature: {entry['signature']}")
            if "note" in entry:
                lines.append(f"  note: {entry['note']}")
            if "confidence" in entry:
                ci = entry["confidence"]
                lines.append(f"  {100 * ci['level']:g}% CI [{ci['low']:.4f}, {ci['high']:.4f}] "
                             f"(bootstrap, {ci['n_samples']} samples, seed {ci['seed']})")
                lines.append(f"  interval signature: {ci['signature']}")
                lines.extend(_explanation_lines(ci))
            if "paired_test" in entry:
                test = entry["paired_test"]
                verdict = "significant" if test["significant_at_0.05"] else "not significant"
                lines.append(f"  vs {test['baseline']}: difference {test['difference']:+.4f}, "
                             f"p = {test['p_value']:.4f} ({verdict} at 0.05; {test['test']}, "
                             f"{test['n_samples']} samples, seed {test['seed']})")
                lines.append(f"  test signature: {test['signature']}")
                lines.extend(_explanation_lines(test))
            if "explanation" in entry:
                lines.extend("  " + line for line in entry["explanation"].splitlines())
            if "sentence_scores" in entry:
                lines.extend(f"  line {i}: {name} = {value:.4f}" for i, value in enumerate(entry["sentence_scores"], 1))
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


def _metric_name(text: str) -> str:
    """An argparse type: a registered metric's name, or a one-line error (ROUGE is scored from Python only)."""
    names = metric_names()
    if text in names:
        return text
    if text.lower().startswith("rouge"):
        raise argparse.ArgumentTypeError(f"{text!r}: ROUGE is not scored by the command line; in Python: "
                                         f"bleu_lab.rouge_n(candidate, references, n=1) or bleu_lab.rouge_l(...)")
    close = closest_name(text, names)
    meant = f"; did you mean {close!r}?" if close else ""
    raise argparse.ArgumentTypeError(f"{text!r} is not a metric of the command line: {', '.join(names)}{meant}")


def _positive(convert, what: str):
    """An argparse type: ``convert(text)`` (int or float) above 0, or a one-line error naming ``what``."""
    def parse(text: str):
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
        if value != value or value in (float("inf"), float("-inf")):  # NaN and infinity are not sizes
            raise argparse.ArgumentTypeError(f"{text!r} is not {what} (a finite number above 0)")
        if not value > 0:
            raise argparse.ArgumentTypeError(f"{text} must be above 0")
        return value

    return parse


_positive_int = _positive(int, "a whole number")


def _width(text: str) -> int:
    """An argparse type: decimals to print, 0 to 12."""
    if not text.isdigit() or int(text) > 12:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of decimals from 0 to 12; write e.g. -w 2")
    return int(text)
_positive_float = _positive(float, "a number")


SCORE_EXAMPLES = """\
examples:
  bleu-lab score ref.de -i hyp.de                 sacrebleu's form: references first, candidate after -i
  bleu-lab score -c hyp.de -r ref.de ref2.de      the roles named (two references per line)
  cat hyp.de | bleu-lab score ref.de              the candidate on standard input (or -i -)
  bleu-lab score ref.de -i hyp.de -m bleu chrf ter --sentence-level
  bleu-lab score ref.de -i base.de new.de --paired-ar     is new.de better than base.de?
  bleu-lab score ref.de -i hyp.de --confidence -f json      sacrebleu's JSON (-f report-json: bleu_lab's)
  bleu-lab score ref.de -i hyp.de -m bleu chrf ter -s exp -b -w 2   the scores alone, as sacrebleu -b

Two files without roles ('bleu-lab score a b') are refused: a could be the candidate or a reference.
Scores are on the 0-1 scale (sacrebleu prints 100 times them). BLEU's smoothing defaults to none
(bleu_lab's corpus_bleu and Papineni et al. 2002); sacrebleu's command line uses exp, which differs
only when some n-gram order has no match at all (tiny files): add --smoothing exp to match it. With
--sentence-level sacrebleu also turns on effective order: add -eo -s exp to match its line scores.
"""


def build_parser() -> argparse.ArgumentParser:
    """The ``bleu-lab`` command line: its subcommands and their options."""
    from . import __version__
    from .bleu.scoring import SMOOTHING_NAMES
    from .tokenizers import TOKENIZER_NAMES

    parser = one_line_parser(
        prog="bleu-lab",
        description="BLEU, chrF and TER that show their work (ROUGE from Python: bleu_lab.rouge_n). "
                    "With no command: the worked examples, step by step.",
    )
    version = f"bleu-lab {__version__} ({_sacrebleu_version()})"
    parser.add_argument("--version", action="version", version=version)
    flags = tuple(FLAG_HELP.items())
    for name, text in flags:
        parser.add_argument(f"--{name}", action="store_true", help=f"show the worked example of {text}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    score = commands.add_parser(
        "score",
        help="score a candidate file against reference files (BLEU, chrF, TER)",
        description="Score candidate lines against reference lines with BLEU, chrF and TER.\n"
                    "Line i of every file is the same segment; several reference files give several\n"
                    "references per line.",
        epilog=SCORE_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    score.add_argument("files", metavar="FILE", nargs="*",
                       help="reference file(s), as in sacrebleu (with -r: candidate files); '-' is standard input")
    # "extend": a repeated option adds its files (-r a -r b is -r a b) instead of replacing them.
    score.add_argument("-i", "--input", metavar="HYP", nargs="+", action="extend",
                       help="candidate file(s), sacrebleu's name; several: the first is the baseline of paired tests")
    score.add_argument("-c", "--candidates", metavar="HYP", nargs="+", action="extend",
                       help="candidate file(s), the same as -i")
    score.add_argument("-r", "--references", metavar="REF", nargs="+", action="extend", help="reference file(s)")
    score.add_argument("--system", metavar="FILE", action="append", default=[],
                       help="another system's file, compared with the first candidate in a paired test")
    # Default None, not ["bleu"], which "extend" would add to.
    score.add_argument("-m", "--metrics", nargs="+", action="extend", type=_metric_name, metavar="METRIC",
                       help="metrics to compute: bleu, chrf, ter, meteor (default bleu; several in one run: "
                            "-m bleu chrf ter)")
    score.add_argument("-sl", "--sentence-level", action="store_true",
                       help="also print each line's score (sacrebleu's -sl also turns on effective order and "
                            "smooths with exp: add -eo -s exp to get its line scores)")
    # Names are checked by bleu_lab itself, whose one-line error suggests the closest valid name.
    # Defaults None (filled in by _check_options), as for chrF's and TER's options below.
    score.add_argument("-tok", "--tokenize", metavar="NAME",
                       help=f"BLEU tokenizer (default 13a): {', '.join(TOKENIZER_NAMES)}")
    score.add_argument("-s", "--smoothing", "--smooth-method", dest="smoothing", metavar="NAME",
                       help=f"BLEU smoothing (default none, as corpus_bleu; sacrebleu's command line uses "
                            f"{SACREBLEU_CLI_SMOOTHING}): {', '.join(SMOOTHING_NAMES)}")
    score.add_argument("--max-order", type=_positive_int, default=None, help="BLEU's longest n-gram (default 4)")
    score.add_argument("-sv", "--smooth-value", type=float, default=None, metavar="VALUE",
                       help="BLEU: the value of floor (default 0.1), add-k (k, default 1) and nltk's method1, "
                            "method4, method6 and method7, as sacrebleu's -sv")
    score.add_argument("-lc", "--lowercase", action="store_true", help="BLEU: lowercase before tokenizing")
    score.add_argument("-eo", "--effective-order", action="store_true",
                       help="BLEU: leave out the orders a line has no n-grams of (sacrebleu's sentence BLEU)")
    # Defaults None (filled in by _check_options): an option given for a metric that is not run is refused.
    score.add_argument("--chrf-char-order", type=_positive_int, help="chrF character order (default 6)")
    score.add_argument("--chrf-word-order", type=int, help="chrF word order (default 0; 2 is chrF++)")
    score.add_argument("--chrf-beta", type=_positive_float, help="chrF beta (default 2)")
    score.add_argument("--chrf-whitespace", action="store_true", help="chrF: keep whitespace in character n-grams")
    score.add_argument("--chrf-lowercase", action="store_true", help="chrF: lowercase first")
    score.add_argument("--chrf-eps-smoothing", action="store_true", help="chrF: eps smoothing (chrF++.py, Moses)")
    score.add_argument("--ter-case-sensitive", action="store_true", help="TER: do not lowercase")
    score.add_argument("--ter-normalized", action="store_true", help="TER: tercom's normalization")
    score.add_argument("--ter-no-punct", action="store_true", help="TER: remove punctuation")
    score.add_argument("--ter-asian-support", action="store_true",
                       help="TER: CJK rules for the two options above (needs one of them)")
    score.add_argument("--explain", action="store_true", help="print the step-by-step explanation of each score")
    score.add_argument("-f", "--format", choices=FORMATS, default="text",
                       help="text (default): bleu_lab's report; json: sacrebleu's records (one per metric: name, score "
                            "on the 0-100 scale, signature and its settings), for pipelines built on sacrebleu; "
                            "report-json: bleu_lab's whole report (0-1 scale, details, tests, explanations)")
    score.add_argument("-b", "--score-only", action="store_true",
                       help="print only the scores, on sacrebleu's 0-100 scale (as sacrebleu -b): one per line, "
                            "or sacrebleu's JSON with -f json")
    score.add_argument("-w", "--width", type=_width, default=None, metavar="DIGITS",
                       help="decimals of the 0-100 scores of -b and -f json (default 1, as sacrebleu)")
    score.add_argument("--confidence", nargs="?", const=0.95, default=None, type=_confidence_level, metavar="LEVEL",
                       help="add a bootstrap confidence interval (default level 0.95)")
    tests = score.add_mutually_exclusive_group()
    tests.add_argument("--paired-bs", action="store_true",
                       help="paired bootstrap test (Koehn 2004) of each further candidate against the first (default)")
    tests.add_argument("--paired-ar", action="store_true",
                       help="paired approximate randomization test (Riezler and Maxwell 2005) instead")
    score.add_argument("--n-samples", type=_positive_int, default=None,
                       help="bootstrap samples (default 1000) or randomization trials (default 10000), as sacrebleu")
    score.add_argument("--seed", type=int, help="random seed of the tests (default 12345, as sacrebleu)")
    score.add_argument("--version", action="version", version=version)  # also after the files, as in sacrebleu
    examples = commands.add_parser("examples", help="the worked examples (same as no command)")
    for name, text in flags:  # also accepted after the command: bleu-lab examples --clip
        examples.add_argument(f"--{name}", dest=f"examples_{name}", action="store_true", help=f"the example of {text}")
    from .course import add_notebooks_command  # bleu-lab notebooks DIR

    add_notebooks_command(commands)
    return parser


def _subcommands(parser: argparse.ArgumentParser) -> dict:
    """``{name: parser}`` of bleu-lab's commands (``score``, ``notebooks``...)."""
    return {name: command for action in parser._actions  # argparse keeps them there; it has no public list
            if isinstance(action, argparse._SubParsersAction) for name, command in action.choices.items()}


def _command_parser(parser: argparse.ArgumentParser, command: str | None) -> argparse.ArgumentParser:
    """The parser of ``command`` (``score``, ``notebooks``...), or bleu-lab's own when there is none."""
    return _subcommands(parser).get(command, parser) if command is not None else parser


def _refuse_unknown_command(parser: argparse.ArgumentParser, argv: list) -> None:
    """A first word that is no command: a mistyped one, or files with ``score`` forgotten (sacrebleu has
    no command word), each refused with the call meant.

    A word that names a file, or looks like one (``ref.de``, ``data/ref``), is a file: short file names
    such as ``ref`` or ``scores`` are close to ``score`` but are not typos of it.
    """
    import os

    commands = list(_subcommands(parser))
    word = argv[0] if argv else ""
    if not word or word.startswith("-") or word in commands:
        return
    looks_like_file = os.path.exists(word) or any(mark in word for mark in "./\\")
    meant = None if looks_like_file else _mistyped_command(word, commands)
    if meant is not None:
        parser.error(f"unknown command {word!r}. Did you mean {meant!r}? Right: bleu-lab {meant} "
                     f"{' '.join(argv[1:])}".rstrip())
    with_score = " ".join(["score", *argv])
    ambiguous = _unnamed_roles(argv)  # two files without roles: say at once which calls are meant
    if ambiguous is not None:
        parser.error(f"{word!r} is not a command ({', '.join(commands)}); to score files, put 'score' first and "
                     f"say which file is the candidate:{ambiguous[len(WHICH_CANDIDATE):]}")
    parser.error(f"{word!r} is not a command ({', '.join(commands)}); to score files, put 'score' first: "
                 f"bleu-lab {with_score}")


def _unnamed_roles(argv: list) -> str | None:
    """When ``bleu-lab score ARGV`` would be refused for files without roles, the rest of that refusal
    (from "which file is the candidate?" on, with both right calls); else None. Parses quietly."""
    if {"-h", "--help", "--version"} & set(argv):
        return None
    quiet = _command_parser(build_parser(), "score")

    def refuse(*details):  # instead of printing a usage error and exiting
        raise CommandLineError(str(details))

    vars(quiet).update(error=refuse, exit=refuse)  # an instance's own attributes come before its class's methods
    try:
        resolve_roles(quiet.parse_known_args(argv)[0], stdin=None)
    except CommandLineError as error:
        if str(error).startswith(WHICH_CANDIDATE):
            return str(error)
    return None


def _mistyped_command(word: str, commands: list) -> str | None:
    """The command ``word`` is a typo of (``scroe``, ``notebook``, ``Score``), or None.

    Stricter than option names' :func:`~bleu_lab.checks.closest_name`: a word that is no command is as
    likely a file with ``score`` forgotten, so only a near spelling (difflib ratio >= 0.75) counts.
    """
    import difflib

    close = difflib.get_close_matches(word.lower(), commands, n=1, cutoff=0.75)  # an exact match scores 1
    return close[0] if close else None


def _sacrebleu_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"sacrebleu {version('sacrebleu')}"
    except PackageNotFoundError:  # pragma: no cover - sacrebleu is a dependency
        return "sacrebleu not installed"


def _emit(text: str) -> None:
    """Print, and stay quiet when the reader has gone (``bleu-lab | head``)."""
    import os

    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # Python's advice: point stdout at devnull so the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def main(argv=None, stdin=None) -> int:
    """Entry point of ``bleu-lab`` and ``python -m bleu_lab``; returns the exit code.

    ``stdin`` (default ``sys.stdin``) is where ``-`` and a piped candidate are read from.
    """
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else list(argv)
    _refuse_unknown_command(parser, argv)
    args, unrecognized = parser.parse_known_args(argv)
    if unrecognized:
        help_call = " ".join(["bleu-lab", *([args.command] if args.command else []), "--help"])
        command = _command_parser(parser, args.command)  # its error names it: "bleu-lab score: error: ..."
        command.error(unrecognized_arguments_message(unrecognized, command, help_call))
    if hasattr(args, "run"):  # a subcommand that runs itself (bleu-lab notebooks)
        return args.run(args)
    if args.command != "score":
        selected = {name for name in EXAMPLES if getattr(args, name) or getattr(args, f"examples_{name}", False)}
        _emit(run_examples(selected))
        return 0
    try:
        return _score_command(args, sys.stdin if stdin is None else stdin)
    except MemoryError:  # only this: any other exception is a bug and keeps its traceback
        print("bleu-lab score: error: out of memory: the input files are probably far larger than a test set, "
              "or not text; score a sample of their lines", file=sys.stderr)
        return EXIT_USAGE


# The library's keywords as this command's options, for the library's messages printed here.
KEYWORD_OPTIONS = {"smoothing": "-s", "smooth_value": "-sv", "tokenize": "--tokenize", "max_order": "--max-order",
                   "effective_order": "-eo",
                   "lowercase": "-lc", "char_order": "--chrf-char-order", "word_order": "--chrf-word-order",
                   "beta": "--chrf-beta"}
_KEYWORD_SETTING = re.compile(r"\b(" + "|".join(KEYWORD_OPTIONS) + r") ?= ?('[^']*'|True|-?\d+(?:\.\d+)?)")
# A bare keyword, not one set to a value this command has no spelling for (effective_order=False).
_KEYWORD_NAME = re.compile(r"\b(" + "|".join(name for name in KEYWORD_OPTIONS if "_" in name) + r")\b(?! ?=)")
# The library functions behind the options, named in their messages ("paired_bootstrap needs ...").
FUNCTION_OPTIONS = {"bootstrap_ci": "--confidence", "paired_bootstrap": "--paired-bs",
                    "paired_approximate_randomization": "--paired-ar"}
_FUNCTION_NAME = re.compile(r"\b(" + "|".join(FUNCTION_OPTIONS) + r")\b(?!\()")
_PYTHON_CALL = re.compile(r"\b[A-Za-z_][\w.]*\([^()]*\)")  # bootstrap_ci(candidates, references, smoothing='exp')


def in_option_terms(message: str) -> str:
    """A library message in this command's terms: ``smoothing='exp'`` becomes ``-s exp``,
    ``effective_order=True`` ``-eo``, and a bare ``max_order`` ``--max-order``. A Python call in the
    message becomes the options it sets (``bootstrap_ci(c, r, smoothing='method3')``: ``-s method3``);
    a call that sets none stays as it is, keywords and all.

    >>> in_option_terms("smoothing='method6' needs max_order = 3; e.g. smoothing='exp' with effective_order=True")
    '-s method6 needs --max-order 3; e.g. -s exp with -eo'
    >>> in_option_terms("e.g. bootstrap_ci(candidates, references, smoothing='method3'), not rouge_n(max_order)")
    'e.g. -s method3, not rouge_n(max_order)'
    >>> in_option_terms("paired_bootstrap needs a test set of several sentences")
    '--paired-bs needs a test set of several sentences'
    """
    def setting(match):
        option, value = KEYWORD_OPTIONS[match[1]], match[2].strip("'")
        return option if value == "True" else f"{option} {value}"

    def prose(text):
        text = _FUNCTION_NAME.sub(lambda match: FUNCTION_OPTIONS[match[1]], text)
        return _KEYWORD_NAME.sub(lambda match: KEYWORD_OPTIONS[match[1]], _KEYWORD_SETTING.sub(setting, text))

    def call(match):
        settings = [setting(found) for found in _KEYWORD_SETTING.finditer(match[0])]
        return " ".join(settings) if settings else match[0]

    # The calls' keywords are read as settings, the text between them as prose.
    texts = _PYTHON_CALL.split(message)
    calls = [call(found) for found in _PYTHON_CALL.finditer(message)]
    return "".join(prose(text) + joined for text, joined in zip(texts, [*calls, ""]))


def _score_command(args, stdin) -> int:
    """``bleu-lab score``: score, then print the warnings and the scores; bad input returns EXIT_USAGE."""
    try:
        records, settings, warnings = score_files(args, stdin)
    except CommandLineError as error:
        print(f"bleu-lab score: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except (TypeError, ValueError) as error:  # the library's checks of the options, in its Python terms
        print(f"bleu-lab score: error: {in_option_terms(str(error))}", file=sys.stderr)
        return EXIT_USAGE
    for warning in warnings:
        print(f"bleu-lab score: {warning}", file=sys.stderr)
    if args.format == "report-json":
        from . import __version__

        payload = {"bleu_lab": __version__, "scale": "0-1", "settings": settings, "systems": records}
        _emit(json.dumps(payload, indent=1, ensure_ascii=False))
    elif args.format == "json" or args.score_only:
        _emit(format_sacrebleu(records, args))
    else:
        _emit(format_text(records, settings))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
