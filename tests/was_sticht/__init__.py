"""Was sticht?: the trump ranking and the draft, the double-dummy kernel against the reference, chip choice, games and the chips study."""
