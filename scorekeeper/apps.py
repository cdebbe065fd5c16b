"""Django's static files, collected without what no page serves."""

from django.contrib.staticfiles.apps import StaticFilesConfig


class StaticFiles(StaticFilesConfig):
    # The sidecar ships Redoc beside Swagger UI; /api/docs/ serves Swagger UI alone. Redoc is
    # 10 MB, and compressing it was a third of collectstatic's time on every deploy.
    ignore_patterns = [*StaticFilesConfig.ignore_patterns, "drf_spectacular_sidecar/redoc/*"]
