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


def app_role_conninfo() -> dict:
    """psycopg arguments for a connection of the application role outside the ORM (rate
    limits, the live listener): autocommit, same database and credentials as ``app``."""
    from django.db import connections

    params = connections[APP_DB].settings_dict
    values = {
        "dbname": params["NAME"],
        "user": params["USER"],
        "password": params["PASSWORD"] or None,
        "host": params["HOST"] or None,
        "port": params["PORT"] or None,
        "connect_timeout": 5,
        "autocommit": True,
    }
    return {key: value for key, value in values.items() if value is not None}
