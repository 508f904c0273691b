"""Templates from a game folder, rendered so that a stranger's folder cannot harm the builder.

Every template a game folder holds (rules.md, examples.md, a card's or a screen's text, a player
aid) is jinja2 run in its `ImmutableSandboxedEnvironment`: no attribute that starts with an
underscore, no method that changes a value, no Python reached through the game's numbers. On top
of jinja2's own sandbox, each render is bounded (docs/safety.md):

- `{% include "NAME" %}` reads NAME from the templates/ folder beside the template (a game
  folder's templates/), never from elsewhere, symbolic links included;
- what a template prints is at most `MAX_OUTPUT` characters, and a string or a list it builds
  (`*`, `+`, `~`, `%`, a filter, a method) at most as long;
- a whole number passed to a filter or a method (a width, a count) is at most `MAX_ARGUMENT`;
- a render takes at most `MAX_SECONDS` seconds.

A template that breaks a bound, has a syntax error or fails while it runs raises `TemplateFault`
with the file and the line at fault; each caller turns it into its own located error.
"""

from __future__ import annotations

import math
import operator
import re
import signal
import sys
import threading
import time
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from .errors import GameFileError, read_text
from .paths import inside

MAX_OUTPUT = 2_000_000   # characters: 60 times the longest rulebook we ship
MAX_ARGUMENT = 100_000   # a width or a count given to a filter or a method
MAX_SECONDS = 10.0       # a rulebook renders in milliseconds
MAX_INCLUDE_DEPTH = 16   # templates included inside one another (a shared part inside a part...)
CACHE_VERSION = "sandbox1"  # part of the bytecode cache's file names: a new code generator, new names


class TemplateFault(Exception):
    """A template that cannot be rendered: `path:line` (the line may be unknown) and why."""

    def __init__(self, path: Path | str, line: int | None, message: str):
        self.path, self.line, self.message = Path(path), line, message
        super().__init__(message)


class _Bound(Exception):
    """A bound broken while a template runs (turned into a TemplateFault with its line)."""


class _Timeout(BaseException):
    """The deadline, raised wherever the template is. Not an Exception, so that jinja2 neither
    catches it nor rewrites its traceback (which fails on a frame caught between two lines)."""


def _sized(value: Any) -> Any:
    """`value`, refused when it is a string or a sequence longer than MAX_OUTPUT."""
    if isinstance(value, (str, bytes, list, tuple)) and len(value) > MAX_OUTPUT:
        raise _Bound(f"the template builds a value of {len(value):,} items; at most {MAX_OUTPUT:,}")
    return value


def _check_arguments(args: tuple, kwargs: dict) -> None:
    for value in (*args, *kwargs.values()):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_ARGUMENT:
            raise _Bound(f"the number {value:,} is too large for a filter or a method here; "
                         f"at most {MAX_ARGUMENT:,}")
        if isinstance(value, str) and _has_wide_format(value):
            raise _Bound("a format width or precision above 9999 is refused")


def _has_wide_format(text: str) -> bool:
    """A printf- or str.format-style field whose width or precision has five digits or more."""
    return ("%" in text or "{" in text) and _WIDE_FORMAT.search(text) is not None


_WIDE_FORMAT = re.compile(r"%[-+ #0]*\d{5}|%[-+ #0]*\d*\.\d{5}|\{[^{}]*:[^{}]*\d{5}[^{}]*\}")


def _check_format_method(obj: Any, name: Any) -> None:
    """`text.format` and `text.format_map` of a text whose fields are too wide are refused (the
    widths are in the text the method belongs to, not in its arguments)."""
    if isinstance(obj, str) and name in ("format", "format_map"):
        _check_arguments((obj,), {})


def _bounded(function):
    """A filter or a global that checks its arguments and the size of what it returns."""
    def call(*args, **kwargs):
        _check_arguments(args, kwargs)
        return _sized(function(*args, **kwargs))
    call.__dict__.update(getattr(function, "__dict__", {}))  # keeps jinja2's pass_context marks
    call.__name__ = getattr(function, "__name__", "filter")
    return call


def _power(left, right):
    if isinstance(right, (int, float)) and isinstance(left, (int, float)) and left not in (0, 1, -1) \
            and abs(right) * math.log2(abs(left) + 1) > 4096:
        raise _Bound(f"{left} ** {right} is too large a number")
    return left ** right


def _times(left, right):
    for seq, count in ((left, right), (right, left)):
        if isinstance(seq, (str, list, tuple)) and isinstance(count, int):
            if len(seq) * count > MAX_OUTPUT:
                raise _Bound(f"the template repeats a value {count:,} times: {len(seq) * count:,} items; "
                             f"at most {MAX_OUTPUT:,}")
    return left * right


