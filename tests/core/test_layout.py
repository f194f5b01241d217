"""A layout gives each field the offset after the fields before it, and refuses a field that
could not hold a number."""

import numpy as np
import pytest

from workbench.core.layout import Layout


def test_offsets_follow_the_widths_in_order():
    row = Layout()
    a, b = row.fields(2)
    dice = row.field(16)
    count = row.field()
    cards = row.field(3 * 4)
    assert (a, b, dice, count, cards) == (0, 1, 2, 18, 19)
    assert row.size == 31


def test_fields_one_wide_each():
    row = Layout()
    assert row.fields(3) == range(0, 3)
    assert row.fields(2) == range(3, 5)
    assert row.size == 5


def test_size_so_far_marks_where_the_next_field_starts():
    s = Layout()
    s.field(10)
    kept = s.size  # e.g. where the part a new game clears ends
    assert s.field(4) == kept == 10
    assert s.size == 14


def test_a_layout_may_start_past_what_comes_before_it():
    s = Layout(2 * 7)
    assert s.field(3) == 14
    assert s.size == 17


def test_offsets_are_plain_ints():
    # numba reads them as module constants, so an offset must be a Python int, whatever
    # integer type a width was written with.
    row = Layout()
    at = row.field(np.int64(4))
    assert type(at) is int and type(row.field()) is int and type(row.size) is int
    assert row.size == 5


@pytest.mark.parametrize("width", [0, -1])
def test_a_field_narrower_than_one_number_is_refused(width):
    row = Layout()
    with pytest.raises(ValueError, match=f"at least one number wide, not {width}"):
        row.field(width)
    assert row.size == 0


@pytest.mark.parametrize("count", [0, -2])
def test_no_fields_at_all_is_refused(count):
    with pytest.raises(ValueError, match=f"at least one field at a time, not {count}"):
        Layout().fields(count)


@pytest.mark.parametrize("width", [2.0, "4", None, True])
def test_a_width_that_is_not_a_whole_number_is_refused(width):
    with pytest.raises(TypeError, match="a field's width is a whole number"):
        Layout().field(width)


def test_a_negative_start_is_refused():
    with pytest.raises(ValueError, match="starts at 0 or after, not at -1"):
        Layout(-1)
