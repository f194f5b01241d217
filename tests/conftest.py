import os

import pytest
from hypothesis import settings

import workbench as wb

# In CI every run draws the same examples, so a result there is one that was seen here too.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(scope="session")
def coop_cards():
    return wb.load_cards("coop")
