"""Inviting a co-organiser: an account and an organiser membership, and a mail with a link to set a password.

The link is Django's password-reset link (user id + a token from `default_token_generator`): it works once
(the token depends on the password), expires after `PASSWORD_RESET_TIMEOUT`, and needs no table of its own.
Someone who already has an account with that email is added to the club and told so by mail.
"""

from __future__ import annotations

import hashlib

from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _

from tournaments.models import Club, Membership

EMAIL_LENGTH = 254  # the account's email column (RFC 5321's longest address)


def invited_username(email: str) -> str:
    """The new account's username: the email itself, or, for an email longer than the 150 characters a
    username holds, its first 141 characters and 8 of its hash (two long addresses that start alike differ)."""
    User = get_user_model()
    length = User._meta.get_field("username").max_length or 150
    if len(email) <= length:
        return email
    return email[: length - 9] + "-" + hashlib.sha256(email.casefold().encode()).hexdigest()[:8]


def invite_link(user, site_base: str) -> str:
    """The address where `user` sets a first password (valid once, until PASSWORD_RESET_TIMEOUT)."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    return site_base + reverse("invite_accept", kwargs={"uidb64": uid, "token": token})


def organiser_invite(*, club: Club, email: str, invited_by, site_base: str):
    """Make the person with `email` an organiser of `club` and mail them. Returns (user, is_new_account).

    Raises ValidationError (field "email") for a bad address or someone who already organises the club, or
    when the mail cannot be sent; then nothing is stored."""
    email = (email or "").strip()
    try:
        validate_email(email)
    except ValidationError:
        raise ValidationError({"email": _("“%(email)s” is not an email address.") % {"email": email}}) from None
    if len(email) > EMAIL_LENGTH:
        raise ValidationError(
            {
                "email": _("An email address has at most %(max)s characters; this one has %(count)s.")
                % {"max": EMAIL_LENGTH, "count": len(email)}
            }
        )
    User = get_user_model()
    with transaction.atomic():
        user = User.objects.filter(email__iexact=email).order_by("pk").first()
        is_new = user is None
        if is_new:
            username = invited_username(email)
            if User.objects.filter(username__iexact=username).exists():
                raise ValidationError({"email": _("An account named %(email)s exists already.") % {"email": email}})
            user = User(username=username, email=email)
            user.set_unusable_password()
            user.save()
        membership = Membership.objects.filter(user=user, club=club).first()
        if membership is not None and membership.role == Membership.Role.ORGANISER:
            raise ValidationError(
                {"email": _("%(email)s already organises %(club)s.") % {"email": email, "club": club.name}}
            )
        if membership is None:
            Membership.objects.create(user=user, club=club, role=Membership.Role.ORGANISER)
        else:
            membership.role = Membership.Role.ORGANISER
            membership.save(update_fields=["role"])
        context = {
            "club": club,
            "invited_by": invited_by.get_full_name() or invited_by.get_username(),
            "user": user,
            "link": (
                invite_link(user, site_base)
                if is_new or not user.has_usable_password()
                else site_base + reverse("tournaments:club", kwargs={"club_slug": club.slug})
            ),
            "new_account": is_new or not user.has_usable_password(),
        }
        subject = _("Invitation to organise %(club)s on Atout") % {"club": club.name}
        body = render_to_string("registration/invite_email.txt", context)
        try:
            send_mail(subject, body, None, [email])
        except OSError as exc:
            # Rolled back with the account: an invitation nobody received is no invitation.
            raise ValidationError(
                {
                    "email": _("The mail to %(email)s could not be sent (%(error)s); nothing was changed.")
                    % {"email": email, "error": exc}
                }
            ) from None
    return user, is_new
