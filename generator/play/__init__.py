"""`pnp play`: play a game in the browser before printing it, against the lab's AI or another person.

- `session` - the table: the true state, the seats and their keys, the AI's replies in a thread,
  and what each seat may be sent (its side's view only).
- `server`  - the Starlette app and uvicorn on 127.0.0.1; faces and the board as SVG from the kit's
  own drawing code (`generator.kit.svg`).
- `blocks`  - the game so far, or the current position, as an example block for rules.md.
- `static/` - the page: plain HTML, CSS and JavaScript, no build step.
"""
