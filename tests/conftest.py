"""Shared test settings.

In CI (``CI=true``) the property-based tests draw the same examples on every
run, so a green main stays green; on a developer's machine they explore new
examples each run (and remember failures in .hypothesis/).
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI") == "true":
    settings.load_profile("ci")