def _modulo(left, right):
    if isinstance(left, str):
        _check_arguments((left, *(right if isinstance(right, tuple) else (right,))), {})
    return _sized(left % right)


@lru_cache(maxsize=None)
def _environment_class():
    """The sandboxed environment class (jinja2 is imported on first use: a plain file needs none)."""
    import jinja2
    from jinja2.compiler import CodeGenerator
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    class BoundedCodeGenerator(CodeGenerator):
        def visit_Concat(self, node, frame) -> None:  # `a ~ b`: joined, then measured
            self.write("environment.sized(")
            super().visit_Concat(node, frame)
            self.write(")")

    class GameSandbox(ImmutableSandboxedEnvironment):
        code_generator_class = BoundedCodeGenerator
        intercepted_binops = frozenset(("*", "**", "+", "%"))

        def __init__(self, **options):
            super().__init__(**options)
            self.binop_table.update({"*": _times, "**": _power, "%": _modulo,
                                     "+": lambda a, b: _sized(operator.add(a, b))})
            self.filters = {name: _bounded(f) for name, f in self.filters.items()}
            self.globals = {k: v for k, v in self.globals.items() if k != "lipsum"}  # placeholder text: nothing a finished game prints

        @staticmethod
        def sized(value):
            return _sized(value)

        def get_template(self, name, parent=None, globals=None):
            """A template by name; an `{% include %}` nested more than MAX_INCLUDE_DEPTH deep (a
            template including itself, or two including each other) is refused at its line, before
            Python's recursion limit is reached the slow way."""
            files, depth, frame = getattr(self.loader, "files", {}), 0, sys._getframe(1)
            while frame is not None:
                depth += frame.f_code.co_filename in files and frame.f_code.co_name == "root"
                frame = frame.f_back
            if depth > MAX_INCLUDE_DEPTH:
                raise _Bound(f"templates include each other more than {MAX_INCLUDE_DEPTH} deep "
                             f"(a template including itself?)")
            return super().get_template(name, parent, globals)

        def getattr(self, obj, attribute):
            _check_format_method(obj, attribute)
            return super().getattr(obj, attribute)

        def getitem(self, obj, argument):
            _check_format_method(obj, argument)
            return super().getitem(obj, argument)

        def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (jinja2's own signature)
            _check_arguments(args, kwargs)
            return _sized(super().call(__context, __obj, *args, **kwargs))

    class FolderLoader(jinja2.BaseLoader):
        """The main template's text by its name, and `{% include %}` from the `includes` folder only."""

        def __init__(self, name: str, text: str, path: Path, includes: Path | None):
            self.name, self.text, self.path, self.includes = name, text, path, includes
            self.files = {str(path): name}  # every file read, by name, to find the line of an error

        def get_source(self, environment, name: str):
            if name == self.name:
                return self.text, str(self.path), lambda: True
            path = inside(self.includes, name) if self.includes is not None else None
            if path is None or not path.is_file():
                where = f"{self.includes}" if self.includes is not None else "no templates folder"
                raise jinja2.TemplateNotFound(f"{name} (templates are included from {where} only)")
            self.files[str(path)] = name
            try:
                return read_text(path, GameFileError), str(path), lambda: True
            except GameFileError as exc:  # unreadable, too large or not UTF-8
                raise jinja2.TemplateNotFound(f"{name} ({exc.message})") from None

    return jinja2, GameSandbox, FolderLoader


def render(text: str, values: dict[str, Any], path: Path | str, includes: Path | None = None,
           cache: bool = False, keep_trailing_newline: bool = True) -> str:
    """`text` (the template file `path`) rendered with `values`, in the sandbox, within the bounds
    of the module docstring; `{% include %}` reads from `includes`. With `cache`, the compiled
    template is kept in jinja2's bytecode cache between runs. Raises TemplateFault."""
    jinja2, Sandbox, Loader = _environment_class()
    path = Path(path)
    name = path.name
    loader = Loader(name, text, path, includes)
    env = Sandbox(undefined=jinja2.StrictUndefined, keep_trailing_newline=keep_trailing_newline,
                  autoescape=False, optimized=False,  # constant folding costs more than it saves here
                  loader=loader, bytecode_cache=_bytecode_cache() if cache else None)

    def compiled_line(code, python_line: int) -> tuple[Path, int] | None:
        """(file, line) of a template's compiled `code` at `python_line`; None for other code."""
        if code.co_filename not in loader.files:
            return None
        template = env.get_template(loader.files[code.co_filename])
        return Path(code.co_filename), template.get_corresponding_lineno(python_line)

    def fault(exc: BaseException, message: str) -> TemplateFault:
        """The fault at the deepest template line of `exc`'s traceback: jinja2 rewrites the frames
        of what it catches to the template's file and line; the deadline's frames are the
        compiled template's, mapped back here."""
        where, line, tb = path, None, exc.__traceback__
        while tb is not None:
            code = tb.tb_frame.f_code
            if isinstance(exc, _Timeout):
                found = compiled_line(code, _python_line(tb))
            else:
                found = (Path(code.co_filename), tb.tb_lineno) if code.co_filename in loader.files else None
            if found is not None:
                where, line = found
            tb = tb.tb_next
        return TemplateFault(where, line, message)

    def printing_line(chunks) -> tuple[Path, int] | None:
        """The template line where the paused generator `chunks` printed its last chunk."""
        while getattr(chunks, "gi_yieldfrom", None) is not None:
            chunks = chunks.gi_yieldfrom
        frame = getattr(chunks, "gi_frame", None)
        return compiled_line(frame.f_code, frame.f_lineno) if frame is not None and frame.f_lineno else None

    chunks = None
    try:
        # Reading (compiling) the file is bounded by its size; the deadline bounds what it runs.
        template = env.get_template(name)
        with _deadline(MAX_SECONDS):
            out, size = [], 0
            chunks = template.generate(**values)
            for chunk in chunks:
                size += len(chunk)
                if size > MAX_OUTPUT:
                    where, line = printing_line(chunks) or (path, None)
                    raise TemplateFault(where, line, f"template error: the template prints more than "
                                                     f"{MAX_OUTPUT:,} characters")
                out.append(chunk)
            return "".join(out)
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateFault(exc.filename or path, exc.lineno, f"template error: {exc.message}") from None
    except jinja2.UndefinedError as exc:
        raise fault(exc, f"template error: {exc.message}; known names: {', '.join(sorted(values))}") from None
    except jinja2.TemplateNotFound as exc:
        raise fault(exc, f"template error: no template {exc.message}") from None
    except jinja2.sandbox.SecurityError as exc:
        raise fault(exc, f"template error: refused by the sandbox: {exc}") from None
    except RecursionError as exc:
        raise fault(exc, "template error: templates include each other, or a macro calls itself, "
                                "without end") from None
    except MemoryError as exc:
        raise fault(exc, "template error: the template needs more memory than there is") from None
    except _Bound as exc:
        raise fault(exc, f"template error: {exc}") from None
    except _Timeout as exc:  # in the template, or here between two of its chunks
        found = fault(exc, f"template error: {exc}")
        if found.line is None and chunks is not None:
            found.path, found.line = printing_line(chunks) or (found.path, None)
        raise found from None
    except TemplateFault:
        raise
    except Exception as exc:  # what the template ran failed: 1/0, int('x'), a wrong filter argument...
        raise fault(exc, f"template error: {type(exc).__name__}: {exc}") from None


def _python_line(tb) -> int:
    """The line of a traceback entry, or of the nearest instruction before it that has one (a
    signal can land on a loop's jump, which has none)."""
    if tb.tb_lineno is not None:
        return tb.tb_lineno
    lines = [line for start, _, line in tb.tb_frame.f_code.co_lines() if start <= tb.tb_lasti and line is not None]
    return lines[-1] if lines else tb.tb_frame.f_code.co_firstlineno


@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Raise _Timeout in this thread when the block runs longer than `seconds`: a timer signal in
    the main thread (repeated every quarter second, should one land where it cannot be raised,
    in a finaliser say), a line tracer in any other."""
    if threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
        def expired(signum, frame):
            raise _Timeout(f"the template ran longer than {seconds:g} seconds")

        previous = signal.signal(signal.SIGALRM, expired)
        signal.setitimer(signal.ITIMER_REAL, seconds, 0.25)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        return
    end = time.monotonic() + seconds

    def trace(frame, event, arg):
        if time.monotonic() > end:
            raise _Timeout(f"the template ran longer than {seconds:g} seconds")
        return trace

    previous = sys.gettrace()
    sys.settrace(trace)
    try:
        yield
    finally:
        sys.settrace(previous)


@lru_cache(maxsize=None)
def _bytecode_cache():
    """jinja2's cache of compiled templates (as Python caches compiled modules), in a folder of
    the user's own under the system's temporary folder: one entry per file name, used only while
    the text it was compiled from is unchanged. None where no such folder can be made: every run
    then compiles."""
    jinja2 = _environment_class()[0]

    class QuietCache(jinja2.FileSystemBytecodeCache):
        def dump_bytecode(self, bucket) -> None:
            try:
                super().dump_bytecode(bucket)
            except OSError:  # unwritable: the next run compiles again, nothing worse
                pass

    try:
        return QuietCache(pattern=f"siege-pnp-{CACHE_VERSION}-%s.cache")
    except (OSError, RuntimeError):
        return None
