"""BLEU, the readable definition (Papineni et al. 2002): text to tokens to statistics to score.

- :mod:`.statistics`: n-grams, clipped counts and lengths, one :class:`SentenceStats` per sentence;
- :mod:`.scoring`: the settings, the smoothing registry, the brevity penalty and the one function
  from statistics to a score;
- :mod:`.metric`: ``sentence_bleu``, ``corpus_bleu``, ``modified_precision``, ``brevity_penalty``,
  ``bleu_from_stats``;
- :mod:`.results`: the frozen result objects.
"""

from .metric import *  # noqa: F403
from .metric import __all__  # noqa: F401
