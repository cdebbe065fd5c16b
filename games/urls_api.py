"""The JSON API of ../shared/API.md."""

urlpatterns: list = []
