from django.apps import AppConfig


class CuratorConfig(AppConfig):
    name = "curator"
    verbose_name = "Curator"
