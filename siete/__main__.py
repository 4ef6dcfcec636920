"""`python -m siete <cmd>`: see siete.cli.main (replay, simulate, reports, init-db, worker, ...).

The command line is imported only when this runs as the program: the processes of
`simulate --jobs` and `tournament --jobs` (multiprocessing's spawn) import this module again
under another name, and need the engine, not Flask and the rest of the command line.
"""

if __name__ == "__main__":
    from siete.cli.main import main

    main()
