"""Accounts: the club's organisers and invitations; accepting an invitation; password change and reset.

Permissions: `first_account` is open only while the installation has no account at all (then 404);
`organisers` needs a logged-in organiser of the club (404 for other clubs); the invitation
link needs its valid one-time token (Django's password-reset token); password change needs a login; the
password reset pages are public (Django's views: they never say whether an address has an account).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.models import Permission
from django.core.exceptions import ValidationError
from django.db.models import Exists, OuterRef
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from config.site import site_base
from tournaments.forms.accounts import FirstAccountForm, InviteForm
from tournaments.forms.base import apply_errors
from tournaments.invitations import organiser_invite
from tournaments.models import Membership
from tournaments.services.accounts import club_creation_allow, first_account_create, first_account_open
from tournaments.views.base import organiser_view


@organiser_view
@require_http_methods(["GET", "POST"])
def organisers(request, club):
    """o/<club>/organisers/: who organises the club, and the form to invite one more. An account that may start
    clubs also allows (or stops) the club's other organisers to (post `club_creation` = the user's id)."""
    if request.method == "POST" and "club_creation" in request.POST:
        return _club_creation_set(request, club)
    form = InviteForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user, _is_new = organiser_invite(
                club=club, email=form.cleaned_data["email"], invited_by=request.user, site_base=site_base(request)
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("Invitation sent to %(email)s.") % {"email": user.email})
            return redirect("tournaments:organisers", club_slug=club.slug)
    may_start = Permission.objects.filter(
        content_type__app_label="tournaments", codename="add_club", user=OuterRef("user")
    )
    memberships = (
        Membership.objects.filter(club=club, role=Membership.Role.ORGANISER)
        .select_related("user")
        .annotate(may_start_clubs=Exists(may_start))
        .order_by("user__email")
    )
    context = {
        "club": club,
        "form": form,
        "memberships": memberships,
        "title": _("Organisers"),
        "may_allow": request.user.has_perm("tournaments.add_club"),
    }
    return render(request, "organiser/organisers.html", context)


def _club_creation_set(request, club):
    user_id = request.POST["club_creation"]
    member = (
        Membership.objects.filter(club=club, role=Membership.Role.ORGANISER, user_id=int(user_id))
        .select_related("user")
        .first()
        if user_id.isdigit() and len(user_id) < 10
        else None
    )
    if member is None:
        raise Http404
    allowed = request.POST.get("allowed") == "yes"
    try:
        club_creation_allow(user=member.user, by=request.user, allowed=allowed)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        name = member.user.get_username()
        messages.success(
            request,
            (_("%(name)s may now start clubs.") if allowed else _("%(name)s may no longer start clubs."))
            % {"name": name},
        )
    return redirect("tournaments:organisers", club_slug=club.slug)


@require_http_methods(["GET", "POST"])
def first_account(request):
    """accounts/setup/: on a new installation (no account yet), the first organiser makes their account here
    and is logged in; next comes their club on "My clubs". Afterwards this page is gone (404): further
    organisers are invited."""
    if not first_account_open():
        raise Http404
    form = FirstAccountForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        # Checked again under a lock: someone else may have set up the installation meanwhile.
        try:
            user = first_account_create(save=form.save)
        except ValidationError as exc:
            apply_errors(form, exc)
            return render(request, "registration/first_account.html", {"form": form}, status=409)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Your account is ready. Now create your club."))
        return redirect("tournaments:clubs")
    return render(request, "registration/first_account.html", {"form": form})


class InviteAcceptView(auth_views.PasswordResetConfirmView):
    """accounts/invite/<uidb64>/<token>/: the invited person sets a password and is logged in."""

    template_name = "registration/invite_accept.html"
    post_reset_login = True
    # The login rate limit adds a second backend; the invited person is logged in with the password backend.
    post_reset_login_backend = "django.contrib.auth.backends.ModelBackend"
    success_url = reverse_lazy("tournaments:clubs")

    def form_valid(self, form):
        response = super().form_valid(form)
        messages.success(self.request, _("Welcome! Your password is set; you organise these clubs."))
        return response


class PasswordResetView(auth_views.PasswordResetView):
    """The reset mail's link starts with the site's public address (SITE_URL), like every absolute link."""

    email_template_name = "registration/password_reset_email.txt"
    subject_template_name = "registration/password_reset_subject.txt"

    def form_valid(self, form):
        self.extra_email_context = {"site_url": site_base(self.request)}
        return super().form_valid(form)


# Django's own views with the site's templates (templates/registration/).
password_change = auth_views.PasswordChangeView.as_view()
password_change_done = auth_views.PasswordChangeDoneView.as_view()
password_reset = PasswordResetView.as_view()
password_reset_done = auth_views.PasswordResetDoneView.as_view()
password_reset_confirm = auth_views.PasswordResetConfirmView.as_view()
password_reset_complete = auth_views.PasswordResetCompleteView.as_view()
invite_accept = InviteAcceptView.as_view()
