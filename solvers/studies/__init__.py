"""Analysis studies over many seeded random deals (``cardsolve analyze``): each study is
cut into seeded chunks whose results combine into one answer, the same for any number
of workers and wherever the chunks run."""
