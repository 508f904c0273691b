"""The rulebook in the kit: rules.md drawn as illustrated pages, numbers from one source.

One flow, one direction:

- `numbers`   reads the rules template's own text and finds literal numbers that should be a
              component count ("5 castles") but disagree with components.toml (no reportlab).
- `markdown`  turns the rendered Markdown (markdown-it-py tokens) into reportlab flowables:
              headings with bookmarks, paragraphs, lists, tables, a contents list.
- `diagram`   draws each example block (the same block `pnp check` replays) as a flowable:
              the before board, arrows for the moves, the after board or the "refused" reason.
- `limits`    the bounds a Markdown file must keep (size, headings, nesting, tables), checked
              before any layout work: past one, an error naming the file's line.
- `build`     puts it together: `build_rulebook(game, rules_path, out_pdf)` for a standalone PDF,
              `kit_pages(prepared, kit)` for the kit's own pages.
"""

from .build import (RulebookResult, build_rulebook, draw_rulebook, kit_pages,  # noqa: F401
                    layout_rulebook, preload, prepare_rulebook, typeset_rulebook)
