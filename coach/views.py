"""HTTP views: thin adapters over selectors and services."""

import json

from asgiref.sync import async_to_sync

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from coach import pages, services
from coach.forms import profile_data, profile_forms_build
from coach.health import health_details_allowed, health_public, health_report
from coach.ratelimit import session_create_allow
from coach.results import results_markdown, values_order_clean
from coach.results.directions import results_page
from coach.results.edits import (
    ResultsInvalid,
    candidate_adopt,
    candidate_adopt_undo,
    results_edit_submit,
    values_reorder,
)
from coach.results.order import values_order_move
from coach.results.payload import results_payload
from coach.results.pdf import results_pdf
from coach.results.review import evidence_review
from coach.results.stored import results_stored
from coach.results.suggest import candidate_suggest
from coach.selectors import card_get
from coach.services.cards import (
    CardInvalid,
    card_create,
    card_edit_submit,
    card_note_add,
    round_start,
)

TOO_MANY_SESSIONS = "这个网络地址刚刚新建了太多工作簿，请稍等一分钟再试。"


@never_cache
def home(request):
    """Render the start page."""
    session = services.session_peek(request=request)
    return render(request, "coach/home.html", pages.home_context(session=session))


@never_cache
def workbook(request):
    """Render the workbook with the coach panel beside it."""
    session = services.session_peek(request=request)
    context = pages.workbook_context(session=session, step=request.GET.get("step"))
    return render(request, "coach/workbook.html", context)


@require_POST
def session_start(request):
    """Create the visitor's session (CSRF-protected), before its first write.

    The workbook's script calls this before it opens the coach socket: the
    socket finds the visitor from the cookie set here.
    """
    if not services.session_known(request=request):
        retry_after = async_to_sync(session_create_allow)(
            address=request.META.get("REMOTE_ADDR", "")
        )
        if retry_after is not None:
            response = JsonResponse(
                {"ok": False, "error": "rate_limited", "message": TOO_MANY_SESSIONS},
                status=429,
                json_dumps_params={"ensure_ascii": False},
            )
            response["Retry-After"] = str(int(retry_after))
            return response
    services.session_for_request(request=request)
    return HttpResponse(status=204)


@never_cache
def profile(request):
    """Show and save the person's basic info and work history."""
    if request.method == "POST":
        session = services.session_for_request(request=request)
    else:
        session = services.session_peek(request=request)
    form, formset = profile_forms_build(session=session, data=request.POST or None)
    # The page's script autosaves with fetch and asks for JSON; a plain post
    # (no JavaScript) still gets the redirect and the flash message.
    autosave = request.headers.get("Accept") == "application/json"
    if request.method == "POST" and form.is_valid() and formset.is_valid():
        services.profile_update(
            session=session, data=profile_data(form=form, formset=formset)
        )
        care = services.profile_care_text(session=session)
        if autosave:
            return JsonResponse({"ok": True, "care": care})
        messages.success(request, _("已保存。教练之后会参考这些信息。"))
        if care:
            messages.warning(request, care)
        return redirect("profile")
    if request.method == "POST" and autosave:
        errors = {**form.errors, "work": formset.non_form_errors()}
        for row in formset.forms:
            errors.update({f"{row.prefix}-{k}": v for k, v in row.errors.items()})
        errors = {k: [str(m) for m in v] for k, v in errors.items() if v}
        return JsonResponse({"ok": False, "errors": errors}, status=400)
    return render(request, "coach/profile.html", {"form": form, "formset": formset})


@never_cache
@require_GET
def results(request):
    """Render the results: values, talents, fields, candidates and direction cards."""
    session = services.session_peek(request=request)
    return render(request, "coach/results.html", results_page(session=session))


@require_POST
def results_order(request):
    """Save the person's ranking of their values (JSON, or a plain form post)."""
    session = services.session_for_request(request=request)
    saved, edited = results_stored(session=session)
    own = "values" in edited
    # With their own list the keys are the names they wrote, not knowledge ids.
    clean = (lambda raw: [str(x) for x in raw]) if own else values_order_clean
    try:
        if request.content_type == "application/json":
            order = clean(json.loads(request.body)["values_order"])
        else:
            order = values_order_move(
                clean(request.POST.getlist("order")), move=request.POST.get("move", "")
            )
        if own:
            values_reorder(session=session, order=order)
    except (ValueError, KeyError, TypeError, RecursionError):
        # RecursionError: json.loads on a body nested thousands deep.
        return JsonResponse({"ok": False, "error": "invalid"}, status=400)
    if not own:
        services.results_save(session=session, results={**saved, "values_order": order})
    if request.content_type == "application/json":
        return JsonResponse({"ok": True, "values_order": order})
    return redirect("/results/#values")


@require_POST
def results_edit(request):
    """Save an edited list (values, talents, fields or candidates) from a form."""
    session = services.session_for_request(request=request)
    kind = request.POST.get("kind", "")
    try:
        if "adopt" in request.POST:
            candidate_adopt(session=session, text=request.POST["adopt"])
        elif "adopt_undo" in request.POST:
            candidate_adopt_undo(session=session)
        else:
            results_edit_submit(
                session=session,
                kind=kind,
                raw=request.POST.getlist("item"),
                remove=request.POST.get("remove"),
                try_index=request.POST.get("try"),
            )
    except ResultsInvalid as exc:
        messages.error(request, str(exc), extra_tags=kind)
    else:
        messages.success(request, _("已保存"), extra_tags=kind)
    anchor = kind if kind in ("values", "talents", "fields") else "candidates"
    return redirect(f"/results/#{anchor}")


