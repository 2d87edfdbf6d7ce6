"""The checker speaks German with `--lang de` (issue 31 §2): every message the checker,
the parser and the mechanisms write has a German template (`core.errors_de`), a sample
of broken files reads the same in both languages but for the sentence (file:line:col,
the line and the caret stay), and `check --lang de` and the `--watch` preview say it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from jassdsl import cli
from jassdsl.core.errors import RuleFileErrors
from jassdsl.core.errors_de import german
from jassdsl.language.check import load_model

PACKAGE = Path(__file__).resolve().parents[1] / "jassdsl"
SOURCES = [*sorted((PACKAGE / "language").rglob("*.py")),  # the checking/, parsing/ parts too
           *sorted((PACKAGE / "mechanisms").glob("*.py")), PACKAGE / "registry.py"]


def template(node: ast.expr) -> str | None:
    """An error's message as the code writes it, each field filled with 'x1', 'x2' ..."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):  # the same expression twice: the same filling
        out = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                out.append(str(v.value))
            else:
                assert isinstance(v, ast.FormattedValue)
                fill = f"x{sum(map(ord, ast.unparse(v.value))) % 997}"
                out.append(f"'{fill}'" if v.conversion == ord("r") else fill)
        return "".join(out)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = template(node.left), template(node.right)
        return None if left is None or right is None else left + right
    return None  # made elsewhere (a variable): its parts are checked where they are made


def messages() -> list[tuple[str, str]]:
    """Every message given to `error(pos, kind, message)` or `RuleError(path, pos, kind,
    message)` in the checker's modules, with where it is written."""
    out = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else \
                node.func.id if isinstance(node.func, ast.Name) else ""
            at = 2 if name in ("error", "report") else 3 if name == "RuleError" else None
            if at is not None and len(node.args) > at:
                text = template(node.args[at])
                if text is not None:
                    out.append((f"{path.name}:{node.lineno}", text))
    return out


def test_every_message_of_the_checker_has_a_german_template() -> None:
    found = messages()
    assert len(found) > 150
    untranslated = [(where, text) for where, text in found if german(text) == text]
    assert not untranslated, untranslated


BROKEN = [  # a file, the English sentence, the German one
    ('variant "X"\nplayers 4 in teams across\ntrmp: forehand chooses suits\n',
     "no statement starts with 'trmp' (did you mean 'trump'?); expected a new statement",
     "keine Anweisung beginnt mit 'trmp' (meintest du 'trump'?); erwartet: eine neue "
     "Anweisung"),
    ('variant "X"\nplayers 4 in teams sideways\n', "unexpected 'sideways'; expected 'across'",
     "unerwartet: 'sideways'; erwartet: 'across'"),
    ('variant "X"\nplayers 4\n', "the file has no 'winner: most UNIT",
     "der Datei fehlt die Anweisung 'winner: most UNIT"),
]


@pytest.mark.parametrize(("text", "english", "german_text"), BROKEN)
def test_a_broken_file_reads_alike_in_both_languages(text: str, english: str,
                                                     german_text: str) -> None:
    with pytest.raises(RuleFileErrors) as caught:
        load_model(text, "mine.jass")
    en, de = caught.value.render("en"), caught.value.render("de")
    assert english in en and german_text in de and english not in de
    place = re.compile(r"^mine\.jass:\d+:\d+: ", re.M)
    assert place.findall(en) == place.findall(de)  # the places stay
    assert [line for line in en.splitlines() if line.startswith("    ")] == \
        [line for line in de.splitlines() if line.startswith("    ")]  # the line and caret


def test_fields_that_name_the_files_words_stay_as_written() -> None:
    assert german("unknown name 'tricks'; did you mean 'trick'? known names: a, b; "
                  "functions: won(); a unit's total: total points") == \
        "unbekannter Name 'tricks'; meintest du 'trick'? bekannte Namen: a, b; Funktionen: " \
        "won(); der Stand einer Einheit: total points"
    assert german("a sentence nobody wrote") == "a sentence nobody wrote"


def test_check_speaks_german(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "mine.jass"
    broken.write_text('variant "X"\nplayers 4 in teams across\ntrmp: forehand\n',
                      encoding="utf-8")
    assert cli.main(["check", "--static", "--lang", "de", str(broken)]) == 1
    err = capsys.readouterr().err
    assert "mine.jass:3:1: keine Anweisung beginnt mit 'trmp'" in err
    assert "    trmp: forehand\n    ^^^^" in err
    assert "die Bedeutung der Datei ist noch nicht geprüft" in err
    assert cli.main(["check", "--static", "--lang", "en", str(broken)]) == 1
    assert "no statement starts with 'trmp'" in capsys.readouterr().err


def test_the_watched_files_errors_are_german(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from jassdsl.table.app import create_app

    edited = tmp_path / "mine.jass"
    edited.write_text('variant "x"\nplayers 4 in teams sideways\n', encoding="utf-8")
    with TestClient(create_app(pace=0, watch=str(edited))) as c:
        de, en = c.get("/?lang=de").text, c.get("/?lang=en").text
    assert "mine.jass:2:20: unerwartet: &#x27;sideways&#x27;; erwartet: &#x27;across&#x27;" \
        in de and "unexpected" not in de
    assert "mine.jass:2:20: unexpected &#x27;sideways&#x27;; expected &#x27;across&#x27;" in en


def role_phrases() -> list[tuple[str, str]]:
    """What a role cannot do, as each `role_among(rf, word, allowed, CANNOT)` says it: a
    phrase the checker puts inside its "'ROLE' cannot ...; write ..." message."""
    out = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {t.id: n.value.value for n in ast.walk(tree) if isinstance(n, ast.Assign)
                 for t in n.targets if isinstance(t, ast.Name)
                 and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "role_among" and len(node.args) > 3:
                arg = node.args[3]
                text = arg.value if isinstance(arg, ast.Constant) else \
                    names.get(arg.id) if isinstance(arg, ast.Name) else None
                assert isinstance(text, str), f"{path.name}:{node.lineno}"
                out.append((f"{path.name}:{node.lineno}", text))
    return out


def test_what_a_role_cannot_do_is_said_in_german_too() -> None:
    phrases = role_phrases()
    assert len(phrases) >= 2  # talon's and sides' at least
    for where, phrase in phrases:
        said = german(f"'dealer' cannot {phrase}; write 'bidder' or 'chooser'")
        assert said.startswith("'dealer' kann nicht ") and phrase not in said, (where, said)
