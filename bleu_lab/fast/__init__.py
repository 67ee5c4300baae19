"""The speed engine: numpy versions of the readable definitions, for large inputs.

Each function here names the readable function it equals, and tests/test_fast_engine.py proves the
two equal on generated input. The readable code decides when to hand over, with one threshold,
:data:`FAST_FROM`: it compares its own work with ``fast.FAST_FROM``, read at the call (so a test can move
it), and imports the engine only then.
"""

from __future__ import annotations

FAST_FROM = 20_000
"""Work at which the array engine takes over from readable Python: characters of text to count
(corpus statistics), cells of a longest-common-subsequence table, or sentences drawn in a resampling
(samples x sentences). Below it, numpy's start-up costs more than it saves."""

