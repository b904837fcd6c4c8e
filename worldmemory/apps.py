from django.apps import AppConfig
from django.conf import settings
from django.db.models.signals import post_migrate


def _grant_after_migrate(sender, using, **kwargs) -> None:
    from worldmemory.tenancy import grant_application_privileges

    grant_application_privileges(using=using, app_role=settings.DATABASES["app"]["USER"])


class WorldMemoryConfig(AppConfig):
    name = "worldmemory"
    verbose_name = "World memory"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        post_migrate.connect(_grant_after_migrate, sender=self, dispatch_uid="gd-grants")
