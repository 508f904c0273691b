"""Errors the library raises. Only the command line turns them into messages and exit codes
(see `generator.cli`): a located error is input that cannot be used, named as `file:line`."""

from __future__ import annotations

import os
import re
from pathlib import Path

DEBUG_ENV = "PNP_DEBUG"


def debugging() -> bool:
    """Whether an unexpected error shows its traceback (`pnp --debug`, or PNP_DEBUG=1)."""
    return os.environ.get(DEBUG_ENV, "") not in ("", "0")


class LocatedError(ValueError):
    """A problem in an input file, located as `file:line` (the line may be unknown)."""

    def __init__(self, path: Path | str, line: int | None, message: str):
        self.path, self.line, self.message = Path(path), line, message
        super().__init__(f"{path}:{line}: {message}" if line else f"{path}: {message}")

    def __reduce__(self):  # rebuilt whole when it crosses from a worker process
        return type(self), (self.path, self.line, self.message)


class GameFileError(LocatedError):
    """A problem in a game folder's components.toml (or another file of the folder)."""


class ExampleSyntaxError(LocatedError):
    """An example block, or the Markdown file holding it, that cannot be read."""


class UsageError(ValueError):
    """A bad command-line option."""


class CheckFailed(ValueError):
    """The input was read but is wrong: an example failed, or a typed number disagrees with the
    game. `report` is the text that shows what is wrong."""

    def __init__(self, message: str, report: str = ""):
        self.report = report
        super().__init__(message)

    def __reduce__(self):
        return type(self), (str(self), self.report)


MAX_TEXT_BYTES = 8 * 1024 * 1024  # a game folder's text file (components.toml, rules.md, a template)


def read_text(path: Path, error: type[LocatedError]) -> str:
    """A UTF-8 file's text, at most MAX_TEXT_BYTES; raises `error` naming the file when it cannot
    be read."""
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_TEXT_BYTES + 1)
    except OSError as exc:
        raise error(path, None, f"cannot read: {exc.strerror or exc}") from None
    except ValueError as exc:  # a NUL in the name
        raise error(path, None, f"cannot read: {exc}") from None
    if len(data) > MAX_TEXT_BYTES:
        raise error(path, None, f"too large: a game folder's text file is at most "
                                f"{MAX_TEXT_BYTES // (1024 * 1024)} MB")
    try:
        return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as exc:
        raise error(path, None, f"cannot read: not UTF-8 text ({exc.reason} at byte {exc.start}); "
                                f"save it as UTF-8") from None


def key_line(source: str, section: str, key: str | None = None) -> int | None:
    """The 1-based line of `key` inside `[section]` of a TOML text (or of the section header); a
    key written as a table of its own (`[section.key]`) is found at that header."""
    current, child = None, None
    header = re.compile(r"^\s*\[\s*([^\]]+?)\s*\]\s*(#.*)?$")
    assign = re.compile(r"^\s*\"?([A-Za-z0-9_.-]+?)\"?\s*=")
    wanted = section if key is None else f"{section}.{key}"
    for number, line in enumerate(source.splitlines(), start=1):
        match = header.match(line)
        if match:
            current = match.group(1).strip('[] ')
            if current == wanted:
                return number
            if child is None and current.startswith(wanted + "."):
                child = number     # [section.name] when there is no [section] header
            continue
        if key is not None and current == section:
            match = assign.match(line)
            if match and match.group(1) == key:
                return number
    return child


def did_you_mean(word: str, choices) -> str:
    """" (did you mean 'x'?)" for a near miss of `word` among `choices`, else ""."""
    import difflib
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
