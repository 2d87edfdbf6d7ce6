"""What every layer shares: cards, the deal, actions, modes and their card tables, roles, the typed rule model with its positions, limits and errors, and the shape of a mechanism."""
