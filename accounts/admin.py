"""Who is locked out of logging in, and a way to let them back in (delete their rows)."""

from django.contrib import admin

from .models import FailedLogin


@admin.register(FailedLogin)
class FailedLoginAdmin(admin.ModelAdmin):
    list_display = ["username", "address", "at"]
    search_fields = ["username", "address"]
