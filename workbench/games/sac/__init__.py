"""Soldiers! Aliens! Carnage!"""
