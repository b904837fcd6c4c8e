"""Send all runtime queries through the application role; migrate only as the owner role."""

APP_DB = "app"
OWNER_DB = "default"


class ApplicationRoleRouter:
    def db_for_read(self, model, **hints):
        return APP_DB

    def db_for_write(self, model, **hints):
        return APP_DB

    def allow_relation(self, obj1, obj2, **hints):
        return True

    def allow_migrate(self, db, app_label, model_name=None, **hints):
        return db == OWNER_DB
