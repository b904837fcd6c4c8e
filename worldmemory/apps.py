from importlib import import_module

from django.apps import AppConfig
from django.conf import settings
from django.db.models.signals import post_migrate


def _after_migrate(sender, using, apps=None, **kwargs) -> None:
    from django.apps import apps as global_apps

    from worldmemory.models import EntityKind, RetentionPolicy
    from worldmemory.privileges import grant_application_privileges, grant_prune_privileges

    grant_application_privileges(using=using, app_role=settings.DATABASES["app"]["USER"])
    grant_prune_privileges(using=using, prune_role=settings.DATABASES["prune"]["USER"])
    RetentionPolicy.objects.using(using).update_or_create(
        id=1, defaults={"hot_window_days": settings.GD_RETENTION_DAYS}
    )
    # A flush (test teardown) empties the registries too; restore the core seed then.
    if not EntityKind.objects.using(using).exists():
        registry = apps or global_apps
        import_module("worldmemory.migrations.0002_seed_core_vocabulary").seed_vocabulary(
            registry, using
        )
        notes = import_module("worldmemory.migrations.0004_search_indexes_and_note_predicate")
        notes.seed_note_predicate(registry, using)
        code = import_module("worldmemory.migrations.0011_code_mode_vocabulary")
        code.seed_code_mode(registry, using)
        reflection = import_module("worldmemory.migrations.0014_reflection_registry")
        reflection.seed_reflection(registry, using)
        rename = import_module("worldmemory.migrations.0028_rename_event_type")
        rename.seed_rename(registry, using)
        labels = import_module("worldmemory.migrations.0021_registry_labels_and_sentences")
        labels.label_vocabulary(registry, using)


class WorldMemoryConfig(AppConfig):
    name = "worldmemory"
    verbose_name = "World memory"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        post_migrate.connect(_after_migrate, sender=self, dispatch_uid="gd-after-migrate")
        from worldmemory.labels import cache_per_request

        cache_per_request()
