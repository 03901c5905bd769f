"""Migration 0011: the members a club had before the consent was recorded stay named in full (their published
results do not change silently); a member added afterwards starts at initials only (docs/members.md)."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

BEFORE = [("tournaments", "0014_forbidden_pairings")]
AFTER = [("tournaments", "0015_player_publication")]


def test_existing_members_stay_in_full_and_new_ones_start_at_initials():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    club = old.get_model("tournaments", "Club").objects.create(slug="alt", name="Alter Club")
    old.get_model("tournaments", "Player").objects.create(club=club, first_name="Ute", last_name="Alt")

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    Player = new.get_model("tournaments", "Player")
    assert Player.objects.get(last_name="Alt").publication == "full"
    assert Player.objects.create(club_id=club.pk, first_name="Neu", last_name="Neu").publication == "initials"

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
