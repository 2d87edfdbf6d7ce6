"""Many games and their figures, and every rule file as an OpenSpiel game or a PettingZoo environment."""
