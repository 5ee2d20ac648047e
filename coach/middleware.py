"""Content-Security-Policy header on every response (Django 5.2 has none built in)."""

from django.conf import settings


class ContentSecurityPolicyMiddleware:
    """Add the project's CSP unless a view already set one."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        """Return the view's response with the CSP header added if missing."""
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", settings.CSP_POLICY)
        return response
