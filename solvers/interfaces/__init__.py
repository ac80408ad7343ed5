"""The interfaces: the command line's commands and the web server. They parse, call the
Python API and print or send its answer; nothing below them imports them."""
