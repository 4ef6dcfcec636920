"""Command line: `python -m siete replay FILE` and `python -m siete simulate`."""
from __future__ import annotations

import argparse
import json
import sys

from siete.replay import ScenarioError, load_scenario, replay

EXIT_FORBIDDEN = 2


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _game_config():
    from siete.xmlfiles import load_game_config

    return load_game_config()


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay each file; print its JSON, or one line on stderr and exit 2 for a forbidden move."""
    if args.record:
        from siete.recording_cli import record_scenarios

        return record_scenarios(args.files)
    base = _game_config()
    outputs = []
    for path in args.files:
        try:
            data = load_scenario(_read(path))
            outputs.append(replay(data, base).to_json())
        except OSError as exc:
            print(f"{path}: {exc.strerror}", file=sys.stderr)
            return EXIT_FORBIDDEN
        except ScenarioError as exc:
            print(str(exc), file=sys.stderr)
            return EXIT_FORBIDDEN
    # The expected files are written with indent=1 and no final newline; match them byte for byte.
    sys.stdout.write("\n".join(json.dumps(o, indent=1, ensure_ascii=False) for o in outputs))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from siete.simulate import run_simulation_cli

    return run_simulation_cli(args, _game_config())


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m siete", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    rep = sub.add_parser("replay", help="replay scenario files (SCENARIOS.md)")
    rep.add_argument("files", nargs="+", metavar="FILE", help="scenario JSON, or - for stdin")
    rep.add_argument("--record", action="store_true", help="store the games in the database")
    rep.set_defaults(func=cmd_replay)
    from siete.simulate import add_simulate_arguments

    sim = sub.add_parser("simulate", help="bot-vs-bot games with statistics per profile")
    add_simulate_arguments(sim)
    sim.set_defaults(func=cmd_simulate)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
