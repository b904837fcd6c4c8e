"""Form validation for the page actions: a bad input is an inline error, nothing written."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from worldmemory.errors import InvalidInput
from worldmemory.pages.dates import moment_error, parse_local


class MomentField(forms.CharField):
    """A local date-time (``YYYY-MM-DDTHH:MM``) or ISO date, read in the display time zone."""

    def to_python(self, value):
        text = super().to_python(value).strip()
        if not text:
            return None
        try:
            return parse_local(text, name="date")
        except InvalidInput as failure:
            raise forms.ValidationError(moment_error(text, failure)) from None


class ReasonForm(forms.Form):
    reason = forms.CharField(
        max_length=2000,
        strip=True,
        error_messages={"required": _("Please give a reason.")},
    )


class ValueForm(forms.Form):
    """A new value: from ``valid_from`` on (a change), or all along, reaching back to
    ``valid_from`` when that is earlier than the fact (a correction)."""

    value = forms.CharField(
        max_length=4000, strip=True, error_messages={"required": _("Please enter the new value.")}
    )
    valid_from = MomentField(required=False)
    # the field shows the value in words ("Katze"); unchanged, the stored one ("cat") is meant
    shown = forms.CharField(required=False, strip=True, widget=forms.HiddenInput)
    stored = forms.CharField(required=False, strip=False, widget=forms.HiddenInput)

    def clean(self):
        data = super().clean()
        if data.get("stored") and data.get("value") == data.get("shown"):
            data["value"] = data["stored"]
        return data


class ObjectCorrectForm(ValueForm):
    """A relationship's correction: who or what was right instead, or, left empty, that
    it never held at all."""

    value = forms.CharField(max_length=300, strip=True, required=False)


class EndForm(forms.Form):
    valid_to = MomentField(required=False)  # empty: now
    reason = forms.CharField(max_length=2000, strip=True, required=False)


class MergeForm(forms.Form):
    into = forms.CharField(
        max_length=300,
        strip=True,
        error_messages={"required": _("Please name the entity to merge into.")},
    )


class RenameForm(forms.Form):
    name = forms.CharField(
        max_length=300,
        strip=True,
        error_messages={"required": _("Please give the new name.")},
    )


class SplitForm(forms.Form):
    member = forms.CharField(max_length=300, strip=True)


class MessageForm(forms.Form):
    text = forms.CharField(
        max_length=4000, strip=True, error_messages={"required": _("Please type a message.")}
    )


def first_error(form: forms.Form) -> str:
    """The first error message of a bound, invalid form."""
    for errors in form.errors.values():
        return str(errors[0])
    return ""
