"""A checked rule model turned into what the engine runs: `CompiledRules`, the settings, the scoring expressions as Python, the follow rules and the Weis table."""
