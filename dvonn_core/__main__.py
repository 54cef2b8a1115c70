"""Command line: ``python -m dvonn_core svg ...`` (a diagram) or ``python -m dvonn_core engine`` (CodeCup protocol)."""

import sys

USAGE = """usage: python -m dvonn_core COMMAND [ARGS]

commands:
  svg RECORD_OR_POSITION [options]   write an SVG diagram to standard output
  svg --game diamonds POSITION [...] the same for Diamonds & Pivots
  engine [--level L] [--position P]  play on stdin/stdout with the CodeCup 2011 protocol
  perft DEPTH [POSITION]             count move paths (checks move generation)

Run 'python -m dvonn_core COMMAND --help' for a command's options.
"""


def main(argv: "list[str] | None" = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        sys.stdout.write(USAGE)
        return 0
    command, rest = args[0], args[1:]
    if command == "svg":
        if "--game" in rest:  # --game dvonn (the default) or --game diamonds
            at = rest.index("--game")
            which = rest[at + 1] if at + 1 < len(rest) else ""
            rest = rest[:at] + rest[at + 2:]
            if which not in ("dvonn", "diamonds"):
                sys.stderr.write("dvonn_core svg: error: --game is dvonn or diamonds, not %r\n" % which)
                return 2
            if which == "diamonds":
                from .diamonds import svg as diamonds_svg

                return diamonds_svg.main(rest)
        from .dvonn import svg

        return svg.main(rest)
    if command == "engine":
        from .dvonn import engine

        return engine.main(rest)
    if command == "perft":
        from .dvonn.game import Game
        from .dvonn.perft import perft

        if not rest or not rest[0].isdigit():
            sys.stderr.write("usage: python -m dvonn_core perft DEPTH [POSITION]\n")
            return 2
        game = Game.from_position(rest[1]) if len(rest) > 1 else Game()
        print(perft(game, int(rest[0])))
        return 0
    sys.stderr.write("unknown command %r\n\n%s" % (command, USAGE))
    return 2


if __name__ == "__main__":
    sys.exit(main())
