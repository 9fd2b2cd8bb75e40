"""The game's vocabulary: cards, melds, a variant's rules as data, the immutable state, actions,
refusals with their rule ids and texts, scoring and the deal. Imports nothing else of the engine."""
