"""siege-pnp: a print-and-play generator (kits, rulebooks with examples checked by rules engines,
a playtest lab) with games as packages under `generator.games`."""

import re

__version__ = "0.1.0"


class _CompiledOnFirstUse:
    """A regular expression that compiles when it is first used, not when it is created."""

    def __init__(self, pattern: str, flags: int):
        self._source, self._compiled = (pattern, flags), None

    def __getattr__(self, name: str):
        if self._compiled is None:  # the UNICODE flag (implied for text) keys another cache entry
            pattern, flags = self._source
            self._compiled = re.compile(pattern, flags | re.UNICODE)
        return getattr(self._compiled, name)


# reportlab's paragraph module compiles, on import, a web-address pattern that takes 40 ms (a third
# of a bare reportlab start-up) and is only used to hyphenate web addresses, which no rulebook asks
# for. Its entry in `re`'s cache is filled here with the same pattern compiled on first use; when
# reportlab's pattern changes, the entry is simply never asked for.
_REPORTLAB_URI = ("(^(?:[a-z0-9\\.\\-\\+]*)://)(?:\\S+(?::\\S*)?@)?(?:(?:25[0-5]|2[0-4]\\d|[0-1]?\\d?\\d)"
                  "(?:\\.(?:25[0-5]|2[0-4]\\d|[0-1]?\\d?\\d)){3}|\\[[0-9a-f:\\.]+\\]|([a-z\xa1-\uffff0-9]"
                  "(?:[a-z\xa1-\uffff0-9-]{0,61}[a-z\xa1-\uffff0-9])?(?:\\.(?!-)[a-z\xa1-\uffff0-9-]{1,63}"
                  "(?<!-))*\\.(?!-)(?:[a-z\xa1-\uffff-]{2,63}|xn--[a-z0-9]{1,59})(?<!-)\\.?|localhost))"
                  "(?::\\d{2,5})?(?:[/?#][^\\s]*)?\\Z")
getattr(re, "_cache", {}).setdefault((str, _REPORTLAB_URI, re.IGNORECASE.value),
                                     _CompiledOnFirstUse(_REPORTLAB_URI, re.IGNORECASE.value))
