"""Speed of bleu_lab against sacrebleu and nltk on the WMT19 en-de test set (`make bench`).

Every task is timed as the best of several repeats (CPU time of the process, so that other
programs on a shared machine do not count), in one process, on the data shipped in
``bleu_lab.datasets``; the libraries take turns within each repeat. The table gives each library's time and
bleu_lab's time as a ratio of sacrebleu's, then says which targets (issue 10) are met:

    pre-tokenized text (tokenize="none"): counting and scoring are all the work
        corpus BLEU                                      <= 0.35 x sacrebleu
        bootstrap interval, 1000 samples                 <= 0.15 x sacrebleu
        paired bootstrap test of two systems, 1000       <= 0.15 x sacrebleu
    raw text with 13a: both libraries spend most of the time in the same tokenizer
        corpus BLEU                                      <= 0.8 x sacrebleu
        bootstrap interval, 1000 samples                 <= 0.6 x sacrebleu
        paired bootstrap test, 1000 samples              <= 0.5 x sacrebleu
    sentence BLEU + explanation, 4 references            <= 1 ms
    import bleu_lab (fresh interpreter)                  <= 100 ms

The tokenization floor (13a on the candidates and references, cold) is printed after the table,
as a fraction of sacrebleu's corpus BLEU and bootstrap on raw text: no scoring code can go below it.

A second table (issue 30) times held-out-style data, each measurement in a fresh process (cold: no
cache of either library, bleu_lab's included, has seen the text; the first call pays for whatever it
sets up): the 1,000 longest segments of WMT19 (system MSRA.MADL, and NEU for the paired test) with
all four references (WMT, AR, AR.p, WMT.p), tokenized with 13a beforehand. bleu_lab gets them as
token lists (``line.split()``, as a user with pre-tokenized text has them) and as pre-tokenized lines
(``tokenize="none"``); sacrebleu gets the lines with ``tokenize="none"``, its form of the same input:

    token lists: corpus BLEU <= 0.25 x, bootstrap (1000) <= 0.15 x, paired bootstrap (1000) <= 0.15 x
    lines:       corpus BLEU <= 0.35 x, bootstrap (1000) <= 0.15 x, paired bootstrap (1000) <= 0.15 x

Fairness: sacrebleu's 13a tokenizer keeps an lru_cache per tokenizer object. bleu_lab reuses
one tokenizer object, so a repeated run would find every line already tokenized while sacrebleu
(a new object per call) starts cold. The caches are cleared before every repeat of a text task,
so both libraries tokenize from scratch each time (cold caches: every repeat scores lines neither
library has cached).

Usage: python benchmarks/run.py [--repeats N] [--markdown FILE] [--only-held-out]
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time

import sacrebleu
from nltk.translate import bleu_score as nltk_bleu
from sacrebleu.metrics import BLEU
from sacrebleu.significance import PairedTest
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a
from sacrebleu.tokenizers.tokenizer_re import TokenizerRegexp

import bleu_lab
from bleu_lab.datasets import load_wmt19_en_de

logging.getLogger("sacrebleu").setLevel(logging.ERROR)


def clear_tokenizer_caches():
    """Forget every tokenized line (sacrebleu's 13a caches are shared by both libraries)."""
    Tokenizer13a.__call__.cache_clear()
    TokenizerRegexp.__call__.cache_clear()


def best_times(functions, repeats, *, cold=True):
    """Best CPU time of each function; the functions take turns in every repeat.

    CPU time of this process (``time.process_time``) rather than wall time: on a shared machine
    the wall clock also counts the time spent waiting for a core. Taking turns spreads any drift
    in the machine's load over all libraries alike.
    """
    best = [float("inf")] * len(functions)
    for _ in range(repeats):
        for k, function in enumerate(functions):
            if function is None:
                continue
            if cold:
                clear_tokenizer_caches()
            start = time.process_time()
            function()
            best[k] = min(best[k], time.process_time() - start)
    return [None if function is None else value for function, value in zip(functions, best)]


def interpreter_times(codes, repeats):
    """Best CPU time (user + system) of a fresh interpreter running each piece of code.

    With Python's bytecode cache on, as a user has it: pip compiles an installed package's modules,
    and a source tree's are compiled on first import. (A shell with PYTHONDONTWRITEBYTECODE set
    would otherwise time compiling bleu_lab's source against sacrebleu's compiled modules.) A first,
    untimed run of each piece of code writes the cache.
    """
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    for code in codes:
        subprocess.run([sys.executable, "-c", code], check=True, env=environment)
    best = [float("inf")] * len(codes)
    for _ in range(repeats):
        for k, code in enumerate(codes):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([sys.executable, "-c", code], check=True, env=environment)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            best[k] = min(best[k], used)
    return best


def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"{os.cpu_count()} CPUs ({model}), Python {platform.python_version()}, sacrebleu {sacrebleu.__version__}, "
        f"load average {load:.1f} when started"
    )


