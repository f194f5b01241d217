"""lark's parser (which reads what the recursive-descent reader cannot, and says what is wrong)
comes ready-made from lark's cache in the user's cache folder, and a
folder that cannot be used only costs building it again."""

from __future__ import annotations

import lark.lark
import pytest

from workbench.dice import DiceSyntaxError, parser
from workbench.dice.parser import cache_file

TEXTS = [
    "3d6 > 2d8 + 2",
    "[8d6, 8d8]kh2",
    "(15d6>=5) > (10d8>=5)",
    "4d6!>=5:2 + d20rr<3",
    "max(2d6, 3#d4) * -1",
    "d{-1,1,1,2}",
    "4dF + d%",
]
BAD = ["3d6 +", "4d6kh3kh", "2d", "(3d6", "d6!>=", "3 # # 4"]


@pytest.fixture
def fresh_parser(monkeypatch, tmp_path):
    """Each build starts over (the module keeps one parser per process) in a cache folder of
    the test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    parser._lark.cache_clear()
    yield tmp_path
    parser._lark.cache_clear()


def readings() -> list:
    """What the current parser makes of good and bad text."""
    out = [parser.parse(t) for t in TEXTS]
    for text in BAD:
        with pytest.raises(DiceSyntaxError) as err:
            parser.parse(text)
        out.append(str(err.value))
    return out


def test_the_second_parser_is_loaded_from_the_cache_not_built(fresh_parser, monkeypatch):
    built = readings()
    path = cache_file()
    assert path.startswith(str(fresh_parser / "cache" / "workbench"))
    written = open(path, "rb").read()
    assert written

    parser._lark.cache_clear()

    def no_grammar_analysis(*args, **kwargs):
        raise AssertionError("the grammar was analysed again instead of loaded")

    monkeypatch.setattr(lark.lark, "load_grammar", no_grammar_analysis)
    assert readings() == built
    assert open(path, "rb").read() == written


def test_a_damaged_cache_is_rebuilt(fresh_parser):
    built = readings()
    path = cache_file()
    with open(path, "wb") as f:
        f.write(b"not a parser")
    parser._lark.cache_clear()
    assert readings() == built
    assert open(path, "rb").read() != b"not a parser"


def test_no_cache_folder_still_parses(fresh_parser, monkeypatch):
    with_cache = readings()
    blocker = fresh_parser / "a file"
    blocker.write_text("in the way")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))  # a folder cannot be made inside a file
    parser._lark.cache_clear()
    assert cache_file() is None
    assert readings() == with_cache


def test_a_relative_cache_folder_is_never_used(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_file().startswith(str(tmp_path / "home" / ".cache" / "workbench"))
    monkeypatch.delenv("HOME")
    monkeypatch.setattr("os.path.expanduser", lambda path: path)  # no home folder to be found
    assert cache_file() is None
    assert not (tmp_path / "relative").exists()
