"""The JSON API of docs/api.md: its endpoints (views), request and response shapes (serializers,
entries) and refusals (errors)."""
