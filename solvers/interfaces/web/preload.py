"""Loaded once by the web server's fork server, before any request: every game's solvers
and kernels, warm (``warmup``), on two cores where there are two."""

from cardsolve.solvers.interfaces.web.warmup import warm_up_beside

warm_up_beside()
