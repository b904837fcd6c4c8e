import pytest
from django.core.management import call_command


@pytest.mark.django_db(databases=["default", "app"])
def test_models_and_migrations_agree():
    # exits non-zero (SystemExit) when a model change has no migration
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
