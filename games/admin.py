"""Admin pages for every model, for looking into a user's data when something goes wrong."""

from django.contrib import admin
from django.db import transaction
from django.utils import timezone

from . import ratings
from .models import Game, GameNight, Player, Round, RoundRevision, Seat


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "created"]
    list_filter = ["owner"]
    search_fields = ["name"]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change and "name" in form.changed_data:
            # A new version of their games (their boards name them), as Player.rename makes.
            Game.objects.filter(seat__player=obj).update(updated=timezone.now())


@admin.register(GameNight)
class GameNightAdmin(admin.ModelAdmin):
    list_display = ["date", "location", "owner"]
    list_filter = ["owner"]
    date_hierarchy = "date"


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ["player"]
    readonly_fields = ["won", "rank", "total"]


class RoundInline(admin.TabularInline):
    # Rounds change only through the write path, which validates and rescores them.
    model = Round
    extra = 0
    fields = ["number", "status", "entry", "updated"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["__str__", "kind", "owner", "night", "created", "finished_at"]
    list_filter = ["kind", "owner"]
    raw_id_fields = ["night", "first_dealer"]
    inlines = [SeatInline, RoundInline]

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        # The seats, the first dealer or the options may have changed: the rounds are scored
        # again (a new version of the game, which no page shows the old board of), and the
        # ratings of the owner's games worked out again.
        form.instance.rescore(rated=False)
        ratings.recompute(form.instance.owner_id)

    def delete_queryset(self, request, queryset):
        # One by one, so that each finished game's ratings are worked out again (Game.delete).
        with transaction.atomic():
            for game in queryset:
                game.delete()


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    """Read-only: rounds change only through the write path, which validates and rescores."""

    list_display = ["__str__", "status", "updated"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(RoundRevision)
class RoundRevisionAdmin(admin.ModelAdmin):
    list_display = ["__str__", "action", "by", "at"]
    raw_id_fields = ["game"]
