"""A template loader for the games' own templates: the `templates/` folder of each registered
game's package (games/kinds/<kind>/templates/<kind>/round.html), found through the registry."""

from django.template.loaders.filesystem import Loader as FilesystemLoader

from . import template_folders


class Loader(FilesystemLoader):
    def get_dirs(self):
        return list(template_folders())
