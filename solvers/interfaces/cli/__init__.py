"""The command line, built from the command table (``build``), with the progress a long
command shows (``progress``) and ``cardsolve serve`` (``serve``), which starts the web
server. Nothing imports these modules but ``cli.py``."""
