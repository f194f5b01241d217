import pytest

import workbench as wb


@pytest.fixture(scope="session")
def coop_cards():
    return wb.load_cards("coop")
