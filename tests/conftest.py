import os

import pytest
from hypothesis import settings

import workbench as wb

# Every run draws the same examples, so a result in CI is one that was seen here too (whether
# or not the CI machine says it is CI). WORKBENCH_EXPLORE=1 draws new examples, to look for
# failures on purpose.
settings.register_profile("fixed", derandomize=True, print_blob=True)
settings.register_profile("explore", print_blob=True)
settings.load_profile("explore" if os.environ.get("WORKBENCH_EXPLORE") else "fixed")


@pytest.fixture(scope="session")
def coop_cards():
    return wb.load_cards("coop")