def run(repeats):
    data = load_wmt19_en_de()
    baseline, system = data.systems["MSRA.MADL"], data.systems["NEU"]
    reference = data.reference
    references = data.references
    tokenizer = Tokenizer13a()
    tokenized = [tokenizer(line) for line in baseline]
    tokenized_system = [tokenizer(line) for line in system]
    tokenized_reference = [tokenizer(line) for line in reference]
    tokenized_references = [[line] for line in tokenized_reference]
    nltk_hypotheses = [line.split() for line in tokenized]
    nltk_references = [[line.split()] for line in tokenized_reference]

    rows = []  # (task, bleu_lab seconds, sacrebleu seconds or None, nltk seconds or None, target kind, target)

    def row(task, ours, theirs, nltk, kind, target, *, cold=True, repeats=repeats):
        rows.append((task, *best_times([ours, theirs, nltk], repeats, cold=cold), kind, target))

    # 1. corpus BLEU on pre-tokenized text
    row("corpus BLEU, pre-tokenized (tokenize='none')",
        lambda: bleu_lab.corpus_bleu(tokenized, tokenized_references, tokenize="none"),
        lambda: sacrebleu.corpus_bleu(tokenized, [tokenized_reference], tokenize="none", force=True),
        lambda: nltk_bleu.corpus_bleu(nltk_references, nltk_hypotheses),
        "ratio", 0.35)
    # 2. corpus BLEU on raw text with 13a
    row("corpus BLEU, raw text, 13a",
        lambda: bleu_lab.corpus_bleu(baseline, references),
        lambda: sacrebleu.corpus_bleu(baseline, [reference]),
        None, "ratio", 0.8)
    # 3. bootstrap interval
    row("bootstrap 95% interval, 1000 samples, pre-tokenized",
        lambda: bleu_lab.bootstrap_ci(tokenized, tokenized_references, tokenize="none"),
        lambda: BLEU(tokenize="none", force=True).corpus_score(tokenized, [tokenized_reference], n_bootstrap=1000),
        None, "ratio", 0.15)
    row("bootstrap 95% interval, 1000 samples, raw text, 13a",
        lambda: bleu_lab.bootstrap_ci(baseline, references),
        lambda: BLEU().corpus_score(baseline, [reference], n_bootstrap=1000),
        None, "ratio", 0.6)

    # 4. paired test of two systems
    def sacrebleu_paired(first, second, refs, **keywords):
        test = PairedTest([("baseline", first), ("system", second)], {"BLEU": BLEU(**keywords)}, [refs],
                          test_type="bs", n_samples=1000)
        return test()

    row("paired bootstrap test, 2 systems, 1000 samples, pre-tokenized",
        lambda: bleu_lab.paired_bootstrap(tokenized, tokenized_system, tokenized_references, tokenize="none"),
        lambda: sacrebleu_paired(tokenized, tokenized_system, tokenized_reference, tokenize="none", force=True),
        None, "ratio", 0.15)
    row("paired bootstrap test, 2 systems, 1000 samples, raw text, 13a",
        lambda: bleu_lab.paired_bootstrap(baseline, system, references),
        lambda: sacrebleu_paired(baseline, system, reference),
        None, "ratio", 0.5)

    # 5. one sentence with four references, explained (what the playground widget does per change)
    lengths = sorted(range(len(baseline)), key=lambda i: len(baseline[i].split()))
    i = lengths[len(lengths) // 2]  # a sentence of median length
    candidate = baseline[i]
    four = [reference[i], data.systems["Microsoft-WMT19-sentence_document"][i], data.systems["NEU"][i],
            data.systems["UCAM"][i]]

    def explained():
        result = bleu_lab.sentence_bleu(candidate, four, smoothing="exp")
        result.explain()
        result._repr_html_()

    nltk_candidate = tokenizer(candidate).split()
    nltk_four = [tokenizer(r).split() for r in four]
    smoothing = nltk_bleu.SmoothingFunction().method3
    row(f"sentence BLEU + explain() + HTML, 4 references ({len(candidate.split())} words)",
        explained,
        lambda: sacrebleu.sentence_bleu(candidate, four),
        lambda: nltk_bleu.sentence_bleu(nltk_four, nltk_candidate, smoothing_function=smoothing),
        "seconds", 0.001, cold=False, repeats=max(50, 20 * repeats))

    # The playground's work per change with four references (was a test that asserted nothing).
    from bleu_lab.show.playground import compute_playground

    cat = ["the cat is on the mat", "there is a cat on the mat", "a cat sits on the mat", "on the mat is a cat"]
    edits = iter(range(10**9))  # a new candidate every call, as while typing: the playground caches by text
    row("playground: compute_playground, 4 references (information only)",
        lambda: compute_playground(f"the cat sat on the mat {next(edits)}", cat), None, None, None, None,
        cold=False, repeats=max(20, 5 * repeats))

    # chrF (no target in issue 10): character and word n-grams counted by the BLEU counting engine.
    from sacrebleu.metrics import CHRF

    row("corpus chrF++, raw text (information only)",
        lambda: bleu_lab.corpus_chrf(baseline, references, word_order=2),
        lambda: CHRF(word_order=2).corpus_score(baseline, [reference]), None, None, None)

    # ROUGE-L's LCS on 10k tokens (bit-parallel rows, never the whole table)
    words = [f"w{k}" for k in range(300)]
    long_candidate = [words[(7 * k) % 300] for k in range(10_000)]
    long_reference = [words[(11 * k) % 300] for k in range(10_000)]
    row("rouge_l, 10,000 tokens against 10,000", lambda: bleu_lab.rouge_l(long_candidate, [long_reference]),
        None, None, "seconds", 1.0, cold=False, repeats=max(3, repeats // 2))

    # 6. import time: a fresh interpreter that imports, minus one that does nothing
    empty, ours, theirs, nltk = interpreter_times(
        ["pass", "import bleu_lab", "import sacrebleu", "import nltk.translate.bleu_score"], repeats)
    rows.append(("import (fresh interpreter minus an empty one)", ours - empty, theirs - empty, nltk - empty,
                 "seconds", 0.1))

    # The tokenization floor: sacrebleu's 13a on the candidates and the reference, cold.
    def tokenize_only():
        fresh = Tokenizer13a()
        for line in baseline:
            fresh(line)
        for line in reference:
            fresh(line)

    (floor,) = best_times([tokenize_only], repeats)
    return rows, floor


# ----------------------------------------------------------------------------- held-out style, fresh processes

HELD_OUT_SEGMENTS = 1000
HELD_OUT_REFERENCES = ("WMT", "AR", "AR.p", "WMT.p")
# (task, target for token lists, target for lines): bleu_lab's time as a fraction of sacrebleu's
HELD_OUT_TASKS = (("corpus BLEU", 0.25, 0.35), ("bootstrap 95% interval, 1000 samples", 0.15, 0.15),
                  ("paired bootstrap test, 2 systems, 1000 samples", 0.15, 0.15))


def held_out_lines() -> dict:
    """The held-out-style test set as 13a-tokenized lines: the longest segments, every reference."""
    from bleu_lab.datasets import load_wmt19_references

    data = load_wmt19_en_de()
    baseline, system = data.systems["MSRA.MADL"], data.systems["NEU"]
    reference_sets = load_wmt19_references()
    longest = sorted(sorted(range(len(baseline)), key=lambda i: -len(baseline[i]))[:HELD_OUT_SEGMENTS])
    tokenizer = Tokenizer13a()
    return {
        "baseline": [tokenizer(baseline[i]) for i in longest],
        "system": [tokenizer(system[i]) for i in longest],
        "references": [[tokenizer(reference_sets[name][i]) for name in HELD_OUT_REFERENCES] for i in longest],
    }


def _held_out_calls(lines: dict) -> dict:
    """Every measured call, by (task, library, form); the inputs of both forms are built either way, so that
    every process holds the same objects when its call starts."""
    baseline, system, references = lines["baseline"], lines["system"], lines["references"]
    tokens = {"baseline": [line.split() for line in baseline], "system": [line.split() for line in system],
              "references": [[line.split() for line in refs] for refs in references]}
    streams = [list(stream) for stream in zip(*references)]  # sacrebleu's refs[k][i]

    def sacrebleu_paired():
        test = PairedTest([("baseline", baseline), ("system", system)],
                          {"BLEU": BLEU(tokenize="none", force=True)}, streams, test_type="bs", n_samples=1000)
        return test()

    def ours(given, **keywords):
        return {
            "corpus BLEU": lambda: bleu_lab.corpus_bleu(given["baseline"], given["references"], **keywords),
            "bootstrap 95% interval, 1000 samples":
                lambda: bleu_lab.bootstrap_ci(given["baseline"], given["references"], **keywords),
            "paired bootstrap test, 2 systems, 1000 samples":
                lambda: bleu_lab.paired_bootstrap(given["baseline"], given["system"], given["references"], **keywords),
        }

    theirs = {
        "corpus BLEU": lambda: sacrebleu.corpus_bleu(baseline, streams, tokenize="none", force=True),
        "bootstrap 95% interval, 1000 samples":
            lambda: BLEU(tokenize="none", force=True).corpus_score(baseline, streams, n_bootstrap=1000),
        "paired bootstrap test, 2 systems, 1000 samples": sacrebleu_paired,
    }
    calls = {}
    for task, _, _ in HELD_OUT_TASKS:
        calls[task, "bleu_lab", "token lists"] = ours(tokens)[task]
        calls[task, "bleu_lab", "lines"] = ours(lines, tokenize="none")[task]
        calls[task, "sacrebleu", "lines"] = theirs[task]
    return calls


def measure_one(data_file: str, task: str, library: str, form: str) -> float:
    """CPU time of one call in this (fresh) process: the child's side of :func:`held_out_rows`.

    numpy is imported before the clock starts (both libraries resample with it; importing it is not
    scoring). Nothing else is warmed up: the call is the first of its kind in the process.
    """
    import numpy  # noqa: F401

    with open(data_file, encoding="utf-8") as handle:
        call = _held_out_calls(json.load(handle))[task, library, form]
    start = time.process_time()
    call()
    return time.process_time() - start


def held_out_rows(repeats: int) -> list:
    """(task, form, bleu_lab seconds, sacrebleu seconds, target): the best of ``repeats`` fresh processes
    each; in every repeat the three measurements of a task take turns, as in :func:`best_times`."""
    with tempfile.TemporaryDirectory() as folder:
        data_file = os.path.join(folder, "held_out.json")
        with open(data_file, "w", encoding="utf-8") as handle:
            json.dump(held_out_lines(), handle)
        rows = []
        for task, token_target, line_target in HELD_OUT_TASKS:
            kinds = [("bleu_lab", "token lists"), ("bleu_lab", "lines"), ("sacrebleu", "lines")]
            best = dict.fromkeys(kinds, float("inf"))
            for _ in range(repeats):
                for library, form in kinds:
                    best[library, form] = min(best[library, form], _fresh_process(data_file, task, library, form))
            theirs = best["sacrebleu", "lines"]
            rows.append((task, "token lists", best["bleu_lab", "token lists"], theirs, token_target))
            rows.append((task, "lines, tokenize='none'", best["bleu_lab", "lines"], theirs, line_target))
    return rows


def _fresh_process(data_file: str, task: str, library: str, form: str) -> float:
    command = [sys.executable, __file__, "--measure-one", data_file, task, library, form]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    return float(done.stdout.split()[-1])


def held_out_table(rows) -> tuple[str, list]:
    header = ["task (1,000 long segments, 4 references)", "bleu_lab's input", "bleu_lab", "sacrebleu",
              "bleu_lab / sacrebleu", "target", "met"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    met_all = []
    for task, form, ours, theirs, target in rows:
        ratio = ours / theirs
        met_all.append(ratio <= target)
        lines.append(f"| {task} | {form} | {_seconds(ours)} | {_seconds(theirs)} | {ratio:.2f}x | <= {target:g}x | "
                     f"{'yes' if ratio <= target else 'NO'} |")
    return "\n".join(lines), met_all


def _seconds(value):
    if value is None:
        return "n/a"
    return f"{1000 * value:.1f} ms" if value < 1 else f"{value:.2f} s"


def table(rows):
    header = ["task", "bleu_lab", "sacrebleu", "nltk", "bleu_lab / sacrebleu", "target", "met"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    met_all = []
    for task, ours, theirs, nltk, kind, target in rows:
        ratio = ours / theirs if theirs else None
        if kind == "ratio" and ratio is not None:
            target_text, met = f"<= {target:g}x", ratio <= target
        elif kind == "seconds":
            target_text, met = f"< {_seconds(target)}", ours < target
        else:
            target_text, met = "", None
        if met is not None:
            met_all.append(met)
        lines.append("| " + " | ".join([
            task, _seconds(ours), _seconds(theirs), _seconds(nltk),
            f"{ratio:.2f}x" if ratio is not None else "n/a",
            target_text, "" if met is None else ("yes" if met else "NO"),
        ]) + " |")
    return "\n".join(lines), met_all


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5, help="repeats per task; the best time is kept (default 5)")
    parser.add_argument("--markdown", metavar="FILE", help="also write the table and the machine to FILE")
    parser.add_argument("--only-held-out", action="store_true", help="only the held-out-style table (issue 30)")
    parser.add_argument("--measure-one", nargs=4, metavar=("DATA", "TASK", "LIBRARY", "FORM"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure_one:  # a fresh process measuring one call for held_out_rows
        print(measure_one(*args.measure_one))
        return 0
    description = machine()
    print(f"machine: {description}")
    held_out_text, held_out_met = held_out_table(held_out_rows(args.repeats))
    print(f"held-out style: {HELD_OUT_SEGMENTS} longest WMT19 segments, 4 references, a fresh process per "
          f"measurement, best of {args.repeats}")
    print(held_out_text)
    print(f"targets met: {sum(held_out_met)} of {len(held_out_met)}")
    if args.only_held_out:
        if args.markdown:
            with open(args.markdown, "w", encoding="utf-8") as handle:
                handle.write(f"machine: {description}\n\nbest of {args.repeats} fresh processes\n\n{held_out_text}\n")
        return 0
    print(f"bleu_lab benchmark on WMT19 en-de (1997 segments); best of {args.repeats} repeats")
    rows, floor = run(args.repeats)
    text, met = table(rows)
    corpus_raw = next(r[2] for r in rows if r[0].startswith("corpus BLEU, raw"))
    bootstrap_raw = next(r[2] for r in rows if r[0].startswith("bootstrap 95% interval, 1000 samples, raw"))
    floor_text = (f"tokenization floor (13a, cold, candidates + reference): {_seconds(floor)} = "
                  f"{floor / corpus_raw:.2f}x sacrebleu's corpus BLEU, {floor / bootstrap_raw:.2f}x its bootstrap")
    print(text)
    print(floor_text)
    print(f"targets met: {sum(met)} of {len(met)}")
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as handle:
            handle.write(f"machine: {description}\n\nheld-out style, best of {args.repeats} fresh processes\n\n"
                         f"{held_out_text}\n\nbest of {args.repeats} repeats\n\n{text}\n\n{floor_text}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
