"""Loaded once by the web server's fork server, before any request: every game's solvers
and kernels, warm (``warmup``)."""

from cardsolve.solvers.interfaces.web.warmup import warm_up

warm_up()
