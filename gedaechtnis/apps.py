from django.apps import AppConfig


class GedaechtnisConfig(AppConfig):
    name = "gedaechtnis"
    verbose_name = "Gedächtnis"

    def ready(self) -> None:
        from infra.tracing import tracing_configure

        tracing_configure()
