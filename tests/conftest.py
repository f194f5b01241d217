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


def pytest_configure(config):
    """`make test` groups tests that share what is costly to build (the Binder environment,
    a JupyterLab server) with `--dist loadgroup`, which pytest 9.2's node ids break:
    each process would build them all (see pyproject.toml)."""
    if config.getoption("dist", "no") == "loadgroup" and pytest.version_tuple[:2] >= (9, 2):
        raise pytest.UsageError(
            f"pytest {pytest.__version__} loses pytest-xdist's test "
            "groups: install the pytest that pyproject.toml asks for"
        )


@pytest.fixture(scope="session")
def coop_cards():
    return wb.load_cards("coop")
