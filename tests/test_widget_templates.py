"""The project's widget templates (templates/django/forms/widgets/) write each option in place:
exactly the markup of Django's own templates, without a template drawn per option."""

import pytest
from django import forms
from django.apps import apps
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.forms.renderers import DjangoTemplates
from django.urls import reverse

from games.kinds.fortybelow.rules import COLUMNS, ROWS
from tests import factories

CHOICES = [("", "?"), (1, "One"), (2, 'Two <b> & "quoted"'), (3, "Three")]
GROUPED = [("Low", [(1, "One"), (2, "Two")]), ("High", [(3, "Three"), (4, "Four")])]
WIDGETS = {
    "select": (forms.Select(choices=CHOICES), 2),
    "select, nothing chosen": (forms.Select(choices=CHOICES), None),
    "select, grouped": (forms.Select(choices=GROUPED), 3),
    "select, several": (forms.SelectMultiple(choices=CHOICES), [1, 3]),
    "radios": (forms.RadioSelect(choices=CHOICES), 1),
    "radios, grouped": (forms.RadioSelect(choices=GROUPED), 4),
    "radios, disabled": (forms.RadioSelect(choices=CHOICES, attrs={"disabled": True}), ""),
    "checkboxes": (forms.CheckboxSelectMultiple(choices=CHOICES), [2, 3]),
}


@pytest.mark.parametrize(("widget", "value"), WIDGETS.values(), ids=WIDGETS.keys())
def test_each_widget_is_drawn_as_djangos_own_templates_draw_it(widget, value):
    attrs = {"id": "id_field", "class": "choices", "aria-describedby": "help"}
    ours = widget.render("field", value, attrs=attrs)
    djangos = widget.render("field", value, attrs=attrs, renderer=DjangoTemplates())
    assert ours == djangos


def test_a_fortybelow_round_page_draws_no_template_per_card(owner, owner_client, players):
    game = factories.play(owner, "fortybelow", players[:3])
    response = owner_client.get(reverse("round_new", args=[game.pk]))
    assert response.status_code == 200
    drawn = [template.name for template in response.templates]
    per_option = ("select_option.html", "input_option.html", "radio_option.html", "input.html")
    assert not [name for name in drawn if name.rsplit("/", 1)[-1] in per_option]
    cards = 3 * ROWS * COLUMNS  # a select per card of each grid
    assert drawn.count("django/forms/widgets/select.html") == cards


def test_every_admin_list_add_and_change_page_is_drawn_for_a_superuser(owner, players, client):
    """The admin's forms come through the same renderer (FORM_RENDERER): its widgets' own
    templates are found among the apps'."""
    factories.play(owner, "fourscore", players[:3], [factories.piles(players[:3], 1, 2, 3)])
    client.force_login(get_user_model().objects.create_superuser("root", password="x" * 20))
    for model in [model for model in apps.get_models() if admin.site.is_registered(model)]:
        meta = model._meta
        prefix = f"admin:{meta.app_label}_{meta.model_name}"
        pages = [reverse(f"{prefix}_changelist"), reverse(f"{prefix}_add")]
        if first := model.objects.first():
            pages.append(reverse(f"{prefix}_change", args=[first.pk]))
        for page in pages:
            assert client.get(page).status_code in (200, 403), page  # 403: no adding by hand
