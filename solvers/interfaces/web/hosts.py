"""Which ``Host`` headers the web server answers: a defence against DNS rebinding.

A web page elsewhere can point a name it owns (``evil.example``) at 127.0.0.1 and then
ask this server from the page's own origin; the browser sends ``Host: evil.example``.
So the server answers only a request whose ``Host`` names it as its user reaches it
(Django's ``ALLOWED_HOSTS`` makes the same check):

- on a loopback address (127.0.0.1, the default; ``::1``; ``localhost``): ``localhost``
  and the loopback address listened on;
- on one other address of the machine: that address, and the machine's own names (its
  host name and the ``.local`` name a phone finds it by);
- on every address (0.0.0.0 or ``::``): the loopback names, the machine's own names, and
  any IP address written out. An address cannot be rebound: a request that names one
  comes from this server's own page, or from a page elsewhere asking across origins,
  which reads no answer and cannot send JSON without the browser's preflight, which
  this server never grants (``app`` requires ``Content-Type: application/json``). Any
  address, rather than the machine's addresses of the moment, keeps the server working
  where the address a phone uses is not one the machine sees: a container's forwarded
  port, an address the DHCP lease has just changed;

always with the port listened on (a ``Host`` without a port means port 80). Names are
compared without regard to case or a final dot.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
"""What a loopback server answers to by default."""
HTTP_PORT = 80
"""The port a ``Host`` without one names."""


@dataclass(frozen=True)
class Hosts:
    """The ``Host`` headers a server answers: one of ``names`` (lower case, an IPv6
    address without its brackets) or, with ``any_address``, any IP address; on ``port``
    (``None``: any port, for a test's server on a port picked at random)."""

    names: frozenset[str] = LOOPBACK_NAMES
    port: int | None = None
    any_address: bool = False

    @classmethod
    def listening(cls, host: str, port: int) -> Hosts:
        """The hosts of a server listening on ``host`` (an IP address or ``localhost``)
        port ``port``, by the rule of this module."""
        if host == "localhost":
            return cls(LOOPBACK_NAMES, port)
        address = ipaddress.ip_address(host)
        if address.is_loopback:
            return cls(frozenset({"localhost", str(address)}), port)
        if address.is_unspecified:
            return cls(LOOPBACK_NAMES | _own_names(), port, any_address=True)
        return cls(frozenset({str(address)}) | _own_names(), port)

    def allows(self, header: str) -> bool:
        """Whether a request with ``Host: header`` is answered."""
        read = _read(header)
        if read is None:
            return False
        name, port = read
        if self.port is not None and port != self.port:
            return False
        return name in self.names or (self.any_address and _is_address(name))

    def shown(self) -> str:
        """The hosts as an error message names them."""
        names = sorted(f"[{name}]" if ":" in name else name for name in self.names)
        if self.any_address:
            names.append("any IP address")
        on = "any port" if self.port is None else f"port {self.port}"
        return f"{', '.join(names)} on {on}"


LOOPBACK = Hosts()
"""The loopback names on any port: a server whose port is not known beforehand."""


def _read(header: str) -> tuple[str, int] | None:
    """The name (lower case, no final dot, an IPv6 address unbracketed and an IP address
    in its usual form) and port of a ``Host`` header, or None if it reads as neither."""
    header = header.strip().lower()
    if header.startswith("["):
        name, bracket, rest = header[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            return None
        port_text = rest[1:] if rest else ""
    else:
        name, colon, port_text = header.partition(":")
        if colon and not port_text:
            return None
    if port_text and not (port_text.isascii() and port_text.isdigit() and len(port_text) <= 5):
        return None
    name = name.rstrip(".")
    if not name:
        return None
    if _is_address(name):
        name = str(ipaddress.ip_address(name))
    return name, int(port_text) if port_text else HTTP_PORT


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _own_names() -> frozenset[str]:
    """This machine's names: its host name and that name under ``.local`` (mDNS, as phones
    and laptops find it on a home network); no name server is asked."""
    name = socket.gethostname().lower().rstrip(".")
    return frozenset({name, f"{name.split('.')[0]}.local"}) if name else frozenset()
