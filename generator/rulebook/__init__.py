"""The rulebook in the kit (issue 4): rules.md drawn as illustrated pages, numbers from one source.

One flow, one direction (shared/DESIGN.md):

- `numbers`   reads the rules template's own text and finds literal numbers that should be a
              component count ("5 villages") but disagree with components.toml (no reportlab).
- `markdown`  turns the rendered Markdown (markdown-it-py tokens) into reportlab flowables:
              headings with bookmarks, paragraphs, lists, tables, a contents list.
- `diagram`   draws each ```armagh block (the same block `pnp check` replays) as a flowable:
              the before board, arrows for the moves, the after board or the "illegal" reason.
- `fonts`     registers the bundled font.
- `build`     puts it together: `build_rulebook(game, rules_path, out_pdf)` for a standalone PDF,
              `draw_rulebook(canvas, ...)` to add the pages to the kit's own canvas.
"""

from .build import (RulebookError, RulebookResult, build_rulebook, draw_rulebook, kit_pages,  # noqa: F401
                    layout_rulebook, prepare_rulebook)
