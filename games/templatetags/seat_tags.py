"""The owner's "Players' phones" section, drawn where the game page includes it."""

from django import template

register = template.Library()


@register.inclusion_tag("games/seat_owner.html", takes_context=True)
def players_phones(context, game):
    # Imported here: the views import the models, which a template library must not need early.
    from games.views.phones import owner_context

    # `oob`: drawn into the game page's poll, to be swapped in out of band.
    return {**owner_context(context["request"], game), "oob": context.get("oob", False)}
