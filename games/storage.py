"""The static files' storage in production: whitenoise's (hashed names, gzip and brotli), with
each file's URL worked out once per process."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """Every page links some eight static files, and Django works each URL out again on every
    {% static %} (splitting and joining paths around a lookup in the manifest): about a tenth
    of a millisecond a page. The manifest is read once per process, so its URLs are kept with
    it; a new manifest (collectstatic in this process) starts afresh."""

    def url(self, name, force=False):
        if force:
            return super().url(name, force)
        kept = self.__dict__.get("_kept_urls")
        if kept is None or kept[0] is not self.hashed_files:
            kept = self._kept_urls = (self.hashed_files, {})
        urls = kept[1]
        try:
            return urls[name]
        except KeyError:
            url = urls[name] = super().url(name)
            return url
