"""`python -m siete <cmd>`: see siete.cli.main (replay, simulate, reports, init-db, worker, ...)."""
from siete.cli.main import main

if __name__ == "__main__":
    main()
