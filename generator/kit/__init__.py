"""The print-and-play kit: components.toml -> a print-ready PDF (issue 3).

One flow, one direction:

- `model`   reads the game's raw [print] and [pieces] tables into a frozen `Kit` (no reportlab).
- `layout`  imposes pieces, board tiles and sheets onto pages: placements in points (no reportlab).
- `art`     draws every piece face with reportlab (`draw_face`), reusable by the rulebook.
- `render`  turns the pages into a PDF (form XObjects, invariant mode, atomic write) and PNGs.
- `command` adds `pnp build` to the command line.
"""

from .model import Kit, load_kit  # noqa: F401
