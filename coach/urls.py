"""URL configuration."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.templatetags.static import static
from django.urls import include, path
from django.utils.functional import lazy
from django.views.generic import RedirectView

from coach import admin_insights, views, views_accounts, views_me
from knowledge import views as knowledge_views

urlpatterns = [
    path("", views.home, name="home"),
    path("workbook/", views.workbook, name="workbook"),
    path("session/", views.session_start, name="session_start"),
    path("profile/", views.profile, name="profile"),
    path("results/", views.results, name="results"),
    path("results/order", views.results_order, name="results_order"),
    path("results/edit", views.results_edit, name="results_edit"),
    path("results/suggest", views.results_suggest, name="results_suggest"),
    path("results/evidence", views.results_evidence, name="results_evidence"),
    path("results/cards", views.cards_new, name="cards_new"),
    path("results/cards/<int:card_id>", views.card_edit, name="card_edit"),
    path("results/cards/<int:card_id>/notes", views.card_notes, name="card_notes"),
    path("results/round", views.results_round, name="results_round"),
    path("results.json", views.results_json, name="results_json"),
    path("results.md", views.results_md, name="results_markdown"),
    path("results.pdf", views.results_pdf_download, name="results_pdf"),
    # Browsers ask for /favicon.ico whatever the page says.
    # Resolved per request: with the manifest storage the hashed name only exists
    # after collectstatic, which must not be needed to import the URLconf.
    path(
        "favicon.ico",
        RedirectView.as_view(url=lazy(static, str)("coach/favicon.svg")),
    ),
    path("accounts/signup/", views_accounts.signup, name="signup"),
    path("accounts/login/", views_accounts.login_view, name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/recover/", views_accounts.recover, name="account_recover"),
    path("accounts/choose/", views_accounts.choose, name="account_choose"),
    path("me/", views_me.overview, name="me"),
    path("me/start-over/", views_me.start_over, name="me_start_over"),
    path("me/archive/<uuid:public_id>/", views_me.archived, name="me_archived"),
    path("me/delete/", views_me.delete, name="me_delete"),
    path("me/export.json", views_me.export, name="me_export"),
    path("me/import/", views_me.import_, name="me_import"),
    path("healthz", views.healthz, name="healthz"),
    path("help/", views.help_page, name="help"),
    path(
        "admin/knowledge/files-sync/",
        knowledge_views.files_sync,
        name="knowledge_files_sync",
    ),
    # Beside the admin's own URLs, wrapped by the admin site: staff only, and
    # anyone else is sent to the admin login.
    path(
        "admin/insights/",
        admin.site.admin_view(admin_insights.insights_page),
        name="coach_insights",
    ),
    path(
        "admin/insights/<slug:table>.csv",
        admin.site.admin_view(admin_insights.insights_csv),
        name="coach_insights_csv",
    ),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
]
