"""The parser of rule files, one job a module: the grammar as a parser (grammar), the tree
to model per part of a file (header, play_rules, declarations, scoring, expressions,
joined in to_model), syntax errors in words (messages), reading on after one
(recovery), and the limits of a tree (limits); jassdsl/language/syntax.py is the entry."""
