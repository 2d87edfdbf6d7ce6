"""The package's version, at the bottom of the package: the front ends and the corpus
name it without importing the package's top (which installs the mechanisms, whose modules
import the front ends: a circle)."""

VERSION = "0.1.0"  # as pyproject.toml says it
