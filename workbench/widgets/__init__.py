"""Thin notebook views. Each is an anywidget class with a sibling .js and .css; the logic they
show lives in plain Python (see stepper.py)."""

from .step_through import StepThrough
from .stepper import Stepper

__all__ = ["StepThrough", "Stepper"]
