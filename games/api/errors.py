"""The API's refusals: each kind of exception from the models, the engine or DRF's parsing maps to
one status code and JSON body, in the one exception handler every API view uses (settings'
REST_FRAMEWORK["EXCEPTION_HANDLER"])."""

from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist, RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import DataError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import exceptions, status
from rest_framework.views import exception_handler as drf_exception_handler

from accounts.models import FailedLogin

from .. import transfer
from ..errors import too_large
from ..models import Conflict, NoSuchRound
from ..scoring import EntryError
from ..words import error_said


class Invalid(exceptions.APIException):
    """400: `{"detail": sentence, "field": where or null, "round": round number or null}`."""

    status_code = status.HTTP_400_BAD_REQUEST

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        round_number: int | None = None,
        errors: object = None,
    ):
        super().__init__()
        self.detail = {"detail": message, "field": field, "round": round_number}
        if errors is not None:
            self.detail["errors"] = errors


class TooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE

    def __init__(self, message: str | None = None):
        super().__init__(message or too_large())


class ImportsBusy(exceptions.APIException):
    """429, with Retry-After: this account's import, or as many as the server runs, are running."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS

    def __init__(self, busy: transfer.Busy):
        super().__init__(busy.message)
        self.wait = busy.retry_after  # DRF sends it as Retry-After


class Conflicting(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = gettext_lazy("the game's present state doesn't allow this")


def api_exception(exc: Exception) -> Exception:
    """The API's answer to an exception from the models, the engine or DRF's parsing."""
    if isinstance(exc, exceptions.ValidationError):
        exc = transfer.refusal_of(exc)
    if isinstance(exc, EntryError):
        return Invalid(error_said(exc), field=exc.field, round_number=exc.round_number)
    if isinstance(exc, transfer.TooLarge):
        return TooLarge(exc.message)
    if isinstance(exc, transfer.Busy):
        return ImportsBusy(exc)
    if isinstance(exc, transfer.Refused):
        return Invalid(
            exc.message, field=exc.field, round_number=exc.round_number, errors=exc.errors
        )
    if isinstance(exc, DjangoValidationError):
        return Invalid(" ".join(exc.messages))
    if isinstance(exc, NoSuchRound):  # a URL naming a round the game hasn't got
        return exceptions.NotFound(str(exc))
    if isinstance(exc, Conflict):
        return Conflicting(str(exc))
    if isinstance(exc, ObjectDoesNotExist):
        return exceptions.NotFound(str(exc) or None)
    if isinstance(exc, exceptions.ParseError):
        return Invalid(str(exc.detail))
    if isinstance(exc, RequestDataTooBig):
        return TooLarge()
    if isinstance(exc, OverflowError | DataError):
        # The engine bounds every number in an entry; should a total still outgrow its column,
        # the write path's transaction has been rolled back and the request was at fault.
        return Invalid(_("a number in the request is too large to keep"))
    return exc


def exception_handler(exc: Exception, context: dict):
    """DRF's handler, given the API's answer to the exception (None: a bug, a 500)."""
    return drf_exception_handler(api_exception(exc), context)


class LockedOut(exceptions.APIException):
    """429, with Retry-After: this address got the password wrong too often."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_detail = FailedLogin.LOCKED_OUT
    wait = FailedLogin.WINDOW.total_seconds()  # DRF sends it as Retry-After
