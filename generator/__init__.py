"""siege-pnp: a print-and-play generator (kits, rulebooks with examples checked by rules engines,
a playtest lab) with games as packages under `generator.games`."""

import re

__version__ = "0.1.0"


class _CompiledOnFirstUse:
    """A regular expression that compiles when it is first used, not when it is created."""

    def __init__(self, pattern: str, flags: int):
        self._source, self._compiled = (pattern, flags), None

    def __getattr__(self, name: str):
        if self._compiled is None:  # in a non-capturing group: another cache entry, the same matches
            pattern, flags = self._source
            self._compiled = re.compile(f"(?:{pattern})", flags)
        return getattr(self._compiled, name)


# Two patterns reportlab compiles when its paragraph module is imported, for work no rulebook asks
# of it: hyphenating web addresses (40 ms to compile, a third of a bare reportlab start-up) and
# wrapping Chinese, Japanese and Korean text by character (5 ms). Their entries in `re`'s cache
# are filled here with the same patterns compiled on first use; should reportlab change a
# pattern, its entry is simply never asked for.
_REPORTLAB_UNUSED = (
    ("(^(?:[a-z0-9\\.\\-\\+]*)://)(?:\\S+(?::\\S*)?@)?(?:(?:25[0-5]|2[0-4]\\d|[0-1]?\\d?\\d)"
     "(?:\\.(?:25[0-5]|2[0-4]\\d|[0-1]?\\d?\\d)){3}|\\[[0-9a-f:\\.]+\\]|([a-z\xa1-\uffff0-9]"
     "(?:[a-z\xa1-\uffff0-9-]{0,61}[a-z\xa1-\uffff0-9])?(?:\\.(?!-)[a-z\xa1-\uffff0-9-]{1,63}"
     "(?<!-))*\\.(?!-)(?:[a-z\xa1-\uffff-]{2,63}|xn--[a-z0-9]{1,59})(?<!-)\\.?|localhost))"
     "(?::\\d{2,5})?(?:[/?#][^\\s]*)?\\Z", re.IGNORECASE.value),    # platypus.paragraph.uri_pat
    ("([\u2e80-\uffff])", re.UNICODE.value),                         # lib.textsplit.rx
)
for _pattern, _flags in _REPORTLAB_UNUSED:
    getattr(re, "_cache", {}).setdefault((str, _pattern, _flags), _CompiledOnFirstUse(_pattern, _flags))