@require_POST
def results_evidence(request):
    """Confirm, dismiss or restore one suspected row (a form's one click)."""
    session = services.session_for_request(request=request)
    kind = request.POST.get("kind", "")
    anchor = kind if kind in ("values", "talents", "fields") else "values"
    # One button, one value: "T006:confirm", like the order form's "V001:up".
    entry_id, _sep, action = request.POST.get("review", "").rpartition(":")
    try:
        name = evidence_review(session=session, entry_id=entry_id, action=action)
    except ResultsInvalid as exc:
        messages.error(request, str(exc), extra_tags=anchor)
    else:
        done = {
            "confirm": _("已算作你的"),
            "dismiss": _("已放到一边"),
            "undo": _("已撤回"),
        }
        messages.success(request, f"{done[action]}：{name}", extra_tags=anchor)
    return redirect(f"/results/#{anchor}")


def _card_flash(request, write, text: str = "", *, anchor: str = "directions"):
    """Run one card write; flash ``text`` (or what it returns) and go back."""
    try:
        done = write()
    except CardInvalid as exc:
        messages.error(request, str(exc), extra_tags="directions")
    else:
        messages.success(request, text or str(done), extra_tags="directions")
    return redirect(f"/results/#{anchor}")


def _own_card(request, card_id: int):
    """Return the visitor's own card; anyone else's id is a 404."""
    session = services.session_for_request(request=request)
    card = card_get(session=session, card_id=card_id)
    if card is None:
        raise Http404
    return card


@require_POST
def cards_new(request):
    """Start a direction card: a title in the person's words and what it draws on."""
    session = services.session_for_request(request=request)
    title, refs = request.POST.get("title", ""), request.POST.getlist("ref")
    return _card_flash(
        request,
        lambda: card_create(session=session, title=title, refs=refs),
        _("已新建方向卡"),
    )


@require_POST
def card_edit(request, card_id: int):
    """Save a card's form, or apply its clicked suggestion button, or delete it."""
    card, post = _own_card(request, card_id), request.POST
    form = {
        **{f: post.get(f, "") for f in ("title", "question", "experiment")},
        "gauges": {k[6:]: v for k, v in post.items() if k.startswith("gauge_")},
        "refs": post.getlist("ref"),
        "shown": {k[6:]: v for k, v in post.items() if k.startswith("shown_")},
    }
    do = post.get("do", "save")
    return _card_flash(
        request,
        lambda: card_edit_submit(card=card, do=do, form=form),
        anchor="directions" if do == "delete" else f"card-{card_id}",
    )


@require_POST
def card_notes(request, card_id: int):
    """Record what happened when the person tried the direction, with its date."""
    card, post = _own_card(request, card_id), request.POST
    return _card_flash(
        request,
        lambda: card_note_add(
            card=card, text=post.get("text", ""), happened_on=post.get("date", "")
        ),
        _("已记下这次的结果"),
        anchor=f"card-{card_id}",
    )


@require_POST
def results_round(request):
    """Start a new round: answers stay, this round's cards are kept read-only."""
    session = services.session_for_request(request=request)
    return _card_flash(request, lambda: f"已开始第 {round_start(session=session)} 轮")


@never_cache
@require_GET
def results_json(request):
    """Return the session's own results as JSON (the same cookie rules as the page)."""
    session = services.session_peek(request=request)
    return JsonResponse(
        results_payload(session=session), json_dumps_params={"ensure_ascii": False}
    )


@never_cache
@require_GET
def results_suggest(request):
    """Return the coach's suggested candidate for one step-4 field (JSON)."""
    session = services.session_peek(request=request)
    try:
        text = candidate_suggest(
            session=session, question_id=request.GET.get("question_id", "")
        )
    except ResultsInvalid as exc:
        return JsonResponse({"ok": False, "error": str(exc)}, status=400)
    return JsonResponse({"ok": True, "text": text})


@never_cache
@require_GET
def results_md(request):
    """Download the results as a Markdown file."""
    session = services.session_peek(request=request)
    response = HttpResponse(
        # Absolute links: the file is read away from the site.
        results_markdown(session=session, base=request.build_absolute_uri("/")),
        content_type="text/markdown; charset=utf-8",
    )
    response["Content-Disposition"] = content_disposition_header(
        True, "真正想做的事.md"
    )
    return response


@never_cache
@require_GET
def results_pdf_download(request):
    """Download the results and direction cards as a one-page PDF."""
    session = services.session_peek(request=request)
    pdf = results_pdf(session=session)
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(
        True, "真正想做的事.pdf"
    )
    return response


def help_page(request):
    """Where to find help now: hotlines, and someone to be with (no session needed)."""
    return render(request, "coach/help.html")


@never_cache
def healthz(request):
    """Report the state of every part; 503 when a required one is down."""
    healthy, report = health_report()
    if not health_details_allowed(request=request):
        report = health_public(report)
    return JsonResponse(
        report,
        status=200 if healthy else 503,
        json_dumps_params={"ensure_ascii": False},
    )
