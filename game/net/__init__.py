"""Play on several devices: the host's table, its guests and the fair deal, independent of the transport (docs/net.md)."""
