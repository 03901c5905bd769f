"""The club's rating across seasons (opt-in per club): `core` (PURE: OpenSkill over plain games) and
`store` (the edge: a club's counted games loaded in date order, rated, written as `PlayerRating` rows)."""
