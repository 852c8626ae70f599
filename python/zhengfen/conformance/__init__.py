"""Conformance: the JSON-lines protocol, the shared vectors and the checker (CONFORMANCE.md).

- :mod:`zhengfen.conformance.server` makes an implementation speak the protocol;
- :mod:`zhengfen.conformance.checker` runs the vectors against any command that speaks it;
- :mod:`zhengfen.conformance.vectors` writes the vectors from the Rust engine.
"""
