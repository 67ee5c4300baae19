"""Run the command line: ``python -m bleu_lab`` (see bleu_lab.cli)."""

import sys

from .cli import main

sys.exit(main())
