"""The rules language: its grammar, the parser into the typed model, the checker, the standard tables a file may take, and the Pygments lexer."""
