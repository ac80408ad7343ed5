"""``cardsolve serve``: a local web page for every game over a JSON API that runs the
CLI's own commands (``app`` the routes, ``calls`` a request read into a command line,
``worker`` each command in a process of its own, ``static`` the pages)."""
