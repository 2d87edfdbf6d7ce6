"""The checks of a rule file's meaning, one concern a module, as a chain of classes:
values -> roles -> pack -> modes -> expressions -> scoring -> declarations -> piles ->
names; jassdsl/language/check.py is the checker at its end."""
