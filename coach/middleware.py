"""Middleware: the CSP header, the login cap and the sliding session expiry."""

from django.conf import settings
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

RENEWED_KEY = "renewed_on"  # the day the session's expiry last moved


class ContentSecurityPolicyMiddleware:
    """Add the project's CSP unless a view already set one."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        """Return the view's response with the CSP header added if missing."""
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", settings.CSP_POLICY)
        return response


class LoginAddressLimitMiddleware:
    """Refuse logins (admin's and people's) from an address with many failures.

    Axes locks a username at one address; this caps one address however many
    names it tries (AXES_ADDRESS_FAILURE_LIMIT over the cool-off period), with
    the same lockout page.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        """Answer a capped address with the lockout page; pass others on."""
        logins = (reverse("admin:login"), reverse("login"))
        if request.method == "POST" and request.path in logins:
            from axes.helpers import get_client_ip_address, get_cool_off

            from coach.selectors import login_failures

            limit = settings.AXES_ADDRESS_FAILURE_LIMIT
            since = timezone.now() - get_cool_off(request)
            address = get_client_ip_address(request)
            if login_failures(address=address, since=since) >= limit:
                context = {"failure_limit": limit, "address_only": True}
                return render(
                    request, settings.AXES_LOCKOUT_TEMPLATE, context, status=429
                )
        return self.get_response(request)


class SessionRenewMiddleware:
    """Slide a visitor's session forward, at most once a day, when they use it.

    Django writes the cookie once with a fixed age; saving the session again
    re-sends it with a fresh SESSION_COOKIE_AGE, so a workbook in use never
    expires. Once a day, not every request: each renewal is a database write.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        """Return the response; renew the session if today's renewal is due."""
        response = self.get_response(request)
        if settings.SESSION_COOKIE_NAME not in request.COOKIES:
            return response  # no cookie: never start a session for a reader
        session = request.session
        today = timezone.localdate().isoformat()
        # After the view: a session the view flushed (delete, logout) stays gone.
        if session.session_key and not session.is_empty():
            if session.get(RENEWED_KEY) != today:
                from coach.services.sessions import session_seen

                session[RENEWED_KEY] = today
                session_seen(request=request)
        return response
