"""The variants the engine plays, by the name positions and the command line use."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engine.variants.classic import CLASSIC
from engine.variants.royal import ROYAL
from engine.variants.swedish import SWEDISH
from engine.variants.wiener import WIENER
from engine.core.errors import InvalidInputError, shown
from engine.core.i18n import N_
from engine.core.rules import Rules

VARIANTS: Mapping[str, Rules] = MappingProxyType({rules.name: rules for rules in (CLASSIC, WIENER, ROYAL, SWEDISH)})


def get_variant(name: object, field: str = "variant") -> Rules:
    """The variant's rules at its default table (four players, where it has them)."""
    rules = VARIANTS.get(name) if isinstance(name, str) else None
    if rules is None:
        raise InvalidInputError(field, N_("unknown variant {value} (known: {known})"), value=shown(name),
                                known=", ".join(VARIANTS))
    return rules


__all__ = ["CLASSIC", "ROYAL", "SWEDISH", "VARIANTS", "WIENER", "get_variant"]
