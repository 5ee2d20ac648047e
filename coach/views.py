"""HTTP views: thin adapters over selectors and services."""

from django.http import JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache

from coach.health import health_report


def home(request):
    """Render the start page."""
    return render(request, "coach/home.html")


@never_cache
def healthz(request):
    """Report the state of every part; 503 when a required one is down."""
    healthy, report = health_report()
    return JsonResponse(report, status=200 if healthy else 503,
                        json_dumps_params={"ensure_ascii": False})
