"""Command line: `python -m siete replay FILE`, `python -m siete simulate`, `python -m siete worker`."""
from __future__ import annotations

import argparse
import json
import sys

from siete.cli_i18n import gettext as _
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
        from siete.cli.replay import record_scenarios

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


def cmd_worker(args: argparse.Namespace) -> int:
    from siete.app import create_app
    from siete.worker import run_worker

    run_worker(create_app(), args.interval, args.batch, args.once)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m siete", description=_(
        "Replay scenario files (SCENARIOS.md) or simulate bot-vs-bot games."))
    sub = parser.add_subparsers(dest="command", required=True)
    # replay's output and errors are a machine format (SCENARIOS.md): only its help is translated.
    rep = sub.add_parser("replay", help=_("replay scenario files (SCENARIOS.md)"))
    rep.add_argument("files", nargs="+", metavar="FILE", help=_("scenario JSON, or - for stdin"))
    rep.add_argument("--record", action="store_true", help=_("store the games in the database"))
    rep.set_defaults(func=cmd_replay)
    from siete.simulate import add_simulate_arguments

    sim = sub.add_parser("simulate", help=_("bot-vs-bot games with statistics per profile"))
    add_simulate_arguments(sim)
    sim.set_defaults(func=cmd_simulate)
    work = sub.add_parser("worker", help="keep time for every table (as `flask --app wsgi worker`)")
    work.add_argument("--interval", type=float, default=None, help="seconds between ticks")
    work.add_argument("--batch", type=int, default=None, help="due tables per tick at most")
    work.add_argument("--once", action="store_true", help="run one tick and exit")
    work.set_defaults(func=cmd_worker)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
